import {
  AppError,
  BASIS_POINTS,
  K32_BYTES,
  minSharerCapacity,
  POINTS_PER_K32_PER_DAY,
  poolDayPot,
  UNSECURED_SHARE_BP,
  utcDay,
  type PostingInput,
  type Settlement,
} from '@platter/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { lockPoolDays } from '../pool/blocks.ts';
import { coinRules, show } from '../coins/coins.ts';
import type { SettlementStatus } from '../pool/pool.schema.ts';
import { settlementRepository } from './settlement.repository.ts';
import { holdImplausible, verifiedContributions } from '../pool/outliers.ts';

/**
 * The daily settlement (spec doc 1 §4 'Settlement', §9 'Settlement and payout', 'Revenue
 * shares', 'Chia'; issue 5): at 00:00 UTC each pool's block revenue of the previous day, less
 * the pool fee, is shared by contribution points.
 *
 * Two steps. Deciding the day: exactly once per (pool, day) — the settlement row is created,
 * then locked FOR UPDATE; every member's credit is decided by one statement over the day's
 * shares (creditsQuery, settlePoolDay's rule set-based) and recorded as batches of members in
 * user order, and the members' whole share is booked from pool revenue into
 * `settlement_clearing` (with the fee), all committing or rolling back together. A second
 * worker waits on the lock and then finds the day settled; a crash leaves nothing behind and
 * the rerun starts afresh. Crediting the members: a batch at a time, each one transaction that
 * writes the batch's income records, moves its money from clearing into the members' balances
 * and deletes the batch under the same row lock — so a crash or a second worker resumes at the
 * next batch, and no credit moves twice. Short transactions keep a 100,000-member day from
 * locking every member's balance at once, and a member's record comes with the money.
 */

const DAY_SECONDS = 86_400;

export interface SettleOutcome {
  settlement: Settlement;
  /** False when the day had already been settled (by an earlier run or another worker). */
  ran: boolean;
}

function view(
  row: {
    pool: string;
    day: string;
    status: SettlementStatus;
    revenue_units: string;
    fee_units: string;
    withheld_units: string;
    remainder_units: string;
    credited_units: string;
    carried_in_units: string;
    members: number;
  },
  scale: number,
): Settlement {
  return {
    pool: row.pool,
    day: row.day,
    status: row.status,
    revenue: show(BigInt(row.revenue_units), scale),
    fee: show(BigInt(row.fee_units), scale),
    withheld: show(BigInt(row.withheld_units), scale),
    remainder: show(BigInt(row.remainder_units), scale),
    credited: show(BigInt(row.credited_units), scale),
    carried_in: show(BigInt(row.carried_in_units), scale),
    members: row.members,
  };
}

/** Members per batch of a decided day, credited one batch per ledger transaction. */
export const CREDIT_CHUNK = 5_000;

/**
 * Settles one pool-day that has ended and credits its members. Safe to call any number of
 * times, concurrently: the day is decided once, and each credit moves once.
 */
export async function settleDay(db: Db, pool: string, day: string, now = new Date()): Promise<SettleOutcome> {
  const outcome = await decideDay(db, pool, day, now);
  await applyCredits(db, pool, day, { now });
  return outcome;
}

/**
 * The first step alone: the day decided — its members' credits recorded in batches of `batch`
 * (CREDIT_CHUNK) and their sum booked into clearing.
 */
