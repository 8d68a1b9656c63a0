import { AppError, type ExportJob } from '@platter/domain';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { assetLogAll, countAssetLog, toWithdrawals, WITHDRAWAL_COLUMNS } from './ledger-views.ts';

/**
 * Bill exports (spec doc 1 §9: once every ten minutes): apply, poll the status (with progress),
 * download. The file is built by the worker (or right after applying) and kept in the database.
 */

export const EXPORT_INTERVAL_MS = 10 * 60_000;

type Filters = { coin?: string | undefined; start?: number | undefined; end?: number | undefined };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function toJob(row: { id: string; kind: 'asset' | 'withdraw'; format: 'csv' | 'xlsx'; status: 'pending' | 'ready' | 'failed'; progress: number; rows: number; created_at: Date }): ExportJob {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    status: row.status,
    progress: row.progress,
    rows: row.rows,
    created_at: seconds(row.created_at),
    next_allowed_at: seconds(row.created_at) + EXPORT_INTERVAL_MS / 1000,
  };
}

const JOB_COLUMNS = ['id', 'kind', 'format', 'status', 'progress', 'rows', 'created_at'] as const;

export async function applyExport(db: Db, userId: string, input: { kind: 'asset' | 'withdraw'; format: 'csv' | 'xlsx' } & Filters): Promise<ExportJob> {
  return db.transaction().execute(async (trx) => {
    // One at a time per user: the user row lock serialises concurrent applications.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const last = await trx.selectFrom('exports').select('created_at').where('user_id', '=', userId).orderBy('created_at', 'desc').executeTakeFirst();
    if (last && Date.now() - last.created_at.getTime() < EXPORT_INTERVAL_MS) {
      throw new AppError('EXPORT_TOO_FREQUENT', { next_allowed_at: seconds(last.created_at) + EXPORT_INTERVAL_MS / 1000 });
    }
    const filters: Filters = { coin: input.coin, start: input.start, end: input.end };
    const row = await trx
      .insertInto('exports')
      .values({ user_id: userId, kind: input.kind, format: input.format, filters: JSON.stringify(filters) })
      .returning(JOB_COLUMNS)
      .executeTakeFirstOrThrow();
    return toJob(row);
  });
}

export async function exportStatus(db: Db, userId: string, id: string): Promise<ExportJob> {
  const row = await db.selectFrom('exports').select(JOB_COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('TASK_NOT_FOUND');
  return toJob(row);
}

export async function exportFile(db: Db, userId: string, id: string): Promise<{ name: string; type: string; content: Buffer }> {
  const row = await db.selectFrom('exports').select(['kind', 'format', 'status', 'content', 'created_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('TASK_NOT_FOUND');
  if (row.status !== 'ready' || !row.content) throw new AppError('EXPORT_NOT_READY');
  const stamp = row.created_at.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return {
    name: `platter-${row.kind === 'asset' ? 'bill' : 'withdrawals'}-${stamp}.${row.format}`,
    type: row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: row.content,
  };
}

const ASSET_HEADER = ['time_utc', 'coin', 'kind', 'bucket', 'amount', 'reference', 'memo'];
const WITHDRAW_HEADER = ['time_utc', 'coin', 'amount', 'fee', 'received', 'address', 'memo', 'status', 'reason', 'txid', 'batch'];

async function collectRows(db: Db, userId: string, kind: 'asset' | 'withdraw', filters: Filters, progress: (done: number, total: number) => Promise<void>): Promise<string[][]> {
  const iso = (s: number) => new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 19);
  const out: string[][] = [];
  if (kind === 'asset') {
    const total = await countAssetLog(db, userId, filters);
    for await (const chunk of assetLogAll(db, userId, filters)) {
      for (const r of chunk) out.push([iso(r.created_at), r.coin, r.kind, r.bucket, r.amount, r.reference, r.memo]);
      await progress(out.length, total);
    }
    return out;
  }
  let query = db.selectFrom('withdrawals').select(WITHDRAWAL_COLUMNS).where('user_id', '=', userId);
  if (filters.coin) query = query.where('coin', '=', filters.coin);
  if (filters.start !== undefined) query = query.where('created_at', '>=', new Date(filters.start * 1000));
  if (filters.end !== undefined) query = query.where('created_at', '<', new Date(filters.end * 1000));
  const rows = await toWithdrawals(db, await query.orderBy('id', 'desc').execute());
  for (const w of rows) out.push([iso(w.created_at), w.coin, w.amount, w.fee, w.received, w.address, w.memo, w.status, w.reason, w.txid, w.batch]);
  await progress(out.length, out.length);
  return out;
}

/** A spreadsheet cell starting with = + - @ would run as a formula: prefix it (CSV injection). */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
}

async function build(format: 'csv' | 'xlsx', header: string[], rows: string[][]): Promise<Buffer> {
  const cells = rows.map((r) => r.map(safeCell));
  if (format === 'csv') return Buffer.from(`\uFEFF${stringify([header, ...cells])}`, 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Platter');
  sheet.addRow(header).font = { bold: true };
  for (const row of cells) sheet.addRow(row);
  sheet.columns.forEach((column) => (column.width = 20));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Builds one pending export. Claimed by moving its progress off 0 in one statement (SKIP
 * LOCKED: two workers never take the same); a claim left by a crashed worker is taken again
 * after five minutes.
 */
export async function runPendingExport(db: Db): Promise<boolean> {
  const claimed = await sql<{ id: string; user_id: string; kind: 'asset' | 'withdraw'; format: 'csv' | 'xlsx'; filters: Filters }>`
    UPDATE exports SET progress = 1 WHERE id = (
      SELECT id FROM exports
      WHERE status = 'pending' AND (progress = 0 OR created_at < now() - interval '5 minutes')
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, user_id, kind, format, filters`.execute(db);
  const job = claimed.rows[0];
  if (!job) return false;
  try {
    const header = job.kind === 'asset' ? ASSET_HEADER : WITHDRAW_HEADER;
    const rows = await collectRows(db, job.user_id, job.kind, job.filters, async (done, total) => {
      const progress = total === 0 ? 99 : Math.max(1, Math.min(99, Math.floor((done * 100) / total)));
      await db.updateTable('exports').set({ progress }).where('id', '=', job.id).execute();
    });
    const content = await build(job.format, header, rows);
    await db.updateTable('exports').set({ status: 'ready', progress: 100, rows: rows.length, content }).where('id', '=', job.id).execute();
  } catch (error) {
    await db.updateTable('exports').set({ status: 'failed' }).where('id', '=', job.id).execute();
    throw error;
  }
  return true;
}

export async function runPendingExports(db: Db): Promise<number> {
  let built = 0;
  while (await runPendingExport(db)) built++;
  return built;
}
