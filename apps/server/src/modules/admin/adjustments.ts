import { AppError, type Adjustment, type AdjustmentQuery, type DecideAdjustmentBody, type UpdateBalanceBody, type UpdateBalanceResult } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import { idempotent, postTransaction } from '../../ledger/ledger.service.ts';
import { coinRules, show, units } from '../coins/coins.ts';
import { recordAudit } from './audit.ts';

/**
 * UpdateBalance: a signed change of a user's available balance with its reason, posted against
 * the adjustments account. An adjustment is posted at once only while the adjustments of that
 * coin posted without a second admin in the window (ADJUST_APPROVAL_WINDOW_HOURS) stay within
 * the threshold (ADJUST_APPROVAL_THRESHOLD, whole coins, either sign), counted both for the
 * requesting admin and for the adjusted user, so one large adjustment split into small ones
 * still waits. An admin's adjustment of their own balance always waits. A pending one is
 * decided by another admin, never the requester nor the beneficiary. Every adjustment is a
 * row of balance_adjustments, every decision an audit entry.
 */

/** When an adjustment needs a second admin (the settings). */
export interface ApprovalRule {
  /** ADJUST_APPROVAL_THRESHOLD, whole coins. */
  threshold: string;
  /** ADJUST_APPROVAL_WINDOW_HOURS. */
  windowHours: number;
}

/** The acting admin as the audit log needs them. */
export interface Acting {
  id: string;
  ip?: string | null;
  requestId?: string | null;
}

async function post(trx: Db, adjustment: { id: string; userId: string; coin: string; amount: bigint; reason: string; by: string }): Promise<string> {
  const { transactionId } = await postTransaction(trx, {
    kind: 'adjustment',
    reference: `adjustment:${adjustment.id}`,
    memo: adjustment.reason,
    createdBy: adjustment.by,
    postings: [
      { account: { kind: 'system', code: 'adjustments', coin: adjustment.coin }, amount: -adjustment.amount },
      { account: { kind: 'user', userId: adjustment.userId, coin: adjustment.coin, bucket: 'available' }, amount: adjustment.amount },
    ],
  });
  return transactionId;
}

const abs = (value: bigint) => (value < 0n ? -value : value);

/** The threshold (whole coins) in the coin's base units; decimals beyond the coin's scale are dropped. */
export function thresholdUnits(threshold: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = threshold.split('.');
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0');
}

/**
 * The larger of the requester's and the target's sums (absolute, base units) of this coin's
 * adjustments posted without a second admin within the window. The caller holds both parties'
 * adjustment locks, so two requests at once cannot both fit under the threshold.
 */
async function unreviewedInWindow(trx: Db, requester: string, target: string, coin: string, windowHours: number): Promise<bigint> {
  const row = await sql<{ by_requester: string; to_target: string }>`
    SELECT coalesce(sum(abs(amount)) FILTER (WHERE requested_by = ${requester}), 0)::text AS by_requester,
           coalesce(sum(abs(amount)) FILTER (WHERE user_id = ${target}), 0)::text AS to_target
      FROM balance_adjustments
     WHERE coin = ${coin} AND status = 'posted' AND decided_by IS NULL
       AND (requested_by = ${requester} OR user_id = ${target})
       AND created_at > now() - make_interval(secs => ${windowHours * 3600})`.execute(trx);
  const sums = row.rows[0] ?? { by_requester: '0', to_target: '0' };
  const [a, b] = [BigInt(sums.by_requester), BigInt(sums.to_target)];
  return a > b ? a : b;
}

