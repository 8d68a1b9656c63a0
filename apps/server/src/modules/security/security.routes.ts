import { AppError, COUNTRIES, securityEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyRequest } from 'fastify';
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

  route(app, securityEndpoints.requestsession, { config: limits.captcha }, async (request) => {
    await requireUser(deps.sessions, request);
    return ok(request, { session: deps.captcha.newSession() });
  });

  route(app, securityEndpoints.getsecurityverification, {}, async (request) => {
    const user = await requireUser(deps.sessions, request);
    return ok(request, await security.securityVerification(user.user_id, request.query.action));
  });

  route(app, securityEndpoints.requestverify, { config: limits.codes, preHandler: sameSiteOnly }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    return ok(request, await security.sendCode(user.user_id, request.query.action, request.query.type));
  });

  route(app, securityEndpoints.sendphonecode, { config: limits.codes, preHandler: sameSiteOnly }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    const { action, nationality, phone } = request.query;
    const newPhone = nationality !== undefined && phone !== undefined ? { nationality, phone } : undefined;
    return ok(request, await security.sendCode(user.user_id, action, 'sms', newPhone ? { newPhone } : {}));
  });

  route(app, securityEndpoints.sendemailcode, { config: limits.codes }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    return ok(request, await security.sendCode(user.user_id, request.body.action, 'email'));
  });

  route(app, securityEndpoints.getgooglesecret, { config: limits.auth, preHandler: sameSiteOnly }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    return ok(request, await security.googleSecret(user.user_id));
  });

  route(app, securityEndpoints.prevalidationgooglesecret, { config: limits.auth }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await security.prevalidateGoogle(user.user_id, request.body.google_code);
    return ok(request, { valid: true as const });
  });

  route(app, securityEndpoints.bindgoogle, { config: limits.auth }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await security.bindGoogle(user.user_id, request.body, client(request));
    return ok(request, null);
  });

  route(app, securityEndpoints.unbindgoogle, { config: limits.auth }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await security.unbindGoogle(user.user_id, request.body, client(request));
    return ok(request, null);
  });

  route(app, securityEndpoints.modifyphone, { config: limits.auth }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await security.modifyPhone(user.user_id, request.body, client(request));
    return ok(request, null);
  });

  route(app, securityEndpoints.modifyPassword, { config: limits.auth }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await security.modifyPassword(user.user_id, request.body, request.cookies[SESSION_COOKIE], clientMeta(request).ip);
    return ok(request, null);
  });

  route(app, securityEndpoints.bindtelegram, { config: limits.auth }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await security.bindTelegram(user.user_id, request.body, client(request));
    return ok(request, null);
  });

  route(app, securityEndpoints.unbindtelegram, { config: limits.auth }, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await security.unbindTelegram(user.user_id, request.body, client(request));
    return ok(request, null);
  });

  route(app, securityEndpoints.countries, {}, async (request) =>
    ok(
      request,
      COUNTRIES.map((c) => ({ ...c })),
    ),
  );

  route(app, securityEndpoints.sessions, {}, async (request) => {
    const user = await requireUser(deps.sessions, request);
    return ok(request, await deps.sessions.list(user.user_id, request.cookies[SESSION_COOKIE]));
  });

  route(app, securityEndpoints.end, {}, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await deps.sessions.end(user.user_id, request.body.id);
    return ok(request, null);
  });

  route(app, securityEndpoints.endothers, {}, async (request) => {
    const user = await requireUser(deps.sessions, request);
    await deps.sessions.closeOthersOfUser(user.user_id, request.cookies[SESSION_COOKIE]);
    return ok(request, null);
  });
}
