import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PageQuery } from '../../db/paginate.ts';

/** SQL of the plausibility outliers (outliers.ts holds the rules). */

/** A pool-day's points per miner, with the miner's reported capacity and hashrate. */
export async function dayPointsPerMiner(trx: Db, pool: string, day: string) {
  const rows = await sql<{ miner_id: string; user_id: string; points: string; capacity_bytes: string; hashrate: string }>`
    SELECT s.miner_id, s.user_id, sum(s.points)::text AS points, coalesce(m.capacity_bytes, 0)::text AS capacity_bytes, coalesce(m.hashrate, 0)::text AS hashrate
    FROM share_totals s LEFT JOIN miners m ON m.id = s.miner_id
    WHERE s.day = ${day}::date AND s.pool = ${pool}
    GROUP BY s.miner_id, s.user_id, m.capacity_bytes, m.hashrate`.execute(trx);
  return rows.rows;
}

/** Holds outliers (once per pool, day and miner). */
export async function insertOutliers(
  trx: Db,
  outliers: { pool: string; day: string; user_id: string; miner_id: string; points: string; bound_points: bigint; capacity_bytes: string; hashrate: string }[],
): Promise<void> {
  await trx
    .insertInto('share_outliers')
    .values(outliers)
    .onConflict((oc) => oc.columns(['pool', 'day', 'miner_id']).doNothing())
    .execute();
}

/**
 * The (user_id, points) the settlement splits a pool-day by: the day's verified shares, less
 * the miners held or refused that day, plus the outliers released into this day's settlement.
 * The shares' sums per miner are kept as they are written (share_totals, a trigger on shares), so
 * a day of a million shares is read as one row per miner, in user order (the totals' key), while
 * the day's few held miners are probed in a hashed list; the few released outliers are joined to
 * the members afterwards.
 */
export function verifiedContributions(pool: string, day: string) {
  return sql`
    SELECT coalesce(s.user_id, r.user_id) AS user_id, coalesce(s.points, 0) + coalesce(r.points, 0) AS points
    FROM (
      SELECT user_id, sum(points) AS points FROM share_totals
      WHERE day = ${day}::date AND pool = ${pool}
        AND miner_id NOT IN (SELECT o.miner_id FROM share_outliers o WHERE o.pool = ${pool} AND o.day = ${day}::date AND o.counted_day IS DISTINCT FROM o.day)
      GROUP BY user_id
    ) s
    FULL JOIN (
      SELECT user_id, sum(points) AS points FROM share_outliers WHERE pool = ${pool} AND counted_day = ${day}::date AND day <> counted_day GROUP BY user_id
    ) r ON r.user_id = s.user_id`;
}

/** The outliers with their user and miner, held ones first, newest first: a page and the total. */
export async function outliersPage(db: Db, query: PageQuery & { pool?: string; status?: 'held' | 'released' | 'refused' }) {
  let base = db.selectFrom('share_outliers as o').innerJoin('users as u', 'u.id', 'o.user_id').leftJoin('miners as m', 'm.id', 'o.miner_id');
  if (query.pool) base = base.where('o.pool', '=', query.pool);
  if (query.status) base = base.where('o.status', '=', query.status);
  const { total } = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['o.id', 'o.pool', 'o.day', 'u.uid', 'u.email', 'm.name', 'o.points', 'o.bound_points', 'o.capacity_bytes', 'o.hashrate', 'o.status', 'o.counted_day', 'o.reviewed_at'])
    .orderBy(sql`o.status = 'held'`, 'desc')
    .orderBy('o.day', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.count)
    .offset((query.page - 1) * query.count)
    .execute();
  return { rows, total: Number(total) };
}

/** A held outlier, if it is one. */
export async function heldOutlier(trx: Db, id: string) {
  return trx.selectFrom('share_outliers').select(['pool', 'day', 'user_id', 'points', 'bound_points']).where('id', '=', id).where('status', '=', 'held').executeTakeFirst();
}

/** The pool-day's settlement status, its row locked (a release never races the day's decision). */
export async function lockSettlementDay(trx: Db, pool: string, day: string) {
  return (await trx.selectFrom('settlements').select('status').where('pool', '=', pool).where('day', '=', day).forUpdate().executeTakeFirst())?.status;
}

export async function writeOutlierReview(
  trx: Db,
  id: string,
  review: { status: 'released' | 'refused'; counted_day: string | null; reviewed_by: string | null; reviewed_at: Date },
): Promise<void> {
  await trx.updateTable('share_outliers').set(review).where('id', '=', id).execute();
}
