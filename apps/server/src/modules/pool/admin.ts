import { AppError, MINER_ONLINE_SECONDS, type PoolConfigView, type UpdatePoolConfigBody } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import { coinRules, show, units } from '../coins/coins.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import { minerView } from './miners.ts';
import { incomeRecordOf } from './views.ts';

/**
 * The pool's back office (spec doc 2 §2 'Admin routes', §7 'Admin'): pool configuration,
 * mining and assets daily reports, every user's miners and income records.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function poolConfigs(db: Db): Promise<PoolConfigView[]> {
  const rows = await db
    .selectFrom('pools as p')
    .innerJoin('pool_configs as c', 'c.pool', 'p.type')
    .innerJoin('coins as k', 'k.type', 'p.coin')
    .select([
      'p.type',
      'p.coin',
      'p.name',
      'p.pool_type',
      'p.enabled',
      'c.mode',
      'c.fee_bp',
      'c.coop_ratio_bp',
      'c.burn_coefficient_bp',
      'c.payment_time',
      'k.min_payout_units',
      'k.withdraw_fee_units',
      'c.withdraw_audit',
      'k.scale',
      'p.protocol',
      'c.trusted_proxy',
      'c.plausibility_tolerance_bp',
    ])
    .orderBy('p.sort')
    .execute();
  return rows.map((r) => ({
    pool: r.type,
    coin: r.coin,
    name: r.name,
    pool_type: r.pool_type,
    enabled: r.enabled,
    mode: r.mode,
    fee_bp: r.fee_bp,
    coop_ratio_bp: r.coop_ratio_bp,
    burn_coefficient_bp: r.burn_coefficient_bp,
    payment_time: r.payment_time,
    payout_threshold: show(BigInt(r.min_payout_units), r.scale),
    withdraw_fee: show(BigInt(r.withdraw_fee_units), r.scale),
    withdraw_audit: r.withdraw_audit,
    protocol: r.protocol,
    trusted_proxy: r.trusted_proxy,
    plausibility_tolerance_bp: r.plausibility_tolerance_bp,
  }));
}

/** Edits a pool's configuration; the audit log keeps the values before and after. */
export async function updatePoolConfig(db: Db, by: AuditBy, body: UpdatePoolConfigBody): Promise<PoolConfigView> {
  const before = (await poolConfigs(db)).find((p) => p.pool === body.pool);
  if (!before) throw new AppError('POOL_NOT_FOUND');
  // Trusted-proxy mode is for pools with nothing the pool can verify (issue 18), never a way round a proof.
  if (body.trusted_proxy === true && before.protocol !== 'trusted-proxy') throw new AppError('INVALID_PARAMETER', { field: 'trusted_proxy' });
  const coin = await coinRules(db, before.coin);
  await db.transaction().execute(async (trx) => {
    const changes = {
      ...(body.mode !== undefined ? { mode: body.mode } : {}),
      ...(body.fee_bp !== undefined ? { fee_bp: body.fee_bp } : {}),
      ...(body.coop_ratio_bp !== undefined ? { coop_ratio_bp: body.coop_ratio_bp } : {}),
      ...(body.burn_coefficient_bp !== undefined ? { burn_coefficient_bp: body.burn_coefficient_bp } : {}),
      ...(body.payment_time !== undefined ? { payment_time: body.payment_time } : {}),
      ...(body.withdraw_audit !== undefined ? { withdraw_audit: body.withdraw_audit } : {}),
      ...(body.trusted_proxy !== undefined ? { trusted_proxy: body.trusted_proxy } : {}),
      ...(body.plausibility_tolerance_bp !== undefined ? { plausibility_tolerance_bp: body.plausibility_tolerance_bp } : {}),
    };
    // The payout threshold and withdrawal fee are the coin's (one figure each, shared by its
    // pools, charged by withdrawals and Auto Pay): editing them here edits the coin's.
    const coinChanges = {
      ...(body.payout_threshold !== undefined ? { min_payout_units: units(body.payout_threshold, coin.scale) } : {}),
      ...(body.withdraw_fee !== undefined ? { withdraw_fee_units: units(body.withdraw_fee, coin.scale) } : {}),
    };
    if (Object.keys(coinChanges).length > 0)
      await trx
        .updateTable('coins')
        .set({ ...coinChanges, updated_at: new Date() })
        .where('type', '=', coin.type)
        .execute();
    if (Object.keys(changes).length > 0)
      await trx
        .updateTable('pool_configs')
        .set({ ...changes, updated_at: new Date() })
        .where('pool', '=', body.pool)
        .execute();
    if (body.enabled !== undefined) await trx.updateTable('pools').set({ enabled: body.enabled, updated_at: new Date() }).where('type', '=', body.pool).execute();
  });
  const after = (await poolConfigs(db)).find((p) => p.pool === body.pool) as PoolConfigView;
  await recordAudit(db, by, { action: 'updatepoolconfig', target: `pool:${body.pool}`, before, after });
  return after;
}

