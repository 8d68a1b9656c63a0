import {
  AppError,
  dealInterestStarts,
  dealMargin,
  dealMatured,
  defaultCooperationSettings,
  nextDealStatus,
  parseCooperationAmount,
  returnError,
  transfer,
  type AccountRef,
  type CooperationPool,
  type CooperationSettings,
  type Deal,
  type DealAction,
  type DealEvent,
  type DealStatus,
} from '@platter/domain';
import type { Db } from '../../db/database.ts';
import type { PageQuery } from '../../db/paginate.ts';
import { idempotent, postTransaction, userBalances } from '../../ledger/ledger.service.ts';
import { show } from '../coins/coins.ts';
import { cooperationRepository as repo, type CooperationRow, type DealRow } from './cooperation.repository.ts';

/**
 * Cooperation pools and deals (issue 22; spec doc 1 §3, §4 'Deal pointing', §5, §6; spec doc 2
 * §2 /center/open, §3 deposit_mortgage_free_balance). A user opens a CO pool with a cooperation
 * amount converted from the available balance into the `cooperation` bucket (frozen); more may
 * be converted; whole coins come back leaving nothing (closed) or at least the minimum. A coin
 * owner lends a pledge in a deal, a miner takes it and puts up a margin, and the deal walks the
 * DEAL_* states of packages/domain's cooperation.ts. Every change is under its row's lock and
 * moves money as one balanced ledger transaction with it.
 */

export interface CooperationCoinSettings extends CooperationSettings {
  dealTermDays: number;
}

/** The deal's term in days when the coin has no settings row. */
export const DEFAULT_DEAL_TERM_DAYS = 30;

/** The coin's settings: its row, or the spec's defaults (XHD 8000, others 1; 94 % / 3 %). */
export async function cooperationSettings(db: Db, coin: string): Promise<CooperationCoinSettings> {
  const row = await repo.settings(db, coin);
  if (!row) return { ...defaultCooperationSettings(coin), dealTermDays: DEFAULT_DEAL_TERM_DAYS };
  return { minWhole: BigInt(row.min_whole), ownerBp: row.owner_bp, minerBp: row.miner_bp, dealMarginBp: row.deal_margin_bp, dealTermDays: row.deal_term_days };
}

type CoPool = Awaited<ReturnType<typeof repo.coPools>>[number];

async function coPool(db: Db, pool: string): Promise<CoPool> {
  const found = (await repo.coPools(db)).find((p) => p.type === pool);
  if (!found) throw new AppError('POOL_NOT_FOUND');
  return found;
}

const user = (userId: string, coin: string, bucket: 'available' | 'cooperation'): AccountRef => ({ kind: 'user', userId, coin, bucket });

function poolView(
  p: CoPool,
  settings: CooperationCoinSettings,
  row: Pick<CooperationRow, 'status' | 'amount_units' | 'opened_at'> | undefined,
  available: bigint,
): CooperationPool {
  return {
    pool: p.type,
    coin: p.coin,
    name: p.name,
    unit: p.unit,
    min_amount: settings.minWhole.toString(),
    mode: p.mode,
    fee_bp: p.fee_bp,
    coop_ratio_bp: p.coop_ratio_bp,
    burn_coefficient_bp: p.burn_coefficient_bp,
    payment_time: p.payment_time,
    payout_threshold: show(p.min_payout_units, p.scale),
    withdraw_fee: show(p.withdraw_fee_units, p.scale),
    withdraw_audit: p.withdraw_audit,
    owner_bp: settings.ownerBp,
    miner_bp: settings.minerBp,
    deal_margin_bp: settings.dealMarginBp,
    status: row?.status ?? 'NONE',
    deposit_mortgage_free_balance: show(row?.amount_units ?? '0', p.scale),
    available: show(available, p.scale),
    opened_at: row && row.status === 'OPEN' ? row.opened_at.toISOString() : null,
  };
}

/** The CO pools with the user's cooperation on each. */
export async function listCooperationPools(db: Db, userId: string): Promise<{ list: CooperationPool[] }> {
  const [pools, rows, balances] = await Promise.all([repo.coPools(db), repo.userCooperations(db, userId), userBalances(db, userId)]);
  const list: CooperationPool[] = [];
  for (const p of pools) {
    const settings = await cooperationSettings(db, p.coin);
    list.push(
      poolView(
        p,
        settings,
        rows.find((r) => r.pool === p.type),
        balances.get(p.coin)?.available ?? 0n,
      ),
    );
  }
  return { list };
}

async function poolOf(db: Db, userId: string, pool: string): Promise<CooperationPool> {
  const found = (await listCooperationPools(db, userId)).list.find((p) => p.pool === pool);
  if (!found) throw new AppError('POOL_NOT_FOUND');
  return found;
}

