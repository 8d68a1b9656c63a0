import { MINER_ONLINE_SECONDS, type MergePoolFarm } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { farmRigs, mergedPools } from './mergePool.repository.ts';
import { dashboardSummary, poolOf } from './views.ts';

/**
 * The user's farm across a merge pool (issue 21): BHD's plots mine LHD, HDD and XHD too, so
 * the rigs that mine several of these pools are one farm. Its capacity is the mean of the
 * coins' estimates that are not zero — each coin's deadlines estimate the same plots, so the
 * mean is a steadier figure than any one coin's; a coin the farm does not mine (its plotter
 * not bound on that chain) has none and does not count. Each coin keeps its own figures and
 * income: the coins pay different shares of their block yield (spec doc 1 §9). Null for a
 * pool whose coin no other coin merges with.
 */
export async function mergePoolFarm(db: Db, userId: string, pool: string, now = new Date()): Promise<MergePoolFarm | null> {
  await poolOf(db, pool);
  const group = await mergedPools(db, pool);
  // Two pools of one coin (Chia's and Chia PP's) are not merged mining: other coins must share the plots.
  if (!group || group.coins < 2) return null;
  const [coins, rigs] = await Promise.all([
    Promise.all(group.pools.map((p) => dashboardSummary(db, userId, p, now))),
    farmRigs(db, userId, group.pools, new Date(now.getTime() - MINER_ONLINE_SECONDS * 1000)),
  ]);
  const estimates = coins.map((c) => BigInt(c.capacity)).filter((c) => c > 0n);
  const capacity = estimates.length === 0 ? 0n : estimates.reduce((a, b) => a + b, 0n) / BigInt(estimates.length);
  return {
    merge_pool: group.mergePool,
    pool_type: group.poolType,
    pools: group.pools,
    online: rigs.filter((r) => r.online).length,
    offline: rigs.filter((r) => !r.online).length,
    capacity: capacity.toString(),
    reported_capacity: rigs.reduce((sum, r) => sum + BigInt(r.reported), 0n).toString(),
    coins,
  };
}
