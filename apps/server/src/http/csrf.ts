import { AppError } from '@platter/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF protection by a signed double-submit token: a readable cookie holds `nonce.signature`
 * and every state-changing API call must echo it in the `x-csrf-token` header. The signature
 * (HMAC with the server secret) stops a sibling sub-domain from planting a token of its own;
 * SameSite=Lax on the session cookie is the second line.
 */
export const CSRF_COOKIE = 'platter_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Documents (the SPA, the API docs) and the user/security calls hand out the token. */
function issuesToken(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/user/') || url.startsWith('/api/security/') || url.startsWith('/api/docs');
}

export function csrfTools(secret: string) {
  const sign = (nonce: string) => createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');
  return {
    issue(): string {
      const nonce = randomBytes(18).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    valid(token: string | undefined): boolean {
      if (!token) return false;
      const [nonce, signature, extra] = token.split('.');
      if (!nonce || !signature || extra !== undefined) return false;
      const expected = Buffer.from(sign(nonce));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export function registerCsrf(app: FastifyInstance, options: { secret: string; secureCookies: boolean }): void {
  const tools = csrfTools(options.secret);
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: options.secureCookies });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const cookieValid = tools.valid(cookie);
    // Issued with page loads and the session calls the web app makes on start, not with
    // every public API read (those are hot and need no token).
    if (!cookieValid && request.method === 'GET' && issuesToken(request.url)) setCookie(reply, tools.issue());
    // Machine calls (/api/miner/*) authenticate with an API key, never a cookie: no CSRF to stop.
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith('/api/miner/')) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookieValid || typeof header !== 'string' || header !== cookie) {
      if (!cookieValid) setCookie(reply, tools.issue());
      throw new AppError('CSRF_INVALID');
    }
  });
}
