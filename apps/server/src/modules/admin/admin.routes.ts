import {
  adjustmentPage,
  adjustmentQuery,
  adjustmentSchema,
  adminUserPage,
  auditLogPage,
  auditLogQuery,
  banUserBody,
  decideAdjustmentBody,
  envelopeSchema,
  findUsersQuery,
  setRoleBody,
  staffSchema,
  uidBody,
  unbindChannelBody,
  updateBalanceBody,
  updateBalanceResultSchema,
} from '@platter/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { decideAdjustment, listAdjustments, requestAdjustment, type ApprovalRule } from './adjustments.ts';
import { auditActions, auditLog, recordAudit } from './audit.ts';
import { banUser, findUsers, setRole, staffList, unbanUser, unbindGoogle, unbindPhone, unbindSocial } from './users.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  /** ADJUST_APPROVAL_THRESHOLD and its window: adjustments above it wait for a second admin. */
  adjustApproval: ApprovalRule;
  /** ClearCache: drops the cached settings (coins, pools, lines) of this process. */
  clearCaches: () => void;
}

const nothing = envelopeSchema(z.null());

/**
 * The back office's user, role, audit-log and balance-adjustment calls (spec doc 2 §7 'Admin').
 * The guard (guard.ts) checks each route's `config.role` before anything else runs.
 */
export function adminRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const tags = ['admin'];
  const admin = { role: 'admin' as const };
  const support = { role: 'support' as const };

  app.get(
    '/api/admin/findusers',
    {
      config: support,
      schema: {
        tags,
        summary: 'Finds users by e-mail, account, uid or phone (by: any|email|account|uid|phone), with their bindings and available balances',
        querystring: findUsersQuery,
        response: { 200: envelopeSchema(adminUserPage) },
      },
    },
    async (request) => ok(request, await findUsers(db, request.query)),
  );

  const userAction = (path: string, summary: string, run: (actor: Awaited<ReturnType<typeof requireRole>>, uid: string) => Promise<void>) =>
    app.post(path, { config: admin, schema: { tags, summary, body: uidBody, response: { 200: nothing } } }, async (request) => {
      await run(await requireRole(sessions, request, 'admin'), request.body.uid);
      return ok(request, null);
    });

  app.post(
    '/api/admin/BanUser',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Bans a user: every session ends now and sign-in is refused (1032); back-office accounts lose their role first',
        body: banUserBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await banUser(db, await requireRole(sessions, request, 'admin'), request.body.uid, request.body.reason);
      return ok(request, null);
    },
  );
  userAction('/api/admin/UnbanUser', 'Lifts a ban: the user can sign in again', (actor, uid) => unbanUser(db, actor, uid));
  userAction('/api/admin/UnBindWechat', 'Removes the user’s WeChat binding (1019 when none); withdrawals lock 24 hours', (actor, uid) => unbindSocial(db, actor, uid, 'wechat'));
  userAction('/api/admin/unbindphone', 'Removes the user’s phone (1046 when none); withdrawals lock 24 hours', (actor, uid) => unbindPhone(db, actor, uid));
  userAction('/api/admin/UnBindGoogle', 'Removes the user’s authenticator app (1017 when none); withdrawals lock 24 hours', (actor, uid) => unbindGoogle(db, actor, uid));
  app.post(
    '/api/admin/UbBindChannel',
    { config: admin, schema: { tags, summary: 'Removes a message channel of the user (Telegram; 1040 when none)', body: unbindChannelBody, response: { 200: nothing } } },
    async (request) => {
      await unbindSocial(db, await requireRole(sessions, request, 'admin'), request.body.uid, request.body.channel);
      return ok(request, null);
    },
  );
  app.post(
    '/api/admin/ClearCache',
    { config: admin, schema: { tags, summary: 'Drops the cached settings (coins, pools, server lines) so that edits show at once', response: { 200: nothing } } },
    async (request) => {
      const actor = await requireRole(sessions, request, 'admin');
      deps.clearCaches();
      await recordAudit(db, actor, { action: 'ClearCache', target: 'settings' });
      return ok(request, null);
    },
  );

  app.get(
    '/api/admin/getstafflist',
    { config: admin, schema: { tags, summary: 'The back-office accounts (admin and support)', response: { 200: envelopeSchema(z.array(staffSchema)) } } },
    async (request) => ok(request, await staffList(db)),
  );
  app.post(
    '/api/admin/setrole',
    {
      config: admin,
      schema: { tags, summary: 'Gives a user the role user, support or admin; the last admin keeps the role (218)', body: setRoleBody, response: { 200: nothing } },
    },
    async (request) => {
      await setRole(db, await requireRole(sessions, request, 'admin'), { uid: request.body.uid }, request.body.role);
      return ok(request, null);
    },
  );

  app.get(
    '/api/admin/getauditlog',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The audit log, newest first: filters admin (uid, e-mail or cli), action, target and UTC days',
        querystring: auditLogQuery,
        response: { 200: envelopeSchema(auditLogPage) },
      },
    },
    async (request) => ok(request, await auditLog(db, request.query)),
  );
  app.get(
    '/api/admin/getauditactions',
    { config: admin, schema: { tags, summary: 'Every action name in the audit log (the filter’s choices)', response: { 200: envelopeSchema(z.array(z.string())) } } },
    async (request) => ok(request, await auditActions(db)),
  );

  app.post(
    '/api/admin/UpdateBalance',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Adjusts a user’s available balance (signed amount, reason required; idempotent on request_id): posted at once within ADJUST_APPROVAL_THRESHOLD, otherwise pending a second admin',
        body: updateBalanceBody,
        response: { 200: envelopeSchema(updateBalanceResultSchema) },
      },
    },
    async (request) => ok(request, await requestAdjustment(db, await requireRole(sessions, request, 'admin'), request.body, deps.adjustApproval)),
  );
  app.get(
    '/api/admin/getbalanceadjustments',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Balance adjustments (pending first), filtered by status and uid, with the approval threshold',
        querystring: adjustmentQuery,
        response: { 200: envelopeSchema(adjustmentPage) },
      },
    },
    async (request) => ok(request, { ...(await listAdjustments(db, request.query)), threshold: deps.adjustApproval.threshold, window_hours: deps.adjustApproval.windowHours }),
  );
  app.post(
    '/api/admin/auditbalanceadjustment',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A second admin approves (posted now) or rejects (reason required) a pending adjustment; neither the requester nor the adjusted admin decides it (218)',
        body: decideAdjustmentBody,
        response: { 200: envelopeSchema(adjustmentSchema) },
      },
    },
    async (request) => ok(request, await decideAdjustment(db, await requireRole(sessions, request, 'admin'), request.body)),
  );
}
