import { accountEndpoints, AppError, type socialProvidersSchema, type UserInfo } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { clientMeta, requireUser, setSessionCookie } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import type { ZodApp } from '../../http/types.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { SESSION_COOKIE, type sessionService } from '../session/session.service.ts';
import { loadUserInfo } from '../user/user.service.ts';
import { assertWechatState, newWechatState, WECHAT_STATE_COOKIE, WECHAT_STATE_TTL_S } from '../social/wechat.ts';
import { assertRegistrable, type AccountService } from './account.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  accounts: AccountService;
  captcha: CaptchaService;
  limits: RateLimits;
  registrationOpen: () => boolean;
  secureCookies: boolean;
  socialProviders: () => z.infer<typeof socialProvidersSchema>;
}

export function accountRoutes(app: ZodApp, deps: Deps): void {
  const { accounts, limits } = deps;

  async function signIn(request: FastifyRequest, reply: FastifyReply, token: string): Promise<UserInfo> {
    setSessionCookie(reply, token, deps.secureCookies);
    const user = await deps.sessions.resolve(token);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    return loadUserInfo(deps.db, user, { ...clientMeta(request), lang: request.lang });
  }

  route(app, accountEndpoints.requestsession, { config: limits.captcha }, async (request) => ok(request, { session: deps.captcha.newSession() }));

  route(app, accountEndpoints.verificationcode, { config: limits.captcha }, async (request, reply) => {
    const svg = await deps.captcha.image(request.query.session);
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
  });

  route(
    app,
    accountEndpoints.register,
    {
      config: limits.auth,
      // Before the form is read: closed registration and mainland China answer 221 / 222 first.
      preValidation: async (request) => assertRegistrable(request.ip, deps.registrationOpen()),
    },
    async (request) => {
      await accounts.register(request.body, request.lang);
      return ok(request, null);
    },
  );

  route(app, accountEndpoints.activate, { config: limits.auth }, async (request) => ok(request, await accounts.activate(request.body.token)));

  route(app, accountEndpoints.login, { config: limits.auth }, async (request, reply) => {
    const { token } = await accounts.login(request.body, clientMeta(request), request.cookies[SESSION_COOKIE]);
    return ok(request, await signIn(request, reply, token));
  });

  route(app, accountEndpoints.verify, { config: limits.auth }, async (request, reply) => {
    const { token } = await accounts.loginVerify(request.body, clientMeta(request), request.cookies[SESSION_COOKIE]);
    return ok(request, await signIn(request, reply, token));
  });

  route(app, accountEndpoints.telegramlogin, { config: limits.auth }, async (request, reply) => {
    const { token } = await accounts.telegramLogin(request.body, clientMeta(request), request.cookies[SESSION_COOKIE]);
    return ok(request, await signIn(request, reply, token));
  });

  route(app, accountEndpoints.wechatstate, { config: limits.auth }, async (request, reply) => {
    const state = newWechatState();
    reply.setCookie(WECHAT_STATE_COOKIE, state, { path: '/api/user', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies, maxAge: WECHAT_STATE_TTL_S });
    return ok(request, { state });
  });

  route(app, accountEndpoints.wechatlogin, { config: limits.auth }, async (request, reply) => {
    const kept = request.cookies[WECHAT_STATE_COOKIE];
    reply.clearCookie(WECHAT_STATE_COOKIE, { path: '/api/user' });
    assertWechatState(kept, request.body.state);
    const { token } = await accounts.wechatLogin(request.body.code, clientMeta(request), request.cookies[SESSION_COOKIE]);
    return ok(request, await signIn(request, reply, token));
  });

  route(app, accountEndpoints.socialproviders, {}, async (request) => ok(request, deps.socialProviders()));

  route(app, accountEndpoints.forgotpassword, { config: limits.auth }, async (request) => {
    await accounts.forgotPassword(request.body, request.lang);
    return ok(request, null);
  });

  route(app, accountEndpoints.resetpassword, { config: limits.auth }, async (request) => {
    await accounts.resetPassword(request.body, clientMeta(request));
    return ok(request, null);
  });

  route(app, accountEndpoints.setaccount, {}, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await accounts.setAccountName(user.user_id, request.body.account);
    return ok(request, null);
  });

  route(app, accountEndpoints.nickname, {}, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await accounts.setNickname(user.user_id, request.body.nickname);
    return ok(request, null);
  });
}
