import { mergePoolEndpoints } from '@platter/domain';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import type { ZodApp } from '../../http/types.ts';
import type { Db } from '../../db/database.ts';
import type { sessionService } from '../session/session.service.ts';
import { mergePoolFarm } from './mergePool.ts';

/** Merged mining's single-farm view (issue 21). */
export function mergePoolRoutes(app: ZodApp, deps: { db: Db; sessions: ReturnType<typeof sessionService> }): void {
  route(app, mergePoolEndpoints.farm, {}, async (request) => {
    const userId = (await requireUser(deps.sessions, request)).user_id;
    return ok(request, await mergePoolFarm(deps.db, userId, request.query.pool));
  });
}
