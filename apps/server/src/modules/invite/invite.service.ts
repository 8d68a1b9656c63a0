import {
  AppError,
  INVITE_REBATE_DEFAULT_BP,
  K32_BYTES,
  POINTS_PER_K32_PER_DAY,
  addDays,
  canInvite,
  inviteLink,
  maskEmail,
  minSharerCapacity,
  utcDay,
  type PostingInput,
} from '@platter/domain';
import { recordBlock } from '../pool/blocks.ts';
import { recordVerifiedShares } from '../pool/shares.repository.ts';
import { settleDay } from '../settlement/settlement.service.ts';
import type { Db } from '../../db/database.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import { coinRules, show, type CoinRules } from '../coins/coins.ts';
import { inviteRepository as repo, type RebateFilter, type RebateRow } from './invite.repository.ts';

/**
 * Invite and rebate (issue 25; spec doc 1 §1, §3 'Invite'; doc 2 §3 'Invitation').
 *
 * A user's invite id is their public uid; `/register?invite=<uid>` records the inviter with the
 * new (pending) account, in the same transaction, so the activation link carries it on. The
 * invitation is never changed: one row per invitee, a trigger refuses UPDATE and DELETE, and
 * the database refuses a user as their own inviter.
 *
 * The rebate is its own step after the settlement (the job `invite-rebates`): for each settled
 * (pool, day) whose credits are all paid, every invitee's part of the day's pool fee (fee ×
 * points ÷ the day's shared points, floored: memberFee) earns their inviter ⌊part × share ÷
 * 10,000⌋ (inviteRebate; the pool's share is a back-office setting, 20 % by default, 0 off), paid
 * from the `fees` account to the inviter's available balance by one ledger transaction of kind
 * `invite_rebate`. Exactly once per (invitee, pool, day): the day's row is locked FOR UPDATE
 * (racing workers queue and then find it done), the rebate rows have that primary key, and the
 * rows, the ledger transaction and the day's `done_at` commit together — a killed worker leaves
 * nothing and the next run decides the day afresh.
 *
 * The on-chain-reward pools (Spacemesh, Autonomys) have no daily settlement: they take the fee
 * per reward and reverse a reward a reorganisation drops while they still look back at it. Their
 * (pool, UTC day of crediting) is due once the day is over and every reward credited on it is at
 * or below the height the pool's last pass no longer looks back at (recorded by onchain.ts, its
 * own rule); deciding it stamps the day's rewards final (never reversed after, the row locks
 * ordering the two) and each invitee's part is the sum of their own rewards' fees — no points
 * split; a reward reversed before pays nothing. Same lock, same rows, same ledger transaction.
 */

/** The invitee named by a registration's invite id, or INVALID_PARAMETER (field invite) for an unknown one. */
export async function inviterFor(db: Db, invite: string | undefined): Promise<string | undefined> {
  if (invite === undefined) return undefined;
  const inviter = await repo.inviterByUid(db, invite);
  if (!inviter) throw new AppError('INVALID_PARAMETER', { field: 'invite' });
  return inviter.id;
}

/** Records who invited a new account (in the registration's transaction). */
export async function recordInvitation(trx: Db, inviteeId: string, inviterId: string): Promise<void> {
  if (!canInvite(inviterId, inviteeId)) throw new AppError('INVALID_PARAMETER', { field: 'invite' });
  await repo.insertInvitation(trx, inviteeId, inviterId);
}

export async function checkInvite(db: Db, invite: string): Promise<{ valid: boolean }> {
  return { valid: (await repo.inviterByUid(db, invite)) !== undefined };
}

/** A tiny per-call cache of the coins' rules (amounts are shown at each coin's scale). */
function coinsOf(db: Db) {
  const known = new Map<string, Promise<CoinRules>>();
  return (coin: string) => {
    let rules = known.get(coin);
    if (!rules) known.set(coin, (rules = coinRules(db, coin)));
    return rules;
  };
}

const percent = (bp: number) => String(bp / 100);

export async function inviteInfo(db: Db, userId: string, publicUrl: string) {
  const uid = await repo.uidOf(db, userId);
  const coin = coinsOf(db);
  const totals = await repo.totalsByCoin(db, userId);
  const inviter = await repo.inviterOf(db, userId);
  return {
    invite_id: uid,
    link: inviteLink(publicUrl, uid),
    invited: await repo.countInvitees(db, userId),
    rebates: await Promise.all(
      totals.map(async (t) => {
        const rules = await coin(t.coin);
        return { coin: t.coin, unit: rules.unit, total: show(t.total, rules.scale) };
      }),
    ),
    invited_by: inviter?.uid ?? null,
  };
}

export async function listInvitees(db: Db, userId: string, paging: { page: number; count: number }) {
  const [rows, total] = await Promise.all([repo.invitees(db, userId, paging), repo.countInvitees(db, userId)]);
  return { list: rows.map((r) => ({ invitee: maskEmail(r.email), registered_at: r.created_at.toISOString(), active: r.status === 'active' })), total };
}

