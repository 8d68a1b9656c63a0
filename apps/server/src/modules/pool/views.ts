import { AppError, capacityFromPoints, maskEmail, MINER_ONLINE_SECONDS, utcDay, type IncomeRecord } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { coinRules, show } from '../coins/coins.ts';

/**
 * Read models of the pool for the user centre, the dashboard and the public pages (spec doc 2
 * §7 'Pool', 'Dashboard', 'Home and content'). Capacities are bytes as decimal strings.
 */

const DAY_MS = 86_400_000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const since = (now: Date, ms: number) => new Date(now.getTime() - ms);
/** The days a window of `ms` before `now` touches, so queries prune to those partitions. */
const fromDay = (now: Date, ms: number) => utcDay(since(now, ms));

/** Someone shown on a public page: the nickname, else the masked e-mail. */
export const publicName = (user: { nickname: string | null; email: string }) => (user.nickname ? user.nickname : maskEmail(user.email));

export async function poolOf(db: Db, pool: string) {
  const row = await db
    .selectFrom('pools as p')
    .innerJoin('coins as c', 'c.type', 'p.coin')
    .select(['p.type', 'p.coin', 'p.name', 'p.pool_type', 'p.protocol', 'p.enabled', 'c.unit', 'c.scale', 'c.arith', 'c.capacity_base'])
    .where('p.type', '=', pool)
    .executeTakeFirst();
  if (!row) throw new AppError('POOL_NOT_FOUND');
  return row;
}

