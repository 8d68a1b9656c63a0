import type { outlierPage, proxyKeyPage, ProxyKeyView } from '@platter/domain';
import type { z } from 'zod';
import { api } from '../../api/index.ts';

/** The back office's verified-work calls (issue 18): trusted-proxy keys and plausibility outliers. */

export type ProxyKeyPage = z.infer<typeof proxyKeyPage>;
export type ProxyKey = ProxyKeyPage['list'][number];
export type OutlierPage = z.infer<typeof outlierPage>;
export type Outlier = OutlierPage['list'][number];

export const issueProxyKey = (body: { pool: string; uid: string; label: string }) => api.post<ProxyKeyView>('/api/admin/issueproxykey', body, { userTriggered: true });
export const revokeProxyKey = (id: string) => api.post<null>('/api/admin/revokeproxykey', { id }, { userTriggered: true });
export const reviewOutlier = (id: string, decision: 'release' | 'refuse') => api.post<{ status: string }>('/api/admin/reviewoutlier', { id, decision }, { userTriggered: true });
