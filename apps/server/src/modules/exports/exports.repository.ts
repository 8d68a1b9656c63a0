import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Who asked for an export: a user for their own lists, or the back office. */
export type ExportScope = 'user' | 'admin';

/** SQL of the list exports (exports.service.ts holds the rules). */

const JOB_COLUMNS = ['id', 'kind', 'format', 'status', 'progress', 'rows', 'created_at', 'expires_at'] as const;

/** Locks the user's row: one export request of a user at a time. */
export async function lockExportingUser(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/** When the user last asked for an export of the list, if ever. */
export async function lastExport(trx: Db, userId: string, scope: ExportScope, kind: string): Promise<Date | undefined> {
  const last = await trx
    .selectFrom('exports')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return last?.created_at;
}

export async function insertExport(trx: Db, job: { user_id: string; scope: ExportScope; kind: string; format: 'csv' | 'xlsx'; filters: string; created_at: Date }) {
  return trx.insertInto('exports').values(job).returning(JOB_COLUMNS).executeTakeFirstOrThrow();
}

/** The user's export job of the scope, with its file and filters. */
export async function exportOf(db: Db, userId: string, scope: ExportScope, id: string) {
  return db
    .selectFrom('exports')
    .select([...JOB_COLUMNS, 'content', 'filters'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .executeTakeFirst();
}

/** Claims the oldest pending export (or one whose builder stopped 5 minutes ago), skipping those another worker holds. */
export async function claimPendingExport(db: Db) {
  const claimed = await sql<{ id: string; user_id: string; scope: ExportScope; kind: string; format: 'csv' | 'xlsx'; filters: unknown }>`
    UPDATE exports SET progress = 1 WHERE id = (
      SELECT id FROM exports
      WHERE status = 'pending' AND (progress = 0 OR created_at < now() - interval '5 minutes')
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, user_id, scope, kind, format, filters`.execute(db);
  return claimed.rows[0];
}

export async function setExportProgress(db: Db, id: string, progress: number): Promise<void> {
  await db.updateTable('exports').set({ progress }).where('id', '=', id).execute();
}

export async function finishExport(db: Db, id: string, file: { rows: number; content: Buffer; expires_at: Date }): Promise<void> {
  await db
    .updateTable('exports')
    .set({ status: 'ready', progress: 100, ...file })
    .where('id', '=', id)
    .execute();
}

export async function failExport(db: Db, id: string): Promise<void> {
  await db.updateTable('exports').set({ status: 'failed' }).where('id', '=', id).execute();
}

/** Drops the files of expired exports; how many. */
export async function expireReadyExports(db: Db, now: Date): Promise<number> {
  const done = await db.updateTable('exports').set({ status: 'expired', content: null }).where('status', '=', 'ready').where('expires_at', '<=', now).executeTakeFirst();
  return Number(done.numUpdatedRows);
}
