import {
  activateAnswer,
  activateBody,
  AppError,
  captchaImageQuery,
  captchaSessionSchema,
  envelopeSchema,
  forgotPasswordBody,
  loginBody,
  loginVerifyBody,
  nicknameBody,
  registerBody,
  resetPasswordBody,
  setAccountBody,
  signedInSchema,
  socialProvidersSchema,
  telegramAuthSchema,
  wechatLoginBody,
  wechatStateSchema,
  type UserInfo,
} from '@platter/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
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

const nothing = envelopeSchema(z.null());

export function accountRoutes(app: ZodApp, deps: Deps): void {
  const { accounts, limits } = deps;

  async function signIn(request: FastifyRequest, reply: FastifyReply, token: string): Promise<UserInfo> {
    setSessionCookie(reply, token, deps.secureCookies);
    const user = await deps.sessions.resolve(token);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    return loadUserInfo(deps.db, user, { ...clientMeta(request), lang: request.lang });
  }

  app.get(
    '/api/user/requestsession',
    {
      config: limits.captcha,
      schema: {
        tags: ['account'],
        summary: 'A graphic-code session for the sign-in, registration and forgot-password forms',
        response: { 200: envelopeSchema(captchaSessionSchema) },
      },
    },
    async (request) => ok(request, { session: deps.captcha.newSession() }),
  );

  app.get(
    '/api/user/verificationcode',
    {
      config: limits.captcha,
      schema: {
        tags: ['account'],
        summary: 'The graphic code of a session as image/svg+xml (a new image replaces the previous answer; valid 5 minutes, once)',
        querystring: captchaImageQuery,
      },
    },
    async (request, reply) => {
      const svg = await deps.captcha.image(request.query.session);
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
  );

  app.post(
    '/api/user/register',
    {
      config: limits.auth,
      // Before the form is read: closed registration and mainland China answer 221 / 222 first.
      preValidation: async (request) => assertRegistrable(request.ip, deps.registrationOpen()),
      schema: {
        tags: ['account'],
        summary: 'Registration by e-mail: answers the same for new and registered addresses (the mail says which); 221 closed, 222 mainland China',
        body: registerBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await accounts.register(request.body, request.lang);
      return ok(request, null);
    },
  );

  app.post(
    '/api/user/activate',
    {
      config: limits.auth,
      schema: {
        tags: ['account'],
        summary: 'Activates the account of an e-mailed link (24 hours, once): 227 failed, 229 expired',
        body: activateBody,
        response: { 200: envelopeSchema(activateAnswer) },
      },
    },
    async (request) => ok(request, await accounts.activate(request.body.token)),
  );

  app.post(
    '/api/user/login',
    {
      config: limits.auth,
      schema: {
        tags: ['account'],
        summary: 'Sign-in by e-mail, account or phone: the user info and a new session cookie; 1030 with {challenge, methods} when the authenticator is bound',
        body: loginBody,
        response: { 200: envelopeSchema(signedInSchema) },
      },
    },
    async (request, reply) => {
      const { token } = await accounts.login(request.body, clientMeta(request), request.cookies[SESSION_COOKIE]);
      return ok(request, await signIn(request, reply, token));
    },
  );

  app.post(
    '/api/user/login/verify',
    {
      config: limits.auth,
      schema: {
        tags: ['account'],
        summary: 'Second step of a sign-in: the challenge of code 1030 and the authenticator code',
        body: loginVerifyBody,
        response: { 200: envelopeSchema(signedInSchema) },
      },
    },
    async (request, reply) => {
      const { token } = await accounts.loginVerify(request.body, clientMeta(request), request.cookies[SESSION_COOKIE]);
      return ok(request, await signIn(request, reply, token));
    },
  );

  app.post(
    '/api/user/telegramlogin',
    {
      config: limits.auth,
      schema: {
        tags: ['account'],
        summary: 'Sign-in with the Telegram Login Widget data (account with that Telegram bound); 1040 not bound, 1047 disabled, 1048 bad hash, 1020 stale',
        body: telegramAuthSchema,
        response: { 200: envelopeSchema(signedInSchema) },
      },
    },
    async (request, reply) => {
      const { token } = await accounts.telegramLogin(request.body, clientMeta(request), request.cookies[SESSION_COOKIE]);
      return ok(request, await signIn(request, reply, token));
    },
  );

  app.get(
    '/api/user/wechatstate',
    {
      config: limits.auth,
      schema: {
        tags: ['account'],
        summary: 'A new OAuth state for WeChat sign-in (kept in an HttpOnly cookie; wechatlogin must return it)',
        response: { 200: envelopeSchema(wechatStateSchema) },
      },
    },
    async (request, reply) => {
      const state = newWechatState();
      reply.setCookie(WECHAT_STATE_COOKIE, state, { path: '/api/user', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies, maxAge: WECHAT_STATE_TTL_S });
      return ok(request, { state });
    },
  );

  app.post(
    '/api/user/wechatlogin',
    {
      config: limits.auth,
      schema: {
        tags: ['account'],
        summary: 'Sign-in with a WeChat OAuth code (1047 unless WeChat is configured)',
        body: wechatLoginBody,
        response: { 200: envelopeSchema(signedInSchema) },
      },
    },
    async (request, reply) => {
      const kept = request.cookies[WECHAT_STATE_COOKIE];
      reply.clearCookie(WECHAT_STATE_COOKIE, { path: '/api/user' });
      assertWechatState(kept, request.body.state);
      const { token } = await accounts.wechatLogin(request.body.code, clientMeta(request), request.cookies[SESSION_COOKIE]);
      return ok(request, await signIn(request, reply, token));
    },
  );

  app.get(
    '/api/user/socialproviders',
    {
      schema: {
        tags: ['account'],
        summary: 'Which messenger sign-ins are enabled (and the Telegram bot for the widget)',
        response: { 200: envelopeSchema(socialProvidersSchema) },
      },
    },
    async (request) => ok(request, deps.socialProviders()),
  );

  app.post(
    '/api/user/forgotpassword',
    {
      config: limits.auth,
      schema: {
        tags: ['account'],
        summary: 'Mails a password-reset link (1 hour, once); answers the same for known and unknown addresses',
        body: forgotPasswordBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await accounts.forgotPassword(request.body, request.lang);
      return ok(request, null);
    },
  );

  app.post(
    '/api/user/resetpassword',
    {
      config: limits.auth,
      schema: {
        tags: ['account'],
        summary: 'New password from a reset link: every session ends, withdrawals lock 24 h; 228 failed, 229 expired',
        body: resetPasswordBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body, clientMeta(request));
      return ok(request, null);
    },
  );

  app.post(
    '/api/user/setaccount',
    { schema: { tags: ['account'], summary: 'Sets or changes the account name used to sign in (1002 taken)', body: setAccountBody, response: { 200: nothing } } },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await accounts.setAccountName(user.user_id, request.body.account);
      return ok(request, null);
    },
  );

  app.post(
    '/api/user/nickname',
    { schema: { tags: ['account'], summary: 'Sets the nickname (1037 when empty)', body: nicknameBody, response: { 200: nothing } } },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await accounts.setNickname(user.user_id, request.body.nickname);
      return ok(request, null);
    },
  );
}
