import { AppError, type MinerProtocol } from '@platter/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/**
 * Miner API keys (issue 5): one active key per user and pool, given to the user's miners and
 * the proxy tool. Only a hash is stored; the key is shown once, when made. Rotating revokes
 * the old key in the same transaction. Keys the operator issues to its own proxies (issue 18,
 * proxy-keys.ts) live in the same table, marked `operator_issued`; these calls never touch them.
 */

const PREFIX = 'plk_';

/** A fresh key and its hint (the key is shown once; only its hash is kept). */
export function newKey(): { key: string; hint: string } {
  const key = `${PREFIX}${randomBytes(24).toString('base64url')}`;
  return { key, hint: key.slice(0, PREFIX.length + 6) };
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export async function enabledPool(db: Db, pool: string): Promise<{ type: string; coin: string; protocol: string }> {
  const row = await db.selectFrom('pools').select(['type', 'coin', 'protocol', 'enabled']).where('type', '=', pool).executeTakeFirst();
  if (!row) throw new AppError('POOL_NOT_FOUND');
  if (!row.enabled) throw new AppError('POOL_NOT_OPEN');
  return row;
}

/** Makes a new key for the pool, revoking the one before. Answers the key once. */
export async function rotateKey(db: Db, userId: string, pool: string): Promise<{ pool: string; key: string; hint: string; created_at: number }> {
  await enabledPool(db, pool);
  const { key, hint } = newKey();
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('miner_keys')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('pool', '=', pool)
      .where('revoked_at', 'is', null)
      .where('operator_issued', '=', false)
      .execute();
    const row = await trx
      .insertInto('miner_keys')
      .values({ user_id: userId, pool, key_hash: hashKey(key), key_hint: hint })
      .returning(['created_at'])
      .executeTakeFirstOrThrow();
    return { pool, key, hint, created_at: Math.floor(row.created_at.getTime() / 1000) };
  });
}

/** The active key's hint, or null when the user has none for the pool. */
export async function currentKey(db: Db, userId: string, pool: string): Promise<{ pool: string; hint: string; created_at: number } | null> {
  const row = await db
    .selectFrom('miner_keys')
    .select(['key_hint', 'created_at'])
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .where('revoked_at', 'is', null)
    .where('operator_issued', '=', false)
    .executeTakeFirst();
  return row ? { pool, hint: row.key_hint, created_at: Math.floor(row.created_at.getTime() / 1000) } : null;
}

export async function revokeKey(db: Db, userId: string, pool: string): Promise<void> {
  await db
    .updateTable('miner_keys')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .where('revoked_at', 'is', null)
    .where('operator_issued', '=', false)
    .execute();
}

/** Who presented a key, and what the pool makes of its reports (issue 18). */
export interface KeyOwner {
  userId: string;
  pool: string;
  coin: string;
  protocol: MinerProtocol;
  /** The pool's trusted-proxy mode. */
  trustedProxy: boolean;
  /** The operator issued the key to a proxy it runs; false for a key the user made. */
  operatorIssued: boolean;
}

/** The user and pool of a presented key; ACCESS_FORBIDDEN for an unknown or revoked one. */
export async function authenticateKey(db: Db, key: string | undefined): Promise<KeyOwner> {
  if (!key || !key.startsWith(PREFIX) || key.length > 80) throw new AppError('ACCESS_FORBIDDEN');
  const row = await db
    .selectFrom('miner_keys as k')
    .innerJoin('pools as p', 'p.type', 'k.pool')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .innerJoin('pool_configs as c', 'c.pool', 'k.pool')
    .select(['k.user_id', 'k.pool', 'p.coin', 'p.protocol', 'p.enabled', 'u.status', 'c.trusted_proxy', 'k.operator_issued'])
    .where('k.key_hash', '=', hashKey(key))
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.status !== 'active') throw new AppError('ACCESS_FORBIDDEN');
  if (!row.enabled) throw new AppError('POOL_NOT_OPEN');
  return { userId: row.user_id, pool: row.pool, coin: row.coin, protocol: row.protocol as MinerProtocol, trustedProxy: row.trusted_proxy, operatorIssued: row.operator_issued };
}
