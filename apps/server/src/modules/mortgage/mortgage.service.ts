import {
  AppError,
  defaultMortgageSettings,
  mortgageEffectiveDay,
  mortgageLotStatus,
  mortgageRefusal,
  mortgageUnlockAt,
  planReturn,
  transfer,
  type MortgageCoinSettings,
  type MortgageLog,
  type MortgageLogsQuery,
  type MortgageMoveBody,
} from '@platter/domain';
import type { Db } from '../../db/database.ts';
import type { PageQuery } from '../../db/paginate.ts';
import { idempotent, postTransaction, userBalances } from '../../ledger/ledger.service.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import { allCoinRules, coinRules, coinScales, show, units } from '../coins/coins.ts';
import { mortgageRepository as repo, type MortgageLogFilter } from './mortgage.repository.ts';

/**
 * Mortgage (issue 22; spec doc 1 §4 'Collateral', 'Balance to mortgage (MASS)'): the available
 * balance moves into the user's mortgage bucket and back, one ledger transaction each. A move in
 * is a lot: it takes effect on the next settlement day (T+1) and may come back after 7 days; a
 * move back takes the oldest lots past their 7 days. Money in mortgage allows no other
 * operation: withdrawals, transfers and purchases draw on the available bucket only. Every rule
 * is packages/domain's mortgage.ts.
 */

const account = (userId: string, coin: string, bucket: 'available' | 'mortgage') => ({ kind: 'user' as const, userId, coin, bucket });

/** The coin's settings: its row, or the spec's (MASS takes mortgages; other coins do not). */
export async function mortgageSettings(db: Db, coin: string, scale?: number): Promise<MortgageCoinSettings> {
  const row = await repo.settings(db, coin);
  if (!row) return defaultMortgageSettings(coin, scale ?? (await coinRules(db, coin)).scale);
  return {
    enabled: row.enabled,
    effectDays: row.effect_days,
    returnDays: row.return_days,
    minUnits: BigInt(row.min_units),
    lockThresholdUnits: BigInt(row.lock_threshold_units),
    maxEarningRank: row.max_earning_rank,
  };
}

const seconds = (at: Date | null) => (at === null ? null : Math.floor(at.getTime() / 1000));

/** A ledger refusal of the available balance is the mortgage's own code (11302). */
async function mortgageBalance<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.errorName === 'BALANCE_INSUFFICIENT') throw new AppError('MORTGAGE_BALANCE_INSUFFICIENT');
    throw error;
  }
}

async function mortgageOf(trx: Db, userId: string, coin: string): Promise<bigint> {
  return (await userBalances(trx, userId, coin)).get(coin)?.mortgage ?? 0n;
}

/** freebalancetomort: available → mortgage, a new lot effective T+1, back after 7 days. */
export async function moveToMortgage(db: Db, userId: string, body: MortgageMoveBody, now = new Date()) {
  const rules = await coinRules(db, body.coin);
  const amount = units(body.amount, rules.scale);
  const settings = await mortgageSettings(db, body.coin, rules.scale);
  const refusal = mortgageRefusal(settings, amount);
  if (refusal) throw new AppError(refusal);
  return idempotent(db, `mortgage-in:${userId}`, body.request_id, body, (trx) =>
    mortgageBalance(async () => {
      const { transactionId } = await postTransaction(trx, {
        kind: 'mortgage_lock',
        reference: `mortgage:${body.coin}`,
        postings: transfer(account(userId, body.coin, 'available'), account(userId, body.coin, 'mortgage'), amount),
        createdBy: userId,
      });
      const effectiveDay = mortgageEffectiveDay(now, settings.effectDays);
      const unlockAt = mortgageUnlockAt(now, settings.returnDays);
      const log = await repo.insertLog(trx, {
        user_id: userId,
        coin: body.coin,
        type: 'to_mortgage',
        amount_units: amount,
        remaining_units: amount,
        effective_day: effectiveDay,
        unlock_at: unlockAt,
        transaction_id: transactionId,
        created_at: now,
      });
      return {
        id: log.id,
        coin: body.coin,
        amount: show(amount, rules.scale),
        mortgage: show(await mortgageOf(trx, userId, body.coin), rules.scale),
        effective_day: effectiveDay,
        unlock_at: seconds(unlockAt),
      };
    }),
  );
}

