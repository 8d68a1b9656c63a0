import type { FinanceProduct } from '@platter/domain';
import type { TFunction } from 'i18next';
import { findCoin } from '../../components/Amount.tsx';
import { useAppState } from '../../state/store.ts';

/** A coin's shown unit from the coin registry (CHIA → XCH); the key itself when the registry does not know it. */
export function useCoinUnit(): (coin: string) => string {
  const coins = useAppState((state) => state.coinInfo);
  return (coin) => findCoin(coins, coin)?.unit ?? coin;
}

/** A time as its UTC day and minute ("2026-11-26 14:05"), or the dash. */
export function formatDay(iso: string | null | undefined, dash = '—'): string {
  return iso ? iso.replace('T', ' ').slice(0, 16) : dash;
}

/** Every field of a product the spec lists (doc 1 §3 'Finance product'), as label and value. */
export function productFacts(p: FinanceProduct, t: TFunction, unitOf: (coin: string) => string): [string, string][] {
  const unit = unitOf(p.coin);
  const facts: [string, string][] = [
    [t('finance.field.name'), p.name],
    [t('finance.field.type'), t(`finance.type.${p.type}`)],
    [t('finance.field.coin'), unit],
    [t('finance.field.status'), t(`finance.status.${p.status}`)],
    [t('finance.field.state'), t(`finance.state.${p.state}`)],
    [t('finance.field.rate'), `${p.annual_rate} %`],
    [t('finance.field.yesterdayRate'), `${p.yesterday_rate} %`],
    [t('finance.field.dailyInterest'), `${p.daily_interest} ${unit}`],
    [t('finance.field.coefficient'), p.coefficient],
    [t('finance.field.term'), p.indefinite ? t('finance.field.indefinite') : t('finance.days', { count: p.term_days })],
    [t('finance.field.daysElapsed'), String(p.days_elapsed)],
    [t('finance.field.start'), formatDay(p.start_at)],
    [t('finance.field.end'), formatDay(p.end_at)],
    [t('finance.field.min'), `${p.min_amount} ${unit}`],
    [t('finance.field.quota'), p.quota === '0' ? t('finance.unlimited') : `${p.quota} ${unit}`],
    [t('finance.field.ordered'), `${p.ordered} ${unit}`],
    [t('finance.field.participants'), String(p.participants)],
    [t('finance.field.lockTerm'), t('finance.days', { count: p.lock_days })],
    [t('finance.field.weight'), String(p.weight)],
    [t('finance.field.income'), `${p.accumulated_income} ${unit}`],
    [t('finance.field.redemption'), p.type === 'HQB' || p.type === 'SXC' ? t('finance.tDays', { count: p.redemption_days }) : '—'],
    [t('finance.field.stakingBlocks'), p.type === 'LOCK' ? String(p.staking_blocks) : '—'],
    [t('finance.field.blocksLeft'), p.blocks_left === null ? '—' : String(p.blocks_left)],
    [t('finance.field.rating'), p.rating || '—'],
  ];
  if (p.tiers.length) facts.push([t('finance.field.tiers'), p.tiers.map((tier) => t('finance.tierFrom', { days: tier.from_days, rate: tier.rate })).join('; ')]);
  if (p.saving_owner_share !== null) facts.push([t('finance.field.ownerShare'), `${p.saving_owner_share} %`], [t('finance.field.minerShare'), `${p.saving_miner_share ?? '0'} %`]);
  return facts;
}
