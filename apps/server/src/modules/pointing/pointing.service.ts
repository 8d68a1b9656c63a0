import {
  AppError,
  actualPledge,
  addressValid,
  canLockInFinance,
  canRequestCancellation,
  canTransferPoint,
  cancellationPenalty,
  defaultPointingSettings,
  FINANCE_OPEN_HOLDING_STATES,
  formatAmount,
  movePoint,
  nextBindingStatus,
  nextPointStatus,
  parseAmount,
  pointDisplay,
  POINT_FINAL_STATUSES,
  pointingShares,
  POINTING_COINS,
  residualValueBp,
  termLockBlocks,
  transfer,
  validPointingShares,
  verifyDeadline,
  type CancelRequestStatus,
  type PointSettingsBody,
  type PointAddress,
  type PointingCoinSettings,
  type PointRecord,
  type PointStatus,
  type PointTerm,
} from '@platter/domain';
import type { PocChain, PointTransfer } from '../../chain/poc.ts';
import { pocTiming, type PocDevnet } from '../../chain/poc-devnet.ts';
import type { Db } from '../../db/database.ts';
import type { PageQuery } from '../../db/paginate.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import type { PocPoolEntry } from '../../protocols/poc/setup.ts';
import { actorId, recordAudit, type AuditBy } from '../admin/audit.ts';
import { coinRules, coinScales } from '../coins/coins.ts';
import { pointingRepository as repo, type PointAddressRow, type PointRecordRow } from './pointing.repository.ts';

/**
 * Coin owners (issue 22): a user binds a source address by pointing from it to the pool's
 * address within 20 blocks; the points its confirmed source addresses make to the pool's
 * address become pointing records, whose margin is frozen on the platform; a cancellation
 * request is reviewed by the back office; a pointing withdrawn on chain releases the margin when
 * the request was approved and deducts it otherwise. Every rule is packages/domain's pointing.ts.
 */

/** A coin's chain as the coin owners need it: the PocChain and the pool address points go to. */
export interface PointingChain {
  coin: string;
  chain: PocChain;
  poolAddress: string;
  devnet?: PocDevnet;
}
export type PointingChains = ReadonlyMap<string, PointingChain>;

/** One chain per coin: the coin's first `poc-burst` pool (its main pool, in the registry's order) receives the points. */
export function pointingChainsOf(entries: Iterable<PocPoolEntry>): Map<string, PointingChain> {
  const chains = new Map<string, PointingChain>();
  for (const entry of entries) {
    if (chains.has(entry.coin)) continue;
    chains.set(entry.coin, { coin: entry.coin, chain: entry.chain, poolAddress: entry.service.settings.address, ...(entry.devnet ? { devnet: entry.devnet } : {}) });
  }
  return chains;
}

function chainOf(chains: PointingChains, coin: string): PointingChain {
  const found = chains.get(coin);
  if (!found) throw new AppError('COIN_NOT_FOUND');
  return found;
}

async function tipOf(chain: PocChain): Promise<number> {
  return (await chain.miningInfo()).height - 1;
}

/** The coin's settings: its row, or the spec's defaults (80 % / 20 %, XHD 100 % / 0 %; Noterm a week). */
export async function pointingSettings(db: Db, coin: string): Promise<PointingCoinSettings> {
  const row = await repo.settings(db, coin);
  if (!row) return defaultPointingSettings(coin);
  return {
    countBp: row.count_bp,
    marginBp: row.margin_bp,
    notermLockDays: row.noterm_lock_days,
    minPointUnits: BigInt(row.min_point_units),
    verifyWindowBlocks: row.verify_window_blocks,
  };
}

const bpText = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2));

export async function pointingSettingsView(db: Db, coin: string) {
  const [settings, rules] = await Promise.all([pointingSettings(db, coin), coinRules(db, coin)]);
  return {
    coin,
    count_share: bpText(settings.countBp),
    margin_share: bpText(settings.marginBp),
    noterm_lock_days: settings.notermLockDays,
    min_point: formatAmount(settings.minPointUnits, rules.scale),
    verify_window_blocks: settings.verifyWindowBlocks,
  };
}

