import { endpoint } from '../endpoint.ts';
import { adminFlowPage, adminFlowQuery } from '../wallet.ts';

export const adminFlowEndpoints = {
  asset: endpoint({
    method: 'GET',
    path: '/api/admin/asset',
    tags: ['admin'],
    summary: 'Every user’s bill (the flow), newest first, filtered by uid, coin, kind and time',
    request: adminFlowQuery,
    response: adminFlowPage,
  }),
};
