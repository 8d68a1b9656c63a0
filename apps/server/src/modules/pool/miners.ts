import { AppError, MINER_ONLINE_SECONDS, type Miner } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { deleteOfflineMiners, sharesPerMiner, userHasMiner, userMinersPage } from './miners.repository.ts';

const onlineSince = (now: Date) => new Date(now.getTime() - MINER_ONLINE_SECONDS * 1000);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A miner row as the API shows it (online from its last heartbeat or share). */
export function minerView(
  m: {
    id: string;
    pool: string;
    name: string;
    version: string;
    capacity_bytes: string;
    hashrate: string;
    estimated_bytes?: string;
    estimate_rounds?: number | null;
    line: string | null;
    last_seen_at: Date;
  },
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
    estimate_rounds: m.estimate_rounds ?? null,
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
  const { rows, counts } = await userMinersPage(db, userId, query, since);
  const shareCount = await sharesPerMiner(
    db,
    userId,
    rows.map((r) => r.id),
    new Date(now.getTime() - 86_400_000),
  );
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
  if ((await deleteOfflineMiners(db, userId, { id }, onlineSince(now))) === 1) return;
  throw new AppError((await userHasMiner(db, userId, id)) ? 'MINER_ONLINE' : 'MINER_NOT_FOUND');
}

/** Removes every offline miner of a pool (DELETE /api/pool/removeallofflineminers); answers how many. */
export async function removeOfflineMiners(db: Db, userId: string, pool: string, now = new Date()): Promise<number> {
  return deleteOfflineMiners(db, userId, { pool }, onlineSince(now));
}
