import { utcDay } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate, type PageQuery } from '../../db/paginate.ts';

/** SQL of the pool's read models (views.ts): the user centre, the dashboard and the public pages. */

const DAY_MS = 86_400_000;
const since = (now: Date, ms: number) => new Date(now.getTime() - ms);
/** The days a window of `ms` before `now` touches, so queries prune to those partitions. */
const fromDay = (now: Date, ms: number) => utcDay(since(now, ms));

export async function findPool(db: Db, pool: string) {
  return db
    .selectFrom('pools as p')
    .innerJoin('coins as c', 'c.type', 'p.coin')
    .select(['p.type', 'p.coin', 'p.name', 'p.pool_type', 'p.protocol', 'p.enabled', 'c.unit', 'c.scale', 'c.arith', 'c.capacity_base'])
    .where('p.type', '=', pool)
    .executeTakeFirst();
}

/** Points of the last 24 hours, per pool (and per user when given). */
export async function points24h(db: Db, now: Date, filter: { pool?: string; userId?: string }) {
  let query = db
    .selectFrom('shares')
    .select(['pool', sql<string>`sum(difficulty)`.as('points'), sql<string>`count(DISTINCT user_id)`.as('users')])
    .where('day', '>=', fromDay(now, DAY_MS))
    .where('created_at', '>=', since(now, DAY_MS))
    .groupBy('pool');
  if (filter.pool) query = query.where('pool', '=', filter.pool);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  return query.execute();
}

/** A page of the user's settled (and unsettled) days, newest first. */
export async function settledDaysPage(db: Db, userId: string, query: PageQuery & { pool?: string }) {
  let base = db.selectFrom('settlement_credits as s').innerJoin('pools as p', 'p.type', 's.pool').innerJoin('coins as c', 'c.type', 'p.coin').where('s.user_id', '=', userId);
  if (query.pool) base = base.where('s.pool', '=', query.pool);
  return paginate(base, query, (from) =>
    from.select(['s.pool', 's.day', 's.points', 's.capacity_bytes', 's.amount_units', 's.status', 'p.coin', 'c.unit', 'c.scale']).orderBy('s.day', 'desc').orderBy('s.pool'),
  );
}

/** The user's points of one day so far, per pool. */
export async function userPointsOfDay(db: Db, userId: string, day: string, pool?: string) {
  let query = db
    .selectFrom('shares as s')
    .innerJoin('pools as p', 'p.type', 's.pool')
    .innerJoin('coins as c', 'c.type', 'p.coin')
    .select(['s.pool', 'p.coin', 'p.protocol', 'c.unit', sql<string>`sum(s.difficulty)`.as('points')])
    .where('s.day', '=', day)
    .where('s.user_id', '=', userId)
    .groupBy(['s.pool', 'p.coin', 'p.protocol', 'c.unit']);
  if (pool) query = query.where('s.pool', '=', pool);
  return query.execute();
}

/** The user's miners of a pool counted online (seen since `onlineSince`) and offline, with the online ones' reported capacity and hashrate. */
export async function userMinerTotals(db: Db, userId: string, pool: string, onlineSince: Date) {
  return db
    .selectFrom('miners')
    .select([
      sql<string>`count(*) FILTER (WHERE last_seen_at >= ${onlineSince})`.as('online'),
      sql<string>`count(*) FILTER (WHERE last_seen_at < ${onlineSince})`.as('offline'),
      sql<string>`coalesce(sum(capacity_bytes) FILTER (WHERE last_seen_at >= ${onlineSince}), 0)`.as('reported'),
      sql<string>`coalesce(sum(estimated_bytes) FILTER (WHERE last_seen_at >= ${onlineSince}), 0)`.as('estimated'),
      sql<string>`coalesce(sum(hashrate) FILTER (WHERE last_seen_at >= ${onlineSince}), 0)`.as('hashrate'),
    ])
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .executeTakeFirstOrThrow();
}

/** The user's credited income of a pool: in total and on `day`. */
export async function userIncomeTotals(db: Db, userId: string, pool: string, day: string) {
  return db
    .selectFrom('settlement_credits')
    .select([sql<string>`coalesce(sum(amount_units), 0)`.as('total'), sql<string>`coalesce(sum(amount_units) FILTER (WHERE day = ${day}::date), 0)`.as('yesterday')])
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .executeTakeFirstOrThrow();
}

/** The pools a user has miners or income in. */
export async function poolsWithUser(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('miners')
    .select('pool')
    .where('user_id', '=', userId)
    .union(db.selectFrom('settlement_credits').select('pool').where('user_id', '=', userId))
    .execute();
  return new Set(rows.map((r) => r.pool));
}

/** The enabled pools' types, in their display order. */
export async function enabledPoolTypes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('pools').select(['type']).where('enabled', '=', true).orderBy('sort').execute();
  return rows.map((r) => r.type);
}

/** Points and shares per hour of the `window` ms before `now`. */
export async function hourlyPoints(db: Db, filter: { userId?: string; pool: string }, window: number, now: Date) {
  let query = db
    .selectFrom('shares')
    .select([sql<Date>`date_trunc('hour', created_at)`.as('hour'), sql<string>`sum(difficulty)`.as('points'), sql<string>`count(*)`.as('shares')])
    .where('pool', '=', filter.pool)
    .where('day', '>=', fromDay(now, window))
    .where('created_at', '>=', since(now, window))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  return query.execute();
}

