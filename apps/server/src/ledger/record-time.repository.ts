import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Runs `work` on one connection of its own whose ledger transactions are stamped `at` instead of
 * now (the column's default reads the session's `platter.record_time`, migration
 * 2026_11_26_1142). For the devnet simulator's history only: its backfilled blocks and settled
 * days carry their simulated times, so "income, last 24 h" is the last day's, not the whole
 * history's. The setting is cleared before the connection goes back to the pool.
 */
export async function withRecordTime<T>(db: Db, at: Date, work: (db: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT set_config('platter.record_time', ${at.toISOString()}, false)`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`SELECT set_config('platter.record_time', '', false)`.execute(conn);
    }
  });
}
