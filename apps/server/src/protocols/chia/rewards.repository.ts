import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { LEAVING_POOL } from './constants.ts';

/** SQL of the pool's claims of Chia block rewards (rewards.ts holds the rules). */

/** The plot NFTs whose rewards the pool claims: its members, and those in its waiting room (leaving it). */
export async function claimableFarmers(db: Db, pool: string) {
  return db
    .selectFrom('chia_farmers')
    .select(['launcher_id', 'p2_singleton_puzzle_hash'])
    .where('pool', '=', pool)
    .where((eb) => eb.or([eb('is_pool_member', '=', true), eb(sql`(singleton_tip_state->>'state')::int`, '=', LEAVING_POOL)]))
    .execute();
}

/** Writes a claim down; claimed again (the earlier absorb never confirmed), the new absorb's coin is the one to wait for. */
export async function recordRewardClaim(
  db: Db,
  claim: { coin_id: string; pool: string; launcher_id: string; height: number; amount: bigint; farmed_at: Date; arrival_coin_id: string },
): Promise<void> {
  await db
    .insertInto('chia_reward_claims')
    .values(claim)
    .onConflict((oc) => oc.column('coin_id').doUpdateSet({ arrival_coin_id: claim.arrival_coin_id }).where('chia_reward_claims.status', '=', 'claimed'))
    .execute();
}

/** The pool's claims still waiting for their coin, lowest height first, with the farmer's user and miner. */
export async function openRewardClaims(db: Db, pool: string) {
  return db
    .selectFrom('chia_reward_claims as c')
    .leftJoin('chia_farmers as f', 'f.launcher_id', 'c.launcher_id')
    .select(['c.coin_id', 'c.launcher_id', 'c.height', 'c.farmed_at', 'c.arrival_coin_id', 'f.user_id', 'f.miner_id'])
    .where('c.pool', '=', pool)
    .where('c.status', '=', 'claimed')
    .orderBy('c.height')
    .execute();
}

/** Settles a claim still waiting: lost, or booked as a block. */
export async function settleRewardClaim(
  db: Db,
  coinId: string,
  outcome: { status: 'lost'; settled_at: Date } | { status: 'booked'; arrived_amount: bigint; block_id: string; settled_at: Date },
): Promise<void> {
  await db.updateTable('chia_reward_claims').set(outcome).where('coin_id', '=', coinId).where('status', '=', 'claimed').execute();
}