/** Mining daily reports (getdailyreports): one row per settled pool-day, newest first. */
export async function dailyReports(db: Db, query: { pool?: string; status?: string; page: number; count: number }) {
  let base = db.selectFrom('settlements as s').innerJoin('pools as p', 'p.type', 's.pool').innerJoin('coins as c', 'c.type', 'p.coin');
  if (query.pool) base = base.where('s.pool', '=', query.pool);
  if (query.status) base = base.where('s.status', '=', query.status as 'SETTLEMENT');
  const { rows, total } = await paginate(base, query, (from) =>
    from
      .select([
        's.pool',
        's.day',
        's.status',
        's.revenue_units',
        's.fee_units',
        's.withheld_units',
        's.remainder_units',
        's.credited_units',
        's.carried_in_units',
        's.members',
        's.settled_at',
        'c.scale',
      ])
      .orderBy('s.day', 'desc')
      .orderBy('s.pool'),
  );
  return {
    list: rows.map((r) => ({
      pool: r.pool,
      day: r.day,
      status: r.status,
      revenue: show(BigInt(r.revenue_units), r.scale),
      fee: show(BigInt(r.fee_units), r.scale),
      withheld: show(BigInt(r.withheld_units), r.scale),
      remainder: show(BigInt(r.remainder_units), r.scale),
      credited: show(BigInt(r.credited_units), r.scale),
      carried_in: show(BigInt(r.carried_in_units), r.scale),
      members: r.members,
      settled_at: r.settled_at ? seconds(r.settled_at) : null,
    })),
    total,
  };
}

/**
 * Assets daily reports (getassertdailyreports): per coin and UTC day, what moved through the
 * users' balances by kind, and the users' total at the end of the day — all from the ledger.
 */
export async function assetsReports(db: Db, query: { coin?: string; page: number; count: number }) {
  const coinFilter = query.coin ? sql`AND p.coin = ${query.coin}` : sql``;
  const days = await sql<{
    day: string;
    coin: string;
    unit: string;
    scale: number;
    deposits: string;
    withdrawals: string;
    mining_income: string;
    fees: string;
    adjustments: string;
    user_balance: string;
    total: string;
  }>`
    WITH moves AS (
      SELECT (t.created_at AT TIME ZONE 'UTC')::date AS day, p.coin, t.kind, a.user_id, a.system_code, p.amount
      FROM ledger_postings p
      JOIN ledger_transactions t ON t.id = p.transaction_id
      JOIN ledger_accounts a ON a.id = p.account_id
      WHERE true ${coinFilter}
    ), daily AS (
      SELECT day, coin,
        coalesce(sum(amount) FILTER (WHERE kind = 'deposit' AND user_id IS NOT NULL), 0) AS deposits,
        coalesce(sum(amount) FILTER (WHERE system_code = 'chain' AND kind NOT IN ('deposit', 'block_reward')), 0) AS withdrawals,
        coalesce(sum(amount) FILTER (WHERE kind = 'mining_income' AND user_id IS NOT NULL), 0) AS mining_income,
        coalesce(sum(amount) FILTER (WHERE system_code = 'fees'), 0) AS fees,
        coalesce(sum(amount) FILTER (WHERE kind = 'adjustment' AND user_id IS NOT NULL), 0) AS adjustments,
        coalesce(sum(amount) FILTER (WHERE user_id IS NOT NULL), 0) AS user_change
      FROM moves GROUP BY day, coin
    )
    SELECT d.day::text AS day, d.coin, c.unit, c.scale, d.deposits, d.withdrawals, d.mining_income, d.fees, d.adjustments,
      sum(d.user_change) OVER (PARTITION BY d.coin ORDER BY d.day) AS user_balance,
      count(*) OVER () AS total
    FROM daily d JOIN coins c ON c.type = d.coin
    ORDER BY d.day DESC, d.coin
    LIMIT ${query.count} OFFSET ${(query.page - 1) * query.count}`.execute(db);
  return {
    list: days.rows.map((r) => ({
      day: r.day,
      coin: r.coin,
      unit: r.unit,
      deposits: show(BigInt(r.deposits), r.scale),
      withdrawals: show(BigInt(r.withdrawals), r.scale),
      mining_income: show(BigInt(r.mining_income), r.scale),
      fees: show(BigInt(r.fees), r.scale),
      adjustments: show(BigInt(r.adjustments), r.scale),
      user_balance: show(BigInt(r.user_balance), r.scale),
    })),
    total: Number(days.rows[0]?.total ?? 0),
  };
}

