import { endpoint } from '../endpoint.ts';
import { pocDevBindBody, pocDevBindSchema } from '../poc.ts';

/**
 * The BHD family's development helper (envelope). The Burst mining protocol itself
 * (protocols/poc/poc.routes.ts, at its configured path) is not the envelope and stays outside the table.
 */
export const pocDevEndpoints = {
  bind: endpoint({
    method: 'POST',
    path: '/api/dev/poc/bind',
    tags: ['dev'],
    summary: 'Development only: bind (or unbind) a plotter id to a BHD-family pool’s address on the devnet chain',
    request: pocDevBindBody,
    response: pocDevBindSchema,
  }),
};
