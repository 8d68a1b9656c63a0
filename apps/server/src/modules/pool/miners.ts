import { AppError, MINER_ONLINE_SECONDS, type Miner } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const onlineSince = (now: Date) => new Date(now.getTime() - MINER_ONLINE_SECONDS * 1000);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A miner row as the API shows it (online from its last heartbeat or share). */
export function minerView(
  m: { id: string; pool: string; name: string; version: string; capacity_bytes: string; hashrate: string; estimated_bytes?: string; line: string | null; last_seen_at: Date },
  onlineSince: Date,
): Omit<Miner, 'shares_24h'> {
  return {
    id: m.id,
    pool: m.pool,
    name: m.name,
    version: m.version,
    capacity: m.capacity_bytes,
    hashrate: m.hashrate,
    estimated_capacity: m.estimated_bytes && m.estimated_bytes !== '0' ? m.estimated_bytes : null,
    line: m.line,
    online: m.last_seen_at >= onlineSince,
    last_seen: seconds(m.last_seen_at),
  };
}

/**
 * A user's miners (spec doc 2 §7 'Pool': GET /api/pool/miner): online while a heartbeat or
 * share came within MINER_ONLINE_SECONDS, with the shares of the last 24 hours.
 */
export async function listMiners(
  db: Db,
  userId: string,
  query: { pool?: string; status?: 'online' | 'offline'; name?: string; page: number; count: number },
  now = new Date(),
): Promise<{ list: Miner[]; total: number; online: number; offline: number }> {
  const since = onlineSince(now);
  let base = db.selectFrom('miners').where('user_id', '=', userId);
  if (query.pool) base = base.where('pool', '=', query.pool);
  if (query.name) base = base.where('name', 'ilike', `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const counts = await base
    .select([sql<string>`count(*) FILTER (WHERE last_seen_at >= ${since})`.as('online'), sql<string>`count(*) FILTER (WHERE last_seen_at < ${since})`.as('offline')])
    .executeTakeFirstOrThrow();
  let filtered = base;
  if (query.status === 'online') filtered = filtered.where('last_seen_at', '>=', since);
  if (query.status === 'offline') filtered = filtered.where('last_seen_at', '<', since);
  const rows = await filtered
    .selectAll()
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.count)
    .offset((query.page - 1) * query.count)
    .execute();
  const ids = rows.map((r) => r.id);
  const shares = ids.length
    ? await db
        .selectFrom('shares')
        .select(['miner_id', sql<string>`count(*)`.as('n')])
        .where('user_id', '=', userId)
        .where('miner_id', 'in', ids)
        .where('day', '>=', new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10))
        .where('created_at', '>=', new Date(now.getTime() - 86_400_000))
        .groupBy('miner_id')
        .execute()
    : [];
  const shareCount = new Map(shares.map((s) => [s.miner_id, Number(s.n)]));
  const online = Number(counts.online);
  const offline = Number(counts.offline);
  const total = query.status === 'online' ? online : query.status === 'offline' ? offline : online + offline;
  return {
    list: rows.map((m) => ({ ...minerView(m, since), shares_24h: shareCount.get(m.id) ?? 0 })),
    total,
    online,
    offline,
  };
}

/** Removes an offline miner (DELETE /api/pool/miner); an online one answers 11202. */
export async function removeMiner(db: Db, userId: string, id: string, now = new Date()): Promise<void> {
  const removed = await db.deleteFrom('miners').where('id', '=', id).where('user_id', '=', userId).where('last_seen_at', '<', onlineSince(now)).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 1) return;
  const miner = await db.selectFrom('miners').select(['id']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  throw new AppError(miner ? 'MINER_ONLINE' : 'MINER_NOT_FOUND');
}

/** Removes every offline miner of a pool (DELETE /api/pool/removeallofflineminers); answers how many. */
export async function removeOfflineMiners(db: Db, userId: string, pool: string, now = new Date()): Promise<number> {
  const removed = await db.deleteFrom('miners').where('user_id', '=', userId).where('pool', '=', pool).where('last_seen_at', '<', onlineSince(now)).executeTakeFirst();
  return Number(removed.numDeletedRows);
}