/** Points of the last 24 hours, per pool (and per user when given). */
async function points24h(db: Db, now: Date, filter: { pool?: string; userId?: string }) {
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

/** A settled day's record as the API shows it. */
export function incomeRecordOf(r: {
  pool: string;
  coin: string;
  unit: string;
  day: string;
  points: string;
  capacity_bytes: string;
  amount_units: string;
  status: 'SETTLEMENT' | 'UNSETTLEMENT';
  scale: number;
}): IncomeRecord {
  return { pool: r.pool, coin: r.coin, unit: r.unit, day: r.day, points: r.points, capacity: r.capacity_bytes, amount: show(BigInt(r.amount_units), r.scale), status: r.status };
}

/** The user's income records, newest day first: settled days, and today's (NOT_PENDING). */
export async function incomeRecords(db: Db, userId: string, query: { pool?: string; page: number; count: number }, now = new Date()) {
  let base = db.selectFrom('settlement_credits as s').innerJoin('pools as p', 'p.type', 's.pool').innerJoin('coins as c', 'c.type', 'p.coin').where('s.user_id', '=', userId);
  if (query.pool) base = base.where('s.pool', '=', query.pool);
  const { rows, total } = await paginate(base, query, (from) =>
    from.select(['s.pool', 's.day', 's.points', 's.capacity_bytes', 's.amount_units', 's.status', 'p.coin', 'c.unit', 'c.scale']).orderBy('s.day', 'desc').orderBy('s.pool'),
  );
  const list: IncomeRecord[] = rows.map(incomeRecordOf);
  // Today is not settled yet: its points so far, as a NOT_PENDING record on the first page.
  let today: IncomeRecord[] = [];
  if (query.page === 1) {
    const day = utcDay(now);
    let todayQuery = db
      .selectFrom('shares as s')
      .innerJoin('pools as p', 'p.type', 's.pool')
      .innerJoin('coins as c', 'c.type', 'p.coin')
      .select(['s.pool', 'p.coin', 'c.unit', sql<string>`sum(s.difficulty)`.as('points')])
      .where('s.day', '=', day)
      .where('s.user_id', '=', userId)
      .groupBy(['s.pool', 'p.coin', 'c.unit']);
    if (query.pool) todayQuery = todayQuery.where('s.pool', '=', query.pool);
    const elapsed = Math.max(60, (now.getTime() - Date.parse(`${day}T00:00:00Z`)) / 1000);
    today = (await todayQuery.execute()).map((r) => ({
      pool: r.pool,
      coin: r.coin,
      unit: r.unit,
      day,
      points: r.points,
      capacity: capacityFromPoints(BigInt(r.points), elapsed).toString(),
      amount: '0',
      status: 'NOT_PENDING' as const,
    }));
  }
  return { list: [...today, ...list], total: total + today.length };
}

/** The dashboard's figures of one pool for the user. */
export async function dashboardSummary(db: Db, userId: string, pool: string, now = new Date()) {
  const info = await poolOf(db, pool);
  const onlineSince = since(now, MINER_ONLINE_SECONDS * 1000);
  const [miners, points, income, balances] = await Promise.all([
    db
      .selectFrom('miners')
      .select([
        sql<string>`count(*) FILTER (WHERE last_seen_at >= ${onlineSince})`.as('online'),
        sql<string>`count(*) FILTER (WHERE last_seen_at < ${onlineSince})`.as('offline'),
        sql<string>`coalesce(sum(capacity_bytes) FILTER (WHERE last_seen_at >= ${onlineSince}), 0)`.as('reported'),
        sql<string>`coalesce(sum(hashrate) FILTER (WHERE last_seen_at >= ${onlineSince}), 0)`.as('hashrate'),
      ])
      .where('user_id', '=', userId)
      .where('pool', '=', pool)
      .executeTakeFirstOrThrow(),
    points24h(db, now, { pool, userId }),
    db
      .selectFrom('settlement_credits')
      .select([
        sql<string>`coalesce(sum(amount_units), 0)`.as('total'),
        sql<string>`coalesce(sum(amount_units) FILTER (WHERE day = ${utcDay(since(now, DAY_MS))}::date), 0)`.as('yesterday'),
      ])
      .where('user_id', '=', userId)
      .where('pool', '=', pool)
      .executeTakeFirstOrThrow(),
    userBalances(db, userId, info.coin),
  ]);
  const userPoints = BigInt(points[0]?.points ?? '0');
  const balance = balances.get(info.coin);
  return {
    pool,
    coin: info.coin,
    unit: info.unit,
    online: Number(miners.online),
    offline: Number(miners.offline),
    capacity: capacityFromPoints(userPoints, DAY_MS / 1000).toString(),
    reported_capacity: miners.reported,
    hashrate: miners.hashrate,
    points_24h: userPoints.toString(),
    income_yesterday: show(BigInt(income.yesterday), info.scale),
    income_total: show(BigInt(income.total), info.scale),
    pending: show(balance?.pending_earnings ?? 0n, info.scale),
    available: show(balance?.available ?? 0n, info.scale),
  };
}

/** The pools a user mines in (miners or income), for the dashboard's pool switcher. */
export async function userPools(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('miners')
    .select('pool')
    .where('user_id', '=', userId)
    .union(db.selectFrom('settlement_credits').select('pool').where('user_id', '=', userId))
    .execute();
  const order = await db.selectFrom('pools').select(['type']).where('enabled', '=', true).orderBy('sort').execute();
  const mine = new Set(rows.map((r) => r.pool));
  return order.map((p) => p.type).filter((p) => mine.has(p));
}

/** Points per hour of the last `hours` hours (the dashboard's share chart). */
export async function shareSeries(db: Db, filter: { userId?: string; pool: string }, hours: number, now = new Date()) {
  const window = hours * 3600_000;
  let query = db
    .selectFrom('shares')
    .select([sql<Date>`date_trunc('hour', created_at)`.as('hour'), sql<string>`sum(difficulty)`.as('points'), sql<string>`count(*)`.as('shares')])
    .where('pool', '=', filter.pool)
    .where('day', '>=', fromDay(now, window))
    .where('created_at', '>=', since(now, window))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  const rows = await query.execute();
  return rows.map((r) => ({ time: seconds(new Date(r.hour)), points: r.points, shares: Number(r.shares), capacity: capacityFromPoints(BigInt(r.points), 3600).toString() }));
}

/** A pool's public figures (spec doc 1 §3 'Pool'): height, mining of 24 h and 7 days, online miners and hosts. */
export async function poolStatistics(db: Db, now = new Date()) {
  const onlineSince = since(now, MINER_ONLINE_SECONDS * 1000);
  const [pools, points, miners, blocks] = await Promise.all([
    db
      .selectFrom('pools as p')
      .innerJoin('coins as c', 'c.type', 'p.coin')
      .select(['p.type', 'p.coin', 'p.name', 'p.pool_type', 'c.unit', 'c.scale', 'c.icon', 'c.capacity_base', 'c.arith'])
      .where('p.enabled', '=', true)
      .orderBy('p.sort')
      .execute(),
    points24h(db, now, {}),
    db
      .selectFrom('miners')
      .select(['pool', sql<string>`count(*)`.as('miners'), sql<string>`count(DISTINCT user_id)`.as('users'), sql<string>`coalesce(sum(hashrate), 0)`.as('hashrate')])
      .where('last_seen_at', '>=', onlineSince)
      .groupBy('pool')
      .execute(),
    db
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
      .execute(),
  ]);
  return pools.map((p) => {
    const pts = points.find((x) => x.pool === p.type);
    const m = miners.find((x) => x.pool === p.type);
    const b = blocks.find((x) => x.pool === p.type);
    return {
      pool: p.type,
      coin: p.coin,
      name: p.name,
      pool_type: p.pool_type,
      unit: p.unit,
      icon: p.icon,
      capacity: capacityFromPoints(BigInt(pts?.points ?? '0'), DAY_MS / 1000).toString(),
      hashrate: m?.hashrate ?? '0',
      online_miners: Number(m?.miners ?? 0),
      online_users: Number(m?.users ?? 0),
      height: b?.height ?? '0',
      blocks_24h: Number(b?.blocks_24h ?? 0),
      blocks_7d: Number(b?.blocks_7d ?? 0),
      mined_24h: show(BigInt(b?.mined_24h ?? '0'), p.scale),
      mined_7d: show(BigInt(b?.mined_7d ?? '0'), p.scale),
    };
  });
}

/** Found blocks, newest first (home page, block explorer). */
export async function blockList(db: Db, query: { pool?: string; page: number; count: number }) {
  let base = db.selectFrom('blocks as b');
  if (query.pool) base = base.where('b.pool', '=', query.pool);
  const { rows, total } = await paginate(base, query, (from) =>
    from
      .innerJoin('coins as c', 'c.type', 'b.coin')
      .leftJoin('users as u', 'u.id', 'b.finder_user_id')
      .select(['b.id', 'b.pool', 'b.coin', 'b.height', 'b.found_at', 'b.reward_units', 'b.capacity_bytes', 'c.unit', 'c.scale', 'u.email', 'u.nickname'])
      .orderBy('b.found_at', 'desc')
      .orderBy('b.id', 'desc'),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      pool: r.pool,
      coin: r.coin,
      unit: r.unit,
      height: r.height,
      time: seconds(r.found_at),
      reward: show(BigInt(r.reward_units), r.scale),
      capacity: r.capacity_bytes,
      finder: r.email ? publicName({ email: r.email, nickname: r.nickname }) : '—',
    })),
    total,
  };
}

