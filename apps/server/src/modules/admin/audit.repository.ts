import type { AuditLogQuery } from '@platter/domain';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import type { Database } from '../../db/schema.ts';

/** SQL of the back office's audit log (audit.ts holds the rules). */

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const DAY_MS = 86_400_000;

export async function insertAuditEntry(db: Db, entry: Insertable<Database['admin_audit']>): Promise<void> {
  await db.insertInto('admin_audit').values(entry).execute();
}

/** Whether the request has written an audit entry. */
export async function auditEntryOfRequest(db: Db, requestId: string): Promise<boolean> {
  const row = await db.selectFrom('admin_audit').select('id').where('request_id', '=', requestId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A page of the log with its admins, newest first, filtered by admin (uid, e-mail or 'cli'), action, target and UTC days. */
export async function auditPage(db: Db, q: AuditLogQuery) {
  let base = db.selectFrom('admin_audit as a').leftJoin('users as u', 'u.id', 'a.admin_id');
  if (q.admin) {
    const who = q.admin.toLowerCase();
    base = who === 'cli' ? base.where('a.actor', '=', 'cli') : base.where((eb) => eb.or([eb('u.uid', '=', q.admin ?? ''), eb(sql`lower(u.email)`, '=', who)]));
  }
  if (q.action) base = base.where('a.action', '=', q.action);
  if (q.target) base = base.where('a.target', 'ilike', `%${q.target.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.from) base = base.where('a.created_at', '>=', startOf(q.from));
  if (q.to) base = base.where('a.created_at', '<', new Date(startOf(q.to).getTime() + DAY_MS));
  return paginate(base, q, (from) =>
    from.select(['a.id', 'a.created_at', 'a.actor', 'u.uid', 'u.email', 'a.action', 'a.target', 'a.before', 'a.after', 'a.detail', 'a.ip']).orderBy('a.id', 'desc'),
  );
}

/** Every entry of one target, oldest first, with its admin. */
export async function auditEntriesOf(db: Db, target: string) {
  return db
    .selectFrom('admin_audit as a')
    .leftJoin('users as u', 'u.id', 'a.admin_id')
    .select(['a.id', 'a.created_at', 'a.actor', 'u.uid', 'u.email', 'a.action', 'a.target', 'a.before', 'a.after', 'a.detail', 'a.ip'])
    .where('a.target', '=', target)
    .orderBy('a.id')
    .execute();
}

export async function auditActionNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('admin_audit').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}
