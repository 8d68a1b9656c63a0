import type { Plot, plotCountersSchema } from '@platter/domain';
import type { z } from 'zod';
import { api, dataOf, type ApiAnswer } from '../../api/index.ts';

/** The plot calls of spec doc 2 §7 'Pool' (GetPlots, binding) and the back office's lists. */

export type PlotCounters = z.infer<typeof plotCountersSchema>;
export type PlotPage = { list: Plot[]; total: number; counters: PlotCounters };
export type AdminPlot = Plot & { uid: string; email: string };

export const plotKeys = {
  all: ['plots'] as const,
  list: (query: Record<string, string | number | undefined>) => ['plots', 'list', query] as const,
  admin: (bindings: boolean, query: Record<string, string | number | undefined>) => ['plots', 'admin', bindings, query] as const,
};

async function read<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const data = dataOf(await answer);
  if (data === undefined) throw new Error(`${what}: no data`);
  return data;
}

export const fetchPlots = (query: { pool?: string; status?: string; page: number; count: number }) => read(api.get<PlotPage>('/api/pool/GetPlots', { query }), 'plots');

export const fetchBindData = (query: { pool: string; plot_id: string; address: string }) =>
  api.get<{ message: string; expires_at: number }>('/api/pool/binddata', { query, userTriggered: true });

export const bindPlot = (body: { pool: string; plot_id: string; address: string; message: string; signature: string }) =>
  api.post<Plot>('/api/pool/bind', body, { userTriggered: true });

export const fetchRegisterData = (query: { pool: string; node_id: string }) =>
  api.get<{ message: string; scheme: 'ed25519' | 'sr25519' }>('/api/pool/registerdata', { query, userTriggered: true });

export const registerNode = (body: { pool: string; node_id: string; signature: string }) => api.post<Plot>('/api/pool/register', body, { userTriggered: true });

export type IdentityReward = {
  identity: string;
  reward_id: string;
  height: number;
  amount: string;
  fee: string;
  income: string;
  status: 'credited' | 'reversed';
  created_at: number;
};
export const fetchIdentityRewards = (query: { pool: string; page: number; count: number }) =>
  read(api.get<{ list: IdentityReward[]; total: number }>('/api/pool/identityrewards', { query }), 'identity rewards');

export const unbindPlot = (id: string) => api.post<null>('/api/pool/unbind', { id }, { userTriggered: true });

/** Development only: the devnet wallet's signature (the dev helpers answer outside production). */
export const devnetSign = (body: { pool: string; address: string; message: string }) => api.post<{ signature: string }>('/api/dev/devnet/sign', body, { userTriggered: true });

export const fetchAdminPlots = (bindings: boolean, query: { pool?: string; uid?: string; plot_id?: string; status?: string; page: number; count: number }) =>
  read(api.get<{ list: AdminPlot[]; total: number }>(bindings ? '/api/admin/getbindplotterlogs' : '/api/admin/GetPlots', { query }), 'plots');
