import { verificationAdminEndpoints, type EndpointData, type EndpointInput } from '@platter/domain';
import { api } from '../../api/index.ts';

/** The back office's verified-work calls (issue 18): trusted-proxy keys and plausibility outliers. */

export type ProxyKeyPage = EndpointData<typeof verificationAdminEndpoints.proxykeys>;
export type ProxyKey = ProxyKeyPage['list'][number];
export type OutlierPage = EndpointData<typeof verificationAdminEndpoints.outliers>;
export type Outlier = OutlierPage['list'][number];

export const issueProxyKey = (body: EndpointInput<typeof verificationAdminEndpoints.issueproxykey>) =>
  api.send(verificationAdminEndpoints.issueproxykey, body, { userTriggered: true });
export const revokeProxyKey = (id: string) => api.send(verificationAdminEndpoints.revokeproxykey, { id }, { userTriggered: true });
export const reviewOutlier = (id: string, decision: 'release' | 'refuse') => api.send(verificationAdminEndpoints.reviewoutlier, { id, decision }, { userTriggered: true });
