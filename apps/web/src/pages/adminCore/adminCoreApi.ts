import type { Adjustment, AdjustmentStatus, AdminUser, AuditEntry, FindUserField, JobOverview, Staff, UpdateBalanceResult, UserRole } from '@platter/domain';
import { api, dataOf, type ApiAnswer, type QueryValue } from '../../api/index.ts';

/**
 * The back office's user, role, audit-log and adjustment calls (spec doc 2 §7 'Admin'). Reads
 * give the data or throw (TanStack Query shows the failure); writes return the envelope (the
 * client has already shown a business code's message).
 */

export interface Page<T> {
  list: T[];
  total: number;
}

/** Rows on a page of the back office's lists. */
export const PAGE_SIZE = 20;

export const adminCoreKeys = {
  all: ['adminCore'] as const,
  users: (keyword: string, by: FindUserField, page: number) => ['adminCore', 'users', keyword, by, page] as const,
  staff: ['adminCore', 'staff'] as const,
  audit: (query: Record<string, QueryValue>) => ['adminCore', 'audit', query] as const,
  auditActions: ['adminCore', 'auditActions'] as const,
  adjustments: (status: string, page: number) => ['adminCore', 'adjustments', status, page] as const,
};

async function read<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const data = dataOf(await answer);
  if (data === undefined) throw new Error(`${what}: no data`);
  return data;
}

/** An empty filter is no filter: it is not sent. */
const sent = (query: Record<string, QueryValue>) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null));

export const findUsers = (keyword: string, by: FindUserField, page: number) =>
  read(api.get<Page<AdminUser>>('/api/admin/findusers', { query: { keyword, by, page, count: PAGE_SIZE } }), 'findusers');

export const fetchStaff = () => read(api.get<Staff[]>('/api/admin/getstafflist'), 'staff');

export const fetchAuditLog = (query: Record<string, QueryValue>) => read(api.get<Page<AuditEntry>>('/api/admin/getauditlog', { query: sent(query) }), 'audit log');
export const fetchAuditActions = () => read(api.get<string[]>('/api/admin/getauditactions'), 'audit actions');

export const fetchAdjustments = (status: AdjustmentStatus | '', page: number) =>
  read(
    api.get<Page<Adjustment> & { threshold: string; window_hours: number }>('/api/admin/getbalanceadjustments', { query: sent({ status, page, count: PAGE_SIZE }) }),
    'adjustments',
  );

/** The user calls that take only the uid. */
export type UserAction = 'UnbanUser' | 'UnBindWechat' | 'unbindphone' | 'UnBindGoogle' | 'UbBindChannel';

export const userAction = (action: UserAction, uid: string) =>
  api.post<null>(`/api/admin/${action}`, action === 'UbBindChannel' ? { uid, channel: 'telegram' } : { uid }, { userTriggered: true });
export const banUser = (uid: string, reason: string) => api.post<null>('/api/admin/BanUser', { uid, reason }, { userTriggered: true });
export const clearCache = () => api.post<null>('/api/admin/ClearCache', {}, { userTriggered: true });
export const setRole = (uid: string, role: UserRole) => api.post<null>('/api/admin/setrole', { uid, role }, { userTriggered: true });
export const decideAdjustment = (id: string, approve: boolean, reason: string) =>
  api.post<Adjustment>('/api/admin/auditbalanceadjustment', { id, approve, reason }, { userTriggered: true });

export type { UpdateBalanceResult };

export const succeeded = (answer: ApiAnswer<unknown>): boolean => 'code' in answer && answer.code === 200;

/** /admin/jobs: the background jobs, and queueing one now (run or retry). */
export const fetchJobs = () => read(api.get<JobOverview[]>('/api/admin/getjobs'), 'jobs');
export const runJob = (name: string) => api.post<{ queued: boolean }>('/api/admin/runjob', { name }, { userTriggered: true });
