import { adminEndpoints, adminJobEndpoints, type AdjustmentStatus, type EndpointInput, type FindUserField, type UpdateBalanceResult, type UserRole } from '@platter/domain';
import { api, type ApiAnswer, type QueryValue } from '../../api/index.ts';

/**
 * The back office's user, role, audit-log and adjustment calls (spec doc 2 §7 'Admin'). Reads
 * give the data or throw (TanStack Query shows the failure); writes return the envelope (the
 * client has already shown a business code's message).
 */

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

/** An empty filter is no filter: it is not sent. */
const sent = (query: Record<string, QueryValue>) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null));

export const findUsers = (keyword: string, by: FindUserField, page: number) => api.call(adminEndpoints.findusers, { keyword, by, page, count: PAGE_SIZE });

export const fetchStaff = () => api.call(adminEndpoints.getstafflist);

/** The audit log under the filters of its form (strings; the server's schema checks them). */
export const fetchAuditLog = (query: Record<string, QueryValue>) => api.call(adminEndpoints.getauditlog, sent(query) as EndpointInput<typeof adminEndpoints.getauditlog>);
export const fetchAuditActions = () => api.call(adminEndpoints.getauditactions);

export const fetchAdjustments = (status: AdjustmentStatus | '', page: number) =>
  api.call(adminEndpoints.getbalanceadjustments, { ...(status ? { status } : {}), page, count: PAGE_SIZE });

/** The user calls that take only the uid. */
export type UserAction = 'UnbanUser' | 'UnBindWechat' | 'unbindphone' | 'UnBindGoogle' | 'UbBindChannel';

const USER_ACTIONS = {
  UnbanUser: adminEndpoints.unbanUser,
  UnBindWechat: adminEndpoints.unBindWechat,
  unbindphone: adminEndpoints.unbindphone,
  UnBindGoogle: adminEndpoints.unBindGoogle,
} as const;

export const userAction = (action: UserAction, uid: string) =>
  action === 'UbBindChannel'
    ? api.send(adminEndpoints.ubBindChannel, { uid, channel: 'telegram' }, { userTriggered: true })
    : api.send(USER_ACTIONS[action], { uid }, { userTriggered: true });
export const banUser = (uid: string, reason: string) => api.send(adminEndpoints.banUser, { uid, reason }, { userTriggered: true });
export const clearCache = () => api.send(adminEndpoints.clearCache, undefined, { userTriggered: true });
export const setRole = (uid: string, role: UserRole) => api.send(adminEndpoints.setrole, { uid, role }, { userTriggered: true });
export const decideAdjustment = (id: string, approve: boolean, reason: string) => api.send(adminEndpoints.auditbalanceadjustment, { id, approve, reason }, { userTriggered: true });

export type { UpdateBalanceResult };

export const succeeded = (answer: ApiAnswer<unknown>): boolean => 'code' in answer && answer.code === 200;

/** /admin/jobs: the background jobs, and queueing one now (run or retry). */
export const fetchJobs = () => api.call(adminJobEndpoints.getjobs);
export const runJob = (name: string) => api.send(adminJobEndpoints.runjob, { name }, { userTriggered: true });