export async function decideDay(db: Db, pool: string, day: string, now = new Date(), options: { batch?: number } = {}): Promise<SettleOutcome> {
  const batch = options.batch ?? CREDIT_CHUNK;
  if (!Number.isInteger(batch) || batch < 1) throw new RangeError('batch must be a positive integer');
  if (day >= utcDay(now)) throw new AppError('INVALID_PARAMETER', { field: 'day' });
  const poolRow = await settlementRepository.poolWithFee(db, pool);
  if (!poolRow) throw new AppError('POOL_NOT_FOUND');
  const coin = await coinRules(db, poolRow.coin);

  return db.transaction().execute(async (trx) => {
    // The pool's day lock, which recordBlock takes too (issue 14): a block seen while the day
    // is being decided is filed under it before its blocks are read, or under the next open
    // day once it is decided — never under a day that has already counted its blocks.
    await lockPoolDays(trx, pool);
    await trx
      .insertInto('settlements')
      .values({ pool, day, status: 'SETTLEMENT_PENDING' })
      .onConflict((oc) => oc.columns(['pool', 'day']).doNothing())
      .execute();
    const row = await trx.selectFrom('settlements').selectAll().where('pool', '=', pool).where('day', '=', day).forUpdate().executeTakeFirstOrThrow();
    if (row.status === 'SETTLEMENT' || row.status === 'UNSETTLEMENT') return { settlement: view(row, coin.scale), ran: false };

    const blocks = await trx
      .selectFrom('blocks')
      .select(['finder_user_id', sql<string>`sum(reward_units)`.as('reward'), sql<string>`sum(finder_reward_units)`.as('finder')])
      .where('pool', '=', pool)
      .where('day', '=', day)
      .groupBy('finder_user_id')
      .execute();
    const revenue = blocks.reduce((sum, b) => sum + BigInt(b.reward), 0n);
    const finderRewards = blocks.filter((b) => b.finder_user_id !== null && BigInt(b.finder) > 0n).map((b) => ({ userId: b.finder_user_id as string, amount: BigInt(b.finder) }));
    // Pots of earlier days that paid no one, still waiting for a day with shares.
    const carries = await trx
      .selectFrom('settlements')
      .select(['day', 'remainder_units'])
      .where('pool', '=', pool)
      .where('day', '<', day)
      .where('status', '=', 'UNSETTLEMENT')
      .where('carried_into', 'is', null)
      .where('remainder_units', '>', '0')
      .execute();
    const carriedIn = carries.reduce((sum, c) => sum + BigInt(c.remainder_units), 0n);

    const { finderTotal, fee, pot } = poolDayPot({ revenue, feeBp: poolRow.fee_bp, finderRewards, carriedIn });
    // A big day's members are aggregated and sorted in memory (the default 4 MB spills to disk).
    await sql`SET LOCAL work_mem = '64MB'`.execute(trx);

    // Every member's credit, decided by one statement next to the day's shares and recorded as
    // batches of the next `batch` members (parallel arrays, a few rows): 100,000 members' points
    // never travel to this process and back, and no per-member row is written while the day is
    // locked. The crediting chunks turn each batch into its members' records and balances.
    const rule: CreditRule = { pot, minCapacity: minSharerCapacity(coin), unsecuredShareBp: UNSECURED_SHARE_BP[coin.type], finderRewards };
    // Issue 18: only verified work counts; a miner above what its capacity could produce is held.
    await holdImplausible(trx, { type: pool, protocol: poolRow.protocol, toleranceBp: poolRow.plausibility_tolerance_bp }, day);
    const contributions = verifiedContributions(pool, day);
    const recorded = await sql<{ members: string | null; credited: string | null; shared: boolean | null }>`
      WITH day_credits AS (${creditsQuery(contributions, rule)}),
      numbered AS (SELECT *, (row_number() OVER (ORDER BY user_id) - 1) / ${sql.lit(batch)} AS seq FROM day_credits),
      batched AS (
        INSERT INTO settlement_batches (pool, day, seq, user_ids, points, capacity_bytes, amount_units, statuses, total_units)
        SELECT ${pool}, ${day}::date, seq, array_agg(user_id ORDER BY user_id), array_agg(points ORDER BY user_id), array_agg(capacity_bytes ORDER BY user_id),
               array_agg(amount_units ORDER BY user_id), array_agg(status ORDER BY user_id), sum(amount_units)
        FROM numbered GROUP BY seq
        RETURNING cardinality(user_ids) AS members, total_units)
      SELECT (SELECT sum(members) FROM batched) AS members, (SELECT sum(total_units) FROM batched) AS credited,
             (SELECT bool_or(shared) FROM day_credits) AS shared`.execute(trx);
    const totals = recorded.rows[0];
    const members = Number(totals?.members ?? 0);
    const credited = BigInt(totals?.credited ?? '0');
    // The pot goes whole to the members when anyone earned points (odd units included). When no
    // one did, the members' amounts are the finders' rewards alone (no share of a pot without
    // sharers): the day takes no fee and carries its pot on (poolDayPot's rule). What the
    // unsecured rule kept back is withheld.
    const sharers = totals?.shared === true;
    const result = { fee: sharers ? fee : 0n, withheld: sharers ? pot - (credited - finderTotal) : 0n };
    // This day's own pot (its revenue less the finders'), carried when no one shares it; the
    // earlier days keep theirs until a day shares them, so each pot is counted once.
    const ownPot = sharers ? 0n : poolDayPot({ revenue, feeBp: poolRow.fee_bp, finderRewards, sharers }).carried;

    // The day in one small transaction: the members' whole share waits in clearing until the
    // chunks of applyCredits move it into their balances; a carried pot stays in pool revenue.
    let transactionId: string | null = null;
    if (credited + result.fee + result.withheld > 0n) {
      const postings: PostingInput[] = [{ account: { kind: 'system', code: 'pool_revenue', coin: coin.type }, amount: -(credited + result.fee + result.withheld) }];
      if (credited > 0n) postings.push({ account: { kind: 'system', code: 'settlement_clearing', coin: coin.type }, amount: credited });
      if (result.fee + result.withheld > 0n) postings.push({ account: { kind: 'system', code: 'fees', coin: coin.type }, amount: result.fee + result.withheld });
      ({ transactionId } = await postTransaction(trx, { kind: 'mining_income', reference: `settlement:${pool}:${day}`, postings }));
    }
    // Shared today: the earlier days' pots are used up. Else they stay waiting with this one's.
    if (sharers && carries.length > 0) {
      await trx
        .updateTable('settlements')
        .set({ carried_into: day })
        .where('pool', '=', pool)
        .where(
          'day',
          'in',
          carries.map((c) => c.day),
        )
        .execute();
    }

    // A day whose pot paid no one is unsettled (its pot carried on), whatever the finders got.
    const status: SettlementStatus = ownPot > 0n ? 'UNSETTLEMENT' : 'SETTLEMENT';
    const settled = await trx
      .updateTable('settlements')
      .set({
        status,
        revenue_units: revenue,
        fee_units: result.fee,
        withheld_units: result.withheld,
        remainder_units: ownPot,
        carried_in_units: sharers ? carriedIn : 0n,
        credited_units: credited,
        members,
        transaction_id: transactionId,
        settled_at: now,
        credits_applied_until: null,
        // Members' records still to write (even with nothing to credit): the chunks finish the day.
        credits_applied_at: members > 0 ? null : now,
      })
      .where('pool', '=', pool)
      .where('day', '=', day)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { settlement: view(settled, coin.scale), ran: true };
  });
}