/** /admin/point_settings: every pointing coin's settings (its row, or the spec's defaults when it has none). */
export async function listPointingSettings(db: Db) {
  const rows = new Map((await repo.allSettings(db)).map((r) => [r.coin, r]));
  const list = [];
  for (const coin of POINTING_COINS) list.push({ ...(await pointingSettingsView(db, coin)), coin, updated_at: rows.get(coin)?.updated_at.toISOString() ?? null });
  return { list };
}

const percentToBp = (percent: string) => Math.round(Number(percent) * 100);

/** Sets one coin's settings, audited (`point.settings`, before and after) in the same transaction. */
export async function updatePointingSettings(db: Db, by: AuditBy, body: PointSettingsBody) {
  const countBp = percentToBp(body.count_share);
  const marginBp = percentToBp(body.margin_share);
  if (!validPointingShares(countBp, marginBp)) throw new AppError('INVALID_PARAMETER', { field: 'margin_share' });
  const rules = await coinRules(db, body.coin);
  let minPoint: bigint;
  try {
    minPoint = parseAmount(body.min_point, rules.scale);
  } catch {
    throw new AppError('AMOUNT_INVALID');
  }
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockSettings(trx, body.coin);
    const after = await repo.saveSettings(trx, {
      coin: body.coin,
      count_bp: countBp,
      margin_bp: marginBp,
      noterm_lock_days: body.noterm_lock_days,
      min_point_units: minPoint,
      verify_window_blocks: body.verify_window_blocks,
    });
    await recordAudit(trx, by, { action: 'point.settings', target: `point_settings:${body.coin}`, before: before ?? null, after });
  });
  return { ...(await pointingSettingsView(db, body.coin)), coin: body.coin };
}

/** A binding as its owner sees it: its verification's window and least amount are the ones it started under. */
function addressView(row: PointAddressRow, scale: number): PointAddress {
  return {
    id: row.id,
    coin: row.coin,
    source_address: row.source_address,
    confirm_address: row.confirm_address,
    status: row.status,
    start_height: row.start_height,
    verify_deadline: verifyDeadline(row.start_height, row.verify_window_blocks),
    verify_txid: row.verify_txid,
    verify_height: row.verify_height,
    verify_amount: formatAmount(BigInt(row.verify_min_units), scale),
    remark: row.remark,
    created_at: row.created_at.toISOString(),
  };
}

// --- source-address binding --------------------------------------------------------------------

export async function bindSourceAddress(db: Db, chains: PointingChains, userId: string, body: { coin: string; source_address: string; remark: string }): Promise<PointAddress> {
  const pc = chainOf(chains, body.coin);
  const rules = await coinRules(db, body.coin);
  if (!addressValid(rules, body.source_address) || body.source_address === pc.poolAddress) throw new AppError('POINT_SOURCE_INVALID');
  const [start, settings] = await Promise.all([tipOf(pc.chain), pointingSettings(db, body.coin)]);
  const row = await repo.insertAddress(db, {
    user_id: userId,
    coin: body.coin,
    source_address: body.source_address,
    confirm_address: pc.poolAddress,
    status: 'VERIFY',
    start_height: start,
    verify_window_blocks: settings.verifyWindowBlocks,
    verify_min_units: settings.minPointUnits,
    remark: body.remark,
  });
  if (!row) throw new AppError('POINT_SOURCE_INVALID', { reason: 'bound' });
  return addressView(row, rules.scale);
}

export async function listSourceAddresses(db: Db, userId: string, coin: string | undefined, page: PageQuery) {
  const { rows, total } = await repo.listAddresses(db, userId, coin, page);
  const scaleOf = await coinScales(db, rows);
  return { list: rows.map((r) => addressView(r, scaleOf(r.coin))), total };
}

export async function updateRemark(db: Db, userId: string, body: { id: string; remark: string }): Promise<PointAddress> {
  const row = await repo.setRemark(db, userId, body.id, body.remark);
  if (!row) throw new AppError('POINT_NOT_FOUND');
  return addressView(row, (await coinRules(db, row.coin)).scale);
}

// --- following the chain -------------------------------------------------------------------------

