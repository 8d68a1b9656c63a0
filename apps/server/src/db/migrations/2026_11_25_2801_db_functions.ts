import { sql, type Kysely } from 'kysely';

/**
 * Database functions are declared once each in `db/functions/<name>.sql` and re-applied after
 * the migrations (db/functions.ts); this table keeps the checksum of the text last applied, so
 * an unchanged function is skipped at the next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE platter_db_function (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE platter_db_function`.execute(db);
}
