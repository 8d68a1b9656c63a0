import { adminPointRecordsQuery, type AdminExportList } from '@platter/domain';
import type { ExportList } from '../exports/lists.ts';
import { pagedExport } from '../exports/paged.ts';
import { listRecords } from './pointing.service.ts';

/** /admin/point_info as an export (issue 22): the records the list's filters show, through the list's own read. */

type Filters = { coin?: string; status?: Parameters<typeof listRecords>[2]['status']; user?: string; source_address?: string };

const COLUMNS = [
  'id',
  'user_email',
  'coin',
  'source_address',
  'pool_address',
  'confirm_address',
  'txid',
  'type',
  'term',
  'amount',
  'actual_pledge',
  'counted',
  'deposit',
  'penalty',
  'status',
  'height',
  'expiry_height',
  'residual_value',
  'cancellation',
  'created_at',
].map((key) => ({ header: key === 'user_email' ? 'user' : key, value: (row: Record<string, unknown>) => row[key] }));

export const POINTING_EXPORT_LISTS: Partial<Record<AdminExportList, ExportList>> = {
  point_info: {
    filters: adminPointRecordsQuery.omit({ page: true, count: true }),
    columns: COLUMNS,
    read: pagedExport((ctx, _owner, f: Filters, page, count) =>
      listRecords(ctx.db, ctx.pointing ?? new Map(), { coin: f.coin, status: f.status, user: f.user, sourceAddress: f.source_address }, { page, count }),
    ),
    stem: 'point-info',
  },
};
