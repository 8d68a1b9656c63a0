import { BASIS_POINTS, CHIA_POINTS, DEAL_SECURING_STATUSES, type PointsUnit } from '@platter/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate, type PageQuery } from '../../db/paginate.ts';
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
  /**
   * With an unsecured share: what secures a member's capacity (securingParts, securedShare) — the
   * coin's pledge per TB, the pool's burn coefficient, and two row sources: `own` (user_id,
   * units, other_points), one row per member, its own pledge of the coin and its points in the
   * coin's other pools (pledgeInPool: the pledge is this pool's in proportion), `lent`
   * (miner_id, owner_id, units, owner_bp, miner_bp) the deals lent to it, each with the shares
   * it records. Without it nothing is secured.
   */
  pledge?: { perTb: bigint; burnCoefficientBp: number; own: RawBuilder<unknown>; lent: RawBuilder<unknown> };
  /** A CO pool: the miners' part of the pot (bp) and `cooperators` (user_id, units), the amounts held. */
  cooperation?: { ratioBp: number; cooperators: RawBuilder<unknown> };
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

/** The pledge rule a day applies: only with the coin's unsecured share. */
const pledgeOf = (rule: CreditRule) => (rule.unsecuredShareBp !== undefined ? rule.pledge : undefined);
/** Whether the day may pay anyone but its members and finders (lending owners, cooperators). */
const paysOthers = (rule: CreditRule) => pledgeOf(rule) !== undefined || rule.cooperation !== undefined;

/**
 * settlePoolDay's member credits, set-based: from rows (user_id, points numeric) to one row per
 * member, per finder without points, per owner paid by a deal and per cooperator —
 * (user_id, points, capacity_bytes, amount_units, deal_income_units, cooperation_income_units,
 * status, shared) — where shared says the user took part in the pot, and amount_units is the
 * user's whole credit (its deal and cooperation parts included). A CO pool's pot is split first
 * (cooperationSplit: the miners' part by the ratio; all of it without cooperators; none without
 * miners). Each share is the floor of part × weight ÷ total, and the units left over go one each
 * to the largest fractions (ties: lower user id), exactly as allocateProportionally — the
 * members' shares by points, the cooperators' by the amounts held, a miner's owners' part by the
 * amounts they lend. A member's share is split by securingParts and securedShare (each part
 * rounded down, the rest withheld); finders add their rewards. The tests hold it equal to
 * settlePoolDay over random days.
 */