/** The verification's point: from the source to the confirmation address, after the start, of at least the binding's minimum; mined ones first, then the earliest. */
function verificationOf(points: PointTransfer[], row: PointAddressRow): PointTransfer | undefined {
  const min = BigInt(row.verify_min_units);
  return points
    .filter((p) => p.to === row.confirm_address && p.amount >= min && (p.height === undefined || p.height > row.start_height))
    .sort((a, b) => (a.height ?? Number.MAX_SAFE_INTEGER) - (b.height ?? Number.MAX_SAFE_INTEGER))[0];
}

/** Moves every running verification of the coin on; answers how many moved. */
export async function advanceBindings(db: Db, pc: PointingChain): Promise<number> {
  const open = await repo.openAddresses(db, pc.coin);
  if (open.length === 0) return 0;
  const tip = await tipOf(pc.chain);
  let moved = 0;
  for (const row of open) {
    const seen = verificationOf(await pc.chain.pointsFrom(row.source_address), row);
    const sighting = seen ? (seen.height !== undefined ? { height: seen.height } : {}) : undefined;
    const status = nextBindingStatus(row.status, row.start_height, tip, sighting, row.verify_window_blocks);
    const txid = seen?.txid ?? row.verify_txid;
    const height = seen?.height ?? null;
    if (status === row.status && txid === row.verify_txid && height === row.verify_height) continue;
    if (await repo.moveAddress(db, row.id, row.status, { status, verify_txid: txid, verify_height: height })) moved++;
  }
  return moved;
}

const marginAccount = (userId: string, coin: string) => ({ kind: 'user' as const, userId, coin, bucket: 'point_margin' as const });
const availableAccount = (userId: string, coin: string) => ({ kind: 'user' as const, userId, coin, bucket: 'available' as const });

/**
 * One record against the chain, under its row lock (two workers never both freeze, release or
 * deduct): mined with its margin frozen → POINT_VALID; withdrawn → the margin back
 * (approved) or deducted to the pool's revenue (the penalty).
 */
async function advanceRecord(db: Db, recordId: string, standing: PointTransfer | undefined, tip: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const r = await repo.lockRecord(trx, recordId);
    // Settled already (another worker got here first): nothing more moves.
    if (!r || POINT_FINAL_STATUSES.includes(r.status)) return false;
    // Gone from the chain before it was mined: a dropped mempool transaction, left waiting.
    if (!standing && r.height === null) return false;
    const sighting = standing ? (standing.height !== undefined ? { height: standing.height } : {}) : { height: r.height as number, withdrawnHeight: tip };
    const request = (await repo.latestCancellation(trx, r.id))?.status;
    const deposit = BigInt(r.deposit_units);
    let marginHeld = r.margin_held;
    const next = nextPointStatus(r.status, sighting, { marginHeld: true, cancellationApproved: request === 'APPROVED' });
    const set: Parameters<typeof repo.updateRecord>[2] = {};
    if (standing?.height !== undefined && r.height !== standing.height) set.height = standing.height;
    if (next === 'POINT_VALID' && r.status === 'POINT_RECEIVED' && !marginHeld) {
      // The margin comes from the available balance; short of it the record waits (BALANCE_INSUFFICIENT rolls this back).
      if (deposit > 0n)
        await postTransaction(trx, {
          kind: 'point_margin_freeze',
          reference: `point:${r.id}`,
          postings: transfer(availableAccount(r.user_id, r.coin), marginAccount(r.user_id, r.coin), deposit),
        });
      marginHeld = true;
      set.margin_held = true;
    }
    // The pledge counts from now until it is withdrawn (the settlement's own pledge; README 'Settlement').
    if (next === 'POINT_VALID' && r.status === 'POINT_RECEIVED') set.valid_at = new Date();
    if (next === 'POINT_UNLOCK_DEPOSIT' || next === 'POINT_BROKE') {
      set.withdrawn_height = tip;
      set.ended_at = new Date();
      const held = marginHeld ? deposit : 0n;
      const penalty = next === 'POINT_BROKE' ? cancellationPenalty(held, request) : 0n;
      if (penalty > 0n) {
        await postTransaction(trx, {
          kind: 'point_penalty',
          reference: `point:${r.id}`,
          postings: transfer(marginAccount(r.user_id, r.coin), { kind: 'system', code: 'pool_revenue', coin: r.coin }, penalty),
        });
      }
      if (held - penalty > 0n) {
        await postTransaction(trx, {
          kind: 'point_margin_release',
          reference: `point:${r.id}`,
          postings: transfer(marginAccount(r.user_id, r.coin), availableAccount(r.user_id, r.coin), held - penalty),
        });
      }
      set.penalty_units = penalty;
      set.margin_held = false;
      // A record locked in finance and withdrawn on chain: the commitment ends with it.
      const lock = await repo.openFinanceLock(trx, r.id);
      if (lock) await repo.releaseFinanceLock(trx, lock.id);
    }
    if (next !== r.status) set.status = next;
    if (Object.keys(set).length === 0) return false;
    await repo.updateRecord(trx, r.id, set);
    return true;
  });
}

