import type { FastifyInstance } from 'fastify';
import { POOL_ERROR } from './constants.ts';

/**
 * Everything under the Chia pool protocol's base path that no pool answers (an unknown pool,
 * an unknown endpoint of a known one): the protocol's JSON error with HTTP 404, so a farmer
 * given a wrong pool URL reads an error, never the web app's page. Known routes are static and
 * win over this wildcard.
 */
export function chiaNotFoundRoutes(app: FastifyInstance, basePath: string): void {
  app.all(`${basePath}/*`, { schema: { hide: true }, config: { csrf: false } }, async (request, reply) =>
    reply.status(404).send({ error_code: POOL_ERROR.REQUEST_FAILED, error_message: `No pool answers ${request.url.split('?')[0] ?? ''}` }),
  );
}
