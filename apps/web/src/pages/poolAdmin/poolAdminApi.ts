import type { adminIncomePage, adminMinerPage, adminOpenedPage, assetsReportPage, dailyReportPage, PoolConfigView, UpdatePoolConfigBody } from '@platter/domain';
import type { z } from 'zod';
import { api, dataOf, type ApiAnswer, type QueryValue } from '../../api/index.ts';

/**
 * The pool's back-office calls (spec doc 2 §7 'Admin'): pools with their configuration and
 * its edit, the mining and assets daily reports, every user's miners and income records.
 * Reads give the data or throw (TanStack Query shows the failure); the write returns the
 * envelope so the form can read the business code (the client has already shown its message).
 */

export type DailyReportPage = z.infer<typeof dailyReportPage>;
export type DailyReport = DailyReportPage['list'][number];
export type AssetsReportPage = z.infer<typeof assetsReportPage>;
export type AssetsReport = AssetsReportPage['list'][number];
export type AdminMinerPage = z.infer<typeof adminMinerPage>;
export type AdminMiner = AdminMinerPage['list'][number];
export type AdminOpenedPage = z.infer<typeof adminOpenedPage>;
export type AdminOpened = AdminOpenedPage['list'][number];
export type AdminIncomePage = z.infer<typeof adminIncomePage>;
export type AdminIncome = AdminIncomePage['list'][number];

/** A list's filters as sent (empty ones left out) with its page. */
export type ListQuery = Record<string, QueryValue>;

/** Rows a page of every back-office list. */
export const PAGE_SIZE = 20;

export const poolAdminKeys = {
  all: ['poolAdmin'] as const,
  configs: ['poolAdmin', 'configs'] as const,
  list: (path: string, query: ListQuery) => ['poolAdmin', path, query] as const,
};

async function read<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const data = dataOf(await answer);
  if (data === undefined) throw new Error(`${what}: no data`);
  return data;
}

/** An empty filter is no filter: it is not sent at all. */
function sent(query: ListQuery): ListQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined && value !== null));
}

export const fetchPoolConfigs = () => read(api.get<PoolConfigView[]>('/api/admin/getpoollist'), 'pool configurations');

/** The back-office lists by their call: each answers `{list, total}` (the miners' also their online and offline counts). */
export const LIST_PATHS = {
  dailyReports: '/api/admin/getdailyreports',
  assetsReports: '/api/admin/getassertdailyreports',
  miners: '/api/admin/miner',
  opened: '/api/admin/getopenedpools',
  income: '/api/admin/miningdetail',
  flow: '/api/admin/asset',
  proxyKeys: '/api/admin/proxykeys',
  outliers: '/api/admin/outliers',
} as const;

export type ListPath = (typeof LIST_PATHS)[keyof typeof LIST_PATHS];

export const fetchList = <T>(path: ListPath, query: ListQuery) => read(api.get<T>(path, { query: sent(query) }), path);

export const updatePoolConfig = (body: UpdatePoolConfigBody) => api.post<PoolConfigView>('/api/admin/updatepoolconfig', body, { userTriggered: true });
