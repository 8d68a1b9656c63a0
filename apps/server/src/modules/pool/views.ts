import { AppError, capacityFromPoints, maskEmail, MINER_ONLINE_SECONDS, pointsUnitOf, utcDay, type IncomeRecord } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { coinRules, show } from '../coins/coins.ts';
import {
  addressOwner,
  blockFiguresPerPool,
  blocksPage,
  dailyBlocksSince,
  enabledPoolsWithCoins,
  enabledPoolTypes,
  findPool,
  hourlyPoints,
  minersOfUser,
  onlineMinersPerPool,
  points24h,
  poolSamplesSince,
  poolsWithUser,
  recentCredits,
  settledDaysPage,
  topPoints24h,
  upsertPoolSamples,
  userIncomeTotals,
  userMinerTotals,
  userPointsOfDay,
} from './views.repository.ts';

/**
 * Read models of the pool for the user centre, the dashboard and the public pages (spec doc 2
 * §7 'Pool', 'Dashboard', 'Home and content'). Capacities are bytes as decimal strings.
 */

const DAY_MS = 86_400_000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const since = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * A pool's (or a user's) estimated capacity, bytes. The points of the last 24 hours over a
 * day, except for the BHD-family (`poc-burst`) pools: their online miners' capacities
 * estimated from their verified deadlines (the miners page's and the merged farm's figure).
 * Their points are nonce-seconds credited from the same estimates, so over a day of steady
 * mining both agree; but 24 hours of points read far too low for a farm that started mining
 * minutes ago (a few hundred bytes beside 3.5 MiB reported), and the deadline estimate is
 * what the Burst-style pools show as a farm's capacity.
 */
export function estimatedCapacity(protocol: string, points24h: bigint, deadlineEstimate: bigint): { capacity: string; capacity_source: 'points_24h' | 'deadlines' } {
  if (protocol === 'poc-burst') return { capacity: deadlineEstimate.toString(), capacity_source: 'deadlines' };
  return { capacity: capacityFromPoints(points24h, DAY_MS / 1000, pointsUnitOf(protocol)).toString(), capacity_source: 'points_24h' };
}

/** Someone shown on a public page: the nickname, else the masked e-mail. */
export const publicName = (user: { nickname: string | null; email: string }) => (user.nickname ? user.nickname : maskEmail(user.email));

