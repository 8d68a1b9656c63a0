import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { chiappBindQuery, chiappInfoQuery, chiappInfoSchema, chiappLauncherSchema, chiappLogoutBody } from '../chia.ts';

export const chiappEndpoints = {
  info: endpoint({
    method: 'GET',
    path: '/api/chiapp/info',
    tags: ['chiapp'],
    summary:
      'The user’s plot NFT launchers in a Chia PP pool: points, total points, estimated size, difficulty, joined or not; with launcher_id also that launcher and its binding data (valid 24 hours)',
    request: chiappInfoQuery,
    response: chiappInfoSchema,
  }),
  bind: endpoint({
    method: 'GET',
    path: '/api/chiapp/bind',
    tags: ['chiapp'],
    summary: 'Binds a launcher to the user: the binding data’s key with its signature by the owner or authentication key, or the grant of the farmer’s login link',
    request: chiappBindQuery,
    response: chiappLauncherSchema,
  }),
  dologout: endpoint({
    method: 'POST',
    path: '/api/chiapp/dologout',
    tags: ['chiapp'],
    summary: 'Unbinds a launcher from the user',
    request: chiappLogoutBody,
    response: z.null(),
  }),
};
