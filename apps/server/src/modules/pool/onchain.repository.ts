import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of on-chain rewards per registered identity (issue 18). */

export interface RewardPool {
  pool: string;
  coin: string;
  feeBp: number;
  confirmation: number;
  scale: number;
}

/** The enabled pools whose income is what the chain pays registered identities. */
export async function onchainRewardPools(db: Db): Promise<RewardPool[]> {
  const rows = await db
    .selectFrom('pools as p')
    .innerJoin('pool_configs as c', 'c.pool', 'p.type')
    .innerJoin('coins as k', 'k.type', 'p.coin')
    .select(['p.type', 'p.coin', 'c.fee_bp', 'k.confirmation', 'k.scale'])
    .where('p.protocol', '=', 'onchain-reward')
    .where('p.enabled', '=', true)
    .orderBy('p.sort')
    .execute();
  return rows.map((r) => ({ pool: r.type, coin: r.coin, feeBp: r.fee_bp, confirmation: r.confirmation, scale: r.scale }));
}

/** The owners of identities registered with the pool with a proof of control (a signature), by identity. */
export async function provenIdentities(db: Db, pool: string, identities: readonly string[]): Promise<Map<string, string>> {
  if (identities.length === 0) return new Map();
  const rows = await db
    .selectFrom('plots')
    .select(['plot_id', 'user_id'])
    .where('pool', '=', pool)
    .where('plot_id', 'in', [...new Set(identities)])
    .where('post_status', 'is not', null)
    .where('post_status', '!=', 'MALICIOUS')
    .where('identity_signature', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.plot_id, r.user_id]));
}

/** Records a reward once (per pool and chain reward id); false when it was recorded before. */
export async function insertReward(
  trx: Db,
  reward: { pool: string; rewardId: string; identity: string; userId: string; height: number; amount: bigint; fee: bigint },
): Promise<string | undefined> {
  const row = await trx
    .insertInto('onchain_rewards')
    .values({
      pool: reward.pool,
      reward_id: reward.rewardId,
      identity: reward.identity,
      user_id: reward.userId,
      height: reward.height,
      amount_units: reward.amount,
      fee_units: reward.fee,
    })
    .onConflict((oc) => oc.columns(['pool', 'reward_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setRewardTransaction(trx: Db, id: string, transactionId: string): Promise<void> {
  await trx.updateTable('onchain_rewards').set({ transaction_id: transactionId }).where('id', '=', id).execute();
}

/** Credited rewards at heights above `fromHeight` (those a reorganisation may still drop). */
export async function recentCredited(db: Db, pool: string, fromHeight: number) {
  return db
    .selectFrom('onchain_rewards')
    .select(['id', 'reward_id', 'user_id', 'amount_units', 'fee_units'])
    .where('pool', '=', pool)
    .where('status', '=', 'credited')
    .where('height', '>', String(fromHeight))
    .execute();
}

/**
 * Marks a credited reward reversed (locked: once). True when this call did it. A reward whose day
 * the invite-rebate job decided is final (its row lock orders the two): never reversed.
 */
export async function markReversed(trx: Db, id: string): Promise<boolean> {
  const row = await trx
    .updateTable('onchain_rewards')
    .set({ status: 'reversed' })
    .where('id', '=', id)
    .where('status', '=', 'credited')
    .where('decided_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** What a pass no longer looks back at: rewards at heights up to `fromHeight` (recorded after the pass, for the invite rebates). */
export async function recordLookback(db: Db, pool: string, fromHeight: number): Promise<void> {
  await db
    .insertInto('onchain_reward_lookback')
    .values({ pool, from_height: fromHeight, checked_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('pool').doUpdateSet({ from_height: fromHeight, checked_at: sql<Date>`now()` }))
    .execute();
}

/** The user's credited rewards of a pool, newest first. */
export async function listRewards(db: Db, userId: string, pool: string, page: number, count: number) {
  const base = db.selectFrom('onchain_rewards').where('user_id', '=', userId).where('pool', '=', pool);
  const [rows, total] = await Promise.all([
    base
      .select(['identity', 'reward_id', 'height', 'amount_units', 'fee_units', 'status', 'created_at'])
      .orderBy('id', 'desc')
      .limit(count)
      .offset((page - 1) * count)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
