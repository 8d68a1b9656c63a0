import { sql, type Kysely } from 'kysely';

/**
 * Plots and their binding (issue 5; spec doc 1 §3 'Plot', §4 'Plots and miners'): a plot
 * identifier (a Chia plot id or launcher, a BHD-family plotter id…) seen by the user's proxy
 * tool or bound by the user to their account with a wallet signature. One active binding per
 * (pool, plot id); the history stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plots')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pool', 'text', (c) => c.notNull().references('pools.type'))
    .addColumn('plot_id', 'text', (c) => c.notNull())
    .addColumn('launcher_id', 'text')
    .addColumn('fingerprint', 'text')
    .addColumn('filename_prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size_bytes', sql`numeric(40,0)`, (c) => c.notNull().defaultTo(0))
    .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signing', 'text', (c) =>
      c
        .notNull()
        .defaultTo('UNSIGNED')
        .check(sql`signing IN ('signed', 'UNSIGNED', 'BANNED')`),
    )
    .addColumn('bind_address', 'text')
    .addColumn('bind_status', 'text', (c) => c.check(sql`bind_status IN ('BIND_SENT', 'CONFIRMED', 'UNBIND_AUDITING', 'UNBIND_SENT', 'UNBIND')`))
    .addColumn('flag', 'text', (c) => c.check(sql`flag IN ('TIMEOUT', 'UNBOUND', 'NOTJOIN', 'NOTBURN', 'DOUBLE')`))
    .addColumn('bind_height', 'bigint')
    .addColumn('bind_sent_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One live binding per plot in a pool; one row per (user, pool, plot) while not unbound.
  await sql`CREATE UNIQUE INDEX plots_bound_key ON plots (pool, plot_id) WHERE bind_status IS NOT NULL AND bind_status <> 'UNBIND'`.execute(db);
  await sql`CREATE UNIQUE INDEX plots_user_key ON plots (user_id, pool, plot_id) WHERE bind_status IS DISTINCT FROM 'UNBIND'`.execute(db);
  await sql`CREATE INDEX plots_pending_idx ON plots (bind_status) WHERE bind_status IN ('BIND_SENT', 'UNBIND_SENT')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plots').ifExists().execute();
}
