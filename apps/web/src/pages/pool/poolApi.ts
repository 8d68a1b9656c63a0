import { DEFAULT_POOL_TYPE, observerEndpoints, poolEndpoints, type DashboardSummary, type EndpointData, type ObserverSummary } from '@platter/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
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

/** The summary a page shows: a watcher's has no balances (issue 25). */
export type SummaryView = ObserverSummary & Partial<Pick<DashboardSummary, 'pending' | 'available'>>;

/** Query keys of a watched user's data (`uid`), apart from the user's own. */
const keyOf = <K extends readonly unknown[]>(own: K, uid: string | undefined) => (uid ? (['observer', uid, ...own] as const) : own);

/** The dashboard summary of a pool: the user's own, or a watched user's (`uid`). */
export const summaryQuery = (pool: string | undefined, uid?: string) =>
  queryOptions({
    queryKey: keyOf(poolKeys.summary(pool ?? ''), uid),
    queryFn: (): Promise<SummaryView> => (uid ? api.call(observerEndpoints.summary, { uid, pool: pool ?? '' }) : fetchSummary(pool ?? '')),
    enabled: pool !== undefined,
  });

/** One page of miners: the user's own, or a watched user's (`uid`). */
export const minersQuery = (filter: MinerFilter, uid?: string) =>
  queryOptions({
    queryKey: keyOf(poolKeys.miners(filter), uid),
    queryFn: () => (uid ? api.call(observerEndpoints.miner, { ...filter, uid }) : fetchMiners(filter)),
    enabled: filter.pool !== '',
  });

/** A watcher removes the watched user's offline miners: only where that user granted it. */
export const removeWatchedOfflineMiners = (uid: string, pool: string) => api.send(observerEndpoints.removeAllOfflineMiners, { uid, pool }, { userTriggered: true });

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
export const incomeQuery = (pool: string | undefined, page: number, uid?: string) =>
  queryOptions({
    queryKey: keyOf(poolKeys.income(pool ?? '', page, INCOME_PAGE_SIZE), uid),
    queryFn: () =>
      uid ? api.call(observerEndpoints.miningincomerecord, { uid, pool: pool ?? '', page, count: INCOME_PAGE_SIZE }) : fetchIncome(pool ?? '', page, INCOME_PAGE_SIZE),
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
export const miningDetailQuery = (pool: string | undefined, days: number, uid?: string) =>
  queryOptions({
    queryKey: keyOf(poolKeys.detail(pool ?? '', days), uid),
    queryFn: () =>
      uid ? api.call(observerEndpoints.miningdetail, { uid, pool: pool ?? '', days, count: days }) : api.call(poolEndpoints.miningdetail, { pool: pool ?? '', days, count: days }),
    enabled: pool !== undefined,
  });

/**
 * Points per hour for a chart of `hours` complete hours: one more is asked for, since the
 * API's window starts inside its first hour (disabled until the pool is known).
 */
export const shareQuery = (pool: string | undefined, hours: number, uid?: string) =>
  queryOptions({
    queryKey: keyOf(poolKeys.share(pool ?? '', hours), uid),
    queryFn: () => (uid ? api.call(observerEndpoints.share, { uid, pool: pool ?? '', hours: hours + 1 }) : fetchShareSeries(pool ?? '', hours + 1)),
    enabled: pool !== undefined,
  });

/**
 * /center/mining opened: once the user's info says signed in, the user's pools and then the
 * shown pool's summary and last 24 hours are asked for while the page's code and texts load,
 * rather than one after another once each part has rendered (the same queries the page reads).
 */
export async function prefetchDashboard(client: QueryClient, search: string, signedIn: Promise<boolean>): Promise<void> {
  if (!(await signedIn)) return;
  const asked = new URLSearchParams(search).get('pool')?.toLowerCase() || undefined;
  const pools = asked ? [] : await client.fetchQuery({ queryKey: poolKeys.pools, queryFn: fetchUserPools });
  const pool = asked ?? pools[0] ?? DEFAULT_POOL_TYPE;
  await Promise.all([client.prefetchQuery(summaryQuery(pool)), client.prefetchQuery(shareQuery(pool, 24))]);
}
