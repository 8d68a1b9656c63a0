import { reviewEndpoints } from '@platter/domain';
import { api } from '../../api/index.ts';

/** The capacity review calls (spec doc 2 §7 'Admin'). */
export type ReviewType = 'bind' | 'unbind';
export type ReviewQuery = { type: ReviewType; pool?: string | undefined; uid?: string | undefined; page: number; count: number };

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (query: ReviewQuery) => ['reviews', query] as const,
};

export const fetchWaiting = (query: ReviewQuery) => api.call(reviewEndpoints.getauditingbindplotter, query);

export const auditBindings = (type: ReviewType, ids: string[], approve: boolean, reason: string) =>
  api.send(type === 'bind' ? reviewEndpoints.auditbindplotter : reviewEndpoints.auditunbindplotter, { ids, approve, reason }, { userTriggered: true });

export const cancelBindings = (ids: string[], reason: string) => api.send(reviewEndpoints.auditcancelbindplotter, { ids, reason }, { userTriggered: true });