async function rebateView(db: Db, rows: RebateRow[]) {
  const coin = coinsOf(db);
  return Promise.all(
    rows.map(async (r) => {
      const { scale, unit } = await coin(r.coin);
      return {
        day: r.day,
        pool: r.pool,
        coin: r.coin,
        unit,
        income: show(r.income_units, scale),
        fee: show(r.fee_units, scale),
        share: percent(r.share_bp),
        rebate: show(r.rebate_units, scale),
        r,
      };
    }),
  );
}

/**
 * The rebates an inviter received (invitees' e-mails masked), or — side invitee — those the
 * user's own mining earned their inviter: each sees the rebate in their records. Newest first.
 */
export async function listRebates(db: Db, userId: string, q: { page: number; count: number; coin?: string | undefined; pool?: string | undefined; side?: 'inviter' | 'invitee' }) {
  const who: RebateFilter = q.side === 'invitee' ? { inviteeId: userId } : { inviterId: userId };
  const filter: RebateFilter = { ...who, ...(q.coin ? { coin: q.coin } : {}), ...(q.pool ? { pool: q.pool } : {}) };
  const [rows, total] = await Promise.all([repo.rebates(db, filter, q), repo.countRebates(db, filter)]);
  return { list: (await rebateView(db, rows)).map(({ r, ...v }) => ({ ...v, invitee: maskEmail(r.invitee_email) })), total };
}

// --- back office --------------------------------------------------------------------------------

export async function adminInvitations(db: Db, q: { page: number; count: number; uid?: string | undefined }) {
  const [rows, total] = await Promise.all([repo.adminInvitations(db, q.uid || undefined, q), repo.countAdminInvitations(db, q.uid || undefined)]);
  return {
    list: rows.map((r) => ({
      invitee_uid: r.invitee_uid,
      invitee_email: r.invitee_email,
      inviter_uid: r.inviter_uid,
      inviter_email: r.inviter_email,
      created_at: r.created_at.toISOString(),
    })),
    total,
  };
}

export async function adminRebates(db: Db, q: { page: number; count: number; uid?: string | undefined; pool?: string | undefined; day?: string | undefined }) {
  const filter: RebateFilter = { ...(q.uid ? { uid: q.uid } : {}), ...(q.pool ? { pool: q.pool } : {}), ...(q.day ? { day: q.day } : {}) };
  const [rows, total] = await Promise.all([repo.rebates(db, filter, q), repo.countRebates(db, filter)]);
  return {
    list: (await rebateView(db, rows)).map(({ r, ...v }) => ({
      ...v,
      invitee_uid: r.invitee_uid,
      invitee_email: r.invitee_email,
      inviter_uid: r.inviter_uid,
      inviter_email: r.inviter_email,
    })),
    total,
  };
}

const shareOf = (bp: number | null | undefined) => bp ?? INVITE_REBATE_DEFAULT_BP;

export async function poolShares(db: Db) {
  const rows = await repo.poolShares(db);
  return { list: rows.map((r) => ({ pool: r.pool, coin: r.coin, fee: percent(r.fee_bp), share_bp: shareOf(r.share_bp) })) };
}

/** Sets a pool's rebate share (from the next settled day the job decides on); audited. */
export async function setPoolShare(db: Db, by: AuditBy, body: { pool: string; share_bp: number }) {
  return db.transaction().execute(async (trx) => {
    const pool = (await repo.poolShares(trx)).find((p) => p.pool === body.pool);
    if (!pool) throw new AppError('POOL_NOT_FOUND');
    await repo.setPoolShare(trx, body.pool, body.share_bp);
    await recordAudit(trx, by, { action: 'invite.pool.share', target: `pool:${body.pool}`, before: { share_bp: shareOf(pool.share_bp) }, after: { share_bp: body.share_bp } });
    return { pool: pool.pool, coin: pool.coin, fee: percent(pool.fee_bp), share_bp: body.share_bp };
  });
}

// --- the rebate step ----------------------------------------------------------------------------

export interface RebateDayOutcome {
  /** False when the day was decided already (an earlier run, another worker) or is not settled yet. */
  ran: boolean;
  invitees: number;
  rebate: bigint;
}

/** A (pool, day) ready to decide: its coin, its fee, and how its invitees' rebates are written. */
interface DueDay {
  coin: string;
  fee: bigint;
  insert(shareBp: number): Promise<{ invitees: number; credits: { inviterId: string; amount: bigint }[] }>;
}

