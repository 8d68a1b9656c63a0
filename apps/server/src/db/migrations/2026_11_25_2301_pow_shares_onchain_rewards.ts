import { sql, type Kysely } from 'kysely';

/**
 * Issue 18: proof-of-work jobs and the solutions miners sent for them (a solution is taken once),
 * on-chain rewards per registered identity (credited once per chain reward id), the identity's
 * proof of control on its registration, and the devnet's simulated identity rewards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pow_jobs (
      id BIGSERIAL PRIMARY KEY,
      pool TEXT NOT NULL REFERENCES pools(type),
      height BIGINT NOT NULL,
      header JSONB NOT NULL,
      network_target TEXT NOT NULL,
      share_difficulty BIGINT NOT NULL CHECK (share_difficulty >= 1),
      reward_units NUMERIC(40,0) NOT NULL DEFAULT 0,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX pow_jobs_pool ON pow_jobs (pool, id DESC);
    CREATE TABLE pow_solutions (
      job_id BIGINT NOT NULL REFERENCES pow_jobs(id) ON DELETE CASCADE,
      graffiti TEXT NOT NULL,
      randomness TEXT NOT NULL,
      user_id BIGINT NOT NULL REFERENCES users(id),
      miner_id BIGINT NOT NULL REFERENCES miners(id),
      hash TEXT NOT NULL,
      block BOOLEAN NOT NULL DEFAULT false,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (job_id, graffiti, randomness)
    );
    ALTER TABLE plots ADD COLUMN identity_signature TEXT;
    CREATE TABLE onchain_rewards (
      id BIGSERIAL PRIMARY KEY,
      pool TEXT NOT NULL REFERENCES pools(type),
      reward_id TEXT NOT NULL,
      identity TEXT NOT NULL,
      user_id BIGINT NOT NULL REFERENCES users(id),
      height BIGINT NOT NULL,
      amount_units NUMERIC(40,0) NOT NULL,
      fee_units NUMERIC(40,0) NOT NULL,
      status TEXT NOT NULL DEFAULT 'credited' CHECK (status IN ('credited', 'reversed')),
      transaction_id BIGINT,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE (pool, reward_id)
    );
    CREATE INDEX onchain_rewards_user ON onchain_rewards (user_id, pool, id DESC);
    CREATE TABLE devnet_identity_rewards (
      id BIGSERIAL PRIMARY KEY,
      coin TEXT NOT NULL,
      reward_id TEXT NOT NULL UNIQUE,
      identity TEXT NOT NULL,
      amount NUMERIC(40,0) NOT NULL,
      height BIGINT NOT NULL,
      dropped BOOLEAN NOT NULL DEFAULT false
    );
    CREATE INDEX devnet_identity_rewards_coin ON devnet_identity_rewards (coin, height);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE devnet_identity_rewards;
    DROP TABLE onchain_rewards;
    ALTER TABLE plots DROP COLUMN identity_signature;
    DROP TABLE pow_solutions;
    DROP TABLE pow_jobs;
  `.execute(db);
}
