import { AppError, type BindReviewResult } from '@platter/domain';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import type { BindStatus, PlotFlag, PlotReview } from './pool.schema.ts';
import { lockWaitingPlot, plotCoin, writeReview } from './reviews.repository.ts';

/**
 * The back office's capacity reviews (spec doc 2 §2 capacity_review and capacity_unbind, §7
 * auditbindplotter, auditunbindplotter, auditcancelbindplotter; doc 1 §4 'Plots and miners').
 *
 * - A binding waits in BIND_SENT with review 'pending'. Approved, the worker confirms it after
 *   the coin's confirmations (CONFIRMED); rejected (a reason is required), the plot is unbound
 *   again and shows the reason; the user may bind it again.
 * - An unbinding waits in UNBIND_AUDITING. Approved, it is sent (UNBIND_SENT, counted from the
 *   current height) and the worker finishes it (UNBIND); rejected, the binding stays CONFIRMED.
 * - Cancel: a binding still in BIND_SENT (a user's request through support) is withdrawn.
 *
 * Each item is decided in one conditional UPDATE of its row: of two reviewers deciding the
 * same item at once, exactly one changes it; the other is told it was skipped (201). Each
 * decision writes an audit entry in the same transaction.
 */

type Decision = 'approve_bind' | 'reject_bind' | 'approve_unbind' | 'reject_unbind' | 'cancel_bind';

const ACTIONS: Record<Decision, string> = {
  approve_bind: 'auditbindplotter:approve',
  reject_bind: 'auditbindplotter:reject',
  approve_unbind: 'auditunbindplotter:approve',
  reject_unbind: 'auditunbindplotter:reject',
  cancel_bind: 'auditcancelbindplotter',
};

interface Change {
  bind_status?: BindStatus | null;
  flag?: PlotFlag | null;
  bind_address?: string | null;
  bind_height?: number;
  review: PlotReview;
}

async function decideOne(db: Db, by: AuditBy, id: string, decision: Decision, reason: string, height: () => Promise<number>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const wait = decision === 'approve_unbind' || decision === 'reject_unbind' ? 'unbind' : decision === 'cancel_bind' ? 'bind_sent' : 'bind_pending';
    // The row lock makes the second reviewer wait, then find the item no longer waiting.
    const before = await lockWaitingPlot(trx, id, wait);
    if (!before) return false;
    const unbound: Change = { bind_status: null, flag: 'UNBOUND', bind_address: null, review: decision === 'cancel_bind' ? 'canceled' : 'rejected' };
    const change: Change =
      decision === 'approve_bind'
        ? { review: 'approved' }
        : decision === 'approve_unbind'
          ? { bind_status: 'UNBIND_SENT', bind_height: await height(), review: 'approved' }
          : decision === 'reject_unbind'
            ? { bind_status: 'CONFIRMED', review: 'rejected' }
            : unbound;
    await writeReview(trx, id, change, reason || null, typeof by === 'string' ? (by === 'cli' ? null : by) : by.id);
    await recordAudit(trx, by, {
      action: ACTIONS[decision],
      target: `plots:${id}`,
      before: { bind_status: before.bind_status, review: before.review, bind_address: before.bind_address },
      after: {
        bind_status: change.bind_status === undefined ? before.bind_status : change.bind_status,
        review: change.review,
        bind_address: change.bind_address === undefined ? before.bind_address : change.bind_address,
      },
      detail: { pool: before.pool, plot_id: before.plot_id, user_id: before.user_id, reason },
    });
    return true;
  });
}

async function decide(db: Db, chains: ChainRegistry, by: AuditBy, ids: readonly string[], decision: Decision, reason: string): Promise<BindReviewResult> {
  const result: BindReviewResult = { done: [], skipped: [] };
  const heights = new Map<string, number>();
  for (const id of [...new Set(ids)]) {
    const height = async () => {
      const coin = await plotCoin(db, id);
      const known = heights.get(coin) ?? (await chains.adapter(coin).height());
      heights.set(coin, known);
      return known;
    };
    try {
      if (await decideOne(db, by, id, decision, reason, height)) result.done.push(id);
      else result.skipped.push({ id, code: new AppError('FAILED').code });
    } catch (error) {
      if (error instanceof AppError) result.skipped.push({ id, code: error.code });
      else throw error;
    }
  }
  return result;
}

/** auditbindplotter: approve bindings waiting for review, or reject them with a reason. */
export function reviewBindings(db: Db, chains: ChainRegistry, by: AuditBy, ids: readonly string[], approve: boolean, reason: string) {
  return decide(db, chains, by, ids, approve ? 'approve_bind' : 'reject_bind', reason);
}

/** auditunbindplotter: approve unbindings (UNBIND_AUDITING → UNBIND_SENT), or reject them with a reason. */
export function reviewUnbindings(db: Db, chains: ChainRegistry, by: AuditBy, ids: readonly string[], approve: boolean, reason: string) {
  return decide(db, chains, by, ids, approve ? 'approve_unbind' : 'reject_unbind', reason);
}

/** auditcancelbindplotter: withdraw bindings not confirmed yet (BIND_SENT), with a reason. */
export function cancelBindings(db: Db, chains: ChainRegistry, by: AuditBy, ids: readonly string[], reason: string) {
  return decide(db, chains, by, ids, 'cancel_bind', reason);
}
