import {
  adminWithdrawPage,
  adminWithdrawQuery,
  auditBatchCancelWithdrawBody,
  auditBatchWithdrawBody,
  auditCancelWithdrawBody,
  auditResultSchema,
  auditWithdrawBody,
  envelopeSchema,
  revocationWithdrawBody,
  withdrawLogQuery,
  withdrawPage,
  withdrawReviewQuery,
  withdrawReviewSchema,
} from '@platter/domain';
import { withdrawalReview } from './review.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { adminWithdrawals, auditWithdrawals, operatorCancel, revokeWithdrawal, withdrawLog, type ReviewSchedule } from './withdraw.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  schedule: ReviewSchedule;
}

const nothing = envelopeSchema(z.null());

/** A user's withdrawals: the log and the cancel before review (spec doc 2 §7). The application itself is the wallet's (security verification). */
export function withdrawRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  app.post(
    '/api/assets/revocationwithdraw',
    { schema: { tags: ['assets'], summary: 'Cancels a withdrawal before review; 10201 once in progress', body: revocationWithdrawBody, response: { 200: nothing } } },
    async (request) => {
      await revokeWithdrawal(db, await signedIn(request), request.body.id);
      return ok(request, null);
    },
  );

  for (const url of ['/api/log/withdraw', '/api/dashboard/Withdraw']) {
    app.get(
      url,
      { schema: { tags: ['log'], summary: 'Withdrawals, newest first (count 1 to 200)', querystring: withdrawLogQuery, response: { 200: envelopeSchema(withdrawPage) } } },
      async (request) => ok(request, await withdrawLog(db, await signedIn(request), request.query)),
    );
  }
}

/**
 * The back office's withdrawal review (spec doc 2 §7 'Admin'): support's too. Each withdrawal
 * changed is audited in the transaction that changes it (withdraw.service.ts).
 */
export function adminWithdrawRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, schedule } = deps;
  const tags = ['admin'];
  const support = { role: 'support' as const };
  const staff = (request: FastifyRequest) => requireRole(sessions, request, 'support');

  app.get(
    '/api/admin/withdraw',
    {
      config: support,
      schema: {
        tags,
        summary: 'Withdrawals of every user, filtered by coin, status, uid and review batch',
        querystring: adminWithdrawQuery,
        response: { 200: envelopeSchema(adminWithdrawPage) },
      },
    },
    async (request) => ok(request, await adminWithdrawals(db, request.query)),
  );

  app.get(
    '/api/admin/getauditingwithdrawlogs',
    {
      config: support,
      schema: { tags, summary: 'Withdrawals waiting for review (AUDITING), oldest first', querystring: adminWithdrawQuery, response: { 200: envelopeSchema(adminWithdrawPage) } },
    },
    async (request) => ok(request, await adminWithdrawals(db, request.query, true)),
  );

  const review = async (request: FastifyRequest, ids: string[], approve: boolean, reason: string) => auditWithdrawals(db, schedule, await staff(request), ids, approve, reason);

  // The spec lists these two as GET: a GET reads the withdrawal under review with its audit
  // trail and what the POST of the same name may do now; only the POST changes it (issue 20).
  for (const url of ['/api/admin/auditwithdrawbalance', '/api/admin/auditcancelwithdrawbalance']) {
    app.get(
      url,
      {
        config: support,
        schema: {
          tags,
          summary: 'Reads a withdrawal under review with its audit trail and whether it can be approved, rejected or cancelled now (POST does it)',
          querystring: withdrawReviewQuery,
          response: { 200: envelopeSchema(withdrawReviewSchema) },
        },
      },
      async (request) => ok(request, await withdrawalReview(db, request.query.id)),
    );
  }

  app.post(
    '/api/admin/auditwithdrawbalance',
    {
      config: support,
      schema: { tags, summary: 'Approves a withdrawal, or rejects it with a reason (required)', body: auditWithdrawBody, response: { 200: envelopeSchema(auditResultSchema) } },
    },
    async (request) => ok(request, await review(request, [request.body.id], request.body.approve, request.body.reason)),
  );

  app.post(
    '/api/admin/auditbatchwithdrawbalance',
    {
      config: support,
      schema: {
        tags,
        summary: 'Approves or rejects many withdrawals; each is done or skipped with its code',
        body: auditBatchWithdrawBody,
        response: { 200: envelopeSchema(auditResultSchema) },
      },
    },
    async (request) => ok(request, await review(request, request.body.ids, request.body.approve, request.body.reason)),
  );

  const cancel = async (request: FastifyRequest, ids: string[], reason: string) => operatorCancel(db, await staff(request), ids, reason);

  app.post(
    '/api/admin/auditcancelwithdrawbalance',
    {
      config: support,
      schema: {
        tags,
        summary: 'Cancels a withdrawal that has not started sending (a user’s request through support); funds return',
        body: auditCancelWithdrawBody,
        response: { 200: envelopeSchema(auditResultSchema) },
      },
    },
    async (request) => ok(request, await cancel(request, [request.body.id], request.body.reason)),
  );

  app.post(
    '/api/admin/auditbatchcancelwithdrawbalance',
    {
      config: support,
      schema: { tags, summary: 'Cancels many withdrawals that have not started sending', body: auditBatchCancelWithdrawBody, response: { 200: envelopeSchema(auditResultSchema) } },
    },
    async (request) => ok(request, await cancel(request, request.body.ids, request.body.reason)),
  );
}