/**
 * Runs a call's work in one transaction; with a `request_id`, once per key (the ledger's
 * idempotency keys, as the mortgage calls): a replay answers the first call's result and moves
 * nothing, a racing replay waits for the first, the same key with another request is refused.
 * Each call has its own scope, so one key never answers another call.
 */
function once<T>(db: Db, scope: string, body: { request_id?: string | undefined }, run: (trx: Db) => Promise<T>): Promise<T> {
  if (body.request_id === undefined) return db.transaction().execute(run);
  return idempotent(db, scope, body.request_id, body, run);
}

/** The amount checked against the coin's rules (integer, at least `min` whole coins). */
function amountOf(text: string, scale: number, minWhole: bigint): bigint {
  const checked = parseCooperationAmount(text, scale, minWhole);
  if (!checked.ok) throw new AppError(checked.error);
  return checked.units;
}

/**
 * Opens (`open`) or adds to (`deposit`) the user's cooperation on a CO pool: the amount moves
 * from the available balance into the cooperation bucket. Opening needs the coin's minimum and
 * a pool not open yet; a deposit an open pool and at least one whole coin.
 */
export async function convertToCooperation(
  db: Db,
  userId: string,
  body: { pool: string; amount: string; request_id?: string | undefined },
  mode: 'open' | 'deposit',
): Promise<CooperationPool> {
  const p = await coPool(db, body.pool);
  const settings = await cooperationSettings(db, p.coin);
  const amount = amountOf(body.amount, p.scale, mode === 'open' ? settings.minWhole : 1n);
  return once(db, `cooperation-${mode}:${userId}`, body, async (trx) => {
    const row = await repo.lockCooperation(trx, userId, p.type, p.coin);
    if (mode === 'open' && row.status === 'OPEN') throw new AppError('INVALID_PARAMETER', { reason: 'open' });
    if (mode === 'deposit' && row.status !== 'OPEN') throw new AppError('MORTGAGE_POOL_NOT_OPEN');
    const balance = BigInt(row.amount_units) + amount;
    // Short of balance, BALANCE_INSUFFICIENT rolls the whole change back.
    await postTransaction(trx, {
      kind: 'cooperation_freeze',
      reference: `cooperation:${row.id}`,
      postings: transfer(user(userId, p.coin, 'available'), user(userId, p.coin, 'cooperation'), amount),
      createdBy: userId,
    });
    await repo.saveCooperation(trx, row.id, { amount_units: balance, status: 'OPEN', ...(mode === 'open' ? { opened_at: new Date(), closed_at: null } : {}) });
    await repo.log(trx, { cooperation_id: row.id, user_id: userId, kind: mode, amount_units: amount, balance_units: balance });
    return poolOf(trx, userId, p.type);
  });
}

/** Returns whole coins of cooperation to the available balance; all of it closes the pool. */
export async function returnCooperation(db: Db, userId: string, body: { pool: string; amount: string; request_id?: string | undefined }): Promise<CooperationPool> {
  const p = await coPool(db, body.pool);
  const settings = await cooperationSettings(db, p.coin);
  const amount = amountOf(body.amount, p.scale, 1n);
  return once(db, `cooperation-return:${userId}`, body, async (trx) => {
    const row = await repo.lockCooperation(trx, userId, p.type, p.coin);
    if (row.status !== 'OPEN') throw new AppError('MORTGAGE_POOL_NOT_OPEN');
    const held = BigInt(row.amount_units);
    const error = returnError(held, amount, settings.minWhole * 10n ** BigInt(p.scale));
    if (error) throw new AppError(error);
    const left = held - amount;
    await postTransaction(trx, {
      kind: 'cooperation_return',
      reference: `cooperation:${row.id}`,
      postings: transfer(user(userId, p.coin, 'cooperation'), user(userId, p.coin, 'available'), amount),
      createdBy: userId,
    });
    await repo.saveCooperation(trx, row.id, { amount_units: left, ...(left === 0n ? { status: 'CLOSED' as const, closed_at: new Date() } : {}) });
    await repo.log(trx, { cooperation_id: row.id, user_id: userId, kind: 'return', amount_units: amount, balance_units: left });
    return poolOf(trx, userId, p.type);
  });
}

export async function cooperationLogs(db: Db, userId: string, pool: string | undefined, page: PageQuery) {
  const { rows, total } = await repo.logs(db, userId, pool, page);
  const scales = new Map((await repo.coPools(db)).map((p) => [p.coin, p.scale]));
  return {
    list: rows.map((r) => ({
      id: r.id,
      pool: r.pool,
      coin: r.coin,
      kind: r.kind,
      amount: show(r.amount_units, scales.get(r.coin) ?? 8),
      balance: show(r.balance_units, scales.get(r.coin) ?? 8),
      created_at: r.created_at.toISOString(),
    })),
    total,
  };
}

