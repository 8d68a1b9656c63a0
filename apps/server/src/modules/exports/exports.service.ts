import { AppError, type ListExport } from '@platter/domain';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../admin/audit.ts';
import {
  claimPendingExport,
  expireReadyExports,
  exportOf,
  failExport,
  finishExport,
  insertExport,
  lastExport,
  lockExportingUser,
  setExportProgress,
  type ExportScope,
} from './exports.repository.ts';
import { ADMIN_LISTS, USER_LISTS, type ExportContext, type ExportList } from './lists.ts';

/**
 * List exports (spec doc 2 §7 ApplyForDownload, GetDownloadStatus, DownloadExcel; doc 1 §9
 * 'query export is allowed once every ten minutes'): apply with the list's filters, poll the
 * status with its progress, download the CSV or XLSX file until it expires. One export of a
 * list per user every ten minutes (the user row lock serialises concurrent applications).
 * The worker builds the files (or right after applying). A back-office export is audited: the
 * application (who, which list, format, filters) and every download (the same and its rows).
 */

export const EXPORT_INTERVAL_MS = 10 * 60_000;
export type { ExportScope } from './exports.repository.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function listOf(scope: ExportScope, list: string): ExportList {
  const found = scope === 'user' ? USER_LISTS[list as keyof typeof USER_LISTS] : ADMIN_LISTS[list as keyof typeof ADMIN_LISTS];
  if (!found) throw new AppError('INVALID_PARAMETER', { field: 'list' });
  return found;
}

type JobRow = { id: string; kind: string; format: 'csv' | 'xlsx'; status: ListExport['status']; progress: number; rows: number; created_at: Date; expires_at: Date | null };

export function toListExport(row: JobRow): ListExport {
  return {
    id: row.id,
    list: row.kind,
    format: row.format,
    status: row.status,
    progress: row.progress,
    rows: row.rows,
    created_at: seconds(row.created_at),
    next_allowed_at: seconds(row.created_at) + EXPORT_INTERVAL_MS / 1000,
    expires_at: row.expires_at ? seconds(row.expires_at) : null,
  };
}

/** Applies for an export of `list` with the list's filters (validated by the list's own query schema). */
export async function applyListExport(
  db: Db,
  input: { userId: string; scope: ExportScope; list: string; format: 'csv' | 'xlsx'; filters: Record<string, unknown> },
  now = new Date(),
): Promise<ListExport> {
  const source = listOf(input.scope, input.list);
  const { list: _l, format: _f, page: _p, count: _c, t: _t, ...raw } = input.filters;
  const parsed = source.filters.safeParse(raw);
  if (!parsed.success) throw new AppError('INVALID_PARAMETER', { field: String(parsed.error.issues[0]?.path[0] ?? 'filters') });
  return db.transaction().execute(async (trx) => {
    await lockExportingUser(trx, input.userId);
    const last = await lastExport(trx, input.userId, input.scope, input.list);
    if (last && now.getTime() - last.getTime() < EXPORT_INTERVAL_MS) {
      throw new AppError('EXPORT_TOO_FREQUENT', { next_allowed_at: seconds(last) + EXPORT_INTERVAL_MS / 1000 });
    }
    const row = await insertExport(trx, {
      user_id: input.userId,
      scope: input.scope,
      kind: input.list,
      format: input.format,
      filters: JSON.stringify(parsed.data),
      created_at: now,
    });
    if (input.scope === 'admin') {
      await recordAudit(trx, input.userId, { action: 'ApplyForDownload', target: `export:${row.id}`, detail: { list: input.list, format: input.format, filters: parsed.data } });
    }
    return toListExport(row);
  });
}

async function ownJob(db: Db, userId: string, scope: ExportScope, id: string) {
  const row = await exportOf(db, userId, scope, id);
  if (!row) throw new AppError('TASK_NOT_FOUND');
  return row;
}

export async function listExportStatus(db: Db, userId: string, scope: ExportScope, id: string): Promise<ListExport> {
  return toListExport(await ownJob(db, userId, scope, id));
}

export async function listExportFile(db: Db, userId: string, scope: ExportScope, id: string): Promise<{ name: string; type: string; content: Buffer }> {
  const row = await ownJob(db, userId, scope, id);
  if (row.status === 'expired' || (row.expires_at && row.expires_at.getTime() <= Date.now())) throw new AppError('TASK_EXPIRED');
  if (row.status === 'failed') throw new AppError('TASK_FAILED');
  if (row.status !== 'ready' || !row.content) throw new AppError('EXPORT_NOT_READY');
  // The rows leave the back office here: each download is on the record before the file goes.
  if (scope === 'admin') {
    await recordAudit(db, userId, { action: 'DownloadExcel', target: `export:${row.id}`, detail: { list: row.kind, format: row.format, filters: row.filters, rows: row.rows } });
  }
  const stamp = row.created_at.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return {
    name: `platter-${listOf(scope, row.kind).stem}-${stamp}.${row.format}`,
    type: row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: row.content,
  };
}

/** A spreadsheet cell starting with = + - @ would run as a formula: prefix it (CSV injection). */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
}

const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);

async function build(format: 'csv' | 'xlsx', header: readonly string[], rows: string[][]): Promise<Buffer> {
  const cells = rows.map((r) => r.map(safeCell));
  if (format === 'csv') return Buffer.from(`\uFEFF${stringify([header, ...cells])}`, 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Platter');
  sheet.addRow([...header]).font = { bold: true };
  for (const row of cells) sheet.addRow(row);
  sheet.columns.forEach((column) => (column.width = 20));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function collect(ctx: ExportContext, source: ExportList, ownerId: string, filters: unknown, progress: (done: number, total: number) => Promise<void>) {
  let header: string[] | null = source.columns?.map((c) => c.header) ?? null;
  const out: string[][] = [];
  for await (const { rows, total } of source.read(ctx, ownerId, filters as never)) {
    for (const row of rows) {
      header ??= Object.keys(row);
      out.push(source.columns ? source.columns.map((c) => cellText(c.value(row))) : header.map((k) => cellText(row[k])));
    }
    await progress(out.length, total);
  }
  return { header: header ?? [], rows: out };
}

/**
 * Builds one pending export. Claimed by moving its progress off 0 in one statement (SKIP
 * LOCKED: two workers never take the same); a claim left by a crashed worker is taken again
 * after five minutes. A back-office export reads every user's rows; a user's only their own.
 */
export async function runPendingExport(ctx: ExportContext, fileHours = 24): Promise<boolean> {
  const { db } = ctx;
  const job = await claimPendingExport(db);
  if (!job) return false;
  try {
    const { header, rows } = await collect(ctx, listOf(job.scope, job.kind), job.user_id, job.filters, async (done, total) => {
      const progress = total === 0 ? 99 : Math.max(1, Math.min(99, Math.floor((done * 100) / total)));
      await setExportProgress(db, job.id, progress);
    });
    const content = await build(job.format, header, rows);
    await finishExport(db, job.id, { rows: rows.length, content, expires_at: new Date(Date.now() + fileHours * 3600_000) });
  } catch (error) {
    await failExport(db, job.id);
    throw error;
  }
  return true;
}

export async function runPendingExports(ctx: ExportContext, fileHours = 24): Promise<number> {
  let built = 0;
  while (await runPendingExport(ctx, fileHours)) built++;
  return built;
}

/** Drops the files of expired exports (the job stays, as 'expired', for the ten-minute rule). */
export async function expireExports(db: Db, now = new Date()): Promise<number> {
  return expireReadyExports(db, now);
}
