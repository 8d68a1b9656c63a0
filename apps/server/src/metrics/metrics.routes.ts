import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { httpDuration, registry } from './metrics.ts';
import { refreshDatabaseGauges } from './metrics.service.ts';

/** Every answered request into the duration histogram, labelled by the routed pattern (bounded), never the raw URL. */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * GET /metrics in the Prometheus text format, only with `Authorization: Bearer <METRICS_TOKEN>`
 * (app.ts registers the route only when METRICS_TOKEN is set: unset, the path does not exist).
 */
export function metricsRoutes(app: FastifyInstance, deps: { db: Db; token: string }): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
    if (!given || !sameToken(given, deps.token)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('metrics need the bearer token (METRICS_TOKEN)\n');
    }
    await refreshDatabaseGauges(deps.db);
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