/** New pointings from confirmed source addresses to the pool's address become records; every open record follows the chain. */
export async function advanceRecords(db: Db, pc: PointingChain): Promise<number> {
  const sources = await repo.confirmedSources(db, pc.coin);
  // No confirmed source address, no record: nothing to read from the chain.
  if (sources.length === 0) return 0;
  const [tip, settings, standing] = await Promise.all([tipOf(pc.chain), pointingSettings(db, pc.coin), pc.chain.pointsTo(pc.poolAddress)]);
  const bySource = new Map(sources.map((s) => [s.source_address, s]));
  for (const p of standing) {
    const source = bySource.get(p.from);
    if (!source || p.amount < settings.minPointUnits) continue;
    const { counted, margin } = pointingShares(p.amount, settings);
    await repo.insertRecord(db, {
      user_id: source.user_id,
      coin: pc.coin,
      address_id: source.id,
      txid: p.txid,
      source_address: p.from,
      pool_address: p.to,
      term: p.term,
      amount_units: p.amount,
      counted_units: counted,
      deposit_units: margin,
      status: 'POINT_RECEIVED',
      height: p.height ?? null,
    });
  }
  const byTxid = new Map(standing.map((p) => [p.txid, p]));
  let moved = 0;
  for (const r of await repo.openRecords(db, pc.coin)) {
    try {
      if (await advanceRecord(db, r.id, byTxid.get(r.txid), tip)) moved++;
    } catch (error) {
      if (error instanceof AppError && error.code === 10101) continue; // no balance for the margin yet
      throw error;
    }
  }
  return moved;
}

// --- finance (POINT_LOCKED_MARKET) ---------------------------------------------------------------

/** A holding can take a commitment while its principal is in and it is not on its way out. */
const COMMITTABLE_HOLDING_STATES = FINANCE_OPEN_HOLDING_STATES.filter((s) => s !== 'redeeming');

/**
 * The owner commits a standing pointing (POINT_VALID, no cancellation pending or approved) to
 * one of their open finance holdings of the same coin: POINT_LOCKED_MARKET until the holding
 * closes. Record and holding are locked in that order (the job releasing locks takes the record
 * alone), so racing commitments of one record land once (the open-lock index).
 */
export async function lockInFinance(db: Db, userId: string, body: { record_id: string; holding_id: string }) {
  return db.transaction().execute(async (trx) => {
    const r = await repo.lockRecord(trx, body.record_id);
    if (!r || r.user_id !== userId) throw new AppError('POINT_NOT_FOUND');
    if (r.status === 'POINT_RECEIVED') throw new AppError('POINT_NOT_CONFIRMED');
    if (!canLockInFinance(r.status, (await repo.latestCancellation(trx, r.id))?.status)) throw new AppError('POINT_LOCKED');
    const holding = await repo.lockHolding(trx, body.holding_id);
    if (!holding || holding.user_id !== userId) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
    if (holding.coin !== r.coin || !(COMMITTABLE_HOLDING_STATES as readonly string[]).includes(holding.status)) throw new AppError('FINANCE_STATE');
    if (!(await repo.insertFinanceLock(trx, { record_id: r.id, holding_id: holding.id, user_id: userId }))) throw new AppError('POINT_LOCKED');
    const status = movePoint(r.status, 'finance') as PointStatus;
    await repo.updateRecord(trx, r.id, { status });
    return { id: r.id, status, holding_id: holding.id };
  });
}

