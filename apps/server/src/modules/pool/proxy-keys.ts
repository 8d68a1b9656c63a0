import { AppError, type IssueProxyKeyBody, type ProxyKeyView } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { actorId, recordAudit, type AuditBy } from '../admin/audit.ts';
import { emailOf, insertKey, proxyKeysPage, revokeOperatorKey, userByUid } from './keys.repository.ts';
import { enabledPool, hashKey, newKey } from './keys.ts';

/**
 * Keys the operator issues to proxies it runs (issue 18): on a pool with protocol
 * `trusted-proxy`, the only keys whose reported shares split revenue (while the pool's
 * trusted-proxy mode is on). Each serves one user's miners; a user may be served by several.
 * Issued and revoked from the back office, each in the audit log; the key is shown once.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Issues a key (`by` the admin, or 'cli' for the devnet's own proxies, which leave no admin). */
export async function issueProxyKey(db: Db, by: AuditBy, body: IssueProxyKeyBody): Promise<ProxyKeyView> {
  const pool = await enabledPool(db, body.pool);
  if (pool.protocol !== 'trusted-proxy') throw new AppError('INVALID_PARAMETER', { field: 'pool' });
  const user = await userByUid(db, body.uid);
  if (!user) throw new AppError('USER_NOT_EXIST');
  const { key, hint } = newKey();
  const adminId = actorId(by);
  return db.transaction().execute(async (trx) => {
    const row = await insertKey(trx, { user_id: user.id, pool: body.pool, key_hash: hashKey(key), key_hint: hint, operator_issued: true, issued_by: adminId, label: body.label });
    const issuer = adminId ? await emailOf(trx, adminId) : undefined;
    const view: ProxyKeyView = {
      id: row.id,
      pool: body.pool,
      uid: user.uid,
      email: user.email,
      label: body.label,
      hint,
      issued_by: issuer ?? null,
      created_at: seconds(row.created_at),
      revoked_at: null,
    };
    await recordAudit(trx, by, { action: 'issueproxykey', target: `pool:${body.pool}`, after: view });
    return { ...view, key };
  });
}

/** The operator-issued keys, newest first (never the keys themselves). */
export async function proxyKeys(db: Db, query: { pool?: string; revoked?: 'true' | 'false'; page: number; count: number }) {
  const { rows, total } = await proxyKeysPage(db, query);
  return {
    list: rows.map(
      (r): ProxyKeyView => ({
        id: r.id,
        pool: r.pool,
        uid: r.uid,
        email: r.email,
        label: r.label,
        hint: r.key_hint,
        issued_by: r.issuer,
        created_at: seconds(r.created_at),
        revoked_at: r.revoked_at ? seconds(r.revoked_at) : null,
      }),
    ),
    total,
  };
}

/** Revokes an operator-issued key at once (its proxy's next report is refused). */
export async function revokeProxyKey(db: Db, by: AuditBy, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await revokeOperatorKey(trx, id);
    if (!row) throw new AppError('INVALID_PARAMETER', { field: 'id' });
    await recordAudit(trx, by, { action: 'revokeproxykey', target: `pool:${row.pool}`, before: { id, user_id: row.user_id, hint: row.key_hint, label: row.label } });
  });
}
