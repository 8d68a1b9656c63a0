import { sql, type Kysely } from 'kysely';

/**
 * Issue 21, BHD-family proof-of-capacity mining. The devnet's simulated PoC chains (one row per
 * coin: the block being mined, the network competitors' deadline drawn for it, the best nonce
 * the pool handed in), their blocks and their plotter bindings; the pools' rounds (the mining
 * info each pool followed), every miner's best verified deadline of a round, the cursor of the
 * blocks read and the estimate of each miner's capacity (plus what its miner reported).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE devnet_poc_chain (
      coin text PRIMARY KEY,
      height integer NOT NULL,
      generation_signature text NOT NULL,
      base_target numeric(20,0) NOT NULL,
      tip_time timestamptz NOT NULL,
      network_deadline numeric(20,0) NOT NULL,
      best_plotter_id numeric(20,0),
      best_nonce numeric(20,0),
      best_deadline numeric(20,0),
      best_address text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE devnet_poc_blocks (
      coin text NOT NULL,
      height integer NOT NULL,
      hash text NOT NULL,
      time timestamptz NOT NULL,
      generation_signature text NOT NULL,
      base_target numeric(20,0) NOT NULL,
      plotter_id numeric(20,0) NOT NULL,
      nonce numeric(20,0) NOT NULL,
      deadline numeric(20,0) NOT NULL,
      reward_address text NOT NULL,
      reward_units numeric(40,0) NOT NULL,
      PRIMARY KEY (coin, height)
    )`.execute(db);
  await sql`
    CREATE TABLE devnet_poc_bindings (
      id bigserial PRIMARY KEY,
      coin text NOT NULL,
      plotter_id numeric(20,0) NOT NULL,
      address text NOT NULL,
      txid text NOT NULL UNIQUE,
      unbind boolean NOT NULL DEFAULT false,
      height integer,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX devnet_poc_bindings_plotter ON devnet_poc_bindings (coin, plotter_id, id DESC)`.execute(db);

  await sql`
    CREATE TABLE poc_rounds (
      pool text NOT NULL REFERENCES pools(type),
      height integer NOT NULL,
      generation_signature text NOT NULL,
      base_target numeric(20,0) NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      PRIMARY KEY (pool, height)
    )`.execute(db);
  await sql`
    CREATE TABLE poc_deadlines (
      pool text NOT NULL,
      height integer NOT NULL,
      miner_id bigint NOT NULL REFERENCES miners(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id),
      plotter_id numeric(20,0) NOT NULL,
      nonce numeric(20,0) NOT NULL,
      deadline numeric(20,0) NOT NULL,
      base_target numeric(20,0) NOT NULL,
      submitted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (pool, height, miner_id),
      FOREIGN KEY (pool, height) REFERENCES poc_rounds(pool, height) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX poc_deadlines_miner ON poc_deadlines (miner_id, height DESC)`.execute(db);
  await sql`
    CREATE TABLE poc_block_cursor (
      pool text PRIMARY KEY REFERENCES pools(type),
      height integer NOT NULL,
      hash text
    )`.execute(db);
  // The estimate from deadlines beside the capacity the miner reports (X-Capacity).
  await sql`ALTER TABLE miners ADD COLUMN estimated_bytes numeric(40,0) NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE miners DROP COLUMN estimated_bytes`.execute(db);
  await sql`DROP TABLE poc_block_cursor, poc_deadlines, poc_rounds, devnet_poc_bindings, devnet_poc_blocks, devnet_poc_chain`.execute(db);
}
