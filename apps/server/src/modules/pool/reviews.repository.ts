import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BindStatus, PlotFlag, PlotReview } from './pool.schema.ts';

/** SQL of the capacity reviews (reviews.ts holds the rules). */

/** What a review waits on: a binding sent and pending review, a binding still sent (cancel), or an unbinding. */
export type ReviewWait = 'bind_pending' | 'bind_sent' | 'unbind';

/** The plot, locked, if it still waits as `wait` says (the second reviewer waits here, then finds it decided). */
export async function lockWaitingPlot(trx: Db, id: string, wait: ReviewWait) {
  let query = trx.selectFrom('plots').select(['id', 'pool', 'plot_id', 'user_id', 'bind_status', 'review', 'bind_address']).where('id', '=', id);
  if (wait === 'unbind') query = query.where('bind_status', '=', 'UNBIND_AUDITING');
  else if (wait === 'bind_sent') query = query.where('bind_status', '=', 'BIND_SENT');
  else query = query.where('bind_status', '=', 'BIND_SENT').where('review', '=', 'pending');
  return query.forUpdate().executeTakeFirst();
}

export async function writeReview(
  trx: Db,
  id: string,
  change: { bind_status?: BindStatus | null; flag?: PlotFlag | null; bind_address?: string | null; bind_height?: number; review: PlotReview },
  reason: string | null,
  reviewedBy: string | null,
): Promise<void> {
  await trx
    .updateTable('plots')
    .set({ ...change, review_reason: reason, reviewed_by: reviewedBy, reviewed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The coin of a plot's pool. */
export async function plotCoin(db: Db, id: string): Promise<string> {
  return (await db.selectFrom('plots as p').innerJoin('pools as o', 'o.type', 'p.pool').select('o.coin').where('p.id', '=', id).executeTakeFirstOrThrow()).coin;
}