/** The enabled pools with their coin's display figures, in display order. */
export async function enabledPoolsWithCoins(db: Db) {
  return db
    .selectFrom('pools as p')
    .innerJoin('coins as c', 'c.type', 'p.coin')
    .select(['p.type', 'p.coin', 'p.name', 'p.pool_type', 'p.protocol', 'c.unit', 'c.scale', 'c.icon', 'c.capacity_base', 'c.arith'])
    .where('p.enabled', '=', true)
    .orderBy('p.sort')
    .execute();
}

/** Miners, users and hashrate online (seen since `onlineSince`), per pool. */
export async function onlineMinersPerPool(db: Db, onlineSince: Date) {
  return db
    .selectFrom('miners')
    .select([
      'pool',
      sql<string>`count(*)`.as('miners'),
      sql<string>`count(DISTINCT user_id)`.as('users'),
      sql<string>`coalesce(sum(hashrate), 0)`.as('hashrate'),
      sql<string>`coalesce(sum(estimated_bytes), 0)`.as('estimated'),
    ])
    .where('last_seen_at', '>=', onlineSince)
    .groupBy('pool')
    .execute();
}

/** Per pool: the highest block, and blocks found and mined in the last 24 hours and 7 days. */
export async function blockFiguresPerPool(db: Db, now: Date) {
  return db
    .selectFrom('blocks')
    .select([
      'pool',
      sql<string>`max(height)`.as('height'),
      sql<string>`count(*) FILTER (WHERE found_at >= ${since(now, DAY_MS)})`.as('blocks_24h'),
      sql<string>`count(*) FILTER (WHERE found_at >= ${since(now, 7 * DAY_MS)})`.as('blocks_7d'),
      sql<string>`coalesce(sum(reward_units) FILTER (WHERE found_at >= ${since(now, DAY_MS)}), 0)`.as('mined_24h'),
      sql<string>`coalesce(sum(reward_units) FILTER (WHERE found_at >= ${since(now, 7 * DAY_MS)}), 0)`.as('mined_7d'),
    ])
    .groupBy('pool')
    .execute();
}

/** A page of found blocks, newest first, with their finders. */
export async function blocksPage(db: Db, query: PageQuery & { pool?: string }) {
  let base = db.selectFrom('blocks as b');
  if (query.pool) base = base.where('b.pool', '=', query.pool);
  return paginate(base, query, (from) =>
    from
      .innerJoin('coins as c', 'c.type', 'b.coin')
      .leftJoin('users as u', 'u.id', 'b.finder_user_id')
      .select(['b.id', 'b.pool', 'b.coin', 'b.height', 'b.found_at', 'b.reward_units', 'b.capacity_bytes', 'c.unit', 'c.scale', 'u.email', 'u.nickname'])
      .orderBy('b.found_at', 'desc')
      .orderBy('b.id', 'desc'),
  );
}

/** The users of a pool with the most points over the last 24 hours. */
export async function topPoints24h(db: Db, pool: string, limit: number, now: Date) {
  return db
    .selectFrom('shares as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.email', 'u.nickname', sql<string>`sum(s.difficulty)`.as('points')])
    .where('s.pool', '=', pool)
    .where('s.day', '>=', fromDay(now, DAY_MS))
    .where('s.created_at', '>=', since(now, DAY_MS))
    .groupBy(['u.id', 'u.email', 'u.nickname'])
    .orderBy(sql`sum(s.difficulty)`, 'desc')
    .limit(limit)
    .execute();
}

/** A pool's hourly samples since `from`. */
export async function poolSamplesSince(db: Db, pool: string, from: Date) {
  return db.selectFrom('pool_samples').selectAll().where('pool', '=', pool).where('at', '>=', from).orderBy('at').execute();
}

/** A pool's blocks and rewards per day since `from`. */
export async function dailyBlocksSince(db: Db, pool: string, from: Date) {
  return db
    .selectFrom('blocks')
    .select(['day', sql<string>`count(*)`.as('blocks'), sql<string>`sum(reward_units)`.as('reward')])
    .where('pool', '=', pool)
    .where('found_at', '>=', from)
    .groupBy('day')
    .orderBy('day')
    .execute();
}

/** Writes (or overwrites) one hour's samples; the number of rows written. */
export async function upsertPoolSamples(db: Db, samples: { pool: string; at: Date; capacity_bytes: string; hashrate: string; miners: number; users: number }[]): Promise<number> {
  const inserted = await db
    .insertInto('pool_samples')
    .values(samples)
    .onConflict((oc) =>
      oc.columns(['pool', 'at']).doUpdateSet((eb) => ({
        capacity_bytes: eb.ref('excluded.capacity_bytes'),
        hashrate: eb.ref('excluded.hashrate'),
        miners: eb.ref('excluded.miners'),
        users: eb.ref('excluded.users'),
      })),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n);
}

/** The owner of a live payout address in the address book, if any. */
export async function addressOwner(db: Db, coin: string, address: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('withdraw_addresses')
    .select('user_id')
    .where('coin', '=', coin)
    .where('address', '=', address)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.user_id;
}

/** A user's miners of a pool by name (at most `limit`). */
export async function minersOfUser(db: Db, userId: string, pool: string, limit: number) {
  return db.selectFrom('miners').selectAll().where('user_id', '=', userId).where('pool', '=', pool).orderBy('name').limit(limit).execute();
}

/** A user's last `limit` days of credits in a pool, newest first. */
export async function recentCredits(db: Db, userId: string, pool: string, limit: number) {
  return db
    .selectFrom('settlement_credits')
    .select(['day', 'amount_units', 'status'])
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .orderBy('day', 'desc')
    .limit(limit)
    .execute();
}
