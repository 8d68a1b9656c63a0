import { adminWithdrawEndpoints, withdrawEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import { withdrawalReview } from './review.ts';
import type { FastifyRequest } from 'fastify';
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

/** A user's withdrawals: the log and the cancel before review (spec doc 2 §7). The application itself is the wallet's (security verification). */
export function withdrawRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, withdrawEndpoints.revocationwithdraw, {}, async (request) => {
    await revokeWithdrawal(db, await signedIn(request), request.body.id);
    return ok(request, null);
  });

  for (const endpoint of [withdrawEndpoints.withdraw, withdrawEndpoints.dashboardWithdraw]) {
    route(app, endpoint, {}, async (request) => ok(request, await withdrawLog(db, await signedIn(request), request.query)));
  }
}

/**
 * The back office's withdrawal review (spec doc 2 §7 'Admin'): support's too. Each withdrawal
 * changed is audited in the transaction that changes it (withdraw.service.ts).
 */
export function adminWithdrawRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, schedule } = deps;
  const support = { role: 'support' as const };
  const staff = (request: FastifyRequest) => requireRole(sessions, request, 'support');

  route(app, adminWithdrawEndpoints.withdraw, { config: support }, async (request) => ok(request, await adminWithdrawals(db, request.query)));

  route(app, adminWithdrawEndpoints.getauditingwithdrawlogs, { config: support }, async (request) => ok(request, await adminWithdrawals(db, request.query, true)));

  const review = async (request: FastifyRequest, ids: string[], approve: boolean, reason: string) => auditWithdrawals(db, schedule, await staff(request), ids, approve, reason);

  // The spec lists these two as GET: a GET reads the withdrawal under review with its audit
  // trail and what the POST of the same name may do now; only the POST changes it (issue 20).
  for (const endpoint of [adminWithdrawEndpoints.auditwithdrawbalanceRead, adminWithdrawEndpoints.auditcancelwithdrawbalanceRead]) {
    route(app, endpoint, { config: support }, async (request) => ok(request, await withdrawalReview(db, request.query.id)));
  }

  route(app, adminWithdrawEndpoints.auditwithdrawbalance, { config: support }, async (request) =>
    ok(request, await review(request, [request.body.id], request.body.approve, request.body.reason)),
  );

  route(app, adminWithdrawEndpoints.auditbatchwithdrawbalance, { config: support }, async (request) =>
    ok(request, await review(request, request.body.ids, request.body.approve, request.body.reason)),
  );

  const cancel = async (request: FastifyRequest, ids: string[], reason: string) => operatorCancel(db, await staff(request), ids, reason);

  route(app, adminWithdrawEndpoints.auditcancelwithdrawbalance, { config: support }, async (request) => ok(request, await cancel(request, [request.body.id], request.body.reason)));

  route(app, adminWithdrawEndpoints.auditbatchcancelwithdrawbalance, { config: support }, async (request) =>
    ok(request, await cancel(request, request.body.ids, request.body.reason)),
  );
}
