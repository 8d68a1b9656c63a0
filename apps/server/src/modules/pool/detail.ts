import { AppError, capacityFromPoints, percentOfRatio, pointsUnitOf, utcDay, type MiningDetail, type PoolDetail } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { show } from '../coins/coins.ts';
import { poolConfigs } from './admin.ts';
import { userDays } from './detail.repository.ts';
import { adminPlots } from './plots.ts';
import { uidOf } from './pool.repository.ts';
import { poolOf, poolStatistics } from './views.ts';

/**
 * The user's per-day mining detail, one pool's detail page and the user's binding log (spec doc 1
 * §7 'Pool' /detail, /miningdetail and 'Dashboard' MiningDetail, BindLog).
 */

const DAY_SECONDS = 86_400;

/**
 * The user's days in a pool, newest first, over the last `days` days: shares, points, average
 * capacity and miners from the day's shares, with the day's income and settlement status. A day
 * with shares that is not settled yet shows NOT_PENDING (today) or SETTLEMENT_PENDING (ended).
 */
export async function miningDetail(db: Db, userId: string, query: { pool: string; days: number; page: number; count: number }, now = new Date()) {
  const pool = await poolOf(db, query.pool);
  const today = utcDay(now);
  const first = utcDay(new Date(now.getTime() - (query.days - 1) * DAY_SECONDS * 1000));
  const rows = await userDays(db, userId, query.pool, first, today);
  const list: MiningDetail[] = rows.map((r) => {
    const elapsed = r.day === today ? Math.max(60, (now.getTime() - Date.parse(`${today}T00:00:00Z`)) / 1000) : DAY_SECONDS;
    const status: MiningDetail['status'] =
      r.status ?? (r.day === today ? 'NOT_PENDING' : r.settled === 'SETTLEMENT' || r.settled === 'UNSETTLEMENT' ? 'UNSETTLEMENT' : 'SETTLEMENT_PENDING');
    return {
      pool: query.pool,
      day: r.day,
      shares: Number(r.shares),
      points: r.points,
      capacity: capacityFromPoints(BigInt(r.points), elapsed, pointsUnitOf(pool.protocol)).toString(),
      miners: Number(r.miners),
      amount: show(BigInt(r.amount_units ?? '0'), pool.scale),
      status,
    };
  });
  const offset = (query.page - 1) * query.count;
  return { list: list.slice(offset, offset + query.count), total: list.length };
}

/** One pool's live figures with the terms it pays by (fee, payment time, payout threshold). */
export async function poolDetail(db: Db, pool: string, now = new Date()): Promise<PoolDetail> {
  await poolOf(db, pool);
  const [stats, configs] = await Promise.all([poolStatistics(db, now), poolConfigs(db)]);
  const figures = stats.find((s) => s.pool === pool);
  const config = configs.find((c) => c.pool === pool);
  // A disabled pool has no public figures: it is not found for its users either.
  if (!figures || !config) throw new AppError('POOL_NOT_FOUND');
  return {
    ...figures,
    mode: config.mode,
    fee_percent: percentOfRatio(config.fee_bp),
    payment_time: config.payment_time,
    payout_threshold: config.payout_threshold,
    withdraw_fee: config.withdraw_fee,
  };
}

/** The user's binding records of every state, finished unbindings included, newest first. */
export async function bindLog(db: Db, userId: string, query: { pool?: string; page: number; count: number }) {
  const page = await adminPlots(db, { ...query, uid: await uidOf(db, userId) }, 'bindings');
  // The back-office view carries the owner; the user's own log does not need it.
  return { list: page.list.map(({ uid: _uid, email: _email, ...plot }) => plot), total: page.total };
}
