import { poolEndpoints, type EndpointData } from '@platter/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '../../api/index.ts';

/**
 * The user's pool calls of spec doc 2 §7 'Pool' and 'Dashboard' for the pages of this
 * folder. Reads give the data or throw (TanStack Query shows the failure); writes return the
 * envelope so a page can read the business code (the client has already shown its message).
 */

export type MinerPage = EndpointData<typeof poolEndpoints.minerList>;
export type MinerFilter = { pool: string; status?: 'online' | 'offline'; name?: string; page: number; count: number };

export const poolKeys = {
  all: ['pool'] as const,
  pools: ['pool', 'list'] as const,
  summary: (pool: string) => ['pool', 'summary', pool] as const,
  share: (pool: string, hours: number) => ['pool', 'share', pool, hours] as const,
  apiKey: (pool: string) => ['pool', 'apikey', pool] as const,
  miners: (filter: MinerFilter) => ['pool', 'miners', filter] as const,
  minersOf: (pool: string) => ['pool', 'miners', { pool }] as const,
  income: (pool: string, page: number, count: number) => ['pool', 'income', pool, page, count] as const,
  detail: (pool: string, days: number) => ['pool', 'miningdetail', pool, days] as const,
  blockIncome: (pool: string, page: number) => ['pool', 'blockincome', pool, page] as const,
};

export const succeeded = (answer: ApiAnswer<unknown>): boolean => 'code' in answer && answer.code === 200;

export const fetchUserPools = () => api.call(poolEndpoints.poollist);

export const fetchSummary = (pool: string) => api.call(poolEndpoints.summary, { pool });

export const fetchShareSeries = (pool: string, hours: number) => api.call(poolEndpoints.share, { pool, hours });

/** The active key's hint, or null when the pool has none. */
export const fetchApiKey = async (pool: string): Promise<EndpointData<typeof poolEndpoints.apikey>> => {
  const answer = await api.send(poolEndpoints.apikey, { pool });
  if (!succeeded(answer)) throw new Error('API key: no data');
  return dataOf(answer) ?? null;
};

export const createApiKey = (pool: string) => api.send(poolEndpoints.poolApikey, { pool }, { userTriggered: true });

export const revokeApiKey = (pool: string) => api.send(poolEndpoints.deletePoolApikey, { pool }, { userTriggered: true });

export const fetchMiners = (filter: MinerFilter) => api.call(poolEndpoints.minerList, filter);

export const deleteMiner = (id: string) => api.send(poolEndpoints.miner, { id }, { userTriggered: true });

export const removeOfflineMiners = (pool: string) => api.send(poolEndpoints.removeallofflineminers, { pool }, { userTriggered: true });

/** One page of income records; the income chart and the contribution table show the first. */
export const INCOME_PAGE_SIZE = 15;

export const fetchIncome = (pool: string, page: number, count: number) => api.call(poolEndpoints.income, { pool, page, count });

/** The income records of a page (disabled until the pool is known). */
export const incomeQuery = (pool: string | undefined, page: number) =>
  queryOptions({
    queryKey: poolKeys.income(pool ?? '', page, INCOME_PAGE_SIZE),
    queryFn: () => fetchIncome(pool ?? '', page, INCOME_PAGE_SIZE),
    enabled: pool !== undefined,
  });

/** One page of the Revenue screen: the blocks that paid the user in a pool (GET /api/pool/blockincome). */
export const BLOCK_INCOME_PAGE_SIZE = 10;
export const blockIncomeQuery = (pool: string | undefined, page: number) =>
  queryOptions({
    queryKey: poolKeys.blockIncome(pool ?? '', page),
    queryFn: () => api.call(poolEndpoints.blockincome, { pool: pool ?? '', page, count: BLOCK_INCOME_PAGE_SIZE }),
    enabled: pool !== undefined,
  });

/** The user's last `days` days in a pool: shares, miners, points, capacity (one page holds them all). */
export const miningDetailQuery = (pool: string | undefined, days: number) =>
  queryOptions({
    queryKey: poolKeys.detail(pool ?? '', days),
    queryFn: () => api.call(poolEndpoints.miningdetail, { pool: pool ?? '', days, count: days }),
    enabled: pool !== undefined,
  });

/**
 * Points per hour for a chart of `hours` complete hours: one more is asked for, since the
 * API's window starts inside its first hour (disabled until the pool is known).
 */
export const shareQuery = (pool: string | undefined, hours: number) =>
  queryOptions({ queryKey: poolKeys.share(pool ?? '', hours), queryFn: () => fetchShareSeries(pool ?? '', hours + 1), enabled: pool !== undefined });
