import type { ExportJob } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { applyListExport, listExportFile, listExportStatus } from '../exports/exports.service.ts';

/**
 * The bill's exports (POST /api/log/ApplyForDownload …): the bill ('asset') and the
 * withdrawals through the one export service of every list (modules/exports).
 */

type Filters = { coin?: string | undefined; start?: number | undefined; end?: number | undefined };

const asJob = (job: Awaited<ReturnType<typeof listExportStatus>>): ExportJob => ({
  id: job.id,
  kind: job.list === 'withdraw' ? 'withdraw' : 'asset',
  format: job.format,
  status: job.status === 'expired' ? 'failed' : job.status,
  progress: job.progress,
  rows: job.rows,
  created_at: job.created_at,
  next_allowed_at: job.next_allowed_at,
});

export async function applyExport(db: Db, userId: string, input: { kind: 'asset' | 'withdraw'; format: 'csv' | 'xlsx' } & Filters): Promise<ExportJob> {
  const filters = input.kind === 'asset' ? { coin: input.coin, start: input.start, end: input.end } : { coin: input.coin };
  return asJob(
    await applyListExport(db, { userId, scope: 'user', list: input.kind, format: input.format, filters: JSON.parse(JSON.stringify(filters)) as Record<string, unknown> }),
  );
}

export async function exportStatus(db: Db, userId: string, id: string): Promise<ExportJob> {
  return asJob(await listExportStatus(db, userId, 'user', id));
}

export function exportFile(db: Db, userId: string, id: string) {
  return listExportFile(db, userId, 'user', id);
}
