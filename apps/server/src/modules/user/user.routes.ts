import { AppError, envelopeSchema, LANG_COOKIE, LANG_COOKIE_DAYS, setLanguageBody, userInfoSchema } from '@platter/domain';
import { z } from 'zod';
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
  app.get(
    '/api/user/info',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user; code 202 while signed out',
        response: { 200: envelopeSchema(userInfoSchema.nullable()) },
      },
    },
    async (request) => {
      const user = await deps.sessions.resolve(request.cookies[SESSION_COOKIE]);
      if (!user) throw new AppError('NOT_LOGGED_IN');
      return ok(request, await loadUserInfo(deps.db, user, { ...clientMeta(request), lang: request.lang }));
    },
  );

  app.get(
    '/api/user/checkRegister',
    {
      schema: {
        tags: ['user'],
        summary: 'Registration availability: code 200 when open, 221 when closed, 222 from mainland China',
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      assertRegistrable(request.ip, deps.registrationOpen());
      return ok(request, null);
    },
  );

  app.post(
    '/api/user/SetLanguage',
    {
      schema: {
        tags: ['user'],
        summary: 'Sets the interface language (cookie h9_lang, and the account when signed in)',
        body: setLanguageBody,
        response: { 200: envelopeSchema(z.object({ language: setLanguageBody.shape.language })) },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/api/user/dologout',
    {
      schema: {
        tags: ['user'],
        summary: 'Ends the session; answers an empty object',
        response: { 200: z.object({}).strict() },
      },
    },
    async (request, reply) => {
      await deps.sessions.close(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply);
      return {};
    },
  );
}