// --- deals ------------------------------------------------------------------------------------------

function dealView(d: DealRow, userId: string | undefined, scale: number): Deal {
  return {
    id: d.id,
    pool: d.pool,
    coin: d.coin,
    role: userId === d.owner_id ? 'owner' : userId !== undefined && userId === d.miner_id ? 'miner' : 'none',
    amount: show(d.amount_units, scale),
    margin: show(d.margin_units, scale),
    margin_held: d.margin_held,
    owner_bp: d.owner_bp,
    miner_bp: d.miner_bp,
    term_days: d.term_days,
    status: d.status,
    penalty: show(d.penalty_units, scale),
    interest_start_at: d.interest_start_at?.toISOString() ?? null,
    created_at: d.created_at.toISOString(),
  };
}

async function scaleOf(db: Db, coin: string): Promise<number> {
  return (await repo.coPools(db)).find((p) => p.coin === coin)?.scale ?? 8;
}

/** A coin owner lends a pledge: the amount frozen from their available balance (DEAL_VALID). */
export async function offerDeal(db: Db, ownerId: string, body: { pool: string; amount: string; request_id?: string | undefined }): Promise<Deal> {
  const p = await coPool(db, body.pool);
  const settings = await cooperationSettings(db, p.coin);
  const amount = amountOf(body.amount, p.scale, settings.minWhole);
  return once(db, `deal-offer:${ownerId}`, body, async (trx) => {
    const row = await repo.insertDeal(trx, {
      owner_id: ownerId,
      pool: p.type,
      coin: p.coin,
      amount_units: amount,
      margin_units: dealMargin(amount, settings.dealMarginBp),
      owner_bp: settings.ownerBp,
      miner_bp: settings.minerBp,
      term_days: settings.dealTermDays,
      status: 'DEAL_VALID',
    });
    await repo.logDeal(trx, row.id, row.status, row.created_at);
    await postTransaction(trx, {
      kind: 'deal_lend',
      reference: `deal:${row.id}`,
      postings: transfer(user(ownerId, p.coin, 'available'), user(ownerId, p.coin, 'cooperation'), amount),
      createdBy: ownerId,
    });
    return dealView(row, ownerId, p.scale);
  });
}

/** Who may make which move: the miner takes, breaks and puts a margin back; the owner accepts, withdraws and ends a broken deal. */
const ACTOR: Record<DealAction, 'owner' | 'miner' | 'taker'> = {
  take: 'taker',
  accept: 'owner',
  withdraw: 'owner',
  break: 'miner',
  remargin: 'miner',
  unlock: 'owner',
};
const EVENT: Record<DealAction, DealEvent> = { take: 'take', accept: 'lock', withdraw: 'withdraw', break: 'break', remargin: 'remargin', unlock: 'request_unlock' };

/**
 * One move of a deal under its row lock, with its money: the miner's margin frozen (lock,
 * remargin), deducted to the pool (break: the deposit), released (unlock), the owner's amount
 * back (withdraw, redeem). A move the state does not allow is refused (11308 for a deal that is
 * not the user's). Two racing moves of one deal: the second sees the first's state.
 */
async function moveDeal(trx: Db, d: DealRow, event: DealEvent, by: { userId?: string; minerId?: string; now: Date }): Promise<DealRow> {
  const next = nextDealStatus(d.status, event);
  if (!next) throw new AppError('INVALID_PARAMETER', { reason: 'state', status: d.status });
  const set: Parameters<typeof repo.saveDeal>[2] = { status: next };
  const ref = `deal:${d.id}`;
  const amount = BigInt(d.amount_units);
  const margin = BigInt(d.margin_units);
  const miner = by.minerId ?? d.miner_id;
  if (event === 'take') set.miner_id = by.minerId ?? null;
  if ((event === 'lock' || event === 'remargin') && miner && margin > 0n) {
    await postTransaction(trx, { kind: 'deal_margin_freeze', reference: ref, postings: transfer(user(miner, d.coin, 'available'), user(miner, d.coin, 'cooperation'), margin) });
  }
  if (event === 'lock' || event === 'remargin') set.margin_held = true;
  if (event === 'break' && d.margin_held) {
    // DEAL_BROKEN: the deal is suspended and the deposit (the miner's margin) is deducted.
    if (miner && margin > 0n)
      await postTransaction(trx, {
        kind: 'deal_penalty',
        reference: ref,
        postings: transfer(user(miner, d.coin, 'cooperation'), { kind: 'system', code: 'pool_revenue', coin: d.coin }, margin),
      });
    set.margin_held = false;
    set.penalty_units = BigInt(d.penalty_units) + margin;
  }
  if (event === 'unlock' && d.margin_held) {
    if (miner && margin > 0n)
      await postTransaction(trx, { kind: 'deal_margin_release', reference: ref, postings: transfer(user(miner, d.coin, 'cooperation'), user(miner, d.coin, 'available'), margin) });
    set.margin_held = false;
  }
  if (event === 'withdraw' || event === 'redeem') {
    await postTransaction(trx, { kind: 'deal_redeem', reference: ref, postings: transfer(user(d.owner_id, d.coin, 'cooperation'), user(d.owner_id, d.coin, 'available'), amount) });
  }
  if (event === 'confirm') set.success_at = by.now;
  if (event === 'start') set.interest_start_at = by.now;
  await repo.logDeal(trx, d.id, next, by.now);
  return repo.saveDeal(trx, d.id, set);
}

