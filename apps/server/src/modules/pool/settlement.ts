import {
  AppError,
  capacityFromPoints,
  CHIA_MIN_CAPACITY_BYTES,
  settlePoolDay,
  UNSECURED_SHARE_BP,
  utcDay,
  type PostingInput,
  type Settlement,
} from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { coinRules, show } from '../wallet/coins.ts';
import type { SettlementStatus } from './pool.schema.ts';

/**
 * The daily settlement (spec doc 1 §4 'Settlement', §9 'Settlement and payout', 'Revenue
 * shares', 'Chia'; issue 5): at 00:00 UTC each pool's block revenue of the previous day, less
 * the pool fee, is shared by contribution points and credited in one ledger transaction.
 *
 * Exactly once per (pool, day): the settlement row is created, then locked FOR UPDATE; the
 * whole run — credits, ledger transaction, final status — commits or rolls back with it. A
 * second worker waits on the lock and then finds the day settled; a crash leaves nothing
 * behind, and the rerun starts afresh.
 */

const DAY_SECONDS = 86_400;

export interface SettleOutcome {
  settlement: Settlement;
  /** False when the day had already been settled (by an earlier run or another worker). */
  ran: boolean;
}

function view(row: {
  pool: string;
  day: string;
  status: SettlementStatus;
  revenue_units: string;
  fee_units: string;
  withheld_units: string;
  remainder_units: string;
  credited_units: string;
  members: number;
}, scale: number): Settlement {
  return {
    pool: row.pool,
    day: row.day,
    status: row.status,
    revenue: show(BigInt(row.revenue_units), scale),
    fee: show(BigInt(row.fee_units), scale),
    withheld: show(BigInt(row.withheld_units), scale),
    remainder: show(BigInt(row.remainder_units), scale),
    credited: show(BigInt(row.credited_units), scale),
    members: row.members,
  };
}