/** The rule of one pool-day's member credits, for creditsQuery. */
export interface CreditRule {
  /** What the members share (poolDayPot). */
  pot: bigint;
  /** Under this estimated capacity a member earns no income or points (Chia: 2 T); 0 for none. */
  minCapacity: bigint;
  /** The coin's unsecured share (UNSECURED_SHARE_BP), or undefined for none. */
  unsecuredShareBp: number | undefined;
  finderRewards: readonly { userId: string; amount: bigint }[];
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
  const keepBp = sql.lit(rule.unsecuredShareBp ?? BASIS_POINTS);
  const finderIds = rule.finderRewards.map((f) => f.userId);
  const finderAmounts = rule.finderRewards.map((f) => f.amount.toString());
  return sql`
    WITH points AS MATERIALIZED (${contributions}),
    members AS (
      SELECT user_id, points, div(points * ${sql.lit(K32_BYTES.toString())}, ${sql.lit(POINTS_PER_K32_PER_DAY.toString())}) AS capacity_bytes FROM points),
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
 * The second step: credits a decided day's members a batch at a time, in user order — each
 * batch one transaction that writes its members' income records, moves their money from
 * clearing into their balances (Auto Pay on: pending earnings for the morning's run; off:
 * available) and deletes the batch, under the day's row lock. A crash or a second worker
 * resumes at the next batch; no credit moves twice. `chunks` stops after that many batches.
 * Answers the credits (members with an amount) it moved.
 */
export async function applyCredits(db: Db, pool: string, day: string, options: { chunks?: number; now?: Date } = {}): Promise<number> {
  const { coin } = await db.selectFrom('pools').select('coin').where('type', '=', pool).executeTakeFirstOrThrow();
  let moved = 0;
  for (let chunk = 0; chunk < (options.chunks ?? Infinity); chunk++) {
    const step = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('settlements').select(['status', 'credits_applied_at']).where('pool', '=', pool).where('day', '=', day).forUpdate().executeTakeFirst();
      if (!row || (row.status !== 'SETTLEMENT' && row.status !== 'UNSETTLEMENT') || row.credits_applied_at) return null;
      const next = await trx.selectFrom('settlement_batches').select('seq').where('pool', '=', pool).where('day', '=', day).orderBy('seq').limit(1).executeTakeFirst();
      if (!next) {
        await trx
          .updateTable('settlements')
          .set({ credits_applied_at: options.now ?? new Date() })
          .where('pool', '=', pool)
          .where('day', '=', day)
          .execute();
        return null;
      }
      // The batch's income records, balances and postings in one call of a few set-based
      // statements (db/functions/settlement_credit_batch.sql); it deletes the batch.
      const { rows } = await sql<{ last_user_id: string; credited: number }>`
        SELECT last_user_id, credited FROM settlement_credit_batch(${pool}, ${day}::date, ${next.seq}, ${coin})`.execute(trx);
      const batch = rows[0];
      if (!batch) throw new Error(`settlement batch ${pool} ${day} #${next.seq} vanished under the day's lock`);
      await trx.updateTable('settlements').set({ credits_applied_until: batch.last_user_id }).where('pool', '=', pool).where('day', '=', day).execute();
      return batch.credited;
    });
    if (step === null) return moved;
    moved += step;
  }
  return moved;
}

