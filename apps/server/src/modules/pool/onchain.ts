import { AppError, formatAmount, onchainRewardSplit, type PostingInput } from '@platter/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { incomeBuckets } from '../wallet/autopay.ts';
import {
  insertReward,
  listRewards,
  markReversed,
  onchainRewardPools,
  provenIdentities,
  recentCredited,
  recordLookback,
  setRewardTransaction,
  type RewardPool,
} from './onchain.repository.ts';
import { poolScale } from './pool.repository.ts';

/**
 * Income of the pools whose chain pays identities (issue 18: Spacemesh smeshers' ATX rewards,
 * Autonomys farmers' rewards): what the chain paid an identity a user registered with proof of
 * control, less the operator's fee — no shares. Each reward is credited once, on the chain's
 * reward id, after the coin's confirmations; a reward a deeper reorganisation later drops is
 * reversed while the pool still looks back at it (REWARD_LOOKBACK_BLOCKS). Each pass records
 * the height at and below which it no longer looks back; the invite rebates of a (pool, day)
 * wait until every reward credited that day is there, and the rewards of a decided day are
 * never reversed after (issue 25).
 */

/** How far back (blocks) rewards are read again: late registrations are not paid for older rewards; reorganisations within it are undone. */
export const REWARD_LOOKBACK_BLOCKS = 1000;

const reference = (pool: string, rewardId: string) => `onchain-reward:${pool}:${rewardId}`;

/** One pass over every on-chain reward pool: new confirmed rewards credited, dropped ones reversed. */
export async function creditOnchainRewards(db: Db, chains: ChainRegistry, logger?: FastifyBaseLogger): Promise<{ credited: number; reversed: number }> {
  let credited = 0;
  let reversed = 0;
  for (const pool of await onchainRewardPools(db)) {
    const result = await creditPool(db, chains, pool, logger);
    credited += result.credited;
    reversed += result.reversed;
  }
  return { credited, reversed };
}

async function creditPool(db: Db, chains: ChainRegistry, pool: RewardPool, logger?: FastifyBaseLogger): Promise<{ credited: number; reversed: number }> {
  const adapter = chains.adapter(pool.coin);
  if (!adapter.identityRewards) return { credited: 0, reversed: 0 };
  const tip = await adapter.height();
  const confirmedHeight = tip - Math.max(pool.confirmation, 1) + 1;
  const from = Math.max(0, confirmedHeight - REWARD_LOOKBACK_BLOCKS);
  let credited = 0;
  if (confirmedHeight > 0) {
    const rewards = await adapter.identityRewards(from, confirmedHeight);
    const owners = await provenIdentities(
      db,
      pool.pool,
      rewards.map((r) => r.identity),
    );
    for (const reward of rewards) {
      const userId = owners.get(reward.identity);
      // An identity nobody registered with a proof: its reward is not the pool's to credit.
      if (!userId || reward.amount <= 0n) continue;
      const { fee, income } = onchainRewardSplit(reward.amount, pool.feeBp);
      const done = await db.transaction().execute(async (trx) => {
        const id = await insertReward(trx, { pool: pool.pool, rewardId: reward.rewardId, identity: reward.identity, userId, height: reward.height, amount: reward.amount, fee });
        if (!id) return false;
        const bucket = (await incomeBuckets(trx, pool.coin, [userId]))(userId);
        const postings: PostingInput[] = [
          { account: { kind: 'system', code: 'chain', coin: pool.coin }, amount: -reward.amount },
          { account: { kind: 'user', userId, coin: pool.coin, bucket }, amount: income },
        ];
        if (fee > 0n) postings.push({ account: { kind: 'system', code: 'fees', coin: pool.coin }, amount: fee });
        const { transactionId } = await postTransaction(trx, { kind: 'mining_income', reference: reference(pool.pool, reward.rewardId), postings });
        await setRewardTransaction(trx, id, transactionId);
        return true;
      });
      if (done) credited++;
    }
  }
  let reversed = 0;
  if (adapter.rewardHeight) {
    for (const row of await recentCredited(db, pool.pool, from)) {
      if ((await adapter.rewardHeight(row.reward_id)) !== undefined) continue;
      try {
        const undone = await db.transaction().execute(async (trx) => {
          if (!(await markReversed(trx, row.id))) return false;
          const amount = BigInt(row.amount_units);
          const fee = BigInt(row.fee_units);
          const bucket = (await incomeBuckets(trx, pool.coin, [row.user_id]))(row.user_id);
          const postings: PostingInput[] = [
            { account: { kind: 'system', code: 'chain', coin: pool.coin }, amount },
            { account: { kind: 'user', userId: row.user_id, coin: pool.coin, bucket }, amount: -(amount - fee) },
          ];
          if (fee > 0n) postings.push({ account: { kind: 'system', code: 'fees', coin: pool.coin }, amount: -fee });
          await postTransaction(trx, {
            kind: 'mining_income',
            reference: `${reference(pool.pool, row.reward_id)}:reorg`,
            memo: 'reward dropped by a chain reorganisation',
            postings,
          });
          return true;
        });
        if (undone) reversed++;
      } catch (error) {
        // Already paid out or spent: the operator settles it (the reward stays credited, logged).
        if (!(error instanceof AppError)) throw error;
        logger?.warn({ pool: pool.pool, rewardId: row.reward_id, userId: row.user_id }, 'on-chain reward dropped by a reorganisation could not be reversed: balance spent');
      }
    }
  }
  // Rewards at or below `from` are no longer looked back at: final, their days' invite rebates may be decided (invite.service.ts).
  await recordLookback(db, pool.pool, from);
  return { credited, reversed };
}

/** The user's credited rewards of a pool (GET /api/pool/identityrewards). */
export async function identityRewards(db: Db, userId: string, query: { pool: string; page: number; count: number }) {
  const scale = await poolScale(db, query.pool);
  if (scale === undefined) throw new AppError('POOL_NOT_FOUND');
  const { rows, total } = await listRewards(db, userId, query.pool, query.page, query.count);
  const show = (units: bigint) => formatAmount(units, scale);
  return {
    total,
    list: rows.map((r) => ({
      identity: r.identity,
      reward_id: r.reward_id,
      height: Number(r.height),
      amount: show(BigInt(r.amount_units)),
      fee: show(BigInt(r.fee_units)),
      income: show(BigInt(r.amount_units) - BigInt(r.fee_units)),
      status: r.status,
      created_at: Math.floor(r.created_at.getTime() / 1000),
    })),
  };
}
