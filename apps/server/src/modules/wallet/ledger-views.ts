import { assetFigures, assetLogKind, EMPTY_BUCKETS, maskEmail, type AssetLogItem, type TotalAssets } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { userWithdrawLockedUntil } from '../security/security.service.ts';
import { allCoinRules, show, type CoinRules } from '../coins/coins.ts';
import { auditedCoins } from '../withdraw/withdraw.service.ts';
import { walletRepository, type BillRow, type LogFilter } from './wallet.repository.ts';

/** Read models over the ledger: the assets page, mining income, the bill (the withdrawal log: modules/withdraw). */

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Total income per coin: mining, deal, cooperation and mortgage income into the user's accounts (INCOME_KINDS). */
async function earnings(db: Db, userId: string, since?: Date): Promise<Map<string, bigint>> {
  const rows = await walletRepository.incomeTotals(db, userId, since);
  return new Map(rows.map((r) => [r.coin, BigInt(r.total)]));
}

export async function totalAssets(db: Db, userId: string): Promise<TotalAssets> {
  const [coins, balances, totals, until, audited] = await Promise.all([
    allCoinRules(db),
    userBalances(db, userId),
    earnings(db, userId),
    userWithdrawLockedUntil(db, userId),
    auditedCoins(db),
  ]);
  return {
    list: coins.map((coin) => {
      const f = assetFigures(balances.get(coin.type) ?? { ...EMPTY_BUCKETS });
      const s = (v: bigint) => show(v, coin.scale);
      return {
        type: coin.type,
        icon: coin.icon,
        unit: coin.unit,
        scale: coin.scale,
        available: s(f.available),
        withdrawing: s(f.withdrawing),
        frozen: s(f.frozen),
        mortgage: s(f.mortgage),
        pending_earnings: s(f.pending_earnings),
        finance: s(f.finance),
        total: s(f.total),
        total_earnings: s(totals.get(coin.type) ?? 0n),
      };
    }),
    currency: coins.map((coin) => currencyEntry(coin, audited(coin.type))),
    withdraw_locked_until: until ? seconds(until) : null,
  };
}

export function currencyEntry(coin: CoinRules, withdrawAudit: boolean) {
  return {
    type: coin.type,
    unit: coin.unit,
    scale: coin.scale,
    closed: coin.closed,
    testnet: coin.testnet,
    confirmation: coin.confirmation,
    min_withdraw: show(coin.minWithdraw, coin.scale),
    withdraw_fee: show(coin.withdrawFee, coin.scale),
    min_transfer: show(coin.minTransfer, coin.scale),
    memo_supported: coin.memoSupported,
    activation_fee: show(coin.activationFee, coin.scale),
    withdraw_audit: withdrawAudit,
  };
}

export async function miningIncome(db: Db, userId: string, coinFilter?: string) {
  const since = new Date(Date.now() - 24 * 3600_000);
  const [coins, balances, totals, recent, settings] = await Promise.all([
    allCoinRules(db),
    userBalances(db, userId),
    earnings(db, userId),
    earnings(db, userId, since),
    walletRepository.autoPayFlags(db, userId),
  ]);
  const autoPay = new Map(settings.map((s) => [s.coin, s.enabled]));
  return coins
    .filter((c) => !coinFilter || c.type === coinFilter)
    .map((coin) => ({
      type: coin.type,
      unit: coin.unit,
      yesterday: show(recent.get(coin.type) ?? 0n, coin.scale),
      total: show(totals.get(coin.type) ?? 0n, coin.scale),
      pending: show(balances.get(coin.type)?.pending_earnings ?? 0n, coin.scale),
      auto_pay: autoPay.get(coin.type) ?? false,
    }));
}

/** The bill: every change to the user's buckets, newest first. */
export async function assetLog(db: Db, userId: string, query: LogFilter & { page: number; count: number }): Promise<{ list: AssetLogItem[]; total: number }> {
  const { total, rows } = await walletRepository.billPage(db, userId, query);
  const scales = await scaleMap(db);
  return { total, list: rows.map((r) => toLogItem(r, scales)) };
}

export async function* assetLogAll(db: Db, userId: string, filter: LogFilter, chunk = 500): AsyncGenerator<AssetLogItem[]> {
  const scales = await scaleMap(db);
  let before: string | undefined;
  for (;;) {
    const rows = await walletRepository.billChunk(db, userId, filter, before, chunk);
    if (rows.length === 0) return;
    yield rows.map((r) => toLogItem(r, scales));
    before = rows[rows.length - 1]?.id;
    if (rows.length < chunk) return;
  }
}

export async function countAssetLog(db: Db, userId: string, filter: LogFilter): Promise<number> {
  return walletRepository.billCount(db, userId, filter);
}

/** The other user of a transfer as its counterpart sees them: masked e-mail, else the UID. */
const counterparty = (email: string | null, uid: string | null) => (email ? maskEmail(email) : (uid ?? ''));

export function toLogItem(r: BillRow, scales: Map<string, number>): AssetLogItem {
  return {
    id: r.id,
    coin: r.coin,
    kind: assetLogKind(r.kind, BigInt(r.amount)),
    amount: show(r.amount, scales.get(r.coin) ?? 0),
    bucket: r.bucket,
    reference: r.reference ?? '',
    memo: r.memo,
    counterparty: counterparty(r.cp_email, r.cp_uid),
    created_at: seconds(r.created_at),
  };
}

export async function scaleMap(db: Db): Promise<Map<string, number>> {
  return new Map((await allCoinRules(db)).map((c) => [c.type, c.scale]));
}
