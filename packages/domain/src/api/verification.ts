import { z } from 'zod';
import { pageOf, pagingQuery } from './envelope.ts';
import { msg, idField } from './text.ts';
import { poolField } from './pool.ts';

/**
 * The back office's verified-work calls (issue 18): miner keys the operator issues to proxies it
 * runs on trusted-proxy pools, and the plausibility outliers held from settlement.
 */

const uid = z.string().trim().min(1, msg('INVALID_PARAMETER')).max(64, msg('OUT_OF_LENGTH_LIMIT')).meta({ description: 'The user whose miners the proxy serves (public uid)' });

export const issueProxyKeyBody = z.object({
  pool: poolField,
  uid,
  label: z.string().trim().max(64, msg('OUT_OF_LENGTH_LIMIT')).default('').meta({ description: 'Which proxy holds the key, e.g. its host' }),
});
export type IssueProxyKeyBody = z.infer<typeof issueProxyKeyBody>;

export const proxyKeyQuery = pagingQuery.extend({ pool: poolField.optional(), revoked: z.enum(['true', 'false']).optional() });

export const proxyKeySchema = z.object({
  id: z.string(),
  pool: z.string(),
  uid: z.string(),
  email: z.string(),
  label: z.string(),
  hint: z.string(),
  /** The whole key, shown once: only when it was just issued. */
  key: z.string().optional(),
  issued_by: z.string().nullable().meta({ description: 'E-mail of the admin who issued it; null for the devnet simulator' }),
  created_at: z.number().int(),
  revoked_at: z.number().int().nullable(),
});
export type ProxyKeyView = z.infer<typeof proxyKeySchema>;
export const proxyKeyPage = pageOf(proxyKeySchema);

export const proxyKeyIdBody = z.object({ id: idField });

export const OUTLIER_STATUSES = ['held', 'released', 'refused'] as const;
export const outlierQuery = pagingQuery.extend({ pool: poolField.optional(), status: z.enum(OUTLIER_STATUSES).optional() });
export const outlierSchema = z.object({
  id: z.string(),
  pool: z.string(),
  day: z.string(),
  uid: z.string(),
  email: z.string(),
  miner: z.string(),
  points: z.string(),
  bound: z.string().meta({ description: 'The most points its capacity or hashrate could plausibly earn that day' }),
  capacity: z.string(),
  hashrate: z.string(),
  status: z.enum(OUTLIER_STATUSES),
  counted_day: z.string().nullable().meta({ description: 'Released: the settlement day that counts the points' }),
  reviewed_at: z.number().int().nullable(),
});
export type OutlierView = z.infer<typeof outlierSchema>;
export const outlierPage = pageOf(outlierSchema);
export const reviewOutlierBody = z.object({ id: idField, decision: z.enum(['release', 'refuse'], { error: msg('INVALID_PARAMETER') }) });
export type ReviewOutlierBody = z.infer<typeof reviewOutlierBody>;
