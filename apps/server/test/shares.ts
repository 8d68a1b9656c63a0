import { K32_BYTES, POINTS_PER_K32_PER_DAY } from '@platter/domain';
import type { Db } from '../src/db/database.ts';
import { recordVerifiedShares } from '../src/modules/pool/shares.repository.ts';

/**
 * A miner's verified work, written as the pool's verified paths write it (a PP partial, an OG
 * proof, a deadline, a PoW solution): the miner row (by name, with its capacity) and one share
 * carrying `difficulty` points. Tests of the settlement use it; self-reports no longer earn.
 */
export async function verifiedWork(db: Db, work: { userId: string; pool: string; difficulty: bigint | number; at: Date; miner?: string; capacity?: bigint }): Promise<string> {
  const name = work.miner ?? `rig-${work.userId}`;
  const miner = await db
    .insertInto('miners')
    .values({ user_id: work.userId, pool: work.pool, name, capacity_bytes: work.capacity ?? 0n, last_seen_at: work.at })
    .onConflict((oc) => oc.columns(['user_id', 'pool', 'name']).doUpdateSet({ last_seen_at: work.at }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordVerifiedShares(db, [{ pool: work.pool, userId: work.userId, minerId: miner.id, difficulty: work.difficulty, at: work.at }]);
  return miner.id;
}

/** A farm of `plots` K32 plots' whole day of work as one share (difficulty = the day's points, the pool's own estimate). */
export async function k32FarmDay(db: Db, work: { userId: string; pool: string; plots: number; at: Date }): Promise<string> {
  return verifiedWork(db, { userId: work.userId, pool: work.pool, difficulty: POINTS_PER_K32_PER_DAY * BigInt(work.plots), at: work.at, capacity: K32_BYTES * BigInt(work.plots) });
}
