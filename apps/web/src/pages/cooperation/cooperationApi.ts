import { adminCooperationSettingsEndpoints, cooperationEndpoints, type EndpointData, type EndpointInput } from '@platter/domain';
import { api, type ApiAnswer } from '../../api/index.ts';

/** Cooperation pools' and deals' calls (issue 22): reads give the data or throw; writes return the envelope. */

export type CooperationPoolRow = EndpointData<typeof cooperationEndpoints.pools>['list'][number];
export type DealRow = EndpointData<typeof cooperationEndpoints.deals>['list'][number];
export type CooperationLogRow = EndpointData<typeof cooperationEndpoints.logs>['list'][number];
export type DealActionName = 'take' | 'accept' | 'withdraw' | 'break' | 'remargin' | 'unlock';

export const PAGE = 20;
const user = { userTriggered: true };

export const cooperationKeys = {
  all: ['cooperation'] as const,
  pools: ['cooperation', 'pools'] as const,
  deals: (scope: 'mine' | 'offers', page: number) => ['cooperation', 'deals', scope, page] as const,
  logs: (page: number) => ['cooperation', 'logs', page] as const,
};

export const fetchPools = () => api.call(cooperationEndpoints.pools, {});
export const fetchDeals = (scope: 'mine' | 'offers', page: number) => api.call(cooperationEndpoints.deals, { scope, page, count: PAGE });
export const fetchLogs = (page: number) => api.call(cooperationEndpoints.logs, { page, count: PAGE });

export type MoveKind = 'open' | 'deposit' | 'return';
// Each write carries the submission's idempotency key (requestKeys.ts): a retried submission moves nothing twice.
export const moveCooperation = (kind: MoveKind, pool: string, amount: string, request_id: string) => api.send(cooperationEndpoints[kind], { pool, amount, request_id }, user);
export const offerDeal = (pool: string, amount: string, request_id: string) => api.send(cooperationEndpoints.offer, { pool, amount, request_id }, user);
export const moveDeal = (id: string, action: DealActionName, request_id: string) => api.send(cooperationEndpoints.action, { id, action, request_id }, user);

export const isOk = (answer: ApiAnswer<unknown>): boolean => 'code' in answer && answer.code === 200;

/** Spec doc 1 §5: a cooperation amount is a whole number of coins. */
export const isWholeAmount = (text: string) => /^\d{1,30}$/.test(text.trim()) && BigInt(text.trim()) > 0n;

// --- the back office's per-coin settings (/admin/cooperation_settings) --------------------------------

export type CooperationCoinSettings = EndpointData<typeof adminCooperationSettingsEndpoints.list>['list'][number];
export const cooperationSettingsKey = ['cooperation', 'settings'] as const;
export const fetchCooperationSettings = () => api.call(adminCooperationSettingsEndpoints.list);
export const saveCooperationSettings = (body: EndpointInput<typeof adminCooperationSettingsEndpoints.update>) => api.send(adminCooperationSettingsEndpoints.update, body, user);