/** Settles one pool-day that has ended. Safe to call any number of times, concurrently. */
export async function settleDay(db: Db, pool: string, day: string, now = new Date()): Promise<SettleOutcome> {
  if (day >= utcDay(now)) throw new AppError('INVALID_PARAMETER', { field: 'day' });
  const poolRow = await db
    .selectFrom('pools as p')
    .innerJoin('pool_configs as c', 'c.pool', 'p.type')
    .select(['p.type', 'p.coin', 'p.protocol', 'c.fee_bp'])
    .where('p.type', '=', pool)
    .executeTakeFirst();
  if (!poolRow) throw new AppError('POOL_NOT_FOUND');
  const coin = await coinRules(db, poolRow.coin);

  return db.transaction().execute(async (trx) => {
    await trx.insertInto('settlements').values({ pool, day, status: 'SETTLEMENT_PENDING' }).onConflict((oc) => oc.columns(['pool', 'day']).doNothing()).execute();
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

    // Contribution points of the day per user, straight from the day's shares partition.
    const contributions = await sql<{ user_id: string; points: string }>`
      SELECT user_id, sum(difficulty) AS points FROM shares WHERE day = ${day}::date AND pool = ${pool} GROUP BY user_id`.execute(trx);
    // Chia: under 2 T of capacity a farmer earns no income and no contribution points.
    const chia = coin.type === 'CHIA' || coin.type.startsWith('CHIA_');
    const members = contributions.rows.map((c) => {
      const points = BigInt(c.points);
      const capacity = capacityFromPoints(points, DAY_SECONDS);
      const eligible = !chia || capacity >= CHIA_MIN_CAPACITY_BYTES;
      return { userId: c.user_id, points, capacity, eligible };
    });

    const result = settlePoolDay({
      revenue,
      feeBp: poolRow.fee_bp,
      finderRewards,
      members: members.filter((m) => m.eligible).map((m) => ({ userId: m.userId, points: m.points })),
      unsecuredShareBp: UNSECURED_SHARE_BP[coin.type],
    });
    const credited = result.credits.reduce((sum, c) => sum + c.amount, 0n);
    const creditOf = new Map(result.credits.map((c) => [c.userId, c.amount]));

    let transactionId: string | null = null;
    if (credited + result.fee + result.withheld > 0n) {
      const autoPay = new Set(
        (await trx.selectFrom('auto_pay_settings').select('user_id').where('coin', '=', coin.type).where('enabled', '=', true).execute()).map((s) => s.user_id),
      );
      const postings: PostingInput[] = [{ account: { kind: 'system', code: 'pool_revenue', coin: coin.type }, amount: -(credited + result.fee + result.withheld) }];
      if (result.fee + result.withheld > 0n) postings.push({ account: { kind: 'system', code: 'fees', coin: coin.type }, amount: result.fee + result.withheld });
      for (const credit of result.credits) {
        // Auto Pay on: the income waits in pending earnings for the morning's run; off: available.
        const bucket = autoPay.has(credit.userId) ? 'pending_earnings' : 'available';
        postings.push({ account: { kind: 'user', userId: credit.userId, coin: coin.type, bucket }, amount: credit.amount });
      }
      ({ transactionId } = await postTransaction(trx, { kind: 'mining_income', reference: `settlement:${pool}:${day}`, postings }));
    }

    // One record per member (and per finder without shares), with its status of the day.
    const records = new Map(members.map((m) => [m.userId, m]));
    for (const finder of finderRewards) if (!records.has(finder.userId)) records.set(finder.userId, { userId: finder.userId, points: 0n, capacity: 0n, eligible: true });
    const list = [...records.values()];
    if (list.length > 0) {
      await sql`
        INSERT INTO settlement_credits (pool, day, user_id, points, capacity_bytes, amount_units, status)
        SELECT ${pool}, ${day}::date, u, p, c, a, s
        FROM unnest(${list.map((m) => m.userId)}::bigint[], ${list.map((m) => m.points.toString())}::numeric[], ${list.map((m) => m.capacity.toString())}::numeric[],
                    ${list.map((m) => (creditOf.get(m.userId) ?? 0n).toString())}::numeric[],
                    ${list.map((m) => (m.eligible && (creditOf.get(m.userId) ?? 0n) > 0n ? 'SETTLEMENT' : 'UNSETTLEMENT'))}::text[]) AS r(u, p, c, a, s)`.execute(trx);
    }

    // Revenue nobody could be credited with (no eligible contribution) leaves the day unsettled.
    const status: SettlementStatus = revenue > 0n && credited === 0n && result.fee === 0n ? 'UNSETTLEMENT' : 'SETTLEMENT';
    const settled = await trx
      .updateTable('settlements')
      .set({
        status,
        revenue_units: revenue,
        fee_units: result.fee,
        withheld_units: result.withheld,
        remainder_units: result.remainder,
        credited_units: credited,
        members: list.length,
        transaction_id: transactionId,
        settled_at: now,
      })
      .where('pool', '=', pool)
      .where('day', '=', day)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { settlement: view(settled, coin.scale), ran: true };
  });
}

/**
 * The worker's daily step: every enabled pool's yesterday, and any earlier day with blocks
 * that is not settled yet (a missed run). Answers the days it settled now.
 */
export async function settleDue(db: Db, now = new Date()): Promise<Settlement[]> {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_SECONDS * 1000));
  const pools = await db.selectFrom('pools').innerJoin('pool_configs', 'pool_configs.pool', 'pools.type').select('pools.type').where('pools.enabled', '=', true).execute();
  const missed = await db
    .selectFrom('blocks')
    .leftJoin('settlements', (join) => join.onRef('settlements.pool', '=', 'blocks.pool').onRef('settlements.day', '=', 'blocks.day'))
    .select(['blocks.pool', 'blocks.day'])
    .distinct()
    .where('blocks.day', '<', today)
    .where((eb) => eb.or([eb('settlements.status', 'is', null), eb('settlements.status', 'in', ['NOT_PENDING', 'SETTLEMENT_PENDING'])]))
    .execute();
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
