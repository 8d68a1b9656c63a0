import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { issueProxyKeyBody, outlierPage, outlierQuery, proxyKeyIdBody, proxyKeyPage, proxyKeyQuery, proxyKeySchema, reviewOutlierBody } from '../verification.ts';

export const verificationAdminEndpoints = {
  proxykeys: endpoint({
    method: 'GET',
    path: '/api/admin/proxykeys',
    tags: ['admin'],
    summary: 'Miner keys the operator issued to its trusted proxies (never the keys themselves)',
    request: proxyKeyQuery,
    response: proxyKeyPage,
  }),
  issueproxykey: endpoint({
    method: 'POST',
    path: '/api/admin/issueproxykey',
    tags: ['admin'],
    summary: 'Issues a key to a proxy the operator runs for a user’s miners on a trusted-proxy pool; the key is answered once; audited',
    request: issueProxyKeyBody,
    response: proxyKeySchema,
  }),
  revokeproxykey: endpoint({
    method: 'POST',
    path: '/api/admin/revokeproxykey',
    tags: ['admin'],
    summary: 'Revokes an operator-issued key at once; audited',
    request: proxyKeyIdBody,
    response: z.null(),
  }),
  outliers: endpoint({
    method: 'GET',
    path: '/api/admin/outliers',
    tags: ['admin'],
    summary: 'Miners whose day of points exceeded what their capacity or hashrate could produce, held from settlement until reviewed',
    request: outlierQuery,
    response: outlierPage,
  }),
  reviewoutlier: endpoint({
    method: 'POST',
    path: '/api/admin/reviewoutlier',
    tags: ['admin'],
    summary: 'Releases a held outlier (its points count in the next settlement) or refuses it (never counted); audited',
    request: reviewOutlierBody,
    response: z.object({ status: z.string() }),
  }),
};
