import type { ChiaChain } from '../../chain/chia.ts';
import type { Db } from '../../db/database.ts';
import { recordBlock } from '../../modules/pool/blocks.ts';

/**
 * A real chain's block revenue (the reference pool's collect_pool_rewards_loop): each member
 * plot NFT's waiting pool rewards are claimed through the node, and each claimed reward is
 * recorded as the pool's block, found by the NFT's owner — whose 0.25 XCH the chain already
 * paid to the farmer. Recording is once per pool and height, so a claim seen again changes
 * nothing; a failed claim of one farmer leaves the others. Answers the blocks recorded.
 */
export async function collectPoolRewards(
  db: Db,
  pool: { pool: string; targetPuzzleHash: string; chain: Pick<ChiaChain, 'claimRewards'> },
  log: (error: unknown, launcherId: string) => void = () => undefined,
): Promise<number> {
  const claim = pool.chain.claimRewards?.bind(pool.chain);
  if (!claim) return 0;
  const members = await db
    .selectFrom('chia_farmers')
    .select(['launcher_id', 'p2_singleton_puzzle_hash', 'user_id', 'miner_id'])
    .where('pool', '=', pool.pool)
    .where('is_pool_member', '=', true)
    .execute();
  let recorded = 0;
  for (const member of members) {
    try {
      for (const reward of await claim({ launcherId: member.launcher_id, p2SingletonPuzzleHash: member.p2_singleton_puzzle_hash }, pool.targetPuzzleHash)) {
        const { created } = await recordBlock(db, {
          pool: pool.pool,
          height: reward.height,
          foundAt: new Date(reward.timestamp * 1000),
          finderUserId: member.user_id,
          finderMinerId: member.miner_id,
          reward: reward.amount,
          finderPaidOnChain: true,
        });
        if (created) recorded++;
      }
    } catch (error) {
      log(error, member.launcher_id);
    }
  }
  return recorded;
}
