import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, MASS locked revenue read from the chain (README 'MASS locked revenue from the
 * wallet'):
 *
 * - `staking_scans`: per coin, how far the job `staking-income` has read the chain's blocks —
 *   the first block read (its height and time: days before it are the operator's to enter), the
 *   next height to read and the time of the last block read (a day is whole once a block past
 *   its end was read).
 * - `staking_rewards`: each block that paid one of the pool's staking addresses, with the rank
 *   (1-based) and the profit, base units — one row per coin and height, so two workers reading
 *   the same block write it once.
 * - `devnet_staking_blocks`: the devnet's MASS chain of staking rewards, written by the simulator.
 * - `mortgage_income_days.source`: how a day was booked: `manual` (POST /api/admin/mortgageincome)
 *   or `wallet` (the job).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE staking_scans (
      coin text PRIMARY KEY REFERENCES coins(type),
      source text NOT NULL CHECK (source IN ('wallet', 'devnet')),
      start_height bigint NOT NULL CHECK (start_height >= 1),
      start_time timestamptz NOT NULL,
      next_height bigint NOT NULL CHECK (next_height >= start_height),
      scanned_until timestamptz NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE staking_rewards (
      coin text NOT NULL REFERENCES coins(type),
      height bigint NOT NULL,
      address text NOT NULL,
      block_time timestamptz NOT NULL,
      day date NOT NULL,
      rank integer NOT NULL CHECK (rank >= 1),
      profit_units numeric(40,0) NOT NULL CHECK (profit_units >= 0),
      PRIMARY KEY (coin, height, address)
    )`.execute(db);
  await sql`CREATE INDEX staking_rewards_day ON staking_rewards (coin, day)`.execute(db);
  await sql`
    CREATE TABLE devnet_staking_blocks (
      coin text NOT NULL,
      height bigint NOT NULL CHECK (height >= 1),
      block_time timestamptz NOT NULL,
      address text NOT NULL,
      chain_rank integer NOT NULL CHECK (chain_rank >= 0),
      staked_units numeric(40,0) NOT NULL,
      profit_units numeric(40,0) NOT NULL,
      PRIMARY KEY (coin, height, address)
    )`.execute(db);
  await sql`ALTER TABLE mortgage_income_days ADD COLUMN source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'wallet'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mortgage_income_days DROP COLUMN IF EXISTS source`.execute(db);
  await sql`DROP TABLE IF EXISTS devnet_staking_blocks`.execute(db);
  await sql`DROP TABLE IF EXISTS staking_rewards`.execute(db);
  await sql`DROP TABLE IF EXISTS staking_scans`.execute(db);
}
