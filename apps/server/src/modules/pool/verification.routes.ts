import { envelopeSchema, issueProxyKeyBody, outlierPage, outlierQuery, proxyKeyIdBody, proxyKeyPage, proxyKeyQuery, proxyKeySchema, reviewOutlierBody } from '@platter/domain';
import { z } from 'zod';
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
  const tags = ['admin'];
  const support = { role: 'support' as const };
  const admin = { role: 'admin' as const };

  app.get(
    '/api/admin/proxykeys',
    {
      config: support,
      schema: {
        tags,
        summary: 'Miner keys the operator issued to its trusted proxies (never the keys themselves)',
        querystring: proxyKeyQuery,
        response: { 200: envelopeSchema(proxyKeyPage) },
      },
    },
    async (request) => ok(request, await proxyKeys(db, request.query)),
  );
  app.post(
    '/api/admin/issueproxykey',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Issues a key to a proxy the operator runs for a user’s miners on a trusted-proxy pool; the key is answered once; audited',
        body: issueProxyKeyBody,
        response: { 200: envelopeSchema(proxyKeySchema) },
      },
    },
    async (request) => ok(request, await issueProxyKey(db, await requireRole(sessions, request, 'admin'), request.body)),
  );
  app.post(
    '/api/admin/revokeproxykey',
    { config: admin, schema: { tags, summary: 'Revokes an operator-issued key at once; audited', body: proxyKeyIdBody, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await revokeProxyKey(db, await requireRole(sessions, request, 'admin'), request.body.id);
      return ok(request, null);
    },
  );
  app.get(
    '/api/admin/outliers',
    {
      config: support,
      schema: {
        tags,
        summary: 'Miners whose day of points exceeded what their capacity or hashrate could produce, held from settlement until reviewed',
        querystring: outlierQuery,
        response: { 200: envelopeSchema(outlierPage) },
      },
    },
    async (request) => ok(request, await listOutliers(db, request.query)),
  );
  app.post(
    '/api/admin/reviewoutlier',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Releases a held outlier (its points count in the next settlement) or refuses it (never counted); audited',
        body: reviewOutlierBody,
        response: { 200: envelopeSchema(z.object({ status: z.string() })) },
      },
    },
    async (request) => ok(request, { status: await reviewOutlier(db, await requireRole(sessions, request, 'admin'), request.body) }),
  );
}
