import {
  AppError,
  bindGoogleBody,
  bindTelegramBody,
  captchaSessionSchema,
  codeSentSchema,
  COUNTRIES,
  countrySchema,
  envelopeSchema,
  googleSecretSchema,
  endSessionBody,
  modifyPasswordBody,
  sessionItemSchema,
  modifyPhoneBody,
  prevalidateGoogleBody,
  requestVerifyQuery,
  securityVerificationQuery,
  securityVerificationSchema,
  sendEmailCodeBody,
  sendPhoneCodeQuery,
  unbindGoogleBody,
  unbindTelegramBody,
} from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientMeta, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import type { ZodApp } from '../../http/types.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { SESSION_COOKIE, type sessionService } from '../session/session.service.ts';
import type { SecurityService } from './security.service.ts';

interface Deps {
  sessions: ReturnType<typeof sessionService>;
  security: SecurityService;
  captcha: CaptchaService;
  limits: RateLimits;
}

const nothing = envelopeSchema(z.null());

/**
 * The spec names some state-changing security calls as GETs (sending codes, a new secret).
 * They need no CSRF header, so a cross-site request (Sec-Fetch-Site: cross-site) is refused.
 */
const client = (request: FastifyRequest) => ({ ip: request.ip, token: request.cookies[SESSION_COOKIE] });

async function sameSiteOnly(request: FastifyRequest): Promise<void> {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('ACCESS_FORBIDDEN');
}

