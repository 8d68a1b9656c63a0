import { AppError, LANG_COOKIE, LANG_COOKIE_DAYS, userEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import { SESSION_COOKIE, type sessionService } from '../session/session.service.ts';
import type { Db } from '../../db/database.ts';
import { clearSessionCookie, clientMeta } from '../../http/auth.ts';
import { assertRegistrable } from '../account/account.service.ts';
import { loadUserInfo } from './user.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  registrationOpen: () => boolean;
  secureCookies: boolean;
}

export function userRoutes(app: ZodApp, deps: Deps): void {
  route(app, userEndpoints.info, {}, async (request) => {
    const user = await deps.sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    return ok(request, await loadUserInfo(deps.db, user, { ...clientMeta(request), lang: request.lang }));
  });

  route(app, userEndpoints.checkRegister, {}, async (request) => {
    assertRegistrable(request.ip, deps.registrationOpen());
    return ok(request, null);
  });

  route(app, userEndpoints.setLanguage, {}, async (request, reply) => {
    const { language } = request.body;
    reply.setCookie(LANG_COOKIE, language, {
      path: '/',
      maxAge: LANG_COOKIE_DAYS * 24 * 3600,
      sameSite: 'lax',
      secure: deps.secureCookies,
    });
    const user = await deps.sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (user) await deps.sessions.setLanguage(user.user_id, language);
    request.lang = language;
    return ok(request, { language });
  });

  // The one answer that is not the envelope: the spec's empty object.
  route(app, userEndpoints.dologout, {}, async (request, reply) => {
    await deps.sessions.close(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return reply.send({});
  });
}
