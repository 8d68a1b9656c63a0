import { sql, type Kysely } from 'kysely';

/** The pool trend of hashrate coins: each hourly sample keeps the online miners' hashrate too. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pool_samples ADD COLUMN hashrate numeric(40,0) NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pool_samples DROP COLUMN IF EXISTS hashrate`.execute(db);
}