/** A daily-settled pool's day, once settled with its credits paid (undefined before: a later run decides it). */
async function settledDue(trx: Db, pool: string, day: string): Promise<DueDay | undefined> {
  const settled = await repo.settledDay(trx, pool, day);
  if (!settled || settled.status !== 'SETTLEMENT' || !settled.credits_applied_at) return undefined;
  const rules = await coinRules(trx, settled.coin);
  const fee = BigInt(settled.fee_units);
  return { coin: settled.coin, fee, insert: (shareBp) => repo.insertRebates(trx, { pool, day, coin: settled.coin, fee, shareBp, minCapacity: minSharerCapacity(rules) }) };
}

/**
 * An on-chain-reward pool's day, once over and every reward credited on it past the pool's
 * look-back (onchain.ts records what its last pass no longer looks back at); deciding it makes
 * its rewards final. Each reward's fee is its owner's own: an invitee's part is their rewards' fees.
 */
async function onchainDue(trx: Db, pool: string, day: string): Promise<DueDay | undefined> {
  const decided = await repo.decideOnchainDay(trx, pool, day);
  if (!decided) return undefined;
  return { ...decided, insert: (shareBp) => repo.insertOnchainRebates(trx, { pool, day, coin: decided.coin, shareBp }) };
}

/** Decides one (pool, day)'s rebates — a settled day, or an on-chain-reward pool's day: safe to call any number of times, concurrently. */
export async function rebateDay(db: Db, pool: string, day: string): Promise<RebateDayOutcome> {
  return db.transaction().execute(async (trx) => {
    const lock = await repo.lockDay(trx, pool, day);
    if (lock.done_at) return { ran: false, invitees: 0, rebate: 0n };
    // Not due yet (not settled, credits still moving, rewards still reversible): the day stays open for a later run.
    const due = await ((await repo.isOnchainPool(trx, pool)) ? onchainDue : settledDue)(trx, pool, day);
    if (!due) return { ran: false, invitees: 0, rebate: 0n };
    const shareBp = shareOf(await repo.poolShare(trx, pool));
    const { fee, coin } = due;
    const { invitees, credits } = fee > 0n && shareBp > 0 ? await due.insert(shareBp) : { invitees: 0, credits: [] as { inviterId: string; amount: bigint }[] };
    const rebate = credits.reduce((sum, c) => sum + c.amount, 0n);
    let transactionId: string | null = null;
    if (rebate > 0n) {
      const postings: PostingInput[] = [
        { account: { kind: 'system', code: 'fees', coin }, amount: -rebate },
        ...credits.map((c): PostingInput => ({ account: { kind: 'user', userId: c.inviterId, coin, bucket: 'available' }, amount: c.amount })),
      ];
      ({ transactionId } = await postTransaction(trx, { kind: 'invite_rebate', reference: `invite-rebate:${pool}:${day}`, postings }));
    }
    await repo.finishDay(trx, pool, day, { shareBp, fee, rebate, invitees, transactionId });
    return { ran: true, invitees, rebate };
  });
}

/** Days decided per run (the rest wait for the next run). */
const DAYS_PER_RUN = 500;

/** The job's step: every due day (settled, or an on-chain-reward pool's day past the look-back) whose rebates are not decided yet. Answers the days decided now and what they paid. */
export async function rebateDue(db: Db): Promise<{ days: number; rebates: bigint }> {
  let days = 0;
  let rebates = 0n;
  for (const { pool, day } of await repo.dueDays(db, DAYS_PER_RUN)) {
    const outcome = await rebateDay(db, pool, day);
    if (outcome.ran) days++;
    rebates += outcome.rebate;
  }
  return { days, rebates };
}

// --- development only ---------------------------------------------------------------------------

/**
 * The devnet's stand-in for a day of mining (development helpers only; the browser test): the
 * user's verified share of `plots` K32 plots and a block of 2 coins on the pool now, then the
 * pool's day settled as if it had ended. Use a pool the simulator does not mine: its day closes.
 */
export async function devMinedDay(db: Db, userId: string, body: { pool: string; plots: number }, now = new Date()): Promise<{ day: string }> {
  const pool = await repo.poolCoin(db, body.pool);
  if (!pool) throw new AppError('POOL_NOT_FOUND');
  const rules = await coinRules(db, pool.coin);
  const at = new Date(now.getTime() - 60_000);
  const minerId = await repo.devMiner(db, { userId, pool: body.pool, name: 'dev-rig', capacity: K32_BYTES * BigInt(body.plots), at });
  await recordVerifiedShares(db, [{ pool: body.pool, userId, minerId, difficulty: POINTS_PER_K32_PER_DAY * BigInt(body.plots), at }]);
  const { id } = await recordBlock(db, { pool: body.pool, height: now.getTime(), foundAt: at, finderUserId: null, finderMinerId: null, reward: 2n * 10n ** BigInt(rules.scale) });
  const day = (await repo.blockDay(db, id)) ?? utcDay(now);
  await settleDay(db, body.pool, day, new Date(`${addDays(day, 1)}T00:00:01Z`));
  return { day };
}
