import { AppError, plausibilityChecked, plausiblePoints, utcDay, type MinerProtocol, type OutlierView, type ReviewOutlierBody } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';

/**
 * Plausibility on top of verified work (issue 18): a miner's points of a day may not exceed
 * what its capacity or hashrate could produce in it (plausiblePoints, with the pool's
 * tolerance). The settlement holds a miner above the bound out of the day's split and lists it
 * for the operator, who releases (the points count in the next settlement) or refuses it.
 */

const DAY_SECONDS = 86_400;

/**
 * Holds the day's outliers of a pool whose points plausibility checks (a trusted proxy's count).
 * Runs inside the settlement's transaction, before its contributions are read.
 */
export async function holdImplausible(trx: Db, pool: { type: string; protocol: string; toleranceBp: number }, day: string): Promise<number> {
  if (!plausibilityChecked(pool.protocol as MinerProtocol)) return 0;
  const rows = await sql<{ miner_id: string; user_id: string; points: string; capacity_bytes: string; hashrate: string }>`
    SELECT s.miner_id, s.user_id, sum(s.difficulty)::text AS points, coalesce(m.capacity_bytes, 0)::text AS capacity_bytes, coalesce(m.hashrate, 0)::text AS hashrate
    FROM shares s LEFT JOIN miners m ON m.id = s.miner_id
    WHERE s.day = ${day}::date AND s.pool = ${pool.type}
    GROUP BY s.miner_id, s.user_id, m.capacity_bytes, m.hashrate`.execute(trx);
  const outliers = rows.rows
    .map((r) => ({ ...r, bound: plausiblePoints({ capacityBytes: BigInt(r.capacity_bytes), hashrate: BigInt(r.hashrate) }, DAY_SECONDS, pool.toleranceBp) }))
    .filter((r) => BigInt(r.points) > r.bound);
  if (outliers.length === 0) return 0;
  await trx
    .insertInto('share_outliers')
    .values(
      outliers.map((o) => ({
        pool: pool.type,
        day,
        user_id: o.user_id,
        miner_id: o.miner_id,
        points: o.points,
        bound_points: o.bound,
        capacity_bytes: o.capacity_bytes,
        hashrate: o.hashrate,
      })),
    )
    .onConflict((oc) => oc.columns(['pool', 'day', 'miner_id']).doNothing())
    .execute();
  return outliers.length;
}

/**
 * The (user_id, points) the settlement splits a pool-day by: the day's verified shares, less
 * the miners held or refused that day, plus the outliers released into this day's settlement.
 * Shaped for a day of a million shares: the shares are summed as bigints in one pass (the plain
 * aggregate's own work) while the day's few held miners are probed in a hashed list, and the few
 * released outliers are joined to the members afterwards — not an anti-join that hashes every
 * share, nor a numeric sum per share.
 */
export function verifiedContributions(pool: string, day: string) {
  return sql`
    SELECT coalesce(s.user_id, r.user_id) AS user_id, coalesce(s.points, 0) + coalesce(r.points, 0) AS points
    FROM (
      SELECT user_id, sum(difficulty) AS points FROM shares
      WHERE day = ${day}::date AND pool = ${pool}
        AND miner_id NOT IN (SELECT o.miner_id FROM share_outliers o WHERE o.pool = ${pool} AND o.day = ${day}::date AND o.counted_day IS DISTINCT FROM o.day)
      GROUP BY user_id
    ) s
    FULL JOIN (
      SELECT user_id, sum(points) AS points FROM share_outliers WHERE pool = ${pool} AND counted_day = ${day}::date AND day <> counted_day GROUP BY user_id
    ) r ON r.user_id = s.user_id`;
}

/** The outliers for the operator, held ones first, newest first. */
export async function listOutliers(db: Db, query: { pool?: string; status?: 'held' | 'released' | 'refused'; page: number; count: number }) {
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
  return {
    list: rows.map(
      (r): OutlierView => ({
        id: r.id,
        pool: r.pool,
        day: r.day,
        uid: r.uid,
        email: r.email,
        miner: r.name ?? '',
        points: r.points,
        bound: r.bound_points,
        capacity: r.capacity_bytes,
        hashrate: r.hashrate,
        status: r.status,
        counted_day: r.counted_day,
        reviewed_at: r.reviewed_at ? Math.floor(r.reviewed_at.getTime() / 1000) : null,
      }),
    ),
    total: Number(total),
  };
}

/**
 * Reviews a held outlier: released, its points count in its own day's settlement if that has
 * not been decided yet, else in today's (the next to be decided); refused, they never count.
 * The day's settlement row is locked, so a release never races the decision of its day.
 */
export async function reviewOutlier(db: Db, by: AuditBy, body: ReviewOutlierBody, now = new Date()): Promise<OutlierView['status']> {
  const adminId = by === 'cli' ? null : typeof by === 'string' ? by : by.id;
  return db.transaction().execute(async (trx) => {
    const outlier = await trx
      .selectFrom('share_outliers')
      .select(['pool', 'day', 'user_id', 'points', 'bound_points'])
      .where('id', '=', body.id)
      .where('status', '=', 'held')
      .executeTakeFirst();
    if (!outlier) throw new AppError('INVALID_PARAMETER', { field: 'id' });
    const settlement = await trx.selectFrom('settlements').select('status').where('pool', '=', outlier.pool).where('day', '=', outlier.day).forUpdate().executeTakeFirst();
    const decided = settlement?.status === 'SETTLEMENT' || settlement?.status === 'UNSETTLEMENT';
    const status = body.decision === 'release' ? 'released' : 'refused';
    const countedDay = status === 'released' ? (decided ? utcDay(now) : outlier.day) : null;
    await trx.updateTable('share_outliers').set({ status, counted_day: countedDay, reviewed_by: adminId, reviewed_at: now }).where('id', '=', body.id).execute();
    await recordAudit(trx, by, {
      action: body.decision === 'release' ? 'releaseoutlier' : 'refuseoutlier',
      target: `pool:${outlier.pool}`,
      before: { id: body.id, ...outlier, status: 'held' },
      after: { status, counted_day: countedDay },
    });
    return status;
  });
}