export function securityRoutes(app: ZodApp, deps: Deps): void {
  const { security, limits } = deps;
  const tags = ['security'];

  app.get(
    '/api/security/requestsession',
    { config: limits.captcha, schema: { tags, summary: 'A graphic-code session for security-centre forms', response: { 200: envelopeSchema(captchaSessionSchema) } } },
    async (request) => {
      await requireUser(deps.sessions, request);
      return ok(request, { session: deps.captcha.newSession() });
    },
  );

  app.get(
    '/api/security/getsecurityverification',
    {
      schema: {
        tags,
        summary: 'The factors an action needs: every bound factor, at least e-mail (send each code, then pass them with the action)',
        querystring: securityVerificationQuery,
        response: { 200: envelopeSchema(securityVerificationSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      return ok(request, await security.securityVerification(user.user_id, request.query.action));
    },
  );

  app.get(
    '/api/security/requestverify',
    {
      config: limits.codes,
      preHandler: sameSiteOnly,
      schema: {
        tags,
        summary: 'Sends the 6-digit code of one bound factor (email, sms or telegram) for an action; 1022 within 60 s, 1023 after 10 a day',
        querystring: requestVerifyQuery,
        response: { 200: envelopeSchema(codeSentSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      return ok(request, await security.sendCode(user.user_id, request.query.action, request.query.type));
    },
  );

  app.get(
    '/api/security/sendphonecode',
    {
      config: limits.codes,
      preHandler: sameSiteOnly,
      schema: {
        tags,
        summary: 'Sends a 6-digit SMS code: to nationality+phone (action change_phone, the new number) or to the bound phone (1046 when none)',
        querystring: sendPhoneCodeQuery,
        response: { 200: envelopeSchema(codeSentSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      const { action, nationality, phone } = request.query;
      const newPhone = nationality !== undefined && phone !== undefined ? { nationality, phone } : undefined;
      return ok(request, await security.sendCode(user.user_id, action, 'sms', newPhone ? { newPhone } : {}));
    },
  );

  app.post(
    '/api/security/sendemailcode',
    {
      config: limits.codes,
      schema: { tags, summary: 'Sends a 6-digit code to the account’s e-mail for an action', body: sendEmailCodeBody, response: { 200: envelopeSchema(codeSentSchema) } },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      return ok(request, await security.sendCode(user.user_id, request.body.action, 'email'));
    },
  );

  app.get(
    '/api/security/getgooglesecret',
    {
      config: limits.auth,
      preHandler: sameSiteOnly,
      schema: {
        tags,
        summary: 'A new pending authenticator secret (10 minutes) with its otpauth URL and QR code; 1016 when one is bound',
        response: { 200: envelopeSchema(googleSecretSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      return ok(request, await security.googleSecret(user.user_id));
    },
  );

  app.post(
    '/api/security/prevalidationgooglesecret',
    {
      config: limits.auth,
      schema: {
        tags,
        summary: 'Checks an authenticator code against the pending secret (binds nothing); 1015 wrong, 1045 no pending secret',
        body: prevalidateGoogleBody,
        response: { 200: envelopeSchema(z.object({ valid: z.literal(true) })) },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await security.prevalidateGoogle(user.user_id, request.body.google_code);
      return ok(request, { valid: true as const });
    },
  );

  app.post(
    '/api/security/bindgoogle',
    {
      config: limits.auth,
      schema: {
        tags,
        summary: 'Binds the pending authenticator: google_code of it plus the bind_google codes (e-mail, and SMS/Telegram when bound); withdrawals lock 24 h',
        body: bindGoogleBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await security.bindGoogle(user.user_id, request.body, client(request));
      return ok(request, null);
    },
  );

  app.post(
    '/api/security/unbindgoogle',
    {
      config: limits.auth,
      schema: {
        tags,
        summary: 'Unbinds the authenticator: the unbind_google codes (its own code included); withdrawals lock 24 h',
        body: unbindGoogleBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await security.unbindGoogle(user.user_id, request.body, client(request));
      return ok(request, null);
    },
  );

  app.post(
    '/api/security/modifyphone',
    {
      config: limits.auth,
      schema: {
        tags,
        summary:
          'Binds or changes the phone: the new phone’s sms_code plus the change_phone codes (e-mail, authenticator when bound); 1003 taken, 1026 same number; withdrawals lock 24 h',
        body: modifyPhoneBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await security.modifyPhone(user.user_id, request.body, client(request));
      return ok(request, null);
    },
  );

  app.post(
    '/api/security/ModifyPassword',
    {
      config: limits.auth,
      schema: {
        tags,
        summary: 'Changes the password (1008 wrong old, 1009 same as old, 1029 confirmation differs): other sessions end, withdrawals lock 24 h',
        body: modifyPasswordBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await security.modifyPassword(user.user_id, request.body, request.cookies[SESSION_COOKIE], clientMeta(request).ip);
      return ok(request, null);
    },
  );

  app.post(
    '/api/security/bindtelegram',
    {
      config: limits.auth,
      schema: {
        tags,
        summary: 'Binds Telegram (Login Widget data under `telegram`) plus the bind_telegram codes; 1039 already bound; withdrawals lock 24 h',
        body: bindTelegramBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await security.bindTelegram(user.user_id, request.body, client(request));
      return ok(request, null);
    },
  );

  app.post(
    '/api/security/unbindtelegram',
    {
      config: limits.auth,
      schema: { tags, summary: 'Unbinds Telegram with the unbind_telegram codes; withdrawals lock 24 h', body: unbindTelegramBody, response: { 200: nothing } },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await security.unbindTelegram(user.user_id, request.body, client(request));
      return ok(request, null);
    },
  );

  app.get(
    '/api/security/countries',
    {
      schema: {
        tags,
        summary: 'Countries for nationality and phone: english_name, chinese_name, country_code, phone_code',
        response: { 200: envelopeSchema(z.array(countrySchema)) },
      },
    },
    async (request) =>
      ok(
        request,
        COUNTRIES.map((c) => ({ ...c })),
      ),
  );

  app.get(
    '/api/security/sessions',
    { schema: { tags, summary: 'The user’s live sessions (device, IP, sign-in, last use), the current one first', response: { 200: envelopeSchema(z.array(sessionItemSchema)) } } },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      return ok(request, await deps.sessions.list(user.user_id, request.cookies[SESSION_COOKIE]));
    },
  );

  app.post(
    '/api/security/sessions/end',
    { schema: { tags, summary: 'Ends one of the user’s sessions (signs that device out)', body: endSessionBody, response: { 200: nothing } } },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      await deps.sessions.end(user.user_id, request.body.id);
      return ok(request, null);
    },
  );

  app.post('/api/security/sessions/endothers', { schema: { tags, summary: 'Ends every session of the user but this one', response: { 200: nothing } } }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await deps.sessions.closeOthersOfUser(user.user_id, request.cookies[SESSION_COOKIE]);
    return ok(request, null);
  });
}
