import type { Db } from '../db/database.ts';
import { DEVNET_MASS_STAKING_ADDRESS } from '../chain/mass-staking-devnet.ts';
import { stakingRepository as repo } from '../modules/mortgage/staking.repository.ts';
import { prng } from './simulator.ts';

/** MassNet pays the first 30 positions of its staking list (ranks 0 … 29). */
const PAID_RANKS = 30;
const MASS = 100_000_000n;

/**
 * The simulator's MASS staking chain (issue 22): blocks every `blockSeconds` from
 * `backfillDays` ago up to `now`, each paying a top staker and, on the days the pool's position
 * ranks within the paid 30 (its chain rank drawn per UTC day from the seed: 1 … 40, so about one
 * day in four ranks beyond and earns nothing), the pool's staking address a reward that grows with its
 * rank. Appends what is missing (at most `maxBlocks` a call); idempotent.
 */
export async function feedDevnetStaking(
  db: Db,
  options: { now: Date; seed: number; blockSeconds?: number; backfillDays?: number; maxBlocks?: number; coin?: string },
): Promise<number> {
  const coin = options.coin ?? 'MASS';
  const blockSeconds = options.blockSeconds ?? 600;
  const best = Number((await repo.devnetBest(db, coin)) ?? 0);
  let time: number;
  if (best === 0) {
    const start = new Date(options.now.getTime() - (options.backfillDays ?? 3) * 86_400_000);
    time = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  } else {
    const last = (await repo.devnetBlock(db, coin, best))[0];
    time = (last?.block_time.getTime() ?? options.now.getTime()) + blockSeconds * 1000;
  }
  const rows: Parameters<typeof repo.devnetAppend>[1] = [];
  let height = best + 1;
  for (let n = 0; n < (options.maxBlocks ?? 2_000) && time <= options.now.getTime(); n += 1, height += 1, time += blockSeconds * 1000) {
    const blockTime = new Date(time);
    const day = blockTime.toISOString().slice(0, 10);
    const dayRank = Math.floor(prng(options.seed ^ Number(day.replaceAll('-', '')))() * 40) + 1;
    rows.push({ coin, height, block_time: blockTime, address: 'ms1qpdevnettopstaker', chain_rank: 0, staked_units: 50_000n * MASS, profit_units: MASS / 10n });
    if (dayRank < PAID_RANKS) {
      rows.push({
        coin,
        height,
        block_time: blockTime,
        address: DEVNET_MASS_STAKING_ADDRESS,
        chain_rank: dayRank,
        staked_units: 4_096n * MASS,
        profit_units: (MASS / 1000n) * BigInt(PAID_RANKS - dayRank),
      });
    }
  }
  await repo.devnetAppend(db, rows);
  return height - best - 1;
}
