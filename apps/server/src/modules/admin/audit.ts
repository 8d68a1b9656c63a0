import type { AuditEntry, AuditLogQuery } from '@platter/domain';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/database.ts';
import { auditActionNames, auditEntriesOf, auditEntryOfRequest, auditPage, insertAuditEntry } from './audit.repository.ts';

/**
 * The audit log: every back-office action, who did it (a back-office user or the operator
 * CLI), what, on which target, the values before and after, when and from which address.
 * Append-only: the database refuses UPDATE, DELETE and TRUNCATE of admin_audit.
 */

/** Who acts: a back-office user (an `Actor` of requireRole, or just an id), or the CLI. */
export type AuditBy = string | { id: string; ip?: string | null; requestId?: string | null } | 'cli';

/** The account behind an audited change: none for the operator's CLI. */
export const actorId = (by: AuditBy): string | null => (by === 'cli' ? null : typeof by === 'string' ? by : by.id);

export interface AuditChange {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  detail?: Record<string, unknown>;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The admin request being served (set by the guard for every /api/admin/ route): an entry
 * written with only an admin id still records the address and the request.
 */
export const adminRequestContext = new AsyncLocalStorage<{ ip: string; requestId: string; clientRequestId: string | null }>();

/** Writes one audit entry, in the caller's transaction when given one. */
export async function recordAudit(db: Db, by: AuditBy, change: AuditChange): Promise<void> {
  const who =
    by === 'cli'
      ? { actor: 'cli' as const, admin_id: null, ip: null, request_id: null }
      : typeof by === 'string'
        ? { actor: 'admin' as const, admin_id: by, ip: adminRequestContext.getStore()?.ip ?? null, request_id: adminRequestContext.getStore()?.requestId ?? null }
        : { actor: 'admin' as const, admin_id: by.id, ip: by.ip ?? null, request_id: by.requestId ?? null };
  const client_request_id = by === 'cli' ? null : (adminRequestContext.getStore()?.clientRequestId ?? null);
  await insertAuditEntry(db, {
    ...who,
    client_request_id,
    action: change.action,
    target: change.target,
    detail: JSON.stringify(change.detail ?? {}),
    before: json(change.before),
    after: json(change.after),
  });
}

/** The short form: `audit(db, actor, 'updatewithdrawfee', 'coin:CHIA', { from, to })`. */
export async function audit(db: Db, by: AuditBy, action: string, target: string, detail: Record<string, unknown>): Promise<void> {
  await recordAudit(db, by, { action, target, detail });
}

/** Whether the request `requestId` (the server's id, never the client's) has written an audit entry. */
export async function auditedRequest(db: Db, requestId: string): Promise<boolean> {
  return auditEntryOfRequest(db, requestId);
}

/** The audit log, newest first, filtered by admin (uid, e-mail or 'cli'), action, target and UTC days. */
export async function auditLog(db: Db, q: AuditLogQuery): Promise<{ list: AuditEntry[]; total: number }> {
  const { rows, total } = await auditPage(db, q);
  return { total, list: rows.map(entryOf) };
}

function entryOf(r: {
  id: string;
  created_at: Date;
  actor: AuditEntry['actor'];
  uid: string | null;
  email: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  detail: unknown;
  ip: string | null;
}): AuditEntry {
  return {
    id: r.id,
    time: Math.floor(r.created_at.getTime() / 1000),
    actor: r.actor,
    admin_uid: r.uid ?? '',
    admin_email: r.email ?? '',
    action: r.action,
    target: r.target,
    before: r.before ?? null,
    after: r.after ?? null,
    detail: r.detail ?? null,
    ip: r.ip ?? '',
  };
}

/** Every entry of one target ('withdrawal:7'), oldest first. */
export async function auditTrail(db: Db, target: string): Promise<AuditEntry[]> {
  const rows = await auditEntriesOf(db, target);
  return rows.map(entryOf);
}

/** Every action name the log holds (the filter's choices). */
export async function auditActions(db: Db): Promise<string[]> {
  return auditActionNames(db);
}
