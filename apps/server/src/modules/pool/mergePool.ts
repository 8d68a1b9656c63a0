import { MINER_ONLINE_SECONDS, type MergePoolFarm } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { farmMiners, mergedPools } from './mergePool.repository.ts';
import { dashboardSummary, poolOf } from './views.ts';

const mean = (values: bigint[]) => (values.length === 0 ? 0n : values.reduce((a, b) => a + b, 0n) / BigInt(values.length));

/**
 * The user's farm across a merge pool (issue 21): BHD's plots mine LHD, HDD and XHD too, so
 * the rigs that mine several of these pools are one farm. Capacities are the ones estimated
 * from the verified deadlines (each online rig's, per pool, as the miners page shows them):
 * a coin's is the sum over its online rigs; the farm's sums each online rig once, at the mean
 * of its estimates that are not zero — each coin's deadlines estimate the same plots, so the
 * mean is steadier than one coin's, and a coin the rig does not mine (its plotter not bound
 * on that chain) has none and does not count. Each coin keeps its own figures and
 * income: the coins pay different shares of their block yield (spec doc 1 §9). Null for a
 * pool whose coin no other coin merges with.
 */
export async function mergePoolFarm(db: Db, userId: string, pool: string, now = new Date()): Promise<MergePoolFarm | null> {
  await poolOf(db, pool);
  const group = await mergedPools(db, pool);
  // Two pools of one coin (Chia's and Chia PP's) are not merged mining: other coins must share the plots.
  if (!group || group.coins < 2) return null;
  const [summaries, miners] = await Promise.all([
    Promise.all(group.pools.map((p) => dashboardSummary(db, userId, p, now))),
    farmMiners(db, userId, group.pools, new Date(now.getTime() - MINER_ONLINE_SECONDS * 1000)),
  ]);
  const rigs = new Map<string, { online: boolean; estimates: bigint[]; reported: bigint }>();
  for (const m of miners) {
    const rig = rigs.get(m.name) ?? { online: false, estimates: [], reported: 0n };
    if (m.online) {
      rig.online = true;
      if (BigInt(m.estimated_bytes) > 0n) rig.estimates.push(BigInt(m.estimated_bytes));
      // A rig reports its capacity to each pool it mines: counted once, at the most it reports.
      if (BigInt(m.capacity_bytes) > rig.reported) rig.reported = BigInt(m.capacity_bytes);
    }
    rigs.set(m.name, rig);
  }
  const all = [...rigs.values()];
  return {
    merge_pool: group.mergePool,
    pool_type: group.poolType,
    pools: group.pools,
    online: all.filter((r) => r.online).length,
    offline: all.filter((r) => !r.online).length,
    capacity: all.reduce((sum, r) => sum + mean(r.estimates), 0n).toString(),
    reported_capacity: all.reduce((sum, r) => sum + r.reported, 0n).toString(),
    coins: summaries.map((s) => ({
      ...s,
      // The dashboard's own capacity: a merged (BHD-family) pool's is the online rigs' deadline estimate.
      estimated_capacity: s.capacity,
    })),
  };
}
