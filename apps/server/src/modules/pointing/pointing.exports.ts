import { adminPointRecordsQuery, type AdminExportList } from '@platter/domain';
import type { ExportList } from '../exports/lists.ts';
import { listRecords } from './pointing.service.ts';

/** /admin/point_info as an export (issue 22): the records the list's filters show, through the list's own read. */

const PAGE = 200;

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
    read: async function* (ctx, _owner, filters: never) {
      const f = filters as Filters;
      const filter = { coin: f.coin, status: f.status, user: f.user, sourceAddress: f.source_address };
      for (let page = 1, seen = 0; ; page++) {
        const { list, total } = await listRecords(ctx.db, ctx.pointing ?? new Map(), filter, { page, count: PAGE });
        seen += list.length;
        yield { rows: list as unknown as Record<string, unknown>[], total };
        if (list.length < PAGE || seen >= total) return;
      }
    },
    stem: 'point-info',
  },
};
