import type { FastifyInstance } from 'fastify';

/**
 * Security headers, computed once at start rather than per request (helmet rebuilds its
 * policy strings on every response, which showed up as a few per cent of a hot API call).
 * The values are helmet's defaults, with a CSP that allows antd's injected styles and
 * Telegram's Login Widget (https://telegram.org/js/telegram-widget.js, framing oauth.telegram.org).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    // Telegram's Login Widget: its script, and the iframe it opens (exactly that origin).
    "script-src 'self' https://telegram.org",
    'frame-src https://oauth.telegram.org',
    "script-src-attr 'none'",
    // antd's CSS-in-JS and the API docs inject style elements.
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
