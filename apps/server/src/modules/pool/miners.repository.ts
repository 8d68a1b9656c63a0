import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PageQuery } from '../../db/paginate.ts';

/** SQL of a user's miners (miners.ts holds the rules). */

/** The user's miners filtered by pool, name and state: the counts online and offline (seen since `since`), and a page, last seen first. */
export async function userMinersPage(db: Db, userId: string, query: PageQuery & { pool?: string; status?: 'online' | 'offline'; name?: string }, since: Date) {
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
  return { rows, counts };
}

/** Shares per miner of the user since `from`. */
export async function sharesPerMiner(db: Db, userId: string, minerIds: string[], from: Date): Promise<Map<string, number>> {
  if (minerIds.length === 0) return new Map();
  const shares = await db
    .selectFrom('shares')
    .select(['miner_id', sql<string>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .where('miner_id', 'in', minerIds)
    .where('day', '>=', from.toISOString().slice(0, 10))
    .where('created_at', '>=', from)
    .groupBy('miner_id')
    .execute();
  return new Map(shares.map((s) => [s.miner_id, Number(s.n)]));
}

/** Removes the user's miners (one, or all of a pool) last seen before `seenBefore`; how many. */
export async function deleteOfflineMiners(db: Db, userId: string, filter: { id?: string; pool?: string }, seenBefore: Date): Promise<number> {
  let query = db.deleteFrom('miners').where('user_id', '=', userId).where('last_seen_at', '<', seenBefore);
  if (filter.id) query = query.where('id', '=', filter.id);
  if (filter.pool) query = query.where('pool', '=', filter.pool);
  const removed = await query.executeTakeFirst();
  return Number(removed.numDeletedRows);
}

export async function userHasMiner(db: Db, userId: string, id: string): Promise<boolean> {
  return (await db.selectFrom('miners').select(['id']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}
