import { sql, type Kysely } from 'kysely';

/**
 * Each `ledger check` run (the CLI today, a scheduled job later) leaves its result here, so
 * that `/metrics` in any process reports the last one (platter_ledger_check_*), not only the
 * process that ran it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_check_runs (
      id bigserial PRIMARY KEY,
      checked_at timestamptz NOT NULL DEFAULT now(),
      problems integer NOT NULL CHECK (problems >= 0)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_check_runs`.execute(db);
}
