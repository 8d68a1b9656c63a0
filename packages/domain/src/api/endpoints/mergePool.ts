import { endpoint } from '../endpoint.ts';
import { mergePoolFarmSchema, mergePoolQuery } from '../mergePool.ts';

/** Merged mining's single-farm view (issue 21). */
export const mergePoolEndpoints = {
  farm: endpoint({
    method: 'GET',
    path: '/api/dashboard/mergepool',
    tags: ['dashboard'],
    summary: 'The user’s farm across the pools of a merge pool (BHD with LHD, HDD, XHD of the same pool type): its rigs and capacity, and each coin’s figures and income',
    request: mergePoolQuery,
    response: mergePoolFarmSchema.nullable(),
  }),
};
