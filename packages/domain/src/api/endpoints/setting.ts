import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { coinQuery, coinSettingSchema, poolInfoSchema, poolQuery, serverLineSchema } from '../setting.ts';

export const settingEndpoints = {
  coin: endpoint({
    method: 'GET',
    path: '/api/setting/coin',
    tags: ['setting'],
    summary: 'Coin settings: every coin of the registry, or one by type',
    request: coinQuery,
    response: z.array(coinSettingSchema),
  }),
  pool: endpoint({
    method: 'GET',
    path: '/api/setting/pool',
    tags: ['setting'],
    summary: 'Pool info: the enabled pools, optionally by pool kind or coin',
    request: poolQuery,
    response: z.array(poolInfoSchema),
  }),
  lines: endpoint({
    method: 'GET',
    path: '/api/setting/lines',
    tags: ['setting'],
    summary: 'Server lines by region, with the address for the ping check',
    response: z.array(serverLineSchema),
  }),
  ping: endpoint({
    method: 'GET',
    path: '/api/setting/ping',
    tags: ['setting'],
    summary: 'Ping target for the line check',
    response: z.object({ t: z.number() }),
  }),
};
