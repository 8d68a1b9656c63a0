import { AppError, collectLockedPositions, rankEarnsLockedRevenue, shareMortgageIncome, utcDay, type PostingInput } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import { coinRules, show, units } from '../coins/coins.ts';
import { mortgageRepository as repo } from './mortgage.repository.ts';
import { mortgageSettings } from './mortgage.service.ts';

/**
 * Mortgage income (issue 22; spec doc 1 §9 'Mortgage income is 100 %', 'MASS'): the locked
 * (staking) revenue the chain paid the pool's position for a settlement day, recorded by the
 * operator with the position's rank, is shared whole among the lots locked that day — effective
 * (T+1 reached), as they stood at the day's end however late the day is booked (mortgage_lot_takes), in a collection above the coin's threshold (2048 MASS) — in
 * proportion to their amounts: no pool fee, no withholding. A rank beyond the coin's earning
 * rank (30) earns nothing: no money moves. One ledger transaction (`mortgage_income`: chain →
 * the holders' available balances, or to pool revenue when no lot is locked); a day is shared
 * once (its row's key), however often or concurrently it is recorded.
 */

export interface MortgageIncomeBody {
  coin: string;
  day: string;
  amount: string;
  rank: number;
}

function dayView(
  row: { coin: string; day: string; revenue_units: string; rank: number; locked_units: string; credited_units: string; holders: number; status: string },
  scale: number,
) {
  return {
    coin: row.coin,
    day: row.day,
    revenue: show(row.revenue_units, scale),
    rank: row.rank,
    locked: show(row.locked_units, scale),
    credited: show(row.credited_units, scale),
    holders: row.holders,
    status: row.status as 'PAID' | 'NO_LOCK' | 'NO_RANK',
  };
}

/**
 * Books a settled day's locked revenue once per coin and day: `source` says who read it — the
 * operator (`manual`, POST /api/admin/mortgageincome) or the staking-income job from the wallet
 * (`wallet`). Whichever comes first books the day; the other gets the first answer back.
 */
export async function creditMortgageIncome(db: Db, by: AuditBy, body: MortgageIncomeBody, now = new Date(), source: 'manual' | 'wallet' = 'manual') {
  const rules = await coinRules(db, body.coin);
  const settings = await mortgageSettings(db, body.coin, rules.scale);
  if (!settings.enabled) throw new AppError('MORTGAGE_NOT_SUPPORTED');
  // Only a settled day (before today, UTC) is shared.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(body.day) || body.day >= utcDay(now)) throw new AppError('INVALID_PARAMETER', { field: 'day' });
  const revenue = units(body.amount, rules.scale);
  return db.transaction().execute(async (trx) => {
    // The lots as they stood at the day's end (T+1: a lot counts for a day it was in mortgage throughout).
    const lots = await repo.effectiveLotsAt(trx, body.coin, body.day, new Date(Date.parse(`${body.day}T00:00:00Z`) + 86_400_000));
    const { positions } = collectLockedPositions(
      lots.map((l) => ({ id: l.id, amount: BigInt(l.remaining_units) })),
      settings.lockThresholdUnits,
    );
    const locked = new Set(positions.flatMap((p) => p.ids));
    const byUser = new Map<string, bigint>();
    for (const l of lots) if (locked.has(l.id)) byUser.set(l.user_id, (byUser.get(l.user_id) ?? 0n) + BigInt(l.remaining_units));
    const holders = [...byUser].map(([userId, amount]) => ({ userId, amount }));
    const earns = rankEarnsLockedRevenue(body.rank, settings.maxEarningRank);
    const credits = earns ? shareMortgageIncome(revenue, holders, body.rank, settings.maxEarningRank) : [];
    const credited = credits.reduce((sum, c) => sum + c.amount, 0n);
    const status = !earns ? 'NO_RANK' : holders.length === 0 ? 'NO_LOCK' : 'PAID';
    const row = await repo.insertIncomeDay(trx, {
      coin: body.coin,
      day: body.day,
      revenue_units: earns ? revenue : 0n,
      rank: body.rank,
      locked_units: holders.reduce((sum, h) => sum + h.amount, 0n),
      credited_units: credited,
      holders: credits.length,
      status,
      source,
    });
    // Recorded already (or by a racing call that committed first): the first answer stands.
    if (!row) return dayView((await repo.incomeDay(trx, body.coin, body.day))!, rules.scale);
    if (earns && revenue > 0n) {
      const postings: PostingInput[] = [{ account: { kind: 'system', code: 'chain', coin: body.coin }, amount: -revenue }];
      for (const c of credits) postings.push({ account: { kind: 'user', userId: c.userId, coin: body.coin, bucket: 'available' }, amount: c.amount });
      if (revenue > credited) postings.push({ account: { kind: 'system', code: 'pool_revenue', coin: body.coin }, amount: revenue - credited });
      const { transactionId } = await postTransaction(trx, { kind: 'mortgage_income', reference: `mortgage_income:${body.coin}:${body.day}`, postings });
      await repo.setIncomeTransaction(trx, body.coin, body.day, transactionId);
    }
    await recordAudit(trx, by, { action: 'mortgage.income', target: `coin:${body.coin}`, before: null, after: row });
    return dayView(row, rules.scale);
  });
}