export async function poolOf(db: Db, pool: string) {
  const row = await findPool(db, pool);
  if (!row) throw new AppError('POOL_NOT_FOUND');
  return row;
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
  const { rows, total } = await settledDaysPage(db, userId, query);
  const list: IncomeRecord[] = rows.map(incomeRecordOf);
  // Today is not settled yet: its points so far, as a NOT_PENDING record on the first page.
  let today: IncomeRecord[] = [];
  if (query.page === 1) {
    const day = utcDay(now);
    const elapsed = Math.max(60, (now.getTime() - Date.parse(`${day}T00:00:00Z`)) / 1000);
    today = (await userPointsOfDay(db, userId, day, query.pool)).map((r) => ({
      pool: r.pool,
      coin: r.coin,
      unit: r.unit,
      day,
      points: r.points,
      capacity: capacityFromPoints(BigInt(r.points), elapsed, pointsUnitOf(r.protocol)).toString(),
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
    userMinerTotals(db, userId, pool, onlineSince),
    points24h(db, now, { pool, userId }),
    userIncomeTotals(db, userId, pool, utcDay(since(now, DAY_MS))),
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
    ...estimatedCapacity(info.protocol, userPoints, BigInt(miners.estimated)),
    reported_capacity: miners.reported,
    hashrate: miners.hashrate,
    points_24h: userPoints.toString(),
    income_yesterday: show(BigInt(income.yesterday), info.scale),
    income_total: show(BigInt(income.total), info.scale),
    pending: show(balance?.pending_earnings ?? 0n, info.scale),
    available: show(balance?.available ?? 0n, info.scale),
  };
}

/** The enabled pools, in display order. */
export function enabledPools(db: Db): Promise<string[]> {
  return enabledPoolTypes(db);
}

/** The pools a user mines in (miners or income), for the dashboard's pool switcher. */
export async function userPools(db: Db, userId: string): Promise<string[]> {
  const [mine, order] = await Promise.all([poolsWithUser(db, userId), enabledPoolTypes(db)]);
  return order.filter((p) => mine.has(p));
}

/** Points per hour of the last `hours` hours (the dashboard's share chart). */
export async function shareSeries(db: Db, filter: { userId?: string; pool: string }, hours: number, now = new Date()) {
  const window = hours * 3600_000;
  const [rows, info] = await Promise.all([hourlyPoints(db, filter, window, now), poolOf(db, filter.pool)]);
  const unit = pointsUnitOf(info.protocol);
  return rows.map((r) => ({ time: seconds(new Date(r.hour)), points: r.points, shares: Number(r.shares), capacity: capacityFromPoints(BigInt(r.points), 3600, unit).toString() }));
}

/** A pool's public figures (spec doc 1 §3 'Pool'): height, mining of 24 h and 7 days, online miners and hosts. */
export async function poolStatistics(db: Db, now = new Date()) {
  const onlineSince = since(now, MINER_ONLINE_SECONDS * 1000);
  const [pools, points, miners, blocks] = await Promise.all([
    enabledPoolsWithCoins(db),
    points24h(db, now, {}),
    onlineMinersPerPool(db, onlineSince),
    blockFiguresPerPool(db, now),
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
      capacity: estimatedCapacity(p.protocol, BigInt(pts?.points ?? '0'), BigInt(m?.estimated ?? '0')).capacity,
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
  const { rows, total } = await blocksPage(db, query);
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
  const [rows, info] = await Promise.all([topPoints24h(db, pool, limit, now), poolOf(db, pool)]);
  const unit = pointsUnitOf(info.protocol);
  return rows.map((r, i) => ({ rank: i + 1, name: publicName(r), capacity: capacityFromPoints(BigInt(r.points), DAY_MS / 1000, unit).toString() }));
}

/** The pool trend: hourly samples (capacity, online miners and users) of the last `days` days. */
export async function poolTrend(db: Db, pool: string, days: number, now = new Date()) {
  const rows = await poolSamplesSince(db, pool, since(now, days * DAY_MS));
  const blocks = await dailyBlocksSince(db, pool, since(now, days * DAY_MS));
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
  return upsertPoolSamples(
    db,
    stats.map((s) => ({ pool: s.pool, at: hour, capacity_bytes: s.capacity, hashrate: s.hashrate, miners: s.online_miners, users: s.online_users })),
  );
}

/**
 * The account-free address query (/mypools/{currency}/{address}): the farmer whose payout
 * address (address book) it is in that pool's coin; their miners and last settled days.
 */
export async function addressQuery(db: Db, pool: string, address: string, now = new Date()) {
  const info = await poolOf(db, pool);
  const owner = await addressOwner(db, info.coin, address);
  if (!owner) return null;
  const onlineSince = since(now, MINER_ONLINE_SECONDS * 1000);
  const [miners, points, income] = await Promise.all([minersOfUser(db, owner, pool, 200), points24h(db, now, { pool, userId: owner }), recentCredits(db, owner, pool, 7)]);
  return {
    pool,
    coin: info.coin,
    unit: info.unit,
    address,
    capacity: estimatedCapacity(
      info.protocol,
      BigInt(points[0]?.points ?? '0'),
      miners.filter((m) => m.last_seen_at >= onlineSince).reduce((sum, m) => sum + BigInt(m.estimated_bytes), 0n),
    ).capacity,
    online: miners.filter((m) => m.last_seen_at >= onlineSince).length,
    offline: miners.filter((m) => m.last_seen_at < onlineSince).length,
    miners: miners.map((m) => ({ name: m.name, online: m.last_seen_at >= onlineSince, capacity: m.capacity_bytes, hashrate: m.hashrate, last_seen: seconds(m.last_seen_at) })),
    income: income.map((r) => ({ day: r.day, amount: show(BigInt(r.amount_units), info.scale), status: r.status })),
  };
}
