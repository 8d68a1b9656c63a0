import { sql, type Kysely } from 'kysely';

/**
 * The pool core (issue 5): each pool's configuration, miner API keys, miners with their
 * heartbeats, shares in a day-partitioned table, found blocks, and the daily settlement with
 * one row per (pool, day) and one credit per (pool, day, user).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pool_configs')
    .addColumn('pool', 'text', (c) => c.primaryKey().references('pools.type'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('fee_bp', 'integer', (c) => c.notNull().check(sql`fee_bp BETWEEN 0 AND 10000`))
    .addColumn('coop_ratio_bp', 'integer', (c) => c.notNull().check(sql`coop_ratio_bp BETWEEN 0 AND 10000`))
    .addColumn('burn_coefficient_bp', 'integer', (c) => c.notNull().check(sql`burn_coefficient_bp >= 0`))
    .addColumn('payment_time', 'text', (c) => c.notNull())
    .addColumn('payout_threshold_units', sql`numeric(40,0)`, (c) => c.notNull().check(sql`payout_threshold_units >= 0`))
    .addColumn('withdraw_fee_units', sql`numeric(40,0)`, (c) => c.notNull().check(sql`withdraw_fee_units >= 0`))
    .addColumn('withdraw_audit', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('miner_keys')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pool', 'text', (c) => c.notNull().references('pools.type'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX miner_keys_active_key ON miner_keys (user_id, pool) WHERE revoked_at IS NULL`.execute(db);

  await db.schema
    .createTable('miners')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pool', 'text', (c) => c.notNull().references('pools.type'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('capacity_bytes', sql`numeric(40,0)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`capacity_bytes >= 0`),
    )
    .addColumn('hashrate', sql`numeric(40,0)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`hashrate >= 0`),
    )
    .addColumn('line', 'text', (c) => c.references('server_lines.code'))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('miners_name_key', ['user_id', 'pool', 'name'])
    .execute();
  await db.schema.createIndex('miners_pool_seen_idx').on('miners').columns(['pool', 'last_seen_at']).execute();

  // Shares: one row per accepted share, partitioned by UTC day so a day is settled, kept or
  // dropped as one table. Partitions are made on demand (ensure_share_partition).
  await sql`
    CREATE TABLE shares (
      day date NOT NULL,
      pool text NOT NULL,
      user_id bigint NOT NULL,
      miner_id bigint NOT NULL,
      difficulty bigint NOT NULL CHECK (difficulty > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    ) PARTITION BY RANGE (day)`.execute(db);
  await sql`
    CREATE FUNCTION ensure_share_partition(d date) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      name text := 'shares_' || to_char(d, 'YYYYMMDD');
    BEGIN
      IF to_regclass(name) IS NULL THEN
        -- Two sessions creating the same day: the advisory lock makes the second wait and see it.
        PERFORM pg_advisory_xact_lock(hashtext(name));
        IF to_regclass(name) IS NULL THEN
          EXECUTE format('CREATE TABLE %I PARTITION OF shares FOR VALUES FROM (%L) TO (%L)', name, d, d + 1);
          EXECUTE format('CREATE INDEX %I ON %I (pool, user_id)', name || '_pool_user_idx', name);
        END IF;
      END IF;
    END $$`.execute(db);

  await db.schema
    .createTable('blocks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('pool', 'text', (c) => c.notNull().references('pools.type'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.type'))
    .addColumn('height', 'bigint', (c) => c.notNull())
    .addColumn('found_at', 'timestamptz', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('finder_user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('finder_miner_id', 'bigint', (c) => c.references('miners.id').onDelete('set null'))
    .addColumn('reward_units', sql`numeric(40,0)`, (c) => c.notNull().check(sql`reward_units >= 0`))
    .addColumn('finder_reward_units', sql`numeric(40,0)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`finder_reward_units >= 0 AND finder_reward_units <= reward_units`),
    )
    .addColumn('capacity_bytes', sql`numeric(40,0)`, (c) => c.notNull().defaultTo(0))
    .addColumn('transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addUniqueConstraint('blocks_height_key', ['pool', 'height'])
    .execute();
  await db.schema.createIndex('blocks_pool_day_idx').on('blocks').columns(['pool', 'day']).execute();
  await db.schema.createIndex('blocks_found_idx').on('blocks').columns(['found_at']).execute();

  await db.schema
    .createTable('settlements')
    .addColumn('pool', 'text', (c) => c.notNull().references('pools.type'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT')`))
    .addColumn('revenue_units', sql`numeric(40,0)`, (c) => c.notNull().defaultTo(0))
    .addColumn('fee_units', sql`numeric(40,0)`, (c) => c.notNull().defaultTo(0))
    .addColumn('withheld_units', sql`numeric(40,0)`, (c) => c.notNull().defaultTo(0))
    .addColumn('remainder_units', sql`numeric(40,0)`, (c) => c.notNull().defaultTo(0))
    .addColumn('credited_units', sql`numeric(40,0)`, (c) => c.notNull().defaultTo(0))
    .addColumn('members', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('settled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('settlements_pkey', ['pool', 'day'])
    .addCheckConstraint('settlements_whole', sql`status <> 'SETTLEMENT' OR credited_units + fee_units + withheld_units + remainder_units = revenue_units`)
    .execute();

  await db.schema
    .createTable('settlement_credits')
    .addColumn('pool', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('points', sql`numeric(40,0)`, (c) => c.notNull())
    .addColumn('capacity_bytes', sql`numeric(40,0)`, (c) => c.notNull().defaultTo(0))
    .addColumn('amount_units', sql`numeric(40,0)`, (c) => c.notNull().check(sql`amount_units >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('SETTLEMENT', 'UNSETTLEMENT')`))
    .addPrimaryKeyConstraint('settlement_credits_pkey', ['pool', 'day', 'user_id'])
    .addForeignKeyConstraint('settlement_credits_settlement_fkey', ['pool', 'day'], 'settlements', ['pool', 'day'])
    .execute();
  await db.schema.createIndex('settlement_credits_user_idx').on('settlement_credits').columns(['user_id', 'day']).execute();

  // Pool trend: one sample per pool and hour (capacity, online miners, blocks so far).
  await db.schema
    .createTable('pool_samples')
    .addColumn('pool', 'text', (c) => c.notNull().references('pools.type'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('capacity_bytes', sql`numeric(40,0)`, (c) => c.notNull())
    .addColumn('miners', 'integer', (c) => c.notNull())
    .addColumn('users', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pool_samples_pkey', ['pool', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pool_samples', 'settlement_credits', 'settlements', 'blocks', 'shares', 'miners', 'miner_keys', 'pool_configs']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS ensure_share_partition(date)`.execute(db);
}