/** morttofreebalance: mortgage → available, from the oldest lots past their 7 days (locked, so two returns never take one lot twice). */
export async function moveToBalance(db: Db, userId: string, body: MortgageMoveBody, now = new Date()) {
  const rules = await coinRules(db, body.coin);
  const amount = units(body.amount, rules.scale);
  if (amount <= 0n) throw new AppError('MORTGAGE_AMOUNT_TOO_SMALL');
  return idempotent(db, `mortgage-out:${userId}`, body.request_id, body, async (trx) => {
    const lots = await repo.lockLots(trx, userId, body.coin);
    const plan = planReturn(
      lots.map((l) => ({ id: l.id, remaining: BigInt(l.remaining_units), effectiveDay: l.effective_day as string, unlockAt: l.unlock_at as Date })),
      amount,
      now,
    );
    if (!plan.ok) throw new AppError(plan.error);
    for (const take of plan.takes) await repo.takeFromLot(trx, take.id, take.amount);
    const { transactionId } = await postTransaction(trx, {
      kind: 'mortgage_unlock',
      reference: `mortgage:${body.coin}`,
      postings: transfer(account(userId, body.coin, 'mortgage'), account(userId, body.coin, 'available'), amount),
      createdBy: userId,
    });
    const log = await repo.insertLog(trx, { user_id: userId, coin: body.coin, type: 'to_balance', amount_units: amount, transaction_id: transactionId, created_at: now });
    await repo.recordTakes(trx, log.id, plan.takes, now);
    return {
      id: log.id,
      coin: body.coin,
      amount: show(amount, rules.scale),
      mortgage: show(await mortgageOf(trx, userId, body.coin), rules.scale),
      effective_day: null,
      unlock_at: null,
    };
  });
}

/** Per coin that takes mortgages or still holds some of the user's: the figures and the rules. */
export async function mortgageCoins(db: Db, userId: string, now = new Date()) {
  const [coins, lots, balances, rows] = await Promise.all([allCoinRules(db), repo.openLots(db, userId), userBalances(db, userId), repo.allSettings(db)]);
  const configured = new Map(rows.map((r) => [r.coin, r]));
  const list = [];
  for (const coin of coins) {
    const settings = configured.has(coin.type) ? await mortgageSettings(db, coin.type, coin.scale) : defaultMortgageSettings(coin.type, coin.scale);
    const mine = lots.filter((l) => l.coin === coin.type);
    const bucket = balances.get(coin.type);
    if (!settings.enabled && mine.length === 0) continue;
    const parts = { PENDING: 0n, EFFECTIVE: 0n, RETURNABLE: 0n, RETURNED: 0n };
    for (const l of mine) {
      const remaining = BigInt(l.remaining_units);
      parts[mortgageLotStatus({ id: l.id, remaining, effectiveDay: l.effective_day as string, unlockAt: l.unlock_at as Date }, now)] += remaining;
    }
    const s = (v: bigint) => show(v, coin.scale);
    list.push({
      coin: coin.type,
      enabled: settings.enabled,
      available: s(bucket?.available ?? 0n),
      mortgage: s(bucket?.mortgage ?? 0n),
      pending: s(parts.PENDING),
      // Effective counts everything past T+1, the part past its 7 days included.
      effective: s(parts.EFFECTIVE + parts.RETURNABLE),
      returnable: s(parts.RETURNABLE),
      effect_days: settings.effectDays,
      return_days: settings.returnDays,
      min_amount: s(settings.minUnits),
      lock_threshold: s(settings.lockThresholdUnits),
      max_earning_rank: settings.maxEarningRank,
    });
  }
  return { list };
}

