import { chiappEndpoints, type EndpointInput } from '@platter/domain';
import { api } from '../../api/index.ts';

/** The Chia-style pool app calls (spec doc 2 §7): info, bind, dologout. */

export const chiappKeys = {
  all: ['chiapp'] as const,
  info: (pool: string) => ['chiapp', 'info', pool] as const,
  /** One launcher looked up, with fresh binding data: its own key, never the list's. */
  lookup: (pool: string, launcherId: string) => ['chiapp', 'lookup', pool, launcherId] as const,
};

export const fetchChiappInfo = (pool: string, launcherId?: string) =>
  api.call(chiappEndpoints.info, { pool, launcher_id: launcherId }, { userTriggered: launcherId !== undefined });

export const bindLauncher = (query: EndpointInput<typeof chiappEndpoints.bind>) => api.send(chiappEndpoints.bind, query, { userTriggered: true });

export const logoutLauncher = (body: EndpointInput<typeof chiappEndpoints.dologout>) => api.send(chiappEndpoints.dologout, body, { userTriggered: true });
