import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: the devnet simulator's history is stamped at its simulated times, ledger rows
 * included. The ledger is append-only (no row can be re-dated afterwards) and its rows are
 * written by database functions, so a ledger transaction's time is its default: the session's
 * `platter.record_time` when one is set (`withRecordTime` in `ledger/record-time.repository.ts`,
 * used by the simulator's backfill only), else now(). Nothing else sets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_transactions ALTER COLUMN created_at
    SET DEFAULT coalesce(nullif(current_setting('platter.record_time', true), '')::timestamptz, now())`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_transactions ALTER COLUMN created_at SET DEFAULT now()`.execute(db);
}
