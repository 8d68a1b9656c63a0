import { reviewEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyRequest } from 'fastify';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { adminPlots } from './plots.ts';
import { cancelBindings, reviewBindings, reviewUnbindings } from './reviews.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  chains: ChainRegistry;
}

/** Capacity reviews (/admin/capacity_review, /admin/capacity_unbind): admins and support staff. */
export function reviewRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, chains } = deps;
  // Reviews are support's too (issue 7); the back-office guard checks the role first.
  const support = { role: 'support' as const };
  const reviewer = (request: FastifyRequest) => requireRole(sessions, request, 'support');

  route(app, reviewEndpoints.getauditingbindplotter, { config: support }, async (request) => {
    await reviewer(request);
    const { type, ...query } = request.query;
    return ok(request, await adminPlots(db, query, type));
  });
  route(app, reviewEndpoints.auditbindplotter, { config: support }, async (request) =>
    ok(request, await reviewBindings(db, chains, await reviewer(request), request.body.ids, request.body.approve, request.body.reason)),
  );
  route(app, reviewEndpoints.auditunbindplotter, { config: support }, async (request) =>
    ok(request, await reviewUnbindings(db, chains, await reviewer(request), request.body.ids, request.body.approve, request.body.reason)),
  );
  route(app, reviewEndpoints.auditcancelbindplotter, { config: support }, async (request) =>
    ok(request, await cancelBindings(db, chains, await reviewer(request), request.body.ids, request.body.reason)),
  );
}
