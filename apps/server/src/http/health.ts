import { pingDatabase, type Db } from '../db/database.ts';
import type { ZodApp } from './types.ts';

/** Liveness (the process answers) and readiness (the database answers, schema is current). */
export function healthRoutes(app: ZodApp, deps: { db: Db; isReady: () => boolean }): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await pingDatabase(deps.db);
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
    if (!deps.isReady()) return reply.status(503).send({ status: 'starting' });
    return { status: 'ready' };
  });
}
