import { AppError, minSharerCapacity, type CooperationIncome, paymentDue, pointsUnitOf, poolDayPot, utcDay, type PostingInput, type Settlement } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import type { PageQuery } from '../../db/paginate.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { lockPoolDays } from '../pool/blocks.ts';
import { coinRules, show } from '../coins/coins.ts';
import type { SettlementStatus } from '../pool/pool.schema.ts';
import { daySources, settlementRepository, type CreditRule } from './settlement.repository.ts';
import { holdImplausible, verifiedContributions } from '../pool/outliers.ts';

/**
 * The daily settlement (spec doc 1 §4 'Settlement', §9 'Settlement and payout', 'Revenue
 * shares', 'Chia'; issue 5): at 00:00 UTC each pool's block revenue of the previous day, less
 * the pool fee, is shared by contribution points. A BHD-family member's share is split by what
 * secures its capacity (issue 22: its own pointing, deals lent to it — each counted when it
 * stood the whole day, daySources), the lending owners paid their part as deal income; a CO
 * pool's pot is first split by its cooperation ratio with the cooperators (cooperation income).
 *
 * Two steps. Deciding the day: exactly once per (pool, day) — the settlement row is created,
 * then locked FOR UPDATE; every member's credit is decided by one statement over the day's
 * shares (creditsQuery, settlePoolDay's rule set-based) and recorded as batches of members in
 * user order, and the members' whole share is booked from pool revenue into
 * `settlement_clearing` (with the fee), all committing or rolling back together. A second
 * worker waits on the lock and then finds the day settled; a crash leaves nothing behind and
 * the rerun starts afresh. Crediting the members: a batch per transaction, several at once, each
 * claiming a batch no one else holds, writing its income records, moving its money from clearing
 * into the members' balances and deleting it — so a crash or a second worker takes the batches
 * left, and no credit moves twice. Short transactions keep a 100,000-member day from
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
    const row = await settlementRepository.lockDayToDecide(trx, pool, day);
    if (row.status === 'SETTLEMENT' || row.status === 'UNSETTLEMENT') return { settlement: view(row, coin.scale), ran: false };

    const blocks = await settlementRepository.blockRewards(trx, pool, day);
    const revenue = blocks.reduce((sum, b) => sum + BigInt(b.reward), 0n);
    const finderRewards = blocks.filter((b) => b.finder_user_id !== null && BigInt(b.finder) > 0n).map((b) => ({ userId: b.finder_user_id as string, amount: BigInt(b.finder) }));
    // Pots of earlier days that paid no one, still waiting for a day with shares.
    const carries = await settlementRepository.carriedPots(trx, pool, day);
    const carriedIn = carries.reduce((sum, c) => sum + BigInt(c.remainder_units), 0n);

    const { finderTotal, fee, pot } = poolDayPot({ revenue, feeBp: poolRow.fee_bp, finderRewards, carriedIn });

    // Every member's credit, decided by one statement next to the day's shares and recorded as
    // batches of the next `batch` members; the crediting chunks turn each batch into its
    // members' records and balances. The coin's rules come from its registry row.
    const rule: CreditRule = { pot, minCapacity: minSharerCapacity(coin), pointsUnit: pointsUnitOf(poolRow.protocol), unsecuredShareBp: coin.unsecuredShareBp, finderRewards };
    // What secures a member's capacity, and a CO pool's cooperators: what stood through the whole day.
    const start = new Date(`${day}T00:00:00Z`);
    const end = new Date(start.getTime() + DAY_SECONDS * 1000);
    // A coin whose capacity is secured: its pledges; each deal pays by the shares it records. A
    // day without any pledge or deal secures nothing, so every member keeps the unsecured share:
    // the plain form decides the same credits without the pledge rule's joins.
    if (coin.unsecuredShareBp !== undefined) {
      const own = daySources.own({ pool, coin: coin.type, protocol: poolRow.protocol, day, start, end });
      const lent = daySources.lent({ pool, start, end });
      if (await settlementRepository.anyPledge(trx, own, lent)) {
        rule.pledge = { perTb: coin.pledgePerTb, burnCoefficientBp: poolRow.burn_coefficient_bp, own, lent };
      }
    }
    if (poolRow.pool_type === 'CO') rule.cooperation = { ratioBp: poolRow.coop_ratio_bp, cooperators: daySources.cooperators({ pool, start, end }) };
    // Issue 18: only verified work counts; a miner above what its capacity could produce is held.
    await holdImplausible(trx, { type: pool, protocol: poolRow.protocol, toleranceBp: poolRow.plausibility_tolerance_bp }, day);
    const {
      members,
      credited,
      shared: sharers,
    } = await settlementRepository.recordCreditBatches(trx, {
      pool,
      day,
      batch,
      contributions: verifiedContributions(pool, day),
      rule,
    });
    // The pot goes whole to the members when anyone earned points (odd units included). When no
    // one did, the members' amounts are the finders' rewards alone (no share of a pot without
    // sharers): the day takes no fee and carries its pot on (poolDayPot's rule). What the
    // unsecured rule kept back is withheld.
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
      // Clearing last: a batch holding its members waits for clearing, so no one may hold clearing
      // and wait (ledger_post alone locks in id order, which may put clearing before fees).
      await settlementRepository.lockRevenueAccounts(trx, coin.type);
      ({ transactionId } = await postTransaction(trx, { kind: 'mining_income', reference: `settlement:${pool}:${day}`, postings }));
    }
    // Shared today: the earlier days' pots are used up. Else they stay waiting with this one's.
    if (sharers && carries.length > 0) {
      await settlementRepository.markCarried(
        trx,
        pool,
        carries.map((c) => c.day),
        day,
      );
    }

    // A day whose pot paid no one is unsettled (its pot carried on), whatever the finders got.
    const status: SettlementStatus = ownPot > 0n ? 'UNSETTLEMENT' : 'SETTLEMENT';
    const settled = await settlementRepository.saveDecision(trx, pool, day, {
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
    });
    return { settlement: view(settled, coin.scale), ran: true };
  });
}

/**
 * Transactions of one applier crediting a day's batches at once (applyCredits): the batches of a
 * day hold distinct members, and each locks the shared clearing account only as its last
 * statement, so they overlap on a database with several cores. The job engine may run more
 * appliers of the same day in other workers (settlement and settlement-credits); they share the
 * batches the same way.
 */