/** Serialises the adjustments requested by, or made to, these users (ids in one order: no deadlock). */
async function lockAdjustmentParties(trx: Db, ...userIds: string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtext(${`platter:adjust:${id}`}))`.execute(trx);
}

/** UpdateBalance (idempotent on request_id): posted now, or pending a second admin's approval. */
export async function requestAdjustment(db: Db, by: Acting, body: UpdateBalanceBody, rule: ApprovalRule): Promise<UpdateBalanceResult> {
  const coin = await coinRules(db, body.coin);
  const amount = units(body.amount, coin.scale);
  if (amount === 0n) throw new AppError('AMOUNT_INVALID');
  const user = await db.selectFrom('users').select(['id']).where('uid', '=', body.uid).executeTakeFirst();
  if (!user) throw new AppError('USER_NOT_EXIST');
  const limit = thresholdUnits(rule.threshold, coin.scale);
  return idempotent(db, `adjust:${by.id}`, body.request_id, body, async (trx) => {
    await lockAdjustmentParties(trx, by.id, user.id);
    const needsApproval = user.id === by.id || abs(amount) + (await unreviewedInWindow(trx, by.id, user.id, coin.type, rule.windowHours)) > limit;
    const row = await trx
      .insertInto('balance_adjustments')
      .values({ user_id: user.id, coin: coin.type, amount, reason: body.reason, request_id: body.request_id, requested_by: by.id, status: needsApproval ? 'pending' : 'posted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    let transactionId = '';
    if (!needsApproval) {
      transactionId = await post(trx, { id: row.id, userId: user.id, coin: coin.type, amount, reason: body.reason, by: by.id });
      await trx.updateTable('balance_adjustments').set({ transaction_id: transactionId }).where('id', '=', row.id).execute();
    }
    const status = needsApproval ? ('pending' as const) : ('posted' as const);
    await recordAudit(trx, by, {
      action: 'UpdateBalance',
      target: `user:${body.uid}`,
      after: { adjustment_id: row.id, status, coin: coin.type, amount: show(amount, coin.scale), ...(transactionId ? { transaction_id: transactionId } : {}) },
      detail: { reason: body.reason },
    });
    return { status, adjustment_id: row.id, transaction_id: transactionId };
  });
}

/**
 * A second admin approves (posted in the same transaction) or rejects a pending adjustment.
 * The row is locked: of two approvals at once, one posts and the other finds it decided.
 */
export async function decideAdjustment(db: Db, by: Acting, body: DecideAdjustmentBody): Promise<Adjustment> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('balance_adjustments').selectAll().where('id', '=', body.id).forUpdate().executeTakeFirst();
    if (!row) throw new AppError('INVALID_PARAMETER', { field: 'id' });
    if (row.status !== 'pending') throw new AppError('FAILED', { status: row.status });
    if (row.requested_by === by.id) throw new AppError('ACCESS_FORBIDDEN', { reason: 'own adjustment' });
    if (row.user_id === by.id) throw new AppError('ACCESS_FORBIDDEN', { reason: 'adjustment of own balance' });
    const coin = await coinRules(trx, row.coin);
    const target = await trx.selectFrom('users').select('uid').where('id', '=', row.user_id).executeTakeFirstOrThrow();
    const amount = BigInt(row.amount);
    if (body.approve) {
      const transactionId = await post(trx, { id: row.id, userId: row.user_id, coin: row.coin, amount, reason: row.reason, by: by.id });
      await trx
        .updateTable('balance_adjustments')
        .set({ status: 'posted', decided_by: by.id, decided_at: sql`now()`, transaction_id: transactionId })
        .where('id', '=', row.id)
        .execute();
      await recordAudit(trx, by, {
        action: 'approve_adjustment',
        target: `user:${target.uid}`,
        before: { adjustment_id: row.id, status: 'pending' },
        after: { adjustment_id: row.id, status: 'posted', transaction_id: transactionId, coin: row.coin, amount: show(amount, coin.scale) },
      });
    } else {
      await trx
        .updateTable('balance_adjustments')
        .set({ status: 'rejected', decided_by: by.id, decided_at: sql`now()`, reject_reason: body.reason })
        .where('id', '=', row.id)
        .execute();
      await recordAudit(trx, by, {
        action: 'reject_adjustment',
        target: `user:${target.uid}`,
        before: { adjustment_id: row.id, status: 'pending' },
        after: { adjustment_id: row.id, status: 'rejected' },
        detail: { reason: body.reason, coin: row.coin, amount: show(amount, coin.scale) },
      });
    }
  });
  const [decided] = (await listAdjustments(db, { page: 1, count: 1, id: body.id })).list;
  if (!decided) throw new AppError('INVALID_PARAMETER', { field: 'id' });
  return decided;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Adjustments, newest first (pending ones on top when listing every status). */
export async function listAdjustments(db: Db, q: AdjustmentQuery & { id?: string }): Promise<{ list: Adjustment[]; total: number }> {
  let base = db
    .selectFrom('balance_adjustments as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .innerJoin('users as r', 'r.id', 'b.requested_by')
    .leftJoin('users as d', 'd.id', 'b.decided_by')
    .innerJoin('coins as c', 'c.type', 'b.coin');
  if (q.status) base = base.where('b.status', '=', q.status);
  if (q.uid) base = base.where('u.uid', '=', q.uid);
  if (q.id) base = base.where('b.id', '=', q.id);
  const { rows, total } = await paginate(base, q, (from) =>
    from
      .select([
        'b.id',
        'u.uid',
        'u.email',
        'b.coin',
        'b.amount',
        'c.scale',
        'b.reason',
        'b.status',
        'r.uid as r_uid',
        'r.email as r_email',
        'd.email as d_email',
        'b.decided_at',
        'b.reject_reason',
        'b.transaction_id',
        'b.created_at',
      ])
      .orderBy(sql`b.status = 'pending'`, 'desc')
      .orderBy('b.id', 'desc'),
  );
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      uid: r.uid,
      email: r.email,
      coin: r.coin,
      amount: show(r.amount, r.scale),
      reason: r.reason,
      status: r.status,
      requested_by_uid: r.r_uid,
      requested_by: r.r_email,
      decided_by: r.d_email ?? '',
      decided_at: r.decided_at ? seconds(r.decided_at) : null,
      reject_reason: r.reject_reason ?? '',
      transaction_id: r.transaction_id ?? '',
      created_at: seconds(r.created_at),
    })),
  };
}
