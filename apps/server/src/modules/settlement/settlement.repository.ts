import { BASIS_POINTS, CHIA_POINTS, type PointsUnit } from '@platter/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SettlementStatus } from '../pool/pool.schema.ts';

/** The rule of one pool-day's member credits, for creditsQuery. */
export interface CreditRule {
  /** What the members share (poolDayPot). */
  pot: bigint;
  /** Under this estimated capacity a member earns no income or points (Chia: 2 T); 0 for none. */
  minCapacity: bigint;
  /** What the pool's points measure (Chia's points, or a BHD-family pool's nonce-seconds); Chia's when absent. */
  pointsUnit?: PointsUnit;
  /** The coin's unsecured share (registry `unsecured_share_bp`), or undefined for none. */
  unsecuredShareBp: number | undefined;
  finderRewards: readonly { userId: string; amount: bigint }[];
}

/** What decideDay writes on the settlement row once the day is decided. */
export interface DecidedDay {
  status: SettlementStatus;
  revenue_units: bigint;
  fee_units: bigint;
  withheld_units: bigint;
  remainder_units: bigint;
  carried_in_units: bigint;
  credited_units: bigint;
  members: number;
  transaction_id: string | null;
  settled_at: Date;
  credits_applied_until: null;
  credits_applied_at: Date | null;
}

/**
 * settlePoolDay's member credits, set-based: from rows (user_id, points numeric) to one row per
 * member and per finder without points — (user_id, points, capacity_bytes, amount_units,
 * status, shared) — where shared says the member took part in the pot. Each share is the floor
 * of pot × points ÷ total, and the units left over go one each to the largest fractions (ties:
 * lower user id), exactly as allocateProportionally; the unsecured rule rounds down; finders
 * add their rewards. Every member is unsecured until mortgages exist (securedBp 0). The tests
 * hold it equal to settlePoolDay over random days.
 */
export function creditsQuery(contributions: RawBuilder<unknown>, rule: CreditRule) {
  const pot = sql.lit(rule.pot.toString());
  const unit = rule.pointsUnit ?? CHIA_POINTS;
  const keepBp = sql.lit(rule.unsecuredShareBp ?? BASIS_POINTS);
  const finderIds = rule.finderRewards.map((f) => f.userId);
  const finderAmounts = rule.finderRewards.map((f) => f.amount.toString());
  return sql`
    WITH points AS MATERIALIZED (${contributions}),
    members AS (
      SELECT user_id, points, div(points * ${sql.lit(unit.num.toString())}, ${sql.lit(unit.den.toString())}) AS capacity_bytes FROM points),
    eligible AS (
      SELECT user_id, points, capacity_bytes, capacity_bytes >= ${sql.lit(rule.minCapacity.toString())} AND points > 0 AS shared FROM members),
    total AS (SELECT coalesce(sum(points) FILTER (WHERE shared), 0) AS points FROM eligible),
    divided AS (
      SELECT e.*, t.points AS total, CASE WHEN e.shared THEN div(${pot} * e.points, t.points) ELSE 0 END AS share
      FROM eligible e CROSS JOIN total t),
    -- The fraction's numerator is below the day's total points (a bigint sum), so it sorts as one.
    floored AS (
      SELECT user_id, points, capacity_bytes, shared, share, CASE WHEN shared THEN (${pot} * points - share * total)::bigint ELSE 0 END AS fraction
      FROM divided),
    odd AS (SELECT ${pot} - coalesce(sum(share), 0) AS units FROM floored),
    parts AS (
      SELECT f.user_id, f.points, f.capacity_bytes, f.shared,
             f.share + CASE WHEN f.fraction > 0 AND row_number() OVER (ORDER BY f.fraction DESC, f.user_id) <= o.units THEN 1 ELSE 0 END AS share
      FROM floored f CROSS JOIN odd o),
    finders AS (SELECT * FROM unnest(${finderIds}::bigint[], ${finderAmounts}::numeric[]) AS f(user_id, amount)),
    credits AS (
      SELECT coalesce(s.user_id, f.user_id) AS user_id, coalesce(s.points, 0) AS points, coalesce(s.capacity_bytes, 0) AS capacity_bytes,
             coalesce(s.shared, false) AS shared,
             div(coalesce(s.share, 0) * ${keepBp}, ${sql.lit(BASIS_POINTS)}) + coalesce(f.amount, 0) AS amount_units
      FROM parts s FULL JOIN finders f ON f.user_id = s.user_id)
    -- A record says what was paid: settled when an amount is credited (a Chia finder below 2 T
    -- included: the 2 T rule covers the pot, not the finder's 0.25 XCH), else unsettled.
    SELECT user_id, points, capacity_bytes, amount_units, CASE WHEN amount_units > 0 THEN 'SETTLEMENT' ELSE 'UNSETTLEMENT' END AS status, shared
    FROM credits`;
}

