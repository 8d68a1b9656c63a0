import type { BindReviewResult } from '@platter/domain';
import { api, dataOf } from '../../api/index.ts';
import type { AdminPlot } from '../plots/plotsApi.ts';

/** The capacity review calls (spec doc 2 §7 'Admin'). */
export type ReviewType = 'bind' | 'unbind';
export type ReviewQuery = { type: ReviewType; pool?: string | undefined; uid?: string | undefined; page: number; count: number };

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (query: ReviewQuery) => ['reviews', query] as const,
};

export async function fetchWaiting(query: ReviewQuery): Promise<{ list: AdminPlot[]; total: number }> {
  const data = dataOf(await api.get<{ list: AdminPlot[]; total: number }>('/api/admin/getauditingbindplotter', { query }));
  if (!data) throw new Error('reviews: no data');
  return data;
}

export const auditBindings = (type: ReviewType, ids: string[], approve: boolean, reason: string) =>
  api.post<BindReviewResult>(type === 'bind' ? '/api/admin/auditbindplotter' : '/api/admin/auditunbindplotter', { ids, approve, reason }, { userTriggered: true });

export const cancelBindings = (ids: string[], reason: string) => api.post<BindReviewResult>('/api/admin/auditcancelbindplotter', { ids, reason }, { userTriggered: true });