function logView(
  r: { id: string; coin: string; type: MortgageLog['type']; amount_units: string; remaining_units: string; effective_day: string | null; unlock_at: Date | null; created_at: Date },
  scale: number,
  now: Date,
): MortgageLog {
  const remaining = BigInt(r.remaining_units);
  return {
    id: r.id,
    coin: r.coin,
    type: r.type,
    amount: show(r.amount_units, scale),
    remaining: show(remaining, scale),
    status:
      r.type === 'to_mortgage' && r.effective_day !== null && r.unlock_at !== null
        ? mortgageLotStatus({ id: r.id, remaining, effectiveDay: r.effective_day, unlockAt: r.unlock_at }, now)
        : null,
    effective_day: r.effective_day,
    unlock_at: seconds(r.unlock_at),
    created_at: Math.floor(r.created_at.getTime() / 1000),
  };
}

async function listLogs(db: Db, filter: MortgageLogFilter, page: PageQuery, now: Date) {
  const { rows, total } = await repo.listLogs(db, filter, page);
  const scaleOf = await coinScales(db, rows);
  return { rows: rows.map((r) => ({ row: r, view: logView(r, scaleOf(r.coin), now) })), total };
}

const filterOf = (q: MortgageLogsQuery): MortgageLogFilter => ({
  ...(q.coin ? { coin: q.coin } : {}),
  ...(q.type ? { type: q.type } : {}),
  ...(q.start !== undefined ? { start: q.start } : {}),
  ...(q.end !== undefined ? { end: q.end } : {}),
});

/** getdepositmortgagelogs: the user's own moves. */
export async function userMortgageLogs(db: Db, userId: string, q: MortgageLogsQuery, now = new Date()) {
  const { rows, total } = await listLogs(db, { ...filterOf(q), userId }, q, now);
  return { list: rows.map((r) => r.view), total };
}

/** The admin's getpointmortgagelogs: everyone's moves, also by user (e-mail or uid). */
export async function adminMortgageLogs(db: Db, q: MortgageLogsQuery & { user?: string | undefined }, now = new Date()) {
  const { rows, total } = await listLogs(db, { ...filterOf(q), ...(q.user ? { user: q.user } : {}) }, q, now);
  return { list: rows.map((r) => ({ ...r.view, user_id: r.row.user_id, user_email: r.row.user_email })), total };
}

/** Sets a coin's mortgage settings (audited); answers the admin's own figures of the coin. */
export async function saveMortgageSettings(
  db: Db,
  by: AuditBy,
  body: { coin: string; enabled: boolean; effect_days: number; return_days: number; min_amount: string; lock_threshold: string; max_earning_rank: number },
) {
  const rules = await coinRules(db, body.coin);
  const values = {
    coin: body.coin,
    enabled: body.enabled,
    effect_days: body.effect_days,
    return_days: body.return_days,
    min_units: units(body.min_amount, rules.scale),
    lock_threshold_units: units(body.lock_threshold, rules.scale),
    max_earning_rank: body.max_earning_rank,
  };
  await db.transaction().execute(async (trx) => {
    const before = await repo.settings(trx, body.coin);
    const after = await repo.saveSettings(trx, values);
    await recordAudit(trx, by, { action: 'mortgage.settings', target: `coin:${body.coin}`, before: before ?? null, after });
  });
  const s = (v: bigint) => show(v, rules.scale);
  return {
    coin: body.coin,
    enabled: values.enabled,
    available: '0',
    mortgage: '0',
    pending: '0',
    effective: '0',
    returnable: '0',
    effect_days: values.effect_days,
    return_days: values.return_days,
    min_amount: s(values.min_units),
    lock_threshold: s(values.lock_threshold_units),
    max_earning_rank: values.max_earning_rank,
  };
}

/** Development only: a lot made `days` days earlier (so its T+1 and 7 days can be seen at once). */
export async function ageLot(db: Db, id: string, days: number): Promise<void> {
  if (!(await repo.ageLot(db, id, days))) throw new AppError('MORTGAGE_NOT_FOUND');
}

/** The ledger check (issue 22): each user's mortgage bucket holds exactly what its lots still hold. */
export async function mortgageMismatches(db: Db): Promise<{ detail: string }[]> {
  return (await repo.mismatches(db)).map((r) => ({ detail: `user ${r.user_id} ${r.coin} mortgage bucket holds ${r.balance}, its lots' remaining amounts sum to ${r.owed}` }));
}
