import { verificationAdminEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { Db } from '../../db/database.ts';
import { requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { listOutliers, reviewOutlier } from './outliers.ts';
import { issueProxyKey, proxyKeys, revokeProxyKey } from './proxy-keys.ts';

/**
 * The back office's verified-work calls (issue 18): keys for the operator's trusted proxies
 * (issued and revoked by admins, audited) and the plausibility outliers (reviewed by admins).
 * Support staff read both.
 */
export function verificationAdminRoutes(app: ZodApp, deps: { db: Db; sessions: ReturnType<typeof sessionService> }): void {
  const { db, sessions } = deps;
  const support = { role: 'support' as const };
  const admin = { role: 'admin' as const };

  route(app, verificationAdminEndpoints.proxykeys, { config: support }, async (request) => ok(request, await proxyKeys(db, request.query)));
  route(app, verificationAdminEndpoints.issueproxykey, { config: admin }, async (request) =>
    ok(request, await issueProxyKey(db, await requireRole(sessions, request, 'admin'), request.body)),
  );
  route(app, verificationAdminEndpoints.revokeproxykey, { config: admin }, async (request) => {
    await revokeProxyKey(db, await requireRole(sessions, request, 'admin'), request.body.id);
    return ok(request, null);
  });
  route(app, verificationAdminEndpoints.outliers, { config: support }, async (request) => ok(request, await listOutliers(db, request.query)));
  route(app, verificationAdminEndpoints.reviewoutlier, { config: admin }, async (request) =>
    ok(request, { status: await reviewOutlier(db, await requireRole(sessions, request, 'admin'), request.body) }),
  );
}
