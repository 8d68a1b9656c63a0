import {
  adminFlowEndpoints,
  adminPoolEndpoints,
  verificationAdminEndpoints,
  type adminIncomePage,
  type adminMinerPage,
  type adminOpenedPage,
  type assetsReportPage,
  type dailyReportPage,
  type EndpointData,
  type UpdatePoolConfigBody,
} from '@platter/domain';
import type { z } from 'zod';
import { api, type QueryValue } from '../../api/index.ts';

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

/** An empty filter is no filter: it is not sent at all. */
function sent(query: ListQuery): ListQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined && value !== null));
}

export const fetchPoolConfigs = () => api.call(adminPoolEndpoints.getpoollist);

/** The back-office lists by their call: each answers `{list, total}` (the miners' also their online and offline counts). */
export const LIST_ENDPOINTS = {
  dailyReports: adminPoolEndpoints.getdailyreports,
  assetsReports: adminPoolEndpoints.getassertdailyreports,
  miners: adminPoolEndpoints.miner,
  opened: adminPoolEndpoints.getopenedpools,
  income: adminPoolEndpoints.miningdetail,
  flow: adminFlowEndpoints.asset,
  proxyKeys: verificationAdminEndpoints.proxykeys,
  outliers: verificationAdminEndpoints.outliers,
} as const;

export type ListEndpoint = (typeof LIST_ENDPOINTS)[keyof typeof LIST_ENDPOINTS];

/** A list under the filters chosen in its form (strings; the server's schema checks them). */
export const fetchList = <E extends ListEndpoint>(endpoint: E, query: ListQuery): Promise<EndpointData<E>> =>
  (api.call as (endpoint: E, input: ListQuery) => Promise<EndpointData<E>>)(endpoint, sent(query));

export const updatePoolConfig = (body: UpdatePoolConfigBody) => api.send(adminPoolEndpoints.updatepoolconfig, body, { userTriggered: true });
