import { z } from 'zod';
import { text, idField } from './text.ts';

/**
 * List exports (spec doc 2 §7 ApplyForDownload, GetDownloadStatus, DownloadExcel — the
 * user's under /api/pool, the back office's under /api/admin; doc 1 §9 'query export is
 * allowed once every ten minutes'). One job per (user, list) at most every ten minutes; the
 * filters are the list's own, as shown; the file expires.
 */

export const EXPORT_FILE_FORMATS = ['csv', 'xlsx'] as const;

/** The user's own data views. */
export const USER_EXPORT_LISTS = ['miningdetail', 'totalassets', 'asset', 'recharge', 'withdraw', 'Share', 'miner', 'blockincome', 'inviterebates'] as const;
/** The back office's lists and reports. */
export const ADMIN_EXPORT_LISTS = [
  'flow',
  'deposit_withdrawal',
  'openned',
  'bind_info',
  'plots',
  'machines',
  'mining_info',
  'income_info',
  'contribution',
  'mining_daily_reports',
  'assets_daily_reports',
  'capacity_review',
  'capacity_unbind',
  'finance_products',
  'finance_subscriptions',
  'invitations',
  'invite_rebates',
  'point_info',
] as const;
export type UserExportList = (typeof USER_EXPORT_LISTS)[number];
export type AdminExportList = (typeof ADMIN_EXPORT_LISTS)[number];

/** Apply: the list, the file format, and the list's filters as query parameters (paging ignored). */
const applyOf = <T extends readonly [string, ...string[]]>(lists: T) => z.looseObject({ list: z.enum(lists), format: z.enum(EXPORT_FILE_FORMATS).default('xlsx') });
export const userApplyDownloadQuery = applyOf(USER_EXPORT_LISTS);
export const adminApplyDownloadQuery = applyOf(ADMIN_EXPORT_LISTS);

export const downloadStatusQuery = z.object({ id: idField });

export const listExportSchema = z.object({
  id: text(),
  list: text(),
  format: z.enum(EXPORT_FILE_FORMATS),
  status: z.enum(['pending', 'ready', 'failed', 'expired']),
  progress: z.number().int().min(0).max(100),
  rows: z.number().int(),
  created_at: z.number().int(),
  next_allowed_at: z.number().int().meta({ description: 'Unix seconds: the next export of this list is allowed from then' }),
  expires_at: z.number().int().nullable().meta({ description: 'Unix seconds: the file is removed then' }),
});
export type ListExport = z.infer<typeof listExportSchema>;