export function creditsQuery(contributions: RawBuilder<unknown>, rule: CreditRule) {
  const num = (value: bigint | number) => sql`${sql.lit(value.toString())}::numeric`;
  const pot = num(rule.pot);
  const unit = rule.pointsUnit ?? CHIA_POINTS;
  const bp = num(BASIS_POINTS);
  // Without an unsecured share the whole share is the miner's: nothing secured, all "unsecured" at 100 %.
  const keepBp = num(rule.unsecuredShareBp ?? BASIS_POINTS);
  const pledge = pledgeOf(rule);
  const perTb = num(pledge?.perTb ?? 0n);
  const burnBp = num(pledge?.burnCoefficientBp ?? 0);
  const own = pledge?.own ?? sql`SELECT NULL::bigint AS user_id, 0::numeric AS units, 0::numeric AS other_points WHERE false`;
  const lent = pledge?.lent ?? sql`SELECT NULL::bigint AS miner_id, NULL::bigint AS owner_id, 0::numeric AS units, 0 AS owner_bp, 0 AS miner_bp WHERE false`;
  const cooperators = rule.cooperation?.cooperators ?? sql`SELECT NULL::bigint AS user_id, 0::numeric AS units WHERE false`;
  const ratioBp = num(rule.cooperation?.ratioBp ?? BASIS_POINTS);
  const finderIds = rule.finderRewards.map((f) => f.userId);
  const finderAmounts = rule.finderRewards.map((f) => f.amount.toString());
  /** securedBp(pledge, required) of the domain. */
  const securedBp = (pledged: RawBuilder<unknown>, required: RawBuilder<unknown>) =>
    sql`CASE WHEN ${required} <= 0 OR ${pledged} <= 0 THEN 0 WHEN ${pledged} >= ${required} THEN ${bp} ELSE div(${pledged} * ${bp}, ${required}) END`;
  // Without a pledge rule nothing is secured, and without owners or cooperators a member's
  // credit is its mining alone: the plain forms, so a big pool's day does no more than before.
  const secured = pledge
    ? sql`
      SELECT p.*, b.own_bp, CASE WHEN l.units > 0 THEN b.all_bp - b.own_bp ELSE 0 END AS deal_bp,
             coalesce(l.units, 1) AS lent_units, coalesce(l.owner_weight, 0) AS owner_weight, coalesce(l.miner_weight, 0) AS miner_weight
      FROM parts p
      LEFT JOIN own o ON o.user_id = p.user_id
      LEFT JOIN lent_total l ON l.miner_id = p.user_id
      CROSS JOIN LATERAL (SELECT div(p.capacity_bytes * ${perTb} * ${burnBp}, ${num(10n ** 12n * BigInt(BASIS_POINTS))}) AS required,
                                 coalesce(o.units, 0) AS own, coalesce(o.units, 0) + coalesce(l.units, 0) AS pledged) r
      CROSS JOIN LATERAL (SELECT ${securedBp(sql`r.own`, sql`r.required`)} AS own_bp, ${securedBp(sql`r.pledged`, sql`r.required`)} AS all_bp) b`
    : sql`SELECT p.*, 0 AS own_bp, 0 AS deal_bp, 1 AS lent_units, 0 AS owner_weight, 0 AS miner_weight FROM parts p`;
  // securedShare: each deal's part by the amount it lends, at its own shares (weightedDealShares).
  const bp2 = num(BASIS_POINTS * BASIS_POINTS);
  const minerAmount = pledge
    ? sql`div(share * ((own_bp * ${bp} + (${bp} - own_bp - deal_bp) * ${keepBp}) * lent_units + deal_bp * miner_weight), ${bp2} * lent_units)`
    : sql`div(share * ${keepBp}, ${bp})`;
  const ownerPart = pledge ? sql`div(share * deal_bp * owner_weight, ${bp2} * lent_units)` : sql`0::numeric`;
  // The finders beside the members; most days have none, and the members alone need no join.
  const mined =
    finderIds.length > 0
      ? sql`
      SELECT coalesce(s.user_id, f.user_id) AS user_id, coalesce(s.points, 0) AS points, coalesce(s.capacity_bytes, 0) AS capacity_bytes,
             coalesce(s.shared, false) AS shared, coalesce(s.amount, 0) + coalesce(f.amount, 0) AS amount
      FROM paid s FULL JOIN finders f ON f.user_id = s.user_id`
      : sql`SELECT user_id, points, capacity_bytes, shared, amount FROM paid`;
  const credits = paysOthers(rule)
    ? sql`
      SELECT coalesce(m.user_id, x.user_id) AS user_id, coalesce(m.points, 0) AS points, coalesce(m.capacity_bytes, 0) AS capacity_bytes,
             coalesce(m.shared, false) OR coalesce(x.shared, false) AS shared,
             coalesce(m.amount, 0) + coalesce(x.deal, 0) + coalesce(x.coop, 0) AS amount_units,
             coalesce(x.deal, 0) AS deal_income_units, coalesce(x.coop, 0) AS cooperation_income_units
      FROM mined m FULL JOIN extras x ON x.user_id = m.user_id`
    : sql`SELECT user_id, points, capacity_bytes, shared, amount AS amount_units, 0::numeric AS deal_income_units, 0::numeric AS cooperation_income_units FROM mined`;
  return sql`
    WITH points AS MATERIALIZED (${contributions}),
    members AS (
      SELECT user_id, points, div(points * ${sql.lit(unit.num.toString())}, ${sql.lit(unit.den.toString())}) AS capacity_bytes FROM points),
    eligible AS (
      SELECT user_id, points, capacity_bytes, capacity_bytes >= ${sql.lit(rule.minCapacity.toString())} AND points > 0 AS shared FROM members),
    cooperators AS (SELECT user_id, sum(units) AS amount FROM (${cooperators}) c GROUP BY user_id HAVING sum(units) > 0),
    -- The miners' part of the pot (cooperationSplit): all of it without cooperators, none without miners.
    split AS (
      SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM cooperators) THEN ${pot}
                  WHEN EXISTS (SELECT 1 FROM eligible WHERE shared) THEN div(${pot} * ${ratioBp}, ${bp}) ELSE 0 END AS part),
    total AS (SELECT coalesce(sum(points) FILTER (WHERE shared), 0) AS points FROM eligible),
    divided AS (
      SELECT e.*, t.points AS total, s.part, CASE WHEN e.shared THEN div(s.part * e.points, t.points) ELSE 0 END AS share
      FROM eligible e CROSS JOIN total t CROSS JOIN split s),
    -- The fraction's numerator is below the day's total points (a bigint sum), so it sorts as one.
    floored AS (
      SELECT user_id, points, capacity_bytes, shared, share, CASE WHEN shared THEN (part * points - share * total)::bigint ELSE 0 END AS fraction
      FROM divided),
    odd AS (SELECT (SELECT part FROM split) - coalesce(sum(share), 0) AS units FROM floored),
    parts AS (
      SELECT f.user_id, f.points, f.capacity_bytes, f.shared,
             f.share + CASE WHEN f.fraction > 0 AND row_number() OVER (ORDER BY f.fraction DESC, f.user_id) <= o.units THEN 1 ELSE 0 END AS share
      FROM floored f CROSS JOIN odd o),
    -- pledgeInPool: the member's own pledge of the coin, this pool's part by its points here.
    own AS (
      SELECT o.user_id, CASE WHEN m.points > 0 THEN div(o.units * m.points, m.points + o.other_points) ELSE 0 END AS units
      FROM (${own}) o JOIN points m ON m.user_id = o.user_id),
    lent AS (
      SELECT miner_id, owner_id, sum(units) AS units, sum(units * owner_bp) AS owner_weight, sum(units * miner_bp) AS miner_weight
      FROM (${lent}) l WHERE units > 0 GROUP BY miner_id, owner_id),
    lent_total AS (SELECT miner_id, sum(units) AS units, sum(owner_weight) AS owner_weight, sum(miner_weight) AS miner_weight FROM lent GROUP BY miner_id),
    -- securingParts: the pledge the capacity needs, the own part, then the part deals add.
    secured AS (${secured}),
    -- securedShare: own part whole, deal part to the owners and the miner at each deal's shares, unsecured part at the coin's share.
    paid AS (
      SELECT user_id, points, capacity_bytes, shared,
             ${ownerPart} AS owner_part,
             ${minerAmount} AS amount
      FROM secured),
    -- The owners' part is theirs by amount × owner share.
    owed AS (
      SELECT l.miner_id, l.owner_id, p.owner_part, p.owner_part * l.owner_weight AS weighted, t.owner_weight AS total,
             div(p.owner_part * l.owner_weight, t.owner_weight) AS amount
      FROM lent l JOIN lent_total t ON t.miner_id = l.miner_id JOIN paid p ON p.user_id = l.miner_id WHERE p.owner_part > 0),
    owed_odd AS (SELECT miner_id, max(owner_part) - sum(amount) AS units FROM owed GROUP BY miner_id),
    owners AS (
      SELECT o.owner_id AS user_id,
             o.amount + CASE WHEN o.weighted - o.amount * o.total > 0
                              AND row_number() OVER (PARTITION BY o.miner_id ORDER BY o.weighted - o.amount * o.total DESC, o.owner_id) <= d.units THEN 1 ELSE 0 END AS amount
      FROM owed o JOIN owed_odd d ON d.miner_id = o.miner_id),
    coop_floor AS (
      SELECT c.user_id, (${pot} - s.part) * c.amount AS weighted, t.amount AS total, div((${pot} - s.part) * c.amount, t.amount) AS amount
      FROM cooperators c CROSS JOIN split s CROSS JOIN (SELECT sum(amount) AS amount FROM cooperators) t),
    coop_odd AS (SELECT (SELECT ${pot} - part FROM split) - coalesce(sum(amount), 0) AS units FROM coop_floor),
    coops AS (
      SELECT f.user_id, f.amount + CASE WHEN f.weighted - f.amount * f.total > 0
                                         AND row_number() OVER (ORDER BY f.weighted - f.amount * f.total DESC, f.user_id) <= d.units THEN 1 ELSE 0 END AS amount
      FROM coop_floor f CROSS JOIN coop_odd d),
    finders AS (SELECT * FROM unnest(${finderIds}::bigint[], ${finderAmounts}::numeric[]) AS f(user_id, amount)),
    -- The owners and cooperators (a few rows) beside the members and finders.
    extras AS (
      SELECT user_id, sum(deal) AS deal, sum(coop) AS coop, bool_or(shared) AS shared FROM (
        SELECT user_id, amount AS deal, 0::numeric AS coop, false AS shared FROM owners WHERE amount > 0
        -- Every cooperator holding an amount took part in the pot, paid or not (as a member with points).
        UNION ALL SELECT user_id, 0, amount, true FROM coops) x
      GROUP BY user_id),
    mined AS (${mined}),
    credits AS (${credits})
    -- A record says what was paid: settled when an amount is credited (a Chia finder below 2 T
    -- included: the 2 T rule covers the pot, not the finder's 0.25 XCH), else unsettled.
    SELECT user_id, points, capacity_bytes, amount_units, deal_income_units, cooperation_income_units,
           CASE WHEN amount_units > 0 THEN 'SETTLEMENT' ELSE 'UNSETTLEMENT' END AS status, shared
    FROM credits`;
}

