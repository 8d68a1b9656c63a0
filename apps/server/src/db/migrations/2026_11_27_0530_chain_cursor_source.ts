import { sql, type Kysely } from 'kysely';

/**
 * The deposit scan's cursor remembers which chain it counts the heights of (README 'A real Signum (BURST) wallet'):
 * a cursor left by the devnet (or another node's account) is not a height of the chain attached later, which is
 * then scanned from near its tip instead of the whole history of the pool's account. '' for the devnet and the
 * adapters that do not say.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chain_cursors ADD COLUMN source text NOT NULL DEFAULT '' CHECK (length(source) <= 200)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chain_cursors DROP COLUMN source`.execute(db);
}