/** A user's move of a deal (take, accept, withdraw, break, remargin, unlock). */
export async function dealAction(db: Db, userId: string, body: { id: string; action: DealAction; request_id?: string | undefined }, now = new Date()): Promise<Deal> {
  return once(db, `deal-action:${userId}`, body, async (trx) => {
    const d = await repo.lockDeal(trx, body.id);
    if (!d) throw new AppError('MORTGAGE_NOT_FOUND');
    const actor = ACTOR[body.action];
    if (actor === 'owner' && d.owner_id !== userId) throw new AppError('MORTGAGE_NOT_FOUND');
    if (actor === 'miner' && d.miner_id !== userId) throw new AppError('MORTGAGE_NOT_FOUND');
    if (actor === 'taker' && d.owner_id === userId) throw new AppError('INVALID_PARAMETER', { reason: 'own deal' });
    const row = await moveDeal(trx, d, EVENT[body.action], { userId, ...(actor === 'taker' ? { minerId: userId } : {}), now });
    return dealView(row, userId, await scaleOf(trx, row.coin));
  });
}

export async function listDeals(db: Db, userId: string, scope: 'mine' | 'offers', page: PageQuery) {
  const { rows, total } = await repo.deals(db, userId, scope, page);
  const scales = new Map((await repo.coPools(db)).map((p) => [p.coin, p.scale]));
  return { list: rows.map((d) => dealView(d, userId, scales.get(d.coin) ?? 8)), total };
}

/** The clock's moves: the event due for a deal in this state at `now`, if any. */
function dueEvent(d: DealRow, now: Date): DealEvent | undefined {
  switch (d.status) {
    case 'DEAL_LOCKED':
      return 'confirm';
    case 'DEAL_SUCCESS':
      return d.success_at && dealInterestStarts(d.success_at, now) ? 'start' : undefined;
    case 'DEAL_INTEREST_START':
      return d.interest_start_at && dealMatured(d.interest_start_at, d.term_days, now) ? 'mature' : undefined;
    case 'DEAL_INTEREST_END':
      return 'request_unlock';
    case 'DEAL_UNLOCK_PENDING':
      return 'unlock';
    case 'DEAL_UNLOCKED':
      return 'redeem';
    default:
      return undefined;
  }
}

const CLOCK_STATUSES: readonly DealStatus[] = ['DEAL_LOCKED', 'DEAL_SUCCESS', 'DEAL_INTEREST_START', 'DEAL_INTEREST_END', 'DEAL_UNLOCK_PENDING', 'DEAL_UNLOCKED'];

/**
 * The `deals` job's step: every deal the clock moves (in force once locked, earning from the
 * next UTC day, over after its term, then unlocked and redeemed), one move per deal per pass,
 * each under the deal's lock (a second worker finds it moved). Answers the moves made.
 */
export async function advanceDeals(db: Db, now = new Date()): Promise<number> {
  let moved = 0;
  for (const { id } of await repo.dealsIn(db, CLOCK_STATUSES)) {
    const done = await db.transaction().execute(async (trx) => {
      const d = await repo.lockDeal(trx, id);
      const event = d ? dueEvent(d, now) : undefined;
      if (!d || !event) return false;
      await moveDeal(trx, d, event, { now });
      return true;
    });
    if (done) moved++;
  }
  return moved;
}

/** The ledger check (issue 22): each user's cooperation bucket holds exactly its cooperations, lent amounts and margins. */
export async function cooperationMismatches(db: Db): Promise<{ detail: string }[]> {
  return (await repo.bucketMismatches(db)).map((r) => ({ detail: `user ${r.user_id} ${r.coin} cooperation bucket holds ${r.balance}, its cooperations and deals hold ${r.owed}` }));
}