export const CREDIT_CONCURRENCY = 3;

/**
 * The second step: credits a decided day's members — each batch one transaction that writes its
 * members' income records, moves their money from clearing into their balances (Auto Pay on:
 * pending earnings for the morning's run; off: available) and deletes the batch. `concurrency`
 * transactions (CREDIT_CONCURRENCY) credit batches at once, each claiming the next batch no one
 * else is crediting (FOR UPDATE SKIP LOCKED), so several appliers — here or in other workers —
 * share a day without waiting on each other; a crash leaves the uncommitted batches to the next
 * run, and no credit moves twice. The applier that finds no batch left marks the day credited
 * under the day's row lock. `chunks` stops after that many batches in all. Answers the credits
 * (members with an amount) it moved.
 */
export async function applyCredits(db: Db, pool: string, day: string, options: { chunks?: number; now?: Date; concurrency?: number } = {}): Promise<number> {
  const concurrency = options.concurrency ?? CREDIT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  const coin = await settlementRepository.poolCoin(db, pool);
  const limit = options.chunks ?? Infinity;
  let claimed = 0;
  let moved = 0;
  let failure: { error: unknown } | undefined;
  const applier = async () => {
    while (failure === undefined && claimed < limit) {
      claimed++;
      try {
        const step = await creditChunk(db, pool, day, coin);
        if (step === null) return;
        moved += step;
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, applier));
  if (failure) throw failure.error;
  await finishCredits(db, pool, day, options.now ?? new Date());
  return moved;
}

/** Tries of one chunk that meets a member's account opened by another transaction meanwhile, or a deadlock. */
const CHUNK_TRIES = 6;

/** One chunk in one transaction: the next free batch credited, or null when none is left to claim. */
async function creditChunk(db: Db, pool: string, day: string, coin: string): Promise<number | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        // A batch exists only for a decided day (decideDay writes them with the decision).
        const seq = await settlementRepository.claimBatch(trx, pool, day);
        if (seq === undefined) return null;
        const batch = await settlementRepository.creditBatch(trx, pool, day, seq, coin);
        if (!batch) throw new Error(`settlement batch ${pool} ${day} #${seq} vanished under its claim`);
        return batch.credited;
      });
    } catch (error) {
      // ledger_credit_batch stops a batch (nothing of it stays) when another transaction opened
      // one of its members' accounts meanwhile; the batch runs again and finds the account.
      // A deadlock (two days of one coin credited at once, a batch with deal or cooperation
      // income opening an owner's account the other is opening) rolls one back: it runs again.
      const code = (error as { code?: string }).code;
      if ((code !== '40001' && code !== '40P01') || attempt >= CHUNK_TRIES) throw error;
      // Apart a little, so two appliers that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.floor(Math.random() * 50)));
    }
  }
}

/** The day marked credited when no batch is left (one another transaction is crediting counts as left: that one marks it). */
async function finishCredits(db: Db, pool: string, day: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await settlementRepository.lockDayToFinish(trx, pool, day);
    if (!row || (row.status !== 'SETTLEMENT' && row.status !== 'UNSETTLEMENT') || row.credits_applied_at) return;
    if (await settlementRepository.batchesLeft(trx, pool, day)) return;
    await settlementRepository.creditsApplied(trx, pool, day, now);
  });
}

/** The user's deal and cooperation income per settled pool-day, newest first (/center/open). */
export async function incomeShares(db: Db, userId: string, page: PageQuery): Promise<{ list: CooperationIncome[]; total: number }> {
  const { rows, total } = await settlementRepository.incomeSharesPage(db, userId, page);
  return {
    list: rows.map((r) => ({
      pool: r.pool,
      coin: r.coin,
      unit: r.unit,
      day: r.day,
      cooperation: show(BigInt(r.cooperation_income_units), r.scale),
      deal: show(BigInt(r.deal_income_units), r.scale),
    })),
    total,
  };
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
  // The pool config's payment time (spec doc 1 §3): yesterday is settled from that time of day (UTC); earlier missed days at once.
  const waiting = new Set(pools.filter((p) => !paymentDue(p.payment_time, now)).map((p) => p.type));
  for (const p of pools) if (!waiting.has(p.type)) due.set(`${p.type}:${yesterday}`, { pool: p.type, day: yesterday });
  for (const m of missed) if (!(m.day === yesterday && waiting.has(m.pool))) due.set(`${m.pool}:${m.day}`, { pool: m.pool, day: m.day });
  const done: Settlement[] = [];
  for (const { pool, day } of [...due.values()].sort((a, b) => a.day.localeCompare(b.day))) {
    const outcome = await settleDay(db, pool, day, now);
    if (outcome.ran) done.push(outcome.settlement);
  }
  return done;
}
