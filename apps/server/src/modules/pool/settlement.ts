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
import { incomeBuckets } from '../wallet/autopay.ts';
import { coinRules, show } from '../wallet/coins.ts';
import type { SettlementStatus } from './pool.schema.ts';

/**
 * The daily settlement (spec doc 1 §4 'Settlement', §9 'Settlement and payout', 'Revenue
 * shares', 'Chia'; issue 5): at 00:00 UTC each pool's block revenue of the previous day, less
 * the pool fee, is shared by contribution points.
 *
 * Two steps. Deciding the day: exactly once per (pool, day) — the settlement row is created,
 * then locked FOR UPDATE; the credits are recorded and the members' whole share is booked
 * from pool revenue into `settlement_clearing` (with the fee), all committing or rolling back
 * together. A second worker waits on the lock and then finds the day settled; a crash leaves
 * nothing behind and the rerun starts afresh. Crediting the members: in user order, a chunk
 * at a time, each chunk one ledger transaction from clearing into the members' balances that
 * also advances the day's `credits_applied_until` under the same row lock — so a crash or a
 * second worker resumes after the last chunk that committed, and no credit moves twice. Short
 * transactions keep a 100,000-member day from locking every member's balance at once.
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

/** Members' credits moved into their balances per ledger transaction. */
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

/** The first step alone: the day decided, its credits recorded and booked into clearing. */
export async function decideDay(db: Db, pool: string, day: string, now = new Date()): Promise<SettleOutcome> {
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
      SELECT user_id, sum(difficulty) AS points FROM shares WHERE day = ${day}::date AND pool = ${pool} GROUP BY user_id ORDER BY user_id`.execute(trx);
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

    // The day in one small transaction: the members' whole share waits in clearing until the
    // chunks of applyCredits move it into their balances.
    let transactionId: string | null = null;
    if (credited + result.fee + result.withheld > 0n) {
      const postings: PostingInput[] = [{ account: { kind: 'system', code: 'pool_revenue', coin: coin.type }, amount: -(credited + result.fee + result.withheld) }];
      if (credited > 0n) postings.push({ account: { kind: 'system', code: 'settlement_clearing', coin: coin.type }, amount: credited });
      if (result.fee + result.withheld > 0n) postings.push({ account: { kind: 'system', code: 'fees', coin: coin.type }, amount: result.fee + result.withheld });
      ({ transactionId } = await postTransaction(trx, { kind: 'mining_income', reference: `settlement:${pool}:${day}`, postings }));
    }

    // One record per member (and per finder without shares), with its status of the day; in
    // user order, so each index of the credits grows at its right edge.
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
        credits_applied_until: null,
        credits_applied_at: credited > 0n ? null : now,
      })
      .where('pool', '=', pool)
      .where('day', '=', day)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { settlement: view(settled, coin.scale), ran: true };
  });
}

/**
 * The second step: moves a decided day's credits from clearing into the members' balances, a
 * chunk at a time in user order (Auto Pay on: pending earnings for the morning's run; off:
 * available). Resumes after the last chunk that committed; answers the credits it moved.
 */
export async function applyCredits(db: Db, pool: string, day: string, options: { chunk?: number; now?: Date } = {}): Promise<number> {
  const chunk = options.chunk ?? CREDIT_CHUNK;
  const { coin } = await db.selectFrom('pools').select('coin').where('type', '=', pool).executeTakeFirstOrThrow();
  let moved = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('settlements')
        .select(['status', 'credits_applied_until', 'credits_applied_at'])
        .where('pool', '=', pool)
        .where('day', '=', day)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.status !== 'SETTLEMENT' || row.credits_applied_at) return 0;
      const credits = await trx
        .selectFrom('settlement_credits')
        .select(['user_id', 'amount_units'])
        .where('pool', '=', pool)
        .where('day', '=', day)
        .where('amount_units', '>', '0')
        .$if(row.credits_applied_until !== null, (q) => q.where('user_id', '>', row.credits_applied_until as string))
        .orderBy('user_id')
        .limit(chunk)
        .execute();
      const last = credits.at(-1);
      if (!last) {
        await trx.updateTable('settlements').set({ credits_applied_at: options.now ?? new Date() }).where('pool', '=', pool).where('day', '=', day).execute();
        return 0;
      }
      const bucketOf = await incomeBuckets(trx, coin, credits.map((c) => c.user_id));
      const total = credits.reduce((sum, c) => sum + BigInt(c.amount_units), 0n);
      const postings: PostingInput[] = [{ account: { kind: 'system', code: 'settlement_clearing', coin }, amount: -total }];
      for (const credit of credits) {
        postings.push({ account: { kind: 'user', userId: credit.user_id, coin, bucket: bucketOf(credit.user_id) }, amount: BigInt(credit.amount_units) });
      }
      await postTransaction(trx, { kind: 'mining_income', reference: `settlement:${pool}:${day}:credits`, postings });
      await trx.updateTable('settlements').set({ credits_applied_until: last.user_id }).where('pool', '=', pool).where('day', '=', day).execute();
      return credits.length;
    });
    if (step === 0) return moved;
    moved += step;
  }
}

/** Days decided whose credits are not all in their members' balances yet (a crash between chunks). */
export async function applyPendingCredits(db: Db): Promise<number> {
  const days = await db.selectFrom('settlements').select(['pool', 'day']).where('status', '=', 'SETTLEMENT').where('credits_applied_at', 'is', null).orderBy('day').execute();
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
