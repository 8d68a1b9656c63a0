import { AppError, plausibilityChecked, plausiblePoints, utcDay, type MinerProtocol, type OutlierView, type ReviewOutlierBody } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { actorId, recordAudit, type AuditBy } from '../admin/audit.ts';
import { dayPointsPerMiner, heldOutlier, insertOutliers, lockSettlementDay, outliersPage, writeOutlierReview } from './outliers.repository.ts';

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
  const outliers = (await dayPointsPerMiner(trx, pool.type, day))
    .map((r) => ({ ...r, bound: plausiblePoints({ capacityBytes: BigInt(r.capacity_bytes), hashrate: BigInt(r.hashrate) }, DAY_SECONDS, pool.toleranceBp) }))
    .filter((r) => BigInt(r.points) > r.bound);
  if (outliers.length === 0) return 0;
  await insertOutliers(
    trx,
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
  );
  return outliers.length;
}

export { verifiedContributions } from './outliers.repository.ts';

/** The outliers for the operator, held ones first, newest first. */
export async function listOutliers(db: Db, query: { pool?: string; status?: 'held' | 'released' | 'refused'; page: number; count: number }) {
  const { rows, total } = await outliersPage(db, query);
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
    total,
  };
}

/**
 * Reviews a held outlier: released, its points count in its own day's settlement if that has
 * not been decided yet, else in today's (the next to be decided); refused, they never count.
 * The day's settlement row is locked, so a release never races the decision of its day.
 */
export async function reviewOutlier(db: Db, by: AuditBy, body: ReviewOutlierBody, now = new Date()): Promise<OutlierView['status']> {
  const adminId = actorId(by);
  return db.transaction().execute(async (trx) => {
    const outlier = await heldOutlier(trx, body.id);
    if (!outlier) throw new AppError('INVALID_PARAMETER', { field: 'id' });
    const settled = await lockSettlementDay(trx, outlier.pool, outlier.day);
    const decided = settled === 'SETTLEMENT' || settled === 'UNSETTLEMENT';
    const status = body.decision === 'release' ? 'released' : 'refused';
    const countedDay = status === 'released' ? (decided ? utcDay(now) : outlier.day) : null;
    await writeOutlierReview(trx, body.id, { status, counted_day: countedDay, reviewed_by: adminId, reviewed_at: now });
    await recordAudit(trx, by, {
      action: body.decision === 'release' ? 'releaseoutlier' : 'refuseoutlier',
      target: `pool:${outlier.pool}`,
      before: { id: body.id, ...outlier, status: 'held' },
      after: { status, counted_day: countedDay },
    });
    return status;
  });
}
