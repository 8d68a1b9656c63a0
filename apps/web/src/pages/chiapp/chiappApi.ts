import type { ChiappInfo, ChiappLauncher } from '@platter/domain';
import { api, dataOf } from '../../api/index.ts';

/** The Chia-style pool app calls (spec doc 2 §7): info, bind, dologout. */

export const chiappKeys = {
  all: ['chiapp'] as const,
  info: (pool: string) => ['chiapp', 'info', pool] as const,
  /** One launcher looked up, with fresh binding data: its own key, never the list's. */
  lookup: (pool: string, launcherId: string) => ['chiapp', 'lookup', pool, launcherId] as const,
};

export async function fetchChiappInfo(pool: string, launcherId?: string): Promise<ChiappInfo> {
  const data = dataOf(await api.get<ChiappInfo>('/api/chiapp/info', { query: { pool, launcher_id: launcherId }, userTriggered: launcherId !== undefined }));
  if (data === undefined) throw new Error('chiapp info: no data');
  return data;
}

export const bindLauncher = (query: { pool: string; launcher_id: string; key?: string; signature?: string; login?: string }) =>
  api.get<ChiappLauncher>('/api/chiapp/bind', { query, userTriggered: true });

export const logoutLauncher = (body: { pool: string; launcher_id: string }) => api.post<null>('/api/chiapp/dologout', body, { userTriggered: true });
