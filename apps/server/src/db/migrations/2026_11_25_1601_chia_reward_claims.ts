import { sql, type Kysely } from 'kysely';

/**
 * Chia pool rewards claimed on a real chain (issue 16): one row per reward coin the pool
 * absorbed. A claim becomes the pool's revenue (a block) only once the coin the absorb paid to
 * the pool's target is buried under the confirmation threshold; a claim whose reward went
 * elsewhere (reorged, or spent by the farmer's own delayed claim) is marked lost, never booked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chia_reward_claims')
    .addColumn('coin_id', 'text', (c) => c.primaryKey().check(sql`coin_id ~ '^[0-9a-f]{64}$'`))
    .addColumn('pool', 'text', (c) => c.notNull().references('pools.type'))
    .addColumn('launcher_id', 'text', (c) => c.notNull())
    .addColumn('height', 'bigint', (c) => c.notNull())
    .addColumn('amount', sql`numeric(40,0)`, (c) => c.notNull())
    // When the reward coin was confirmed (the block's time).
    .addColumn('farmed_at', 'timestamptz', (c) => c.notNull())
    // The coin the latest absorb pays to the pool's target: what must arrive and be buried.
    .addColumn('arrival_coin_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('claimed')
        .check(sql`status IN ('claimed', 'booked', 'lost')`),
    )
    // What arrived at the target (booked), the block it was booked as.
    .addColumn('arrived_amount', sql`numeric(40,0)`)
    .addColumn('block_id', 'bigint')
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX chia_reward_claims_open ON chia_reward_claims (pool) WHERE status = 'claimed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chia_reward_claims').execute();
}
