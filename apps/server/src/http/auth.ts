import { AppError } from '@platter/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS, type SessionUser, type sessionService } from '../modules/session/session.service.ts';

type Sessions = ReturnType<typeof sessionService>;

/** The signed-in user of a request, or NOT_LOGGED_IN (202). */
export async function requireUser(sessions: Sessions, request: FastifyRequest): Promise<SessionUser> {
  const user = await sessions.resolve(request.cookies[SESSION_COOKIE]);
  if (!user) throw new AppError('NOT_LOGGED_IN');
  return user;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure behind HTTPS. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** Client metadata recorded with sessions and sign-in attempts. */
export function clientMeta(request: FastifyRequest): { ip: string; userAgent: string } {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : '' };
}