/** The top miners of a pool by capacity over the last 24 hours (home page ranking). */
export async function ranking(db: Db, pool: string, limit: number, now = new Date()) {
  const rows = await db
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
  return rows.map((r, i) => ({ rank: i + 1, name: publicName(r), capacity: capacityFromPoints(BigInt(r.points), DAY_MS / 1000).toString() }));
}

/** The pool trend: hourly samples (capacity, online miners and users) of the last `days` days. */
export async function poolTrend(db: Db, pool: string, days: number, now = new Date()) {
  const rows = await db
    .selectFrom('pool_samples')
    .selectAll()
    .where('pool', '=', pool)
    .where('at', '>=', since(now, days * DAY_MS))
    .orderBy('at')
    .execute();
  const blocks = await db
    .selectFrom('blocks')
    .select(['day', sql<string>`count(*)`.as('blocks'), sql<string>`sum(reward_units)`.as('reward')])
    .where('pool', '=', pool)
    .where('found_at', '>=', since(now, days * DAY_MS))
    .groupBy('day')
    .orderBy('day')
    .execute();
  const { scale } = await coinRules(db, (await poolOf(db, pool)).coin);
  return {
    samples: rows.map((r) => ({ time: seconds(r.at), capacity: r.capacity_bytes, hashrate: r.hashrate, miners: r.miners, users: r.users })),
    blocks: blocks.map((b) => ({ day: b.day, blocks: Number(b.blocks), reward: show(BigInt(b.reward), scale) })),
  };
}

/** Takes this hour's sample of every enabled pool (once per pool and hour). */
export async function samplePools(db: Db, now = new Date()): Promise<number> {
  const hour = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000);
  const stats = await poolStatistics(db, now);
  if (stats.length === 0) return 0;
  const inserted = await db
    .insertInto('pool_samples')
    .values(stats.map((s) => ({ pool: s.pool, at: hour, capacity_bytes: s.capacity, hashrate: s.hashrate, miners: s.online_miners, users: s.online_users })))
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

/**
 * The account-free address query (/mypools/{currency}/{address}): the farmer whose payout
 * address (address book) it is in that pool's coin; their miners and last settled days.
 */
export async function addressQuery(db: Db, pool: string, address: string, now = new Date()) {
  const info = await poolOf(db, pool);
  const owner = await db
    .selectFrom('withdraw_addresses')
    .select('user_id')
    .where('coin', '=', info.coin)
    .where('address', '=', address)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!owner) return null;
  const onlineSince = since(now, MINER_ONLINE_SECONDS * 1000);
  const [miners, points, income] = await Promise.all([
    db.selectFrom('miners').selectAll().where('user_id', '=', owner.user_id).where('pool', '=', pool).orderBy('name').limit(200).execute(),
    points24h(db, now, { pool, userId: owner.user_id }),
    db
      .selectFrom('settlement_credits')
      .select(['day', 'amount_units', 'status'])
      .where('user_id', '=', owner.user_id)
      .where('pool', '=', pool)
      .orderBy('day', 'desc')
      .limit(7)
      .execute(),
  ]);
  return {
    pool,
    coin: info.coin,
    unit: info.unit,
    address,
    capacity: capacityFromPoints(BigInt(points[0]?.points ?? '0'), DAY_MS / 1000).toString(),
    online: miners.filter((m) => m.last_seen_at >= onlineSince).length,
    offline: miners.filter((m) => m.last_seen_at < onlineSince).length,
    miners: miners.map((m) => ({ name: m.name, online: m.last_seen_at >= onlineSince, capacity: m.capacity_bytes, hashrate: m.hashrate, last_seen: seconds(m.last_seen_at) })),
    income: income.map((r) => ({ day: r.day, amount: show(BigInt(r.amount_units), info.scale), status: r.status })),
  };
}