/** Days decided whose credits are not all in their members' balances yet (a crash between chunks). */
export async function applyPendingCredits(db: Db): Promise<number> {
  const days = await settlementRepository.daysWithPendingCredits(db);
  let moved = 0;
  for (const { pool, day } of days) moved += await applyCredits(db, pool, day);
  return moved;
}

/**
 * The worker's daily step: every enabled pool's yesterday, and any earlier day with blocks
 * that is not settled yet (a missed run). Answers the days it settled now.
 */
export async function settleDue(db: Db, now = new Date()): Promise<Settlement[]> {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_SECONDS * 1000));
  const pools = await settlementRepository.enabledPools(db);
  const missed = await settlementRepository.unsettledBlockDays(db, today);
  const due = new Map<string, { pool: string; day: string }>();
  for (const p of pools) due.set(`${p.type}:${yesterday}`, { pool: p.type, day: yesterday });
  for (const m of missed) due.set(`${m.pool}:${m.day}`, { pool: m.pool, day: m.day });
  const done: Settlement[] = [];
  for (const { pool, day } of [...due.values()].sort((a, b) => a.day.localeCompare(b.day))) {
    const outcome = await settleDay(db, pool, day, now);
    if (outcome.ran) done.push(outcome.settlement);
  }
  return done;
}
