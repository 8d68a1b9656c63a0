import {
  adminPointingEndpoints,
  adminPointSettingsEndpoints,
  financeEndpoints,
  pointingEndpoints,
  pointingFinanceEndpoints,
  type EndpointData,
  type EndpointInput,
  type FinanceHoldingState,
} from '@platter/domain';
import { api, type ApiAnswer } from '../../api/index.ts';

/** Coin owners' calls (issue 22): reads give the data or throw; writes return the envelope. */

export type PointAddressRow = EndpointData<typeof pointingEndpoints.addresses>['list'][number];
export type PointRecordRow = EndpointData<typeof pointingEndpoints.records>['list'][number];
export type AdminPointRecordRow = EndpointData<typeof adminPointingEndpoints.records>['list'][number];
export type PointCancellationRow = EndpointData<typeof adminPointingEndpoints.reviews>['list'][number];
export type AdminRecordsQuery = EndpointInput<typeof adminPointingEndpoints.records>;

export const PAGE = 20;
const user = { userTriggered: true };

export const pointingKeys = {
  all: ['pointing'] as const,
  addresses: (page: number) => ['pointing', 'addresses', page] as const,
  records: (page: number) => ['pointing', 'records', page] as const,
  adminRecords: (query: AdminRecordsQuery) => ['pointing', 'admin', 'records', query] as const,
  reviews: (status: string, page: number) => ['pointing', 'admin', 'reviews', status, page] as const,
  settings: ['pointing', 'admin', 'settings'] as const,
  openHoldings: (coin: string) => ['pointing', 'holdings', coin] as const,
};

export const fetchAddresses = (page: number) => api.call(pointingEndpoints.addresses, { page, count: PAGE });
export const fetchRecords = (page: number) => api.call(pointingEndpoints.records, { page, count: PAGE });
export const bindAddress = (body: EndpointInput<typeof pointingEndpoints.bind>) => api.send(pointingEndpoints.bind, body, user);
export const saveRemark = (id: string, remark: string) => api.send(pointingEndpoints.remark, { id, remark }, user);
export const requestCancel = (id: string) => api.send(pointingEndpoints.cancel, { id }, user);

/** A holding a pointing can be committed to: open (not being redeemed, not closed). */
const OPEN_HOLDING: readonly FinanceHoldingState[] = ['waiting', 'interest', 'locked'];
/** The user's open finance holdings of `coin` (newest first; the first 200). */
export const fetchOpenHoldings = async (coin: string) =>
  (await api.call(financeEndpoints.holdings, { page: 1, count: 200 })).list.filter((h) => h.coin === coin && OPEN_HOLDING.includes(h.status));
export const lockInFinance = (recordId: string, holdingId: string) => api.send(pointingFinanceEndpoints.lock, { record_id: recordId, holding_id: holdingId }, user);

/** An empty filter is no filter: it is not sent. */
const sent = <T extends Record<string, unknown>>(query: T) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined)) as T;
export const fetchAdminRecords = (query: AdminRecordsQuery) => api.call(adminPointingEndpoints.records, sent(query));
export const adminRecordsUrl = (query: AdminRecordsQuery) => api.url(adminPointingEndpoints.records, sent(query));
export const fetchReviews = (status: '' | 'PENDING' | 'APPROVED' | 'REJECTED', page: number) =>
  api.call(adminPointingEndpoints.reviews, { ...(status ? { status } : {}), page, count: PAGE });
export const review = (id: string, approve: boolean, reason: string) => api.send(adminPointingEndpoints.review, { id, approve, reason }, user);

export const fetchPointSettings = () => api.call(adminPointSettingsEndpoints.list);
export const savePointSettings = (body: EndpointInput<typeof adminPointSettingsEndpoints.update>) => api.send(adminPointSettingsEndpoints.update, body, user);

export const isOk = (answer: ApiAnswer<unknown>): boolean => 'code' in answer && answer.code === 200;
