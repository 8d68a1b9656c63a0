import { auditBindBody, auditCancelBindBody, bindReviewPage, bindReviewQuery, bindReviewResult, envelopeSchema } from '@platter/domain';
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
  const tags = ['admin'];
  // Reviews are support's too (issue 7); the back-office guard checks the role first.
  const support = { role: 'support' as const };
  const reviewer = (request: FastifyRequest) => requireRole(sessions, request, 'support');

  app.get(
    '/api/admin/getauditingbindplotter',
    {
      config: support,
      schema: {
        tags,
        summary: 'What waits for review, oldest first: bindings (type bind: BIND_SENT, not reviewed) or unbindings (type unbind: UNBIND_AUDITING)',
        querystring: bindReviewQuery,
        response: { 200: envelopeSchema(bindReviewPage) },
      },
    },
    async (request) => {
      await reviewer(request);
      const { type, ...query } = request.query;
      return ok(request, await adminPlots(db, query, type));
    },
  );
  app.post(
    '/api/admin/auditbindplotter',
    {
      config: support,
      schema: {
        tags,
        summary: 'Approves bindings (the chain confirmation then makes them CONFIRMED), or rejects them with a reason (required); audited',
        body: auditBindBody,
        response: { 200: envelopeSchema(bindReviewResult) },
      },
    },
    async (request) => ok(request, await reviewBindings(db, chains, await reviewer(request), request.body.ids, request.body.approve, request.body.reason)),
  );
  app.post(
    '/api/admin/auditunbindplotter',
    {
      config: support,
      schema: {
        tags,
        summary: 'Approves unbindings (UNBIND_AUDITING → UNBIND_SENT → UNBIND), or rejects them with a reason (required: the binding stays); audited',
        body: auditBindBody,
        response: { 200: envelopeSchema(bindReviewResult) },
      },
    },
    async (request) => ok(request, await reviewUnbindings(db, chains, await reviewer(request), request.body.ids, request.body.approve, request.body.reason)),
  );
  app.post(
    '/api/admin/auditcancelbindplotter',
    {
      config: support,
      schema: {
        tags,
        summary: 'Cancels bindings not confirmed yet (BIND_SENT) with a reason (required), e.g. at the user’s request; audited',
        body: auditCancelBindBody,
        response: { 200: envelopeSchema(bindReviewResult) },
      },
    },
    async (request) => ok(request, await cancelBindings(db, chains, await reviewer(request), request.body.ids, request.body.reason)),
  );
}
