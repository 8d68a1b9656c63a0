import { AppError, type MinerProtocol } from '@platter/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { activeKeyByHash, activeUserKey, insertKey, revokeUserKey } from './keys.repository.ts';
import { poolRow } from './pool.repository.ts';

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
  const row = await poolRow(db, pool);
  if (!row) throw new AppError('POOL_NOT_FOUND');
  if (!row.enabled) throw new AppError('POOL_NOT_OPEN');
  return row;
}

/** Makes a new key for the pool, revoking the one before. Answers the key once. */
export async function rotateKey(db: Db, userId: string, pool: string): Promise<{ pool: string; key: string; hint: string; created_at: number }> {
  await enabledPool(db, pool);
  const { key, hint } = newKey();
  return db.transaction().execute(async (trx) => {
    await revokeUserKey(trx, userId, pool);
    const row = await insertKey(trx, { user_id: userId, pool, key_hash: hashKey(key), key_hint: hint });
    return { pool, key, hint, created_at: Math.floor(row.created_at.getTime() / 1000) };
  });
}

/** The active key's hint, or null when the user has none for the pool. */
export async function currentKey(db: Db, userId: string, pool: string): Promise<{ pool: string; hint: string; created_at: number } | null> {
  const row = await activeUserKey(db, userId, pool);
  return row ? { pool, hint: row.key_hint, created_at: Math.floor(row.created_at.getTime() / 1000) } : null;
}

export async function revokeKey(db: Db, userId: string, pool: string): Promise<void> {
  await revokeUserKey(db, userId, pool);
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
  const row = await activeKeyByHash(db, hashKey(key));
  if (!row || row.status !== 'active') throw new AppError('ACCESS_FORBIDDEN');
  if (!row.enabled) throw new AppError('POOL_NOT_OPEN');
  return { userId: row.user_id, pool: row.pool, coin: row.coin, protocol: row.protocol as MinerProtocol, trustedProxy: row.trusted_proxy, operatorIssued: row.operator_issued };
}
