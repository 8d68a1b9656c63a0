import { FINANCE_OPEN_HOLDING_STATES, type FinanceHoldingState } from '@platter/domain';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate, type PageQuery } from '../../db/paginate.ts';
import type { FinanceProductsTable } from './finance.schema.ts';

/** The finance products' SQL (issue 23). Money columns are numeric(40,0): strings, parsed with BigInt by the service. */

const OPEN = FINANCE_OPEN_HOLDING_STATES as FinanceHoldingState[];

export type ProductRow = Awaited<ReturnType<typeof productById>> & object;

function productById(db: Db, id: string) {
  return db.selectFrom('finance_products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A day's rates, one per subscription day (the tiers depend on the days held): the accrual's input. */
export interface DayRates {
  subscribedDays: string[];
  ratesPpm: bigint[];
}

/** A day's yield split (the domain's yieldSplit): holder's and miner's basis points, the rest to the pool. */
export interface AccrualShares {
  ownerBp: number;
  minerBp: number;
  minerId: string | null;
}

const eligible = (productId: string, day: string) => sql`h.product_id = ${productId} AND h.subscribed_day < ${day}::date AND (h.until_day IS NULL OR ${day}::date < h.until_day)`;
const ratesTable = (rates: DayRates) => sql`unnest(${rates.subscribedDays}::date[], ${rates.ratesPpm.map(String)}::numeric[]) AS r(sub_day, rate)`;

export const financeRepository = {
  productById,

  lockProduct(trx: Db, id: string) {
    return trx.selectFrom('finance_products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async insertProduct(trx: Db, values: Insertable<FinanceProductsTable>) {
    return trx.insertInto('finance_products').values(values).returningAll().executeTakeFirstOrThrow();
  },

  async updateProduct(trx: Db, id: string, values: Updateable<FinanceProductsTable>) {
    return trx
      .updateTable('finance_products')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Products: the public list (on the shelf or earning), or every one for the back office. */
  listProducts(db: Db, filter: { publicOnly: boolean; type?: string | undefined; coin?: string | undefined }, page: PageQuery) {
    let base = db.selectFrom('finance_products');
    if (filter.publicOnly) base = base.where((eb) => eb.or([eb('on_shelf', '=', true), eb('state', 'in', ['interest', 'locked'])]));
    if (filter.type) base = base.where('type', '=', filter.type);
    if (filter.coin) base = base.where('coin', '=', filter.coin);
    return paginate(base, page, (q) =>
      q
        .selectAll()
        .select((eb) =>
          eb
            .selectFrom('finance_holdings as h')
            .select(sql<string>`count(*)`.as('n'))
            .whereRef('h.product_id', '=', 'finance_products.id')
            .as('holdings'),
        )
        .select((eb) => eb.selectFrom('users as mu').select('mu.uid').whereRef('mu.id', '=', 'finance_products.miner_user_id').as('miner_uid'))
        .orderBy('weight', 'desc')
        .orderBy('id', 'desc'),
    );
  },

  /** Products that may still move (start, end, lock, unlock, pay out). */
  liveProducts(db: Db) {
    return db.selectFrom('finance_products').selectAll().where('state', '<>', 'revoke').orderBy('id').execute();
  },

  /** Products whose holdings may earn (their days are accrued). */
  accruingProducts(db: Db) {
    return db.selectFrom('finance_products').selectAll().where('state', 'in', ['open', 'interest', 'locked', 'end', 'unlocked']).orderBy('id').execute();
  },

  /** The last day accrued (run decided) for a product, and its first subscription day. */
  async accrualBounds(db: Db, productId: string): Promise<{ lastRun: string | null; firstSubscribed: string | null }> {
    const row = await sql<{ last_run: string | null; first_sub: string | null }>`
      SELECT (SELECT max(day)::text FROM finance_accrual_runs WHERE product_id = ${productId}) AS last_run,
             (SELECT min(subscribed_day)::text FROM finance_holdings WHERE product_id = ${productId}) AS first_sub`.execute(db);
    return { lastRun: row.rows[0]?.last_run ?? null, firstSubscribed: row.rows[0]?.first_sub ?? null };
  },

  // --- holdings --------------------------------------------------------------------------------

  insertHolding(
    trx: Db,
    values: {
      product_id: string;
      user_id: string;
      coin: string;
      principal_units: bigint;
      status: FinanceHoldingState;
      subscribed_at: Date;
      subscribed_day: string;
      transaction_id: string;
    },
  ) {
    return trx.insertInto('finance_holdings').values(values).returningAll().executeTakeFirstOrThrow();
  },

  lockHolding(trx: Db, id: string) {
    return trx.selectFrom('finance_holdings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  updateHolding(trx: Db, id: string, values: { status: FinanceHoldingState; until_day?: string; redeem_requested_at?: Date; redemption_due_at?: Date | null; closed_at?: Date }) {
    return trx.updateTable('finance_holdings').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  /** Whether the user holds anything open of the product (for the participants count). */
  async userHoldsOpen(trx: Db, productId: string, userId: string, exceptId?: string): Promise<boolean> {
    let q = trx.selectFrom('finance_holdings').select('id').where('product_id', '=', productId).where('user_id', '=', userId).where('status', 'in', OPEN);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  },

  /** Open holdings of a product (ids), in id order: the end, revoke, lock and unlock walk them. */
  async openHoldingIds(db: Db, productId: string, statuses: FinanceHoldingState[] = OPEN): Promise<string[]> {
    const rows = await db.selectFrom('finance_holdings').select('id').where('product_id', '=', productId).where('status', 'in', statuses).orderBy('id').execute();
    return rows.map((r) => r.id);
  },

  /** Redemptions whose confirmation date has come. */
  async dueRedemptions(db: Db, now: Date): Promise<string[]> {
    const rows = await db.selectFrom('finance_holdings').select('id').where('status', '=', 'redeeming').where('redemption_due_at', '<=', now).orderBy('id').limit(1000).execute();
    return rows.map((r) => r.id);
  },

  /** Interest accrued on one holding so far. */
  async holdingIncome(db: Db, holdingId: string): Promise<bigint> {
    const row = await db
      .selectFrom('finance_accruals')
      .select(sql<string>`coalesce(sum(amount_units), 0)`.as('total'))
      .where('holding_id', '=', holdingId)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  },

  /** Holdings with their product and accrued income: a user's (`userId`) or a product's (`productId`). */
  listHoldings(db: Db, filter: { userId?: string; productId?: string; status?: string | undefined }, page: PageQuery) {
    let base = db.selectFrom('finance_holdings as h').innerJoin('finance_products as p', 'p.id', 'h.product_id').innerJoin('users as u', 'u.id', 'h.user_id');
    if (filter.userId) base = base.where('h.user_id', '=', filter.userId);
    if (filter.productId) base = base.where('h.product_id', '=', filter.productId);
    if (filter.status) base = base.where('h.status', '=', filter.status);
    return paginate(base, page, (q) =>
      q
        .select([
          'h.id',
          'h.product_id',
          'h.coin',
          'h.principal_units',
          'h.status',
          'h.subscribed_at',
          'h.redeem_requested_at',
          'h.redemption_due_at',
          'h.closed_at',
          'p.name as product_name',
          'p.type',
          'p.unlock_height',
          'u.uid',
        ])
        .select(sql<string>`(SELECT coalesce(sum(a.amount_units), 0) FROM finance_accruals a WHERE a.holding_id = h.id)`.as('income'))
        .select(sql<string>`(SELECT coalesce(sum(a.amount_units), 0) FROM finance_accruals a WHERE a.holding_id = h.id AND a.day = (current_date - 1))`.as('yesterday'))
        .orderBy('h.id', 'desc'),
    );
  },

  /** A user's daily income records (one per holding and day), newest first. */
  listIncome(db: Db, userId: string, holdingId: string | undefined, page: PageQuery) {
    // Through the user's holdings (finance_holdings_user) and the accruals' key (holding_id, day).
    let base = db
      .selectFrom('finance_holdings as h')
      .innerJoin('finance_accruals as a', 'a.holding_id', 'h.id')
      .innerJoin('finance_products as p', 'p.id', 'h.product_id')
      .where('h.user_id', '=', userId);
    if (holdingId) base = base.where('h.id', '=', holdingId);
    return paginate(base, page, (q) =>
      q
        .select([sql<string>`a.day::text`.as('day'), 'a.holding_id', 'a.amount_units', 'p.name as product_name', 'p.coin'])
        .orderBy('a.day', 'desc')
        .orderBy('a.holding_id', 'desc'),
    );
  },

  // --- the accrual ---------------------------------------------------------------------------

  /** The run of (product, day), created when missing, locked: accruals of a product-day go one at a time. */
  async lockRun(trx: Db, productId: string, day: string) {
    await trx
      .insertInto('finance_accrual_runs')
      .values({ product_id: productId, day, status: 'running' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return trx.selectFrom('finance_accrual_runs').selectAll().where('product_id', '=', productId).where('day', '=', day).forUpdate().executeTakeFirstOrThrow();
  },

  updateRun(
    trx: Db,
    productId: string,
    day: string,
    values: {
      status?: 'running' | 'done' | 'budget_short';
      cursor_holding_id?: string;
      reserved_units?: bigint;
      paid_units?: bigint;
      principal_units?: bigint;
      holdings?: number;
      done_at?: Date;
    },
  ) {
    return trx.updateTable('finance_accrual_runs').set(values).where('product_id', '=', productId).where('day', '=', day).execute();
  },

  /** The distinct subscription days of the holdings that earn on `day` (their rates depend on the days held). */
  async earningSubscriptionDays(db: Db, productId: string, day: string): Promise<string[]> {
    const rows = await sql<{ d: string }>`SELECT DISTINCT h.subscribed_day::text AS d FROM finance_holdings h WHERE ${eligible(productId, day)}`.execute(db);
    return rows.rows.map((r) => r.d);
  },

  /** The whole day of a product: how many holdings earn, their principal and their interest (`dailyInterest` per holding). */
  async dayTotals(db: Db, productId: string, day: string, rates: DayRates): Promise<{ holdings: number; principal: bigint; interest: bigint }> {
    const row = await sql<{ n: string; principal: string; interest: string }>`
      SELECT count(*)::text AS n, coalesce(sum(h.principal_units), 0)::text AS principal,
             coalesce(sum(div(h.principal_units * r.rate, 365000000)), 0)::text AS interest
      FROM finance_holdings h JOIN ${ratesTable(rates)} ON r.sub_day = h.subscribed_day
      WHERE ${eligible(productId, day)}`.execute(db);
    const r = row.rows[0];
    return { holdings: Number(r?.n ?? 0), principal: BigInt(r?.principal ?? 0), interest: BigInt(r?.interest ?? 0) };
  },

  /**
   * One chunk of a product-day, in one statement: the next `limit` earning holdings after
   * `afterId` get their accrual row (the (holding, day) key refuses a second) holding the
   * holder's share of the day's yield, waiting ones start earning, and the holders' shares (and a
   * saving's miner's) move from the finance budget to their owners (one ledger transaction,
   * ledger_credit_batch, summed per owner). Answers how many holdings were read, the last one's
   * id, the yield paid (every share) and the pool's share, which the caller posts.
   */
  async accrueChunk(
    trx: Db,
    input: { productId: string; day: string; afterId: string; limit: number; rates: DayRates; coin: string; bucket: string; shares: AccrualShares; reference: string },
  ): Promise<{ read: number; lastId: string | null; paid: bigint; pool: bigint; transactionId: string | null }> {
    const { productId, day, shares } = input;
    // The chunk's owners are grouped and sorted in memory rather than spilled to disk.
    await sql`SET LOCAL work_mem = '32MB'`.execute(trx);
    const row = await sql<{ read: string; last_id: string | null; paid: string; pool: string; tx: string | null }>`
      WITH chunk AS MATERIALIZED (
        -- The next holdings in id order, read from the product's index alone; then their rates.
        SELECT h.id, h.user_id, h.principal_units, h.subscribed_day FROM finance_holdings h
        WHERE ${eligible(productId, day)} AND h.id > ${input.afterId}::bigint
        ORDER BY h.product_id, h.id LIMIT ${input.limit}
      ), yields AS (
        SELECT c.id, c.user_id, div(c.principal_units * r.rate, 365000000) AS gross
        FROM chunk c JOIN ${ratesTable(input.rates)} ON r.sub_day = c.subscribed_day
      ), picked AS (
        SELECT id, user_id, gross, div(gross * ${shares.ownerBp}, 10000) AS amount, div(gross * ${shares.minerBp}, 10000) AS miner FROM yields
      ), inserted AS (
        INSERT INTO finance_accruals (holding_id, day, product_id, user_id, amount_units)
        SELECT id, ${day}::date, ${productId}::bigint, user_id, amount FROM picked
        ON CONFLICT DO NOTHING RETURNING holding_id, user_id, amount_units
      ), won AS (
        SELECT p.gross, p.amount, p.miner FROM picked p JOIN inserted i ON i.holding_id = p.id
      ), started AS (
        UPDATE finance_holdings h SET status = 'interest' FROM picked WHERE h.id = picked.id AND h.status = 'waiting'
        RETURNING h.id
      ), owners AS (
        SELECT user_id, sum(amount) AS amount FROM (
          SELECT user_id, amount_units AS amount FROM inserted
          UNION ALL SELECT ${shares.minerId}::bigint, (SELECT sum(miner) FROM won) WHERE ${shares.minerId}::bigint IS NOT NULL
        ) credits GROUP BY user_id HAVING sum(amount) > 0
      ), credit AS (
        SELECT CASE WHEN count(*) > 0 THEN ledger_credit_batch('finance_interest', ${input.reference}, '', 'finance_budget', ${input.coin},
          array_agg(user_id ORDER BY user_id), array_agg(${input.bucket}::text ORDER BY user_id), array_agg(amount ORDER BY user_id)) END AS tx
        FROM owners
      )
      SELECT (SELECT count(*) FROM picked)::text AS read, (SELECT max(id) FROM picked)::text AS last_id,
             (SELECT coalesce(sum(gross), 0) FROM won)::text AS paid, (SELECT coalesce(sum(gross - amount - miner), 0) FROM won)::text AS pool,
             (SELECT tx FROM credit)::text AS tx, (SELECT count(*) FROM started) AS started`.execute(trx);
    const r = row.rows[0];
    return { read: Number(r?.read ?? 0), lastId: r?.last_id ?? null, paid: BigInt(r?.paid ?? 0), pool: BigInt(r?.pool ?? 0), transactionId: r?.tx ?? null };
  },

  /** Development only: the holding's dates moved `days` earlier (the devnet's stand-in for waiting). */
  async ageHolding(db: Db, id: string, days: number): Promise<boolean> {
    const moved = await sql`
      UPDATE finance_holdings SET
        subscribed_at = subscribed_at - make_interval(days => ${days}),
        subscribed_day = subscribed_day - ${days}::int,
        until_day = until_day - ${days}::int,
        redeem_requested_at = redeem_requested_at - make_interval(days => ${days}),
        redemption_due_at = redemption_due_at - make_interval(days => ${days})
      WHERE id = ${id} AND status IN ('waiting', 'interest', 'redeeming', 'locked')`.execute(db);
    return Number(moved.numAffectedRows ?? 0) > 0;
  },

  // --- settings ------------------------------------------------------------------------------

  settings(db: Db) {
    return db.selectFrom('finance_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  },

  lockSettings(trx: Db) {
    return trx.selectFrom('finance_settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
  },

  updateSettings(trx: Db, values: { settlement_hour_utc: number; redemption_days: number; saving_owner_bp: number; saving_miner_bp: number }) {
    return trx
      .updateTable('finance_settings')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('id', '=', 1)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async uidOf(db: Db, userId: string): Promise<string | null> {
    return (await db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirst())?.uid ?? null;
  },

  userIdByUid(db: Db, uid: string) {
    return db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst();
  },

  // --- the ledger check ----------------------------------------------------------------------

  /**
   * What the ledger must hold for finance, per coin: the budget account = every product's budget
   * left + what running accrual days reserved and have not paid yet; each user's finance bucket =
   * their open holdings' principal + the interest periodical and staking holdings keep with it.
   */
  async mismatches(db: Db): Promise<{ kind: 'budget' | 'bucket' | 'accrual'; detail: string }[]> {
    const budget = await sql<{ coin: string; balance: string; owed: string }>`
      WITH owed AS (
        SELECT p.coin, sum(p.budget_units) + coalesce(sum(r.left_units), 0) AS owed
        FROM finance_products p
        LEFT JOIN (SELECT product_id, sum(reserved_units - paid_units) AS left_units FROM finance_accrual_runs WHERE status = 'running' GROUP BY 1) r ON r.product_id = p.id
        GROUP BY p.coin
      ), held AS (SELECT coin, balance FROM ledger_accounts WHERE system_code = 'finance_budget')
      SELECT coalesce(h.coin, o.coin) AS coin, coalesce(h.balance, 0)::text AS balance, coalesce(o.owed, 0)::text AS owed
      FROM held h FULL JOIN owed o ON o.coin = h.coin WHERE coalesce(h.balance, 0) <> coalesce(o.owed, 0)`.execute(db);
    const buckets = await sql<{ user_id: string; coin: string; balance: string; owed: string }>`
      WITH owed AS (
        SELECT h.user_id, h.coin, sum(h.principal_units) + sum(CASE WHEN p.type IN ('DQB', 'LOCK') THEN
          (SELECT coalesce(sum(a.amount_units), 0) FROM finance_accruals a WHERE a.holding_id = h.id) ELSE 0 END) AS owed
        FROM finance_holdings h JOIN finance_products p ON p.id = h.product_id
        WHERE h.status IN ('waiting', 'interest', 'redeeming', 'locked')
        GROUP BY 1, 2
      ), held AS (SELECT user_id, coin, balance FROM ledger_accounts WHERE bucket = 'finance' AND user_id IS NOT NULL)
      SELECT coalesce(h.user_id, o.user_id)::text AS user_id, coalesce(h.coin, o.coin) AS coin, coalesce(h.balance, 0)::text AS balance, coalesce(o.owed, 0)::text AS owed
      FROM held h FULL JOIN owed o ON o.user_id = h.user_id AND o.coin = h.coin
      WHERE coalesce(h.balance, 0) <> coalesce(o.owed, 0) LIMIT 100`.execute(db);
    // The accrual rows carry no foreign key (2026_11_26_1850): each must name an existing
    // holding of the same product and owner.
    const orphans = await sql<{ holding_id: string; day: string }>`
      SELECT a.holding_id::text, a.day::text FROM finance_accruals a LEFT JOIN finance_holdings h ON h.id = a.holding_id
      WHERE h.id IS NULL OR h.product_id <> a.product_id OR h.user_id <> a.user_id LIMIT 100`.execute(db);
    return [
      ...orphans.rows.map((r) => ({ kind: 'accrual' as const, detail: `accrual of holding ${r.holding_id} on ${r.day} names no holding of its product and owner` })),
      ...budget.rows.map((r) => ({ kind: 'budget' as const, detail: `${r.coin} finance budget holds ${r.balance}, the products' budgets and reserved days sum to ${r.owed}` })),
      ...buckets.rows.map((r) => ({
        kind: 'bucket' as const,
        detail: `user ${r.user_id} ${r.coin} finance bucket holds ${r.balance}, open holdings and their kept interest sum to ${r.owed}`,
      })),
    ];
  },
};