/** Every user's miners (/admin/machines), filtered by pool, state, name and uid. */
export async function adminMiners(db: Db, query: { pool?: string; status?: 'online' | 'offline'; name?: string; uid?: string; page: number; count: number }, now = new Date()) {
  const onlineSince = new Date(now.getTime() - MINER_ONLINE_SECONDS * 1000);
  let base = db.selectFrom('miners as m').innerJoin('users as u', 'u.id', 'm.user_id');
  if (query.pool) base = base.where('m.pool', '=', query.pool);
  if (query.uid) base = base.where('u.uid', '=', query.uid);
  if (query.name) base = base.where('m.name', 'ilike', `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const counts = await base
    .select([
      sql<string>`count(*) FILTER (WHERE m.last_seen_at >= ${onlineSince})`.as('online'),
      sql<string>`count(*) FILTER (WHERE m.last_seen_at < ${onlineSince})`.as('offline'),
    ])
    .executeTakeFirstOrThrow();
  if (query.status === 'online') base = base.where('m.last_seen_at', '>=', onlineSince);
  if (query.status === 'offline') base = base.where('m.last_seen_at', '<', onlineSince);
  const rows = await base
    .select(['m.id', 'm.pool', 'm.name', 'm.version', 'm.capacity_bytes', 'm.hashrate', 'm.line', 'm.last_seen_at', 'u.uid', 'u.email'])
    .orderBy('m.last_seen_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(query.count)
    .offset((query.page - 1) * query.count)
    .execute();
  const online = Number(counts.online);
  const offline = Number(counts.offline);
  return {
    list: rows.map((m) => ({ ...minerView(m, onlineSince), shares_24h: 0, uid: m.uid, email: m.email })),
    total: query.status === 'online' ? online : query.status === 'offline' ? offline : online + offline,
    online,
    offline,
  };
}

/** Every user's income records (/admin/income_info, mining_info, contribution). */
export async function adminIncome(db: Db, query: { pool?: string; uid?: string; day?: string; page: number; count: number }) {
  let base = db
    .selectFrom('settlement_credits as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('pools as p', 'p.type', 's.pool')
    .innerJoin('coins as c', 'c.type', 'p.coin');
  if (query.pool) base = base.where('s.pool', '=', query.pool);
  if (query.uid) base = base.where('u.uid', '=', query.uid);
  if (query.day) base = base.where('s.day', '=', query.day);
  const { rows, total } = await paginate(base, query, (from) =>
    from
      .select(['s.pool', 's.day', 's.points', 's.capacity_bytes', 's.amount_units', 's.status', 'p.coin', 'c.unit', 'c.scale', 'u.uid', 'u.email'])
      .orderBy('s.day', 'desc')
      .orderBy('s.amount_units', 'desc'),
  );
  return {
    list: rows.map((r) => ({ ...incomeRecordOf(r), uid: r.uid, email: r.email })),
    total,
  };
}

/**
 * The pools users have opened (/admin/openned): a pool is open for a user from the first miner
 * API key they made for it or the first miner of theirs that reported, whichever came first.
 */
export async function adminOpened(db: Db, query: { pool?: string; uid?: string; page: number; count: number }, now = new Date()) {
  const onlineSince = new Date(now.getTime() - MINER_ONLINE_SECONDS * 1000);
  const opened = sql<{
    uid: string;
    email: string;
    pool: string;
    coin: string;
    opened_at: Date;
    key_active: boolean;
    miners: string;
    online: string;
    last_seen: Date | null;
    total: string;
  }>`
    WITH openings AS (
      SELECT user_id, pool, min(created_at) AS opened_at, bool_or(revoked_at IS NULL) AS key_active FROM miner_keys GROUP BY user_id, pool
    ), farms AS (
      SELECT user_id, pool, min(created_at) AS first_seen, count(*) AS miners,
             count(*) FILTER (WHERE last_seen_at >= ${onlineSince}) AS online, max(last_seen_at) AS last_seen
      FROM miners GROUP BY user_id, pool
    )
    SELECT u.uid, u.email, p.type AS pool, p.coin,
           least(o.opened_at, f.first_seen) AS opened_at, coalesce(o.key_active, false) AS key_active,
           coalesce(f.miners, 0) AS miners, coalesce(f.online, 0) AS online, f.last_seen,
           count(*) OVER () AS total
    FROM openings o FULL JOIN farms f ON f.user_id = o.user_id AND f.pool = o.pool
    JOIN users u ON u.id = coalesce(o.user_id, f.user_id)
    JOIN pools p ON p.type = coalesce(o.pool, f.pool)
    WHERE (${query.pool ?? null}::text IS NULL OR p.type = ${query.pool ?? null})
      AND (${query.uid ?? null}::text IS NULL OR u.uid = ${query.uid ?? null})
    ORDER BY 5 DESC, u.uid, p.type
    LIMIT ${query.count} OFFSET ${(query.page - 1) * query.count}`;
  const rows = (await opened.execute(db)).rows;
  return {
    list: rows.map((r) => ({
      uid: r.uid,
      email: r.email,
      pool: r.pool,
      coin: r.coin,
      opened_at: seconds(r.opened_at),
      key_active: r.key_active,
      miners: Number(r.miners),
      online: Number(r.online),
      last_seen: r.last_seen ? seconds(r.last_seen) : null,
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
