import { AppError } from '@platter/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE } from '../modules/session/session.service.ts';

/**
 * CSRF protection by a signed double-submit token: a readable cookie holds `nonce.signature`
 * and every state-changing call must echo it in the `x-csrf-token` header. The signature
 * (HMAC with the server secret) covers the session the token was issued to, so a token pair
 * of another browser (or from before sign-in) is no good with this browser's session; sign-in
 * and sign-out hand out a new one (`reply.rotateCsrf`). SameSite=Lax on the session cookie is
 * the second line.
 *
 * Which calls are checked is decided on the route Fastify matched, never on the raw URL
 * (`/%61pi/…`, `//api/…` and `/api/…;x` route to the same handler): every method but GET, HEAD
 * and OPTIONS, unless the route says `config: { csrf: false }` (machine calls that carry no
 * cookie: the miner report, the pool protocols). A request that matched no route does nothing.
 */
export const CSRF_COOKIE = 'platter_csrf';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a machine call authenticated otherwise (API key, signatures), exempt from the CSRF check. */
    csrf?: boolean;
  }
  interface FastifyReply {
    /** Hands out a new CSRF token bound to this session (undefined: signed out). */
    rotateCsrf(session: string | undefined): void;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Documents (the SPA, the API docs) and the user/security calls hand out the token. */
function issuesToken(route: string): boolean {
  return !route.startsWith('/api/') || route.startsWith('/api/user/') || route.startsWith('/api/security/') || route.startsWith('/api/docs');
}

/** The session a token is bound to, as a digest (the session id itself never enters the token). */
const sessionTag = (session: string | undefined) =>
  createHash('sha256')
    .update(session ?? '')
    .digest('base64url');

export function csrfTools(secret: string) {
  const sign = (nonce: string, session: string | undefined) =>
    createHmac('sha256', secret)
      .update(`csrf:${nonce}:${sessionTag(session)}`)
      .digest('base64url');
  return {
    issue(session: string | undefined): string {
      const nonce = randomBytes(18).toString('base64url');
      return `${nonce}.${sign(nonce, session)}`;
    },
    valid(token: string | undefined, session: string | undefined): boolean {
      if (!token) return false;
      const [nonce, signature, extra] = token.split('.');
      if (!nonce || !signature || extra !== undefined) return false;
      const expected = Buffer.from(sign(nonce, session));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export function registerCsrf(app: FastifyInstance, options: { secret: string; secureCookies: boolean }): void {
  const tools = csrfTools(options.secret);
  const setCookie = (reply: FastifyReply, token: string) => reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: options.secureCookies });
  app.decorateReply('rotateCsrf', function rotateCsrf(this: FastifyReply, session: string | undefined) {
    setCookie(this, tools.issue(session));
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    // No route matched: the not-found answer changes nothing.
    if (route === undefined) return;
    const session = request.cookies[SESSION_COOKIE];
    const cookie = request.cookies[CSRF_COOKIE];
    const cookieValid = tools.valid(cookie, session);
    // Issued with page loads and the session calls the web app makes on start, not with
    // every public API read (those are hot and need no token).
    if (!cookieValid && request.method === 'GET' && issuesToken(route)) setCookie(reply, tools.issue(session));
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookieValid || typeof header !== 'string' || header !== cookie) {
      if (!cookieValid) setCookie(reply, tools.issue(session));
      throw new AppError('CSRF_INVALID');
    }
  });
}
