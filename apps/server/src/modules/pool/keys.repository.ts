import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PageQuery } from '../../db/paginate.ts';

/** SQL of miner API keys: the users' own (keys.ts) and those the operator issues to its proxies (proxy-keys.ts). */

/** Revokes the user's own active key of a pool (never an operator-issued one). */
export async function revokeUserKey(db: Db, userId: string, pool: string): Promise<void> {
  await db
    .updateTable('miner_keys')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .where('revoked_at', 'is', null)
    .where('operator_issued', '=', false)
    .execute();
}

export async function insertKey(
  trx: Db,
  key: { user_id: string; pool: string; key_hash: string; key_hint: string; operator_issued?: boolean; issued_by?: string | null; label?: string },
): Promise<{ id: string; created_at: Date }> {
  return trx.insertInto('miner_keys').values(key).returning(['id', 'created_at']).executeTakeFirstOrThrow();
}

/** The user's own active key of a pool, if any. */
export async function activeUserKey(db: Db, userId: string, pool: string) {
  return db
    .selectFrom('miner_keys')
    .select(['key_hint', 'created_at'])
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .where('revoked_at', 'is', null)
    .where('operator_issued', '=', false)
    .executeTakeFirst();
}

/** An active key by its hash, with its owner's status and its pool's figures. */
export async function activeKeyByHash(db: Db, keyHash: string) {
  return db
    .selectFrom('miner_keys as k')
    .innerJoin('pools as p', 'p.type', 'k.pool')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .innerJoin('pool_configs as c', 'c.pool', 'k.pool')
    .select(['k.user_id', 'k.pool', 'p.coin', 'p.protocol', 'p.enabled', 'u.status', 'c.trusted_proxy', 'k.operator_issued'])
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function userByUid(db: Db, uid: string) {
  return db.selectFrom('users').select(['id', 'uid', 'email']).where('uid', '=', uid).executeTakeFirst();
}

export async function emailOf(db: Db, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
}

/** The operator-issued keys with their user and issuer, newest first: a page and the total. */
export async function proxyKeysPage(db: Db, query: PageQuery & { pool?: string; revoked?: 'true' | 'false' }) {
  let base = db.selectFrom('miner_keys as k').innerJoin('users as u', 'u.id', 'k.user_id').leftJoin('users as a', 'a.id', 'k.issued_by').where('k.operator_issued', '=', true);
  if (query.pool) base = base.where('k.pool', '=', query.pool);
  if (query.revoked === 'true') base = base.where('k.revoked_at', 'is not', null);
  if (query.revoked === 'false') base = base.where('k.revoked_at', 'is', null);
  const { total } = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['k.id', 'k.pool', 'u.uid', 'u.email', 'k.label', 'k.key_hint', 'a.email as issuer', 'k.created_at', 'k.revoked_at'])
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id', 'desc')
    .limit(query.count)
    .offset((query.page - 1) * query.count)
    .execute();
  return { rows, total: Number(total) };
}

/** Revokes an active operator-issued key; what it was, if it was one. */
export async function revokeOperatorKey(trx: Db, id: string) {
  return trx
    .updateTable('miner_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('operator_issued', '=', true)
    .where('revoked_at', 'is', null)
    .returning(['pool', 'user_id', 'key_hint', 'label'])
    .executeTakeFirst();
}
