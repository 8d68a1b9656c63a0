import { sql, type Kysely } from 'kysely';

/**
 * Issue 25 on the on-chain-reward pools (Spacemesh, Autonomys): their fee is taken per reward,
 * so a (pool, day) of rewards earns invite rebates once every reward credited that day is past
 * the pool's look-back (no longer reversible). Each pass of `onchain-rewards` records the height
 * at and below which it no longer looks back (`onchain_reward_lookback`), and a reward whose day
 * the rebate job decided is stamped `decided_at` — from then on it is never reversed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onchain_reward_lookback (
      pool text PRIMARY KEY REFERENCES pools(type),
      from_height bigint NOT NULL,
      checked_at timestamptz NOT NULL
    )`.execute(db);
  await sql`ALTER TABLE onchain_rewards ADD COLUMN decided_at timestamptz`.execute(db);
  await sql`
    CREATE INDEX onchain_rewards_day ON onchain_rewards (pool, ((created_at AT TIME ZONE 'UTC')::date))
    WHERE status = 'credited'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS onchain_rewards_day`.execute(db);
  await sql`ALTER TABLE onchain_rewards DROP COLUMN IF EXISTS decided_at`.execute(db);
  await sql`DROP TABLE IF EXISTS onchain_reward_lookback`.execute(db);
}
