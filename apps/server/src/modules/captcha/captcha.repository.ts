import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function captchaRepository(db: Db) {
  return {
    /** A new image for a session replaces the previous answer. */
    async upsert(row: { session_hash: string; answer_hash: string; expires_at: Date }) {
      await db
        .insertInto('captchas')
        .values(row)
        .onConflict((oc) => oc.column('session_hash').doUpdateSet({ answer_hash: row.answer_hash, expires_at: row.expires_at, created_at: sql`now()` }))
        .execute();
    },
    /** Takes the answer out (single use, whatever the outcome). */
    async take(sessionHash: string) {
      return db.deleteFrom('captchas').where('session_hash', '=', sessionHash).returning(['answer_hash', 'expires_at']).executeTakeFirst();
    },
    async deleteExpired(limit: number) {
      await sql`DELETE FROM captchas WHERE session_hash IN (SELECT session_hash FROM captchas WHERE expires_at < now() LIMIT ${limit})`.execute(db);
    },
  };
}