/**
 * The settlement's SQL (settlement.service.ts holds its rules and order): the day's row and its
 * lock, its blocks and carried pots, the one statement that decides every member's credit, and
 * the crediting of a batch (db/functions/settlement_credit_batch.sql).
 */
export const settlementRepository = {
  /** A pool with its fee, or undefined. */
  poolWithFee: (db: Db, pool: string) =>
    db
      .selectFrom('pools as p')
      .innerJoin('pool_configs as c', 'c.pool', 'p.type')
      .select(['p.type', 'p.coin', 'p.protocol', 'c.fee_bp', 'c.plausibility_tolerance_bp'])
      .where('p.type', '=', pool)
      .executeTakeFirst(),

  /** The coin a pool pays in. */
  poolCoin: async (db: Db, pool: string) => (await db.selectFrom('pools').select('coin').where('type', '=', pool).executeTakeFirstOrThrow()).coin,

  /** The pools settled every day: enabled, with a configuration. */
  enabledPools: (db: Db) =>
    db
      .selectFrom('pools')
      .innerJoin('pool_configs', 'pool_configs.pool', 'pools.type')
      .select(['pools.type', 'pool_configs.payment_time'])
      .where('pools.enabled', '=', true)
      .execute(),

  /** (pool, day) pairs before `today` with blocks and no decided settlement (a missed run). */
  unsettledBlockDays: (db: Db, today: string) =>
    db
      .selectFrom('blocks')
      .leftJoin('settlements', (join) => join.onRef('settlements.pool', '=', 'blocks.pool').onRef('settlements.day', '=', 'blocks.day'))
      .select(['blocks.pool', 'blocks.day'])
      .distinct()
      .where('blocks.day', '<', today)
      .where((eb) => eb.or([eb('settlements.status', 'is', null), eb('settlements.status', 'in', ['NOT_PENDING', 'SETTLEMENT_PENDING'])]))
      .execute(),

  /** Days decided whose credits are not all in their members' balances yet. */
  daysWithPendingCredits: (db: Db) =>
    db.selectFrom('settlements').select(['pool', 'day']).where('status', 'in', ['SETTLEMENT', 'UNSETTLEMENT']).where('credits_applied_at', 'is', null).orderBy('day').execute(),

  /** The day's settlement row, made pending if new, then locked (FOR UPDATE) for the decision. */
  async lockDayToDecide(trx: Db, pool: string, day: string) {
    await trx
      .insertInto('settlements')
      .values({ pool, day, status: 'SETTLEMENT_PENDING' })
      .onConflict((oc) => oc.columns(['pool', 'day']).doNothing())
      .execute();
    return trx.selectFrom('settlements').selectAll().where('pool', '=', pool).where('day', '=', day).forUpdate().executeTakeFirstOrThrow();
  },

  /** The day's block rewards, per finder (null: no finder reward). */
  blockRewards: (trx: Db, pool: string, day: string) =>
    trx
      .selectFrom('blocks')
      .select(['finder_user_id', sql<string>`sum(reward_units)`.as('reward'), sql<string>`sum(finder_reward_units)`.as('finder')])
      .where('pool', '=', pool)
      .where('day', '=', day)
      .groupBy('finder_user_id')
      .execute(),

  /** Pots of earlier days that paid no one, still waiting for a day with shares. */
  carriedPots: (trx: Db, pool: string, day: string) =>
    trx
      .selectFrom('settlements')
      .select(['day', 'remainder_units'])
      .where('pool', '=', pool)
      .where('day', '<', day)
      .where('status', '=', 'UNSETTLEMENT')
      .where('carried_into', 'is', null)
      .where('remainder_units', '>', '0')
      .execute(),

  /**
   * Every member's credit of the day, decided by one statement next to the day's shares
   * (creditsQuery over `contributions`) and recorded as batches of the next `batch` members in
   * user order (parallel arrays, a few rows): the members' points never travel to this process
   * and back, and no per-member row is written while the day is locked. Answers the members,
   * their credits' sum and whether anyone shared the pot.
   */
  async recordCreditBatches(trx: Db, input: { pool: string; day: string; batch: number; contributions: RawBuilder<unknown>; rule: CreditRule }) {
    // A big day's members are aggregated and sorted in memory (the default 4 MB spills to disk).
    await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
    const { rows } = await sql<{ members: string | null; credited: string | null; shared: boolean | null }>`
      WITH day_credits AS MATERIALIZED (${creditsQuery(input.contributions, input.rule)}),
      batched AS (
        INSERT INTO settlement_batches (pool, day, seq, user_ids, points, capacity_bytes, amount_units, statuses, total_units)
        SELECT ${input.pool}, ${input.day}::date, seq, array_agg(user_id ORDER BY user_id), array_agg(points ORDER BY user_id), array_agg(capacity_bytes ORDER BY user_id),
               array_agg(amount_units ORDER BY user_id), array_agg(status ORDER BY user_id), sum(amount_units)
        FROM (SELECT *, (row_number() OVER (ORDER BY user_id) - 1) / ${sql.lit(input.batch)} AS seq FROM day_credits) numbered
        GROUP BY seq
        RETURNING cardinality(user_ids) AS members, total_units)
      SELECT (SELECT sum(members) FROM batched) AS members, (SELECT sum(total_units) FROM batched) AS credited,
             (SELECT bool_or(shared) FROM day_credits) AS shared`.execute(trx);
    const totals = rows[0];
    return { members: Number(totals?.members ?? 0), credited: BigInt(totals?.credited ?? '0'), shared: totals?.shared === true };
  },

  /** Earlier days whose pots this day shared. */
  markCarried: (trx: Db, pool: string, days: readonly string[], into: string) =>
    trx.updateTable('settlements').set({ carried_into: into }).where('pool', '=', pool).where('day', 'in', days).execute(),

  /** The decided day's figures, answered as the row now stands. */
  saveDecision: (trx: Db, pool: string, day: string, decided: DecidedDay) =>
    trx.updateTable('settlements').set(decided).where('pool', '=', pool).where('day', '=', day).returningAll().executeTakeFirstOrThrow(),

  /** The day's row locked for one crediting chunk: its status and whether every credit has moved. */
  lockDayToCredit: (trx: Db, pool: string, day: string) =>
    trx.selectFrom('settlements').select(['status', 'credits_applied_at']).where('pool', '=', pool).where('day', '=', day).forUpdate().executeTakeFirst(),

  /** The next batch of the day still to credit, in user order. */
  nextBatch: async (trx: Db, pool: string, day: string) =>
    (await trx.selectFrom('settlement_batches').select('seq').where('pool', '=', pool).where('day', '=', day).orderBy('seq').limit(1).executeTakeFirst())?.seq,

  /**
   * One batch credited: its income records, its members' balances and the ledger transaction
   * from clearing, in a fixed number of set-based statements whatever its size
   * (db/functions/settlement_credit_batch.sql); it deletes the batch. Undefined when the batch
   * is gone (credited already).
   */
  creditBatch: async (trx: Db, pool: string, day: string, seq: number, coin: string) =>
    (
      await sql<{ last_user_id: string; credited: number }>`
        SELECT last_user_id, credited FROM settlement_credit_batch(${pool}, ${day}::date, ${seq}, ${coin})`.execute(trx)
    ).rows[0],

  /** The last member whose credit moved, recorded with the batch that moved it. */
  creditedUntil: (trx: Db, pool: string, day: string, lastUserId: string) =>
    trx.updateTable('settlements').set({ credits_applied_until: lastUserId }).where('pool', '=', pool).where('day', '=', day).execute(),

  /** Every credit of the day is in its member's balance. */
  creditsApplied: (trx: Db, pool: string, day: string, at: Date) =>
    trx.updateTable('settlements').set({ credits_applied_at: at }).where('pool', '=', pool).where('day', '=', day).execute(),
};
