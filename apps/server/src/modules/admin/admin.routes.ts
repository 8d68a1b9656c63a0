import { adminEndpoints, type UserActionEndpoint } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { Db } from '../../db/database.ts';
import { requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import { adminUnbindChannel } from '../message/message.service.ts';
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

/**
 * The back office's user, role, audit-log and balance-adjustment calls (spec doc 2 §7 'Admin').
 * The guard (guard.ts) checks each route's `config.role` before anything else runs.
 */
export function adminRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const admin = { role: 'admin' as const };
  const support = { role: 'support' as const };

  route(app, adminEndpoints.findusers, { config: support }, async (request) => ok(request, await findUsers(db, request.query)));

  const userAction = (endpoint: UserActionEndpoint, run: (actor: Awaited<ReturnType<typeof requireRole>>, uid: string) => Promise<void>) =>
    route(app, endpoint, { config: admin }, async (request) => {
      await run(await requireRole(sessions, request, 'admin'), request.body.uid);
      return ok(request, null);
    });

  route(app, adminEndpoints.banUser, { config: admin }, async (request) => {
    await banUser(db, await requireRole(sessions, request, 'admin'), request.body.uid, request.body.reason);
    return ok(request, null);
  });
  userAction(adminEndpoints.unbanUser, (actor, uid) => unbanUser(db, actor, uid));
  userAction(adminEndpoints.unBindWechat, (actor, uid) => unbindSocial(db, actor, uid, 'wechat'));
  userAction(adminEndpoints.unbindphone, (actor, uid) => unbindPhone(db, actor, uid));
  userAction(adminEndpoints.unBindGoogle, async (actor, uid) => {
    await unbindGoogle(db, actor, uid);
  });
  route(app, adminEndpoints.ubBindChannel, { config: admin }, async (request) => {
    const actor = await requireRole(sessions, request, 'admin');
    // A message channel (issue 24) by its id; without one, the Telegram sign-in binding.
    if (request.body.channel_id) await adminUnbindChannel(db, actor, request.body.uid, request.body.channel_id);
    else await unbindSocial(db, actor, request.body.uid, request.body.channel);
    return ok(request, null);
  });
  route(app, adminEndpoints.clearCache, { config: admin }, async (request) => {
    const actor = await requireRole(sessions, request, 'admin');
    deps.clearCaches();
    await recordAudit(db, actor, { action: 'ClearCache', target: 'settings' });
    return ok(request, null);
  });

  route(app, adminEndpoints.getstafflist, { config: admin }, async (request) => ok(request, await staffList(db)));
  route(app, adminEndpoints.setrole, { config: admin }, async (request) => {
    await setRole(db, await requireRole(sessions, request, 'admin'), { uid: request.body.uid }, request.body.role);
    return ok(request, null);
  });

  route(app, adminEndpoints.getauditlog, { config: admin }, async (request) => ok(request, await auditLog(db, request.query)));
  route(app, adminEndpoints.getauditactions, { config: admin }, async (request) => ok(request, await auditActions(db)));

  route(app, adminEndpoints.updateBalance, { config: admin }, async (request) =>
    ok(request, await requestAdjustment(db, await requireRole(sessions, request, 'admin'), request.body, deps.adjustApproval)),
  );
  route(app, adminEndpoints.getbalanceadjustments, { config: admin }, async (request) =>
    ok(request, { ...(await listAdjustments(db, request.query)), threshold: deps.adjustApproval.threshold, window_hours: deps.adjustApproval.windowHours }),
  );
  route(app, adminEndpoints.auditbalanceadjustment, { config: admin }, async (request) =>
    ok(request, await decideAdjustment(db, await requireRole(sessions, request, 'admin'), request.body)),
  );
}
