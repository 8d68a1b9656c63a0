import { describeDevice, type SessionItem } from '@platter/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { sessionRepository } from './session.repository.ts';

/** Sessions: an opaque random token in an HttpOnly cookie; the database keeps its hash. */
export const SESSION_COOKIE = 'platter_sid';
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** A session unused this long ends (SESSION_IDLE_MINUTES; the default when not given). */
export const SESSION_IDLE_MS = 120 * 60 * 1000;
/** last_seen_at is written at most this often per session (not on every request). */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SessionUser = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionRepository>['findLive']>>>;

/**
 * A session ends 7 days after sign-in (absolute) or after `idleMs` without a request (idle),
 * whichever comes first.
 */
export function sessionService(db: Db, options: { idleMs?: number } = {}) {
  const repo = sessionRepository(db);
  const idleMs = options.idleMs ?? SESSION_IDLE_MS;
  // Written often enough that the idle check never ends a session in use.
  const touchEveryMs = Math.min(TOUCH_EVERY_MS, Math.floor(idleMs / 4));
  return {
    /** Opens a session for a user; returns the cookie token (shown once, never stored). */
    async open(userId: string, meta: { ip: string; userAgent: string }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await repo.insert({ id_hash: hashToken(token), user_id: userId, expires_at: expiresAt, ip: meta.ip, user_agent: meta.userAgent.slice(0, 512) });
      return { token, expiresAt };
    },
    async resolve(token: string | undefined): Promise<SessionUser | undefined> {
      if (!token || token.length > 128) return undefined;
      const session = await repo.findLive(hashToken(token), idleMs / 1000);
      if (session && Date.now() - session.last_seen_at.getTime() > touchEveryMs) await repo.touch(session.id_hash);
      return session;
    },
    async close(token: string | undefined): Promise<void> {
      if (token) await repo.revoke(hashToken(token));
    },
    async closeAllOfUser(userId: string): Promise<void> {
      await repo.revokeAllOfUser(userId);
    },
    /** Signs the user out everywhere but the session of `keepToken` (after a password change). */
    async closeOthersOfUser(userId: string, keepToken: string | undefined): Promise<void> {
      if (!keepToken) return repo.revokeAllOfUser(userId);
      await repo.revokeAllOfUserExcept(userId, hashToken(keepToken));
    },
    /** The security centre's list: device, address, sign-in and last use; which one is this request's. */
    async list(userId: string, currentToken: string | undefined): Promise<SessionItem[]> {
      const current = currentToken ? hashToken(currentToken) : '';
      const rows = await repo.listLive(userId, idleMs / 1000);
      const items = rows.map((row) => ({
        id: row.id_hash,
        device: describeDevice(row.user_agent),
        ip: row.ip,
        created_at: Math.floor(row.created_at.getTime() / 1000),
        last_seen_at: Math.floor(row.last_seen_at.getTime() / 1000),
        current: row.id_hash === current,
      }));
      return [...items.filter((i) => i.current), ...items.filter((i) => !i.current)];
    },
    /** Ends one of the user's own sessions (another user's id changes nothing). */
    async end(userId: string, id: string): Promise<void> {
      await repo.revokeOfUser(userId, id);
    },
    async setLanguage(userId: string, language: string): Promise<void> {
      await repo.setLanguage(userId, language);
    },
  };
}