/**
 * The row sources of a day's pledges and cooperations (README 'Settlement'): a pledge or an
 * amount counts for a day when it stood through the whole of it, from its first instant
 * (`start`, 00:00 UTC) to the next day's (`end`), whatever happened after — read from the
 * records' own times, so a rerun of the day decides the same.
 */
export const daySources = {
  /**
   * Each member's own pledge of the coin (creditsQuery's `own`): the counted amounts of its
   * pointing records that counted (became POINT_VALID) by the day's start and were not withdrawn
   * before its end, with its points in the coin's other pools of the same kind that day.
   */
  own: (input: { pool: string; coin: string; protocol: string; day: string; start: Date; end: Date }) => sql`
    SELECT o.user_id, o.units, coalesce(x.points, 0) AS other_points
    FROM (
      SELECT r.user_id, sum(r.counted_units) AS units FROM point_records r
      WHERE r.coin = ${input.coin} AND r.valid_at <= ${input.start} AND (r.ended_at IS NULL OR r.ended_at >= ${input.end})
      GROUP BY r.user_id
    ) o
    LEFT JOIN (
      SELECT s.user_id, sum(s.points) AS points FROM share_totals s
      WHERE s.day = ${input.day}::date AND s.pool IN (SELECT type FROM pools WHERE coin = ${input.coin} AND type <> ${input.pool} AND protocol = ${input.protocol})
      GROUP BY s.user_id
    ) x ON x.user_id = o.user_id`,

  /**
   * The deals lent to the pool's miners (creditsQuery's `lent`), each with the shares it records
   * (its offer's, whatever the coin's settings say now): those in a securing state
   * (DEAL_SECURING_STATUSES) at the day's start by their log, and in none other before its end.
   */
  lent: (input: { pool: string; start: Date; end: Date }) => sql`
    SELECT d.miner_id, d.owner_id, d.amount_units AS units, d.owner_bp, d.miner_bp FROM deals d
    WHERE d.pool = ${input.pool} AND d.miner_id IS NOT NULL
      AND (SELECT l.status FROM deal_logs l WHERE l.deal_id = d.id AND l.at <= ${input.start} ORDER BY l.at DESC, l.id DESC LIMIT 1) = ANY(${[...DEAL_SECURING_STATUSES]}::text[])
      AND NOT EXISTS (SELECT 1 FROM deal_logs l WHERE l.deal_id = d.id AND l.at > ${input.start} AND l.at < ${input.end} AND NOT l.status = ANY(${[...DEAL_SECURING_STATUSES]}::text[]))`,

  /**
   * A CO pool's cooperators (creditsQuery's `cooperators`): each the least amount it held
   * converted to cooperation during the day — its balance at the start, or less after a return
   * that day; an amount converted that day counts from the next.
   */
  cooperators: (input: { pool: string; start: Date; end: Date }) => sql`
    SELECT c.user_id, least(
      coalesce((SELECT l.balance_units FROM cooperation_logs l WHERE l.cooperation_id = c.id AND l.created_at <= ${input.start} ORDER BY l.created_at DESC, l.id DESC LIMIT 1), 0),
      (SELECT min(l.balance_units) FROM cooperation_logs l WHERE l.cooperation_id = c.id AND l.created_at > ${input.start} AND l.created_at < ${input.end})) AS units
    FROM cooperations c WHERE c.pool = ${input.pool}`,
};

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
      .select(['p.type', 'p.coin', 'p.protocol', 'p.pool_type', 'c.fee_bp', 'c.plausibility_tolerance_bp', 'c.burn_coefficient_bp', 'c.coop_ratio_bp'])
      .where('p.type', '=', pool)
      .executeTakeFirst(),

  /** A page of the user's settled pool-days that paid it deal or cooperation income, newest first. */
  incomeSharesPage: (db: Db, userId: string, page: PageQuery) =>
    paginate(
      db
        .selectFrom('settlement_credits as s')
        .innerJoin('pools as p', 'p.type', 's.pool')
        .innerJoin('coins as c', 'c.type', 'p.coin')
        .where('s.user_id', '=', userId)
        .where((eb) => eb.or([eb('s.deal_income_units', '>', '0'), eb('s.cooperation_income_units', '>', '0')])),
      page,
      (q) => q.select(['s.pool', 's.day', 'p.coin', 'c.unit', 'c.scale', 's.deal_income_units', 's.cooperation_income_units']).orderBy('s.day', 'desc').orderBy('s.pool'),
    ),

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
    // A day that pays no owner or cooperator keeps no arrays of zeros (null reads as zeros).
    const others = paysOthers(input.rule);
    const deal = others ? sql`array_agg(deal_income_units ORDER BY user_id)` : sql`NULL::numeric[]`;
    const coop = others ? sql`array_agg(cooperation_income_units ORDER BY user_id)` : sql`NULL::numeric[]`;
    const { rows } = await sql<{ members: string | null; credited: string | null; shared: boolean | null }>`
      WITH day_credits AS MATERIALIZED (${creditsQuery(input.contributions, input.rule)}),
      batched AS (
        INSERT INTO settlement_batches (pool, day, seq, user_ids, points, capacity_bytes, amount_units, statuses, deal_income_units, cooperation_income_units, total_units)
        SELECT ${input.pool}, ${input.day}::date, seq, array_agg(user_id ORDER BY user_id), array_agg(points ORDER BY user_id), array_agg(capacity_bytes ORDER BY user_id),
               array_agg(amount_units ORDER BY user_id), array_agg(status ORDER BY user_id), ${deal}, ${coop}, sum(amount_units)
        FROM (SELECT *, (row_number() OVER (ORDER BY user_id) - 1) / ${sql.lit(input.batch)} AS seq FROM day_credits) numbered
        GROUP BY seq
        RETURNING cardinality(user_ids) AS members, total_units)
      SELECT (SELECT sum(members) FROM batched) AS members, (SELECT sum(total_units) FROM batched) AS credited,
             (SELECT bool_or(shared) FROM day_credits) AS shared`.execute(trx);
    const totals = rows[0];
    return { members: Number(totals?.members ?? 0), credited: BigInt(totals?.credited ?? '0'), shared: totals?.shared === true };
  },

  /** Whether the day has any pledge or deal with an amount (daySources.own and .lent). */
  anyPledge: async (trx: Db, own: RawBuilder<unknown>, lent: RawBuilder<unknown>) =>
    (
      await sql<{ any: boolean }>`
        SELECT EXISTS (SELECT 1 FROM (${own}) o WHERE o.units > 0) OR EXISTS (SELECT 1 FROM (${lent}) l WHERE l.units > 0) AS any`.execute(trx)
    ).rows[0]?.any === true,

  /** Earlier days whose pots this day shared. */
  markCarried: (trx: Db, pool: string, days: readonly string[], into: string) =>
    trx.updateTable('settlements').set({ carried_into: into }).where('pool', '=', pool).where('day', 'in', days).execute(),

  /** The decided day's figures, answered as the row now stands. */
  saveDecision: (trx: Db, pool: string, day: string, decided: DecidedDay) =>
    trx.updateTable('settlements').set(decided).where('pool', '=', pool).where('day', '=', day).returningAll().executeTakeFirstOrThrow(),

  /**
   * The coin's pool revenue and fee accounts locked (id order), before the day's posting takes
   * settlement_clearing: every transaction then takes clearing as its last lock, so none holds it
   * while waiting for another account (a batch holds its members and waits for clearing).
   */
  lockRevenueAccounts: (trx: Db, coin: string) =>
    trx.selectFrom('ledger_accounts').select('id').where('coin', '=', coin).where('system_code', 'in', ['pool_revenue', 'fees']).orderBy('id').forUpdate().execute(),

  /**
   * The next batch of the day no other transaction is crediting, in user order, claimed (its row
   * locked until this transaction ends): concurrent appliers each take a different batch.
   */
  claimBatch: async (trx: Db, pool: string, day: string) =>
    (await trx.selectFrom('settlement_batches').select('seq').where('pool', '=', pool).where('day', '=', day).orderBy('seq').limit(1).forUpdate().skipLocked().executeTakeFirst())
      ?.seq,

  /** The day's row locked to finish its crediting: its status and whether every credit has moved. */
  lockDayToFinish: (trx: Db, pool: string, day: string) =>
    trx.selectFrom('settlements').select(['status', 'credits_applied_at']).where('pool', '=', pool).where('day', '=', day).forUpdate().executeTakeFirst(),

  /** Whether any batch of the day is left (one being credited by an open transaction included). */
  batchesLeft: async (trx: Db, pool: string, day: string) =>
    (await trx.selectFrom('settlement_batches').select('seq').where('pool', '=', pool).where('day', '=', day).limit(1).executeTakeFirst()) !== undefined,

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

  /** Every credit of the day is in its member's balance, the last of its members (user order) recorded with it. */
  creditsApplied: (trx: Db, pool: string, day: string, at: Date) =>
    trx
      .updateTable('settlements')
      .set({
        credits_applied_at: at,
        credits_applied_until: (eb) =>
          eb
            .selectFrom('settlement_credits')
            .select((c) => c.fn.max('user_id').as('last'))
            .where('pool', '=', pool)
            .where('day', '=', day),
      })
      .where('pool', '=', pool)
      .where('day', '=', day)
      .execute(),
};
