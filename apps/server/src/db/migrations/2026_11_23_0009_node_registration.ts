import { sql, type Kysely } from 'kysely';

/**
 * Spacemesh-style node registration (issue 5; spec doc 1 §4 'Spacemesh-style plots'): a node is
 * a plot row of its pool whose `post_status` follows REGISTER → WAITING_POET → REGISTERED → the
 * epoch's proof (PoST_DONE, PoST_TIMEOUT, PoST_FAILED, MALICIOUS, WAITING_FOR_POINTS). A node is
 * registered by one user of a pool at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE plots ADD COLUMN post_status text CHECK (post_status IN ('REGISTER', 'WAITING_POET', 'REGISTERED', 'NOT_REGISTERED', 'PoST_DONE', 'PoST_TIMEOUT', 'PoST_FAILED', 'MALICIOUS', 'WAITING_FOR_POINTS'))`.execute(
    db,
  );
  await sql`ALTER TABLE plots ADD COLUMN post_updated_at timestamptz`.execute(db);
  await sql`CREATE UNIQUE INDEX plots_registered_key ON plots (pool, plot_id) WHERE post_status IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS plots_registered_key`.execute(db);
  await sql`ALTER TABLE plots DROP COLUMN IF EXISTS post_updated_at, DROP COLUMN IF EXISTS post_status`.execute(db);
}
