import { adminMortgageEndpoints, mortgageEndpoints, type EndpointData, type EndpointInput } from '@platter/domain';
import { api } from '../../api/index.ts';

/** Mortgage calls (issue 22): reads give the data or throw; writes return the envelope. */

export type MortgageCoin = EndpointData<typeof mortgageEndpoints.coins>['list'][number];
export type MortgageLogRow = EndpointData<typeof mortgageEndpoints.logs>['list'][number];
export type AdminMortgageLogRow = EndpointData<typeof adminMortgageEndpoints.logs>['list'][number];
export type MortgageLogsQuery = EndpointInput<typeof mortgageEndpoints.logs>;
export type AdminMortgageLogsQuery = EndpointInput<typeof adminMortgageEndpoints.logs>;
export type PointMortgageRequestRow = EndpointData<typeof adminMortgageEndpoints.pointRequests>['list'][number];

export const PAGE = 10;
const user = { userTriggered: true };

export const mortgageKeys = {
  all: ['mortgage'] as const,
  coins: ['mortgage', 'coins'] as const,
  logs: (query: MortgageLogsQuery) => ['mortgage', 'logs', query] as const,
  adminLogs: (query: AdminMortgageLogsQuery) => ['mortgage', 'admin', 'logs', query] as const,
  pointRequests: (status: string, page: number) => ['mortgage', 'admin', 'pointRequests', status, page] as const,
};

/** An empty filter is no filter: it is not sent. */
const sent = <T extends Record<string, unknown>>(query: T) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined)) as T;

export const fetchMortgageCoins = () => api.call(mortgageEndpoints.coins);
export const fetchMortgageLogs = (query: MortgageLogsQuery) => api.call(mortgageEndpoints.logs, sent(query));
export const fetchAdminMortgageLogs = (query: AdminMortgageLogsQuery) => api.call(adminMortgageEndpoints.logs, sent(query));
export const toMortgage = (body: EndpointInput<typeof mortgageEndpoints.toMortgage>) => api.send(mortgageEndpoints.toMortgage, body, user);
export const toBalance = (body: EndpointInput<typeof mortgageEndpoints.toBalance>) => api.send(mortgageEndpoints.toBalance, body, user);
export const fetchPointRequests = (status: '' | 'PENDING' | 'APPROVED' | 'REJECTED', page: number) =>
  api.call(adminMortgageEndpoints.pointRequests, { ...(status ? { status } : {}), page, count: PAGE });
export const reviewPointRequest = (id: string, approve: boolean, reason: string) => api.send(adminMortgageEndpoints.pointReview, { id, approve, reason }, user);
export const requestPointMortgage = (id: string) => api.send(mortgageEndpoints.pointMortgage, { id }, user);