/** Records whose finance holding has closed come back to POINT_VALID; answers how many. */
export async function releaseFinanceLocks(db: Db, coin: string): Promise<number> {
  let released = 0;
  for (const { record_id } of await repo.financeLocksToRelease(db, coin, FINANCE_OPEN_HOLDING_STATES)) {
    const moved = await db.transaction().execute(async (trx) => {
      const r = await repo.lockRecord(trx, record_id);
      const lock = r ? await repo.openFinanceLock(trx, r.id) : undefined;
      // Released already (a racing worker), or withdrawn on chain meanwhile (the withdrawal closed the lock).
      if (!r || !lock) return false;
      await repo.releaseFinanceLock(trx, lock.id);
      const next = movePoint(r.status, 'financeEnd');
      if (next) await repo.updateRecord(trx, r.id, { status: next });
      return true;
    });
    if (moved) released++;
  }
  return released;
}

// --- records -----------------------------------------------------------------------------------

function recordView(
  r: PointRecordRow & { confirm_address: string; cancellation: CancelRequestStatus | null; cancellation_reason: string | null },
  scale: number,
  tip: number,
  settings: PointingCoinSettings,
): PointRecord {
  const timing = pocTiming(r.coin);
  const lock = termLockBlocks(r.term, settings.notermLockDays, Math.round(86_400 / timing.blockTimeSeconds));
  const amount = BigInt(r.amount_units);
  const at = r.height ?? tip;
  return {
    id: r.id,
    coin: r.coin,
    source_address: r.source_address,
    pool_address: r.pool_address,
    confirm_address: r.confirm_address,
    txid: r.txid,
    type: r.type,
    term: r.term,
    amount: formatAmount(amount, scale),
    actual_pledge: formatAmount(actualPledge(amount, r.term, at, r.withdrawn_height ?? tip, lock), scale),
    counted: formatAmount(BigInt(r.counted_units), scale),
    deposit: formatAmount(BigInt(r.deposit_units), scale),
    penalty: formatAmount(BigInt(r.penalty_units), scale),
    status: r.status,
    display: pointDisplay(r.status),
    height: r.height,
    expiry_height: r.height === null ? null : r.height + lock,
    residual_value: bpText(residualValueBp(r.term, at, r.withdrawn_height ?? tip, lock)),
    transferable: canTransferPoint(r.height ?? undefined, tip),
    cancellation: r.cancellation,
    cancellation_reason: r.cancellation_reason ?? '',
    created_at: r.created_at.toISOString(),
  };
}

export async function listRecords(
  db: Db,
  chains: PointingChains,
  filter: { userId?: string; coin?: string; status?: PointStatus; user?: string; sourceAddress?: string },
  page: PageQuery,
) {
  const { rows, total } = await repo.listRecords(db, filter, page);
  const context = new Map<string, { scale: number; tip: number; settings: PointingCoinSettings }>();
  for (const coin of new Set(rows.map((r) => r.coin))) {
    const pc = chains.get(coin);
    const [rules, settings, tip] = await Promise.all([coinRules(db, coin), pointingSettings(db, coin), pc ? tipOf(pc.chain) : Promise.resolve(0)]);
    context.set(coin, { scale: rules.scale, tip, settings });
  }
  return {
    list: rows.map((r) => {
      const c = context.get(r.coin) as { scale: number; tip: number; settings: PointingCoinSettings };
      return { ...recordView(r, c.scale, c.tip, c.settings), user_id: r.user_id, user_email: r.user_email };
    }),
    total,
  };
}

// --- cancellation ----------------------------------------------------------------------------------

export async function requestCancellation(db: Db, userId: string, recordId: string) {
  return db.transaction().execute(async (trx) => {
    const r = await repo.lockRecord(trx, recordId);
    if (!r || r.user_id !== userId) throw new AppError('POINT_NOT_FOUND');
    const latest = await repo.latestCancellation(trx, r.id);
    if (!canRequestCancellation(r.status, latest?.status)) throw new AppError('POINT_CANCEL_NOT_ALLOWED');
    const row = await repo.insertCancellation(trx, r.id, userId);
    if (!row) throw new AppError('POINT_CANCEL_NOT_ALLOWED');
    return { id: row.id, record_id: r.id, status: row.status };
  });
}

