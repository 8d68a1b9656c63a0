import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkListed, readSources } from '../../test/sources.ts';

/**
 * Every envelope call of the API is registered from the endpoint table of `packages/domain`
 * (api/endpoints) through `route()` (http/route.ts), so the web app's client and the OpenAPI
 * document see it. This check reads the server's sources and fails when a file registers a
 * route by hand (`app.get(`, `scope.post(`, `app.route(` …) outside the files listed below,
 * whose answers are not the envelope.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));
const BY_HAND = /\b(?:app|scope|instance|fastify|server)\.(?:get|post|put|patch|delete|head|all|route)\(/;

/** Files that register routes by hand, each with why; a new one needs a reason as good. */
const NOT_THE_ENVELOPE: Record<string, string> = {
  'http/route.ts': 'the helper itself: registers an endpoint of the table',
  'http/health.ts': '/healthz and /readyz: plain status answers for probes',
  'http/web.ts': 'the web app’s files and the SPA fallback',
  'metrics/metrics.routes.ts': 'the Prometheus text exposition',
  'protocols/chia/chia.routes.ts': 'the Chia pool protocol (its own JSON, not the envelope)',
  'protocols/chia/og.routes.ts': 'the Chia OG pool protocol (its own JSON, not the envelope)',
  'protocols/chia/not-found.ts': 'the Chia pool protocol’s own not-found answer',
  'protocols/poc/poc.routes.ts': 'the Burst mining protocol (its own JSON at a configured path, not the envelope)',
};

describe('routes registered from the endpoint table', () => {
  const check = checkListed(readSources(SRC), BY_HAND, NOT_THE_ENVELOPE);

  it('no file registers an envelope route by hand outside the listed non-envelope ones', () => {
    expect(check.offending).toEqual([]);
  });

  it('every listed file still registers a route by hand (one that no longer does leaves the list)', () => {
    expect(check.stale).toEqual([]);
  });

  it('the check sees a route registered by hand where there is one', () => {
    expect(BY_HAND.test("app.get('/api/finance/products', { schema }, handler)")).toBe(true);
    expect(BY_HAND.test("scope.post('/partial', handler)")).toBe(true);
    expect(BY_HAND.test('route(app, financeEndpoints.products, {}, handler)')).toBe(false);
    expect(BY_HAND.test("request.headers.get('location')")).toBe(false);
  });
});
