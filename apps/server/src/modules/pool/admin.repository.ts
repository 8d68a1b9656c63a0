import { CHAIN_WITHDRAWAL_KINDS, COIN_OWNER_INCOME_KINDS } from '@platter/domain';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate, type PageQuery } from '../../db/paginate.ts';
import type { Database } from '../../db/schema.ts';

/** SQL of the pool's back office (admin.ts holds the rules and the views). */

/** Every pool with its configuration and its coin's payout figures, in display order. */
export async function poolConfigRows(db: Db) {
  return db
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
      'k.pledge_per_tb_units',
      'c.withdraw_audit',
      'k.scale',
      'p.protocol',
      'c.trusted_proxy',
      'c.plausibility_tolerance_bp',
    ])
    .orderBy('p.sort')
    .execute();
}

/** Writes a pool's configuration changes: its coin's figures, its configuration and whether it is enabled. */
export async function writePoolConfig(
  trx: Db,
  target: { pool: string; coin: string },
  changes: { coin: Updateable<Database['coins']>; config: Updateable<Database['pool_configs']>; enabled?: boolean },
): Promise<void> {
  if (Object.keys(changes.coin).length > 0)
    await trx
      .updateTable('coins')
      .set({ ...changes.coin, updated_at: new Date() })
      .where('type', '=', target.coin)
      .execute();
  if (Object.keys(changes.config).length > 0)
    await trx
      .updateTable('pool_configs')
      .set({ ...changes.config, updated_at: new Date() })
      .where('pool', '=', target.pool)
      .execute();
  if (changes.enabled !== undefined) await trx.updateTable('pools').set({ enabled: changes.enabled, updated_at: new Date() }).where('type', '=', target.pool).execute();
}

/** A page of settled pool-days, newest first. */
export async function settlementsPage(db: Db, query: PageQuery & { pool?: string; status?: string }) {
  let base = db.selectFrom('settlements as s').innerJoin('pools as p', 'p.type', 's.pool').innerJoin('coins as c', 'c.type', 'p.coin');
  if (query.pool) base = base.where('s.pool', '=', query.pool);
  if (query.status) base = base.where('s.status', '=', query.status as 'SETTLEMENT');
  return paginate(base, query, (from) =>
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
}

/** Per coin and UTC day from the ledger: what moved through the users' balances by kind, and their total at the day's end; newest first, with the count of rows. */
export async function ledgerDailyPage(db: Db, query: PageQuery & { coin?: string }) {
  const coinFilter = query.coin ? sql`AND p.coin = ${query.coin}` : sql``;
  const days = await sql<{
    day: string;
    coin: string;
    unit: string;
    scale: number;
    deposits: string;
    withdrawals: string;
    mining_income: string;
    owner_income: string;
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
        coalesce(sum(amount) FILTER (WHERE system_code = 'chain' AND kind = ANY(${[...CHAIN_WITHDRAWAL_KINDS]}::text[])), 0) AS withdrawals,
        coalesce(sum(amount) FILTER (WHERE kind = 'mining_income' AND user_id IS NOT NULL), 0) AS mining_income,
        coalesce(sum(amount) FILTER (WHERE kind = ANY(${[...COIN_OWNER_INCOME_KINDS]}::text[]) AND user_id IS NOT NULL), 0) AS owner_income,
        coalesce(sum(amount) FILTER (WHERE system_code = 'fees'), 0) AS fees,
        coalesce(sum(amount) FILTER (WHERE kind = 'adjustment' AND user_id IS NOT NULL), 0) AS adjustments,
        coalesce(sum(amount) FILTER (WHERE user_id IS NOT NULL), 0) AS user_change
      FROM moves GROUP BY day, coin
    )
    SELECT d.day::text AS day, d.coin, c.unit, c.scale, d.deposits, d.withdrawals, d.mining_income, d.owner_income, d.fees, d.adjustments,
      sum(d.user_change) OVER (PARTITION BY d.coin ORDER BY d.day) AS user_balance,
      count(*) OVER () AS total
    FROM daily d JOIN coins c ON c.type = d.coin
    ORDER BY d.day DESC, d.coin
    LIMIT ${query.count} OFFSET ${(query.page - 1) * query.count}`.execute(db);
  return days.rows;
}

/** Every user's miners filtered by pool, uid, name and state: the counts online and offline, and a page, last seen first. */
export async function minersPage(db: Db, query: PageQuery & { pool?: string; status?: 'online' | 'offline'; name?: string; uid?: string }, onlineSince: Date) {
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
  return { rows, counts };
}

/** A page of every user's income records, newest day first. */
export async function creditsPage(db: Db, query: PageQuery & { pool?: string; uid?: string; day?: string }) {
  let base = db
    .selectFrom('settlement_credits as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('pools as p', 'p.type', 's.pool')
    .innerJoin('coins as c', 'c.type', 'p.coin');
  if (query.pool) base = base.where('s.pool', '=', query.pool);
  if (query.uid) base = base.where('u.uid', '=', query.uid);
  if (query.day) base = base.where('s.day', '=', query.day);
  return paginate(base, query, (from) =>
    from
      .select(['s.pool', 's.day', 's.points', 's.capacity_bytes', 's.amount_units', 's.status', 'p.coin', 'c.unit', 'c.scale', 'u.uid', 'u.email'])
      .orderBy('s.day', 'desc')
      .orderBy('s.amount_units', 'desc'),
  );
}

/** The pools users have opened (a first miner key or a first reporting miner), newest first, with the count of rows. */
export async function openedPage(db: Db, query: PageQuery & { pool?: string; uid?: string }, onlineSince: Date) {
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
  return (await opened.execute(db)).rows;
}
