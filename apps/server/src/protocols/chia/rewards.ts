import type { ChiaChain } from '../../chain/chia.ts';
import type { Db } from '../../db/database.ts';
import { recordBlock } from '../../modules/pool/blocks.ts';
import { claimableFarmers, openRewardClaims, recordRewardClaim, settleRewardClaim } from './rewards.repository.ts';

/**
 * A real chain's block revenue (the reference pool's collect_pool_rewards_loop), in two steps:
 *
 * 1. Claim: the buried pool rewards waiting at each plot NFT's p2_singleton puzzle hash are
 *    absorbed through the node — members farming to the pool and NFTs in its waiting room
 *    (leaving it: the reference skips only self-pooling ones). Each claim is written down with
 *    the coin the absorb pays to the pool's target. A claim is not revenue yet.
 * 2. Reconcile: a claim becomes the pool's block (revenue the settlement shares out), found by
 *    the NFT's owner — whose 0.25 XCH the chain already paid to the farmer — only once that coin
 *    has arrived at the target and is buried under the confirmation threshold, for the amount
 *    that arrived. A reward that is still unspent is claimed again; one that went elsewhere
 *    (reorged away, spent by the farmer's delayed claim) is marked lost and never booked.
 *
 * Recording is once per pool and height (and per reward coin); a failed claim of one farmer
 * leaves the others. Answers the blocks booked.
 */
export async function collectPoolRewards(
  db: Db,
  pool: { pool: string; targetPuzzleHash: string; chain: Pick<ChiaChain, 'claimRewards' | 'claimOutcome'> },
  log: (error: unknown, launcherId: string) => void = () => undefined,
  now: () => Date = () => new Date(),
): Promise<number> {
  const claim = pool.chain.claimRewards?.bind(pool.chain);
  const outcome = pool.chain.claimOutcome?.bind(pool.chain);
  if (!claim || !outcome) return 0;
  const farmers = await claimableFarmers(db, pool.pool);
  for (const farmer of farmers) {
    try {
      for (const reward of await claim({ launcherId: farmer.launcher_id, p2SingletonPuzzleHash: farmer.p2_singleton_puzzle_hash }, pool.targetPuzzleHash)) {
        await recordRewardClaim(db, {
          coin_id: reward.coinId,
          pool: pool.pool,
          launcher_id: farmer.launcher_id,
          height: reward.height,
          amount: reward.amount,
          farmed_at: new Date(reward.timestamp * 1000),
          arrival_coin_id: reward.arrivalCoinId,
        });
      }
    } catch (error) {
      log(error, farmer.launcher_id);
    }
  }

  const open = await openRewardClaims(db, pool.pool);
  let booked = 0;
  for (const row of open) {
    try {
      const seen = await outcome({ coinId: row.coin_id, arrivalCoinId: row.arrival_coin_id });
      if (seen.status === 'lost') {
        await settleRewardClaim(db, row.coin_id, { status: 'lost', settled_at: now() });
        continue;
      }
      if (seen.status !== 'arrived') continue;
      const { id, created } = await recordBlock(db, {
        pool: pool.pool,
        height: Number(row.height),
        foundAt: row.farmed_at,
        finderUserId: row.user_id ?? null,
        finderMinerId: row.miner_id ?? null,
        reward: seen.amount,
        finderPaidOnChain: true,
      });
      await settleRewardClaim(db, row.coin_id, { status: 'booked', arrived_amount: seen.amount, block_id: id, settled_at: now() });
      if (created) booked++;
    } catch (error) {
      log(error, row.launcher_id);
    }
  }
  return booked;
}
