import { adminPointingEndpoints, adminPointSettingsEndpoints, pointingEndpoints, type EndpointData, type EndpointInput } from '@platter/domain';
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
};

export const fetchAddresses = (page: number) => api.call(pointingEndpoints.addresses, { page, count: PAGE });
export const fetchRecords = (page: number) => api.call(pointingEndpoints.records, { page, count: PAGE });
export const bindAddress = (body: EndpointInput<typeof pointingEndpoints.bind>) => api.send(pointingEndpoints.bind, body, user);
export const saveRemark = (id: string, remark: string) => api.send(pointingEndpoints.remark, { id, remark }, user);
export const requestCancel = (id: string) => api.send(pointingEndpoints.cancel, { id }, user);

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