export async function reviewCancellation(db: Db, by: AuditBy, body: { id: string; approve: boolean; reason: string }) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.lockCancellation(trx, body.id);
    if (!before) throw new AppError('POINT_NOT_FOUND');
    if (before.status !== 'PENDING') throw new AppError('POINT_CANCEL_NOT_ALLOWED');
    const record = await repo.lockRecord(trx, before.record_id);
    // A pointing already withdrawn on chain has had its deposit settled: nothing left to approve.
    if (!record || (record.status !== 'POINT_VALID' && record.status !== 'POINT_RECEIVED' && record.status !== 'POINT_LOCKED')) throw new AppError('POINT_CANCEL_NOT_ALLOWED');
    // Approving the unlock of a pointing in mortgage releases it from the mortgage (POINT_LOCKED → POINT_VALID; issue 22).
    if (body.approve && record.status === 'POINT_LOCKED') await repo.updateRecord(trx, record.id, { status: 'POINT_VALID' });
    const after = await repo.reviewCancellation(trx, body.id, {
      status: body.approve ? 'APPROVED' : 'REJECTED',
      reason: body.reason,
      reviewed_by: actorId(by),
    });
    await recordAudit(trx, by, { action: body.approve ? 'point.cancel.approve' : 'point.cancel.reject', target: `point:${before.record_id}`, before, after });
    return { id: after.id, record_id: after.record_id, status: after.status };
  });
}

export async function listCancellations(db: Db, status: CancelRequestStatus | undefined, page: PageQuery) {
  const { rows, total } = await repo.listCancellations(db, status, page);
  const scaleOf = await coinScales(db, rows);
  return {
    list: rows.map((r) => ({
      id: r.id,
      record_id: r.record_id,
      user_id: r.user_id,
      user_email: r.user_email,
      coin: r.coin,
      source_address: r.source_address,
      amount: formatAmount(BigInt(r.amount_units), scaleOf(r.coin)),
      deposit: formatAmount(BigInt(r.deposit_units), scaleOf(r.coin)),
      record_status: r.record_status,
      status: r.status,
      reason: r.reason,
      created_at: r.created_at.toISOString(),
      reviewed_at: r.reviewed_at?.toISOString() ?? null,
    })),
    total,
  };
}

/** The ledger check (issue 22): each user's point_margin bucket holds exactly the margins of its records. */
export async function pointingMismatches(db: Db): Promise<{ detail: string }[]> {
  return (await repo.marginMismatches(db)).map((r) => ({ detail: `user ${r.user_id} ${r.coin} point_margin bucket holds ${r.balance}, its pointings' margins sum to ${r.owed}` }));
}

// --- devnet ------------------------------------------------------------------------------------

/** Development only: sendpledgetoaddress on the devnet chain (to the pool's address unless told). */
export async function devSendPoint(db: Db, chains: PointingChains, body: { coin: string; from: string; to?: string | undefined; amount: string; term: PointTerm }) {
  const pc = chainOf(chains, body.coin);
  if (!pc.devnet) throw new AppError('COIN_NOT_FOUND');
  const rules = await coinRules(db, body.coin);
  let amount: bigint;
  try {
    amount = parseAmount(body.amount, rules.scale);
  } catch {
    throw new AppError('AMOUNT_INVALID');
  }
  if (amount <= 0n) throw new AppError('POINT_AMOUNT_TOO_SMALL');
  const to = body.to ?? pc.poolAddress;
  const { txid } = await pc.devnet.sendPoint(body.from, to, amount, body.term);
  return { txid, to };
}

/** Development only: withdrawpledge on the devnet chain (the user cancelling in the wallet). */
export async function devWithdrawPoint(chains: PointingChains, body: { coin: string; txid: string }) {
  const pc = chainOf(chains, body.coin);
  if (!pc.devnet) throw new AppError('COIN_NOT_FOUND');
  const result = await pc.devnet.withdrawPoint(body.txid);
  if (!result) throw new AppError('POINT_NOT_FOUND');
  return { txid: result.txid, to: pc.poolAddress };
}
