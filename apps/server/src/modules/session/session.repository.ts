import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function sessionRepository(db: Db) {
  return {
    async insert(session: { id_hash: string; user_id: string; expires_at: Date; ip: string; user_agent: string }) {
      await db.insertInto('sessions').values(session).execute();
    },
    /** The live session's user: not revoked, not expired, used within `idleSeconds`, user not banned. */
    async findLive(idHash: string, idleSeconds: number) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id_hash',
          'sessions.expires_at',
          'sessions.last_seen_at',
          'users.id as user_id',
          'users.uid',
          'users.email',
          'users.account',
          'users.role',
          'users.status',
          'users.language',
          'users.nickname',
          'users.last_login_at',
          'users.nationality',
          'users.phone_code',
          'users.phone',
          sql<boolean>`users.google_secret IS NOT NULL`.as('google_bound'),
          'users.security_changed_at',
        ])
        .where('sessions.id_hash', '=', idHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', sql<Date>`now()`)
        .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${idleSeconds})`)
        .where('users.status', '!=', 'banned')
        .executeTakeFirst();
    },
    /** The user's live sessions, most recently used first. */
    async listLive(userId: string, idleSeconds: number) {
      return db
        .selectFrom('sessions')
        .select(['id_hash', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${idleSeconds})`)
        .orderBy('last_seen_at', 'desc')
        .execute();
    },
    async revokeOfUser(userId: string, idHash: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('id_hash', '=', idHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async touch(idHash: string) {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: sql`now()` })
        .where('id_hash', '=', idHash)
        .execute();
    },
    async revoke(idHash: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('id_hash', '=', idHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllOfUser(userId: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllOfUserExcept(userId: string, keepIdHash: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('id_hash', '!=', keepIdHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async setLanguage(userId: string, language: string) {
      await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
    },
  };
}
