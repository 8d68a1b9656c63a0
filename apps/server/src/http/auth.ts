import { AppError, roleAllows, type StaffRole } from '@platter/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS, type SessionUser, type sessionService } from '../modules/session/session.service.ts';

type Sessions = ReturnType<typeof sessionService>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Admin routes (/api/admin/…): the least back-office role the call needs; 'admin' when not said. */
    role?: StaffRole;
  }
}

/** The session of a request is looked up once, however many checks ask for it. */
const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>();

/** The signed-in user of a request, or NOT_LOGGED_IN (202). */
export async function requireUser(sessions: Sessions, request: FastifyRequest): Promise<SessionUser> {
  let lookup = resolved.get(request);
  if (!lookup) {
    lookup = sessions.resolve(request.cookies[SESSION_COOKIE]);
    resolved.set(request, lookup);
  }
  const user = await lookup;
  if (!user) throw new AppError('NOT_LOGGED_IN');
  return user;
}

/** A back-office user acting through a request: who, with which role, from where. */
export interface Actor {
  id: string;
  uid: string;
  email: string;
  role: StaffRole;
  ip: string;
  requestId: string;
}

/**
 * The one role check of every admin call: signed out → NOT_LOGGED_IN (202); an ordinary user,
 * or support on an admin-only call → ACCESS_FORBIDDEN (218); a back-office account without an
 * authenticator → STAFF_SECOND_FACTOR_REQUIRED (1051). Admin can do everything; support
 * reads, edits content and reviews (no balance changes, bans or configuration edits).
 */
export async function requireRole(sessions: Sessions, request: FastifyRequest, role: StaffRole): Promise<Actor> {
  const user = await requireUser(sessions, request);
  if (!roleAllows(user.role, role)) throw new AppError('ACCESS_FORBIDDEN');
  // Back-office roles need a second factor: an account without an authenticator binds one
  // first (its security centre is open to it; the web app takes it there).
  if (!user.google_bound) throw new AppError('STAFF_SECOND_FACTOR_REQUIRED');
  return { id: user.user_id, uid: user.uid, email: user.email, role: user.role as StaffRole, ip: request.ip, requestId: request.id };
}

/** Sets the session cookie (HttpOnly, SameSite=Lax, Secure behind HTTPS) and a CSRF token bound to it. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  reply.rotateCsrf(token);
}

/** Removes the session cookie; the CSRF token of the signed-out browser replaces the old one. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.rotateCsrf(undefined);
}

/** Client metadata recorded with sessions and sign-in attempts. */
export function clientMeta(request: FastifyRequest): { ip: string; userAgent: string } {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : '' };
}
