import { AppError, type Adjustment, type AdjustmentQuery, type DecideAdjustmentBody, type UpdateBalanceBody, type UpdateBalanceResult } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { idempotent, postTransaction } from '../../ledger/ledger.service.ts';
import { coinRules, show, units } from '../coins/coins.ts';
import { adjustmentsRepository as repo } from './adjustments.repository.ts';
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
  const sums = await repo.unreviewedInWindow(trx, requester, target, coin, windowHours);
  const [a, b] = [BigInt(sums.by_requester), BigInt(sums.to_target)];
  return a > b ? a : b;
}

/** Serialises the adjustments requested by, or made to, these users (ids in one order: no deadlock). */
async function lockAdjustmentParties(trx: Db, ...userIds: string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort()) await repo.lockParty(trx, id);
}

/** UpdateBalance (idempotent on request_id): posted now, or pending a second admin's approval. */
export async function requestAdjustment(db: Db, by: Acting, body: UpdateBalanceBody, rule: ApprovalRule): Promise<UpdateBalanceResult> {
  const coin = await coinRules(db, body.coin);
  const amount = units(body.amount, coin.scale);
  if (amount === 0n) throw new AppError('AMOUNT_INVALID');
  const user = await repo.userByUid(db, body.uid);
  if (!user) throw new AppError('USER_NOT_EXIST');
  const limit = thresholdUnits(rule.threshold, coin.scale);
  return idempotent(db, `adjust:${by.id}`, body.request_id, body, async (trx) => {
    await lockAdjustmentParties(trx, by.id, user.id);
    const needsApproval = user.id === by.id || abs(amount) + (await unreviewedInWindow(trx, by.id, user.id, coin.type, rule.windowHours)) > limit;
    const row = await repo.insert(trx, {
      user_id: user.id,
      coin: coin.type,
      amount,
      reason: body.reason,
      request_id: body.request_id,
      requested_by: by.id,
      status: needsApproval ? 'pending' : 'posted',
    });
    let transactionId = '';
    if (!needsApproval) {
      transactionId = await post(trx, { id: row.id, userId: user.id, coin: coin.type, amount, reason: body.reason, by: by.id });
      await repo.setTransaction(trx, row.id, transactionId);
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
    const row = await repo.lock(trx, body.id);
    if (!row) throw new AppError('INVALID_PARAMETER', { field: 'id' });
    if (row.status !== 'pending') throw new AppError('FAILED', { status: row.status });
    if (row.requested_by === by.id) throw new AppError('ACCESS_FORBIDDEN', { reason: 'own adjustment' });
    if (row.user_id === by.id) throw new AppError('ACCESS_FORBIDDEN', { reason: 'adjustment of own balance' });
    const coin = await coinRules(trx, row.coin);
    const target = await repo.uidOf(trx, row.user_id);
    const amount = BigInt(row.amount);
    if (body.approve) {
      const transactionId = await post(trx, { id: row.id, userId: row.user_id, coin: row.coin, amount, reason: row.reason, by: by.id });
      await repo.markPosted(trx, row.id, by.id, transactionId);
      await recordAudit(trx, by, {
        action: 'approve_adjustment',
        target: `user:${target.uid}`,
        before: { adjustment_id: row.id, status: 'pending' },
        after: { adjustment_id: row.id, status: 'posted', transaction_id: transactionId, coin: row.coin, amount: show(amount, coin.scale) },
      });
    } else {
      await repo.markRejected(trx, row.id, by.id, body.reason);
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
  const { rows, total } = await repo.page(db, q);
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
