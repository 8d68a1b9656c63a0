import { capacityFromPoints, NONCE_SECONDS, requiredPledge } from '@platter/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { verifiedWork } from '../../../test/shares.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { recordBlock } from '../pool/blocks.ts';
import { advanceDeals, convertToCooperation, dealAction, offerDeal, returnCooperation } from '../cooperation/cooperation.service.ts';
import { updateCooperationSettings } from '../cooperation/settings.ts';
import { incomeShares, settleDay } from './settlement.service.ts';

/**
 * The settlement pays pledged capacity (issue 22; README 'Settlement'): a BHD-family member's
 * share is secured by its own pointing and by the deals lent to it, on the real database, with
 * the pledges read from their records' times and the money on the ledger.
 */

let db: Db;

beforeAll(async () => {
  ({ db } = await testDatabase());
});

const COIN = 100_000_000n;
/** ≈ 10 TB of nonce-seconds over a day: the four members of a day mine the same. */
const POINTS = 3_295_898_437_500n;
const CAPACITY = capacityFromPoints(POINTS, 86_400, NONCE_SECONDS);
/** What that capacity needs at BHD's 3 coins per TB and a burn coefficient of 1. */
const REQUIRED = requiredPledge(CAPACITY, 3n * COIN, 10_000);

const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);
const nextMorning = (day: string) => new Date(new Date(`${day}T01:00:00Z`).getTime() + 86_400_000);

async function mine(userId: string, pool: string, day: string, points = POINTS) {
  await verifiedWork(db, { userId, pool, difficulty: points, at: at(day), capacity: CAPACITY });
}

let addressSeq = 0;
/** A pointing record of `userId` counting `counted` base units of the coin from `validAt` until `endedAt`. */
async function pointing(userId: string, coin: string, counted: bigint, validAt: Date, endedAt: Date | null = null) {
  const source = `src-${userId}-${++addressSeq}`;
  const address = await db
    .insertInto('point_addresses')
    .values({ user_id: userId, coin, source_address: source, confirm_address: 'pool', status: 'CONFIRMED', start_height: 1, verify_window_blocks: 20, verify_min_units: 0n })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('point_records')
    .values({
      user_id: userId,
      coin,
      address_id: address.id,
      txid: `tx-${source}`,
      source_address: source,
      pool_address: 'pool',
      term: 'Noterm',
      amount_units: counted,
      counted_units: counted,
      deposit_units: 0n,
      status: endedAt ? 'POINT_BROKE' : 'POINT_VALID',
      height: 1,
      valid_at: validAt,
      ended_at: endedAt,
    })
    .execute();
}

/** A deal of `amount` whole coins lent by `ownerId` to `minerId`, in force from `since` (the real path: offer, take, accept, the clock). */
async function deal(ownerId: string, minerId: string, pool: string, amount: string, since: Date) {
  const offered = await offerDeal(db, ownerId, { pool, amount });
  await dealAction(db, minerId, { id: offered.id, action: 'take' }, since);
  await dealAction(db, ownerId, { id: offered.id, action: 'accept' }, since);
  await advanceDeals(db, since);
  return offered.id;
}

async function available(userId: string, coin: string) {
  return (await userBalances(db, userId, coin)).get(coin)?.available ?? 0n;
}

async function creditOf(pool: string, day: string, userId: string) {
  return db
    .selectFrom('settlement_credits')
    .select(['amount_units', 'deal_income_units', 'cooperation_income_units', 'status'])
    .where('pool', '=', pool)
    .where('day', '=', day)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

describe('the settlement pays pledged capacity (BHD family)', () => {
  it('pays an unsecured, a self-pointed, a half-secured and a deal-secured member; the owners 94 % by their amounts; the rest withheld', async () => {
    const day = '2030-03-10';
    const before = at('2030-03-01', '00:00:00');
    const [bare, pointed, half, borrower] = await Promise.all([buildUser(db), buildUser(db), buildUser(db), buildUser(db, { balance: { BHD: 100n * COIN } })]);
    const [ownerA, ownerB] = await Promise.all([buildUser(db, { balance: { BHD: 100n * COIN } }), buildUser(db, { balance: { BHD: 100n * COIN } })]);
    // Someone who pointed and lent but did not mine that day: nothing for them, nothing for their lender.
    const idle = await buildUser(db, { balance: { BHD: 100n * COIN } });
    for (const u of [bare, pointed, half, borrower]) await mine(u.id, 'bhd_co', day);
    await pointing(pointed.id, 'BHD', REQUIRED, before);
    await pointing(half.id, 'BHD', (REQUIRED + 1n) / 2n, before);
    await pointing(idle.id, 'BHD', REQUIRED, before);
    // 30 BHD lent to the borrower by two owners, 2:1: its whole capacity is deal-secured.
    expect(REQUIRED).toBeLessThanOrEqual(30n * COIN);
    await deal(ownerA.id, borrower.id, 'bhd_co', '20', before);
    await deal(ownerB.id, borrower.id, 'bhd_co', '10', before);
    await deal(ownerA.id, idle.id, 'bhd_co', '10', before);
    await advanceDeals(db, at('2030-03-02', '00:00:00')); // earning from the next UTC day: DEAL_INTEREST_START
    await recordBlock(db, { pool: 'bhd_co', height: 501, foundAt: at(day), finderUserId: null, finderMinerId: null, reward: 10n * COIN });

    const availableBefore = await Promise.all([ownerA, ownerB].map((u) => available(u.id, 'BHD')));
    const { settlement } = await settleDay(db, 'bhd_co', day, nextMorning(day));
    // 10 BHD, the CO pool's 10 % fee; no cooperator that day: the whole 9 BHD to the miners, 2.25 each.
    const share = 225_000_000n;
    const expected = {
      bare: (share * 5_500n) / 10_000n, // unsecured: 55 %
      pointed: share, // own pledge: 100 %
      half: (share * (5_000n * 10_000n + 5_000n * 5_500n)) / 10n ** 8n, // half own, half at 55 %
      borrower: (share * 300n) / 10_000n, // deal-secured: the miner's 3 %
      owners: (share * 9_400n) / 10_000n, // and the owners' 94 %, 2:1
    };
    expect(await available(bare.id, 'BHD')).toBe(expected.bare);
    expect(await available(pointed.id, 'BHD')).toBe(expected.pointed);
    expect(await available(half.id, 'BHD')).toBe(expected.half);
    expect(await available(borrower.id, 'BHD')).toBe(100n * COIN - 6n * COIN + expected.borrower); // less its two margins (20 %)
    const ownerIncome = [(expected.owners * 2n) / 3n, expected.owners - (expected.owners * 2n) / 3n];
    expect((await Promise.all([ownerA, ownerB].map((u) => available(u.id, 'BHD')))).map((a, i) => a - (availableBefore[i] ?? 0n))).toEqual(ownerIncome);
    // The owners' income is theirs on the settlement's record and on the ledger as deal_income.
    expect(await creditOf('bhd_co', day, ownerA.id)).toMatchObject({ amount_units: String(ownerIncome[0]), deal_income_units: String(ownerIncome[0]), status: 'SETTLEMENT' });
    expect(await creditOf('bhd_co', day, idle.id)).toBeUndefined();
    // /center/open's income history shows it.
    expect(await incomeShares(db, ownerB.id, { page: 1, count: 10 })).toEqual({
      list: [{ pool: 'bhd_co', coin: 'BHD', unit: 'BHD', day, cooperation: '0', deal: '0.705' }],
      total: 1,
    });
    const kinds = await sql<{ kind: string; total: string }>`
      SELECT t.kind, sum(p.amount)::text AS total FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE t.reference LIKE ${`settlement:bhd_co:${day}:%`} AND a.user_id IS NOT NULL GROUP BY t.kind ORDER BY t.kind`.execute(db);
    expect(kinds.rows).toEqual([
      { kind: 'deal_income', total: String(expected.owners) },
      { kind: 'mining_income', total: String(expected.bare + expected.pointed + expected.half + expected.borrower) },
    ]);
    const withheld = share * 4n - expected.bare - expected.pointed - expected.half - expected.borrower - expected.owners;
    expect(settlement).toMatchObject({ revenue: '10', fee: '1', withheld: String(Number(withheld) / 1e8) });
    expect(await checkLedger(db)).toEqual([]);
    // Run again (a rerun after a crash): nothing moves twice.
    expect((await settleDay(db, 'bhd_co', day, nextMorning(day))).ran).toBe(false);
    expect(await available(ownerA.id, 'BHD')).toBe((availableBefore[0] ?? 0n) + (ownerIncome[0] ?? 0n));
  });

  it('counts a pledge only when it stood the whole day: withdrawn before the end, or made during the day, it does not', async () => {
    const day = '2030-04-10';
    const [withdrawn, late, after, kept] = await Promise.all([buildUser(db), buildUser(db), buildUser(db), buildUser(db)]);
    for (const u of [withdrawn, late, after, kept]) await mine(u.id, 'bhd', day);
    await pointing(withdrawn.id, 'BHD', REQUIRED, at('2030-04-01'), at(day, '23:59:59'));
    await pointing(late.id, 'BHD', REQUIRED, at(day, '00:00:01'));
    // Withdrawn the next day, after the day was over: the day counts it.
    await pointing(after.id, 'BHD', REQUIRED, at('2030-04-01'), at('2030-04-11', '00:00:00'));
    await pointing(kept.id, 'BHD', REQUIRED, at(day, '00:00:00'));
    await recordBlock(db, { pool: 'bhd', height: 601, foundAt: at(day), finderUserId: null, finderMinerId: null, reward: 10n * COIN });
    await settleDay(db, 'bhd', day, nextMorning(day));
    // 10 BHD less the ECO pool's 3 %: 2.425 each.
    const share = 242_500_000n;
    const paid = await Promise.all([withdrawn, late, after, kept].map((u) => available(u.id, 'BHD')));
    expect(paid).toEqual([(share * 5_500n) / 10_000n, (share * 5_500n) / 10_000n, share, share]);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('counts a deal only on days it stood securing throughout: broken and put back during a day, that day is unsecured', async () => {
    const day = '2030-08-10';
    const next = '2030-08-11';
    const [owner, borrower] = await Promise.all([buildUser(db, { balance: { BHD: 100n * COIN } }), buildUser(db, { balance: { BHD: 100n * COIN } })]);
    const id = await deal(owner.id, borrower.id, 'bhd_co', '30', at('2030-08-01'));
    await advanceDeals(db, at('2030-08-02', '00:00:00'));
    await dealAction(db, borrower.id, { id, action: 'break' }, at(day, '10:00:00'));
    await dealAction(db, borrower.id, { id, action: 'remargin' }, at(day, '11:00:00'));
    for (const [d, height] of [
      [day, 1001],
      [next, 1002],
    ] as const) {
      await mine(borrower.id, 'bhd_co', d);
      await recordBlock(db, { pool: 'bhd_co', height, foundAt: at(d), finderUserId: null, finderMinerId: null, reward: 10n * COIN });
    }
    await settleDay(db, 'bhd_co', day, nextMorning(day));
    await settleDay(db, 'bhd_co', next, nextMorning(next));
    const pot = 900_000_000n;
    expect(await creditOf('bhd_co', day, borrower.id)).toMatchObject({ amount_units: String((pot * 5_500n) / 10_000n) });
    expect(await creditOf('bhd_co', day, owner.id)).toBeUndefined();
    // The next day it stood throughout: the owner's 94 %, the miner's 3 %.
    expect(await creditOf('bhd_co', next, borrower.id)).toMatchObject({ amount_units: String((pot * 300n) / 10_000n) });
    expect(await creditOf('bhd_co', next, owner.id)).toMatchObject({ amount_units: String((pot * 9_400n) / 10_000n), deal_income_units: String((pot * 9_400n) / 10_000n) });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a burn coefficient of 2 doubles the pledge a capacity needs: the same pledge secures half', async () => {
    const day = '2030-05-10';
    await db.updateTable('pool_configs').set({ burn_coefficient_bp: 20_000 }).where('pool', '=', 'lhd').execute();
    try {
      const [full, none] = await Promise.all([buildUser(db), buildUser(db)]);
      for (const u of [full, none]) await mine(u.id, 'lhd', day);
      await pointing(full.id, 'LHD', REQUIRED, at('2030-05-01'));
      await recordBlock(db, { pool: 'lhd', height: 701, foundAt: at(day), finderUserId: null, finderMinerId: null, reward: 10n * COIN });
      await settleDay(db, 'lhd', day, nextMorning(day));
      const share = 485_000_000n;
      // LHD pays 15 % unsecured: half secured is 100 % of half and 15 % of the other.
      expect(await available(full.id, 'LHD')).toBe((share * (5_000n * 10_000n + 5_000n * 1_500n)) / 10n ** 8n);
      expect(await available(none.id, 'LHD')).toBe((share * 1_500n) / 10_000n);
      expect(await checkLedger(db)).toEqual([]);
    } finally {
      await db.updateTable('pool_configs').set({ burn_coefficient_bp: 10_000 }).where('pool', '=', 'lhd').execute();
    }
  });

  it('counts a pledge once across the coin’s pools: split by the member’s points in each', async () => {
    const day = '2030-06-10';
    const [both, other] = await Promise.all([buildUser(db), buildUser(db)]);
    // The same member mines in the HDD pool and the HDD cooperation pool, 3:1; one pledge for the whole.
    await mine(both.id, 'hdd', day, (POINTS * 3n) / 4n);
    await mine(both.id, 'hdd_co', day, POINTS / 4n);
    await mine(other.id, 'hdd', day, (POINTS * 3n) / 4n);
    await pointing(both.id, 'HDD', REQUIRED + 100n, at('2030-06-01'));
    await recordBlock(db, { pool: 'hdd', height: 801, foundAt: at(day), finderUserId: null, finderMinerId: null, reward: 10n * COIN });
    await settleDay(db, 'hdd', day, nextMorning(day));
    const share = 485_000_000n;
    // Three quarters of the pledge count here, for three quarters of its capacity: fully secured.
    expect(await available(both.id, 'HDD')).toBe(share);
    expect(await available(other.id, 'HDD')).toBe((share * 750n) / 10_000n);
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('each deal is paid by the shares it records', () => {
  const shares = (owner: string, miner: string) => ({ coin: 'BHD', min_whole: '1', owner_share: owner, miner_share: miner, deal_margin: '20', deal_term_days: 30 });

  it('a deal made before the back office changed the shares keeps its 94/3; a new one pays 90/5; a miner with both splits by the amounts', async () => {
    const day = '2030-09-10';
    const before = at('2030-09-01', '00:00:00');
    const [two, one] = await Promise.all([buildUser(db, { balance: { BHD: 100n * COIN } }), buildUser(db, { balance: { BHD: 100n * COIN } })]);
    const [oldOwner, newOwner] = await Promise.all([buildUser(db, { balance: { BHD: 100n * COIN } }), buildUser(db, { balance: { BHD: 100n * COIN } })]);
    for (const u of [two, one]) await mine(u.id, 'bhd_co', day);
    // 15 + 15 BHD secure `two` whole; 30 BHD secure `one` whole.
    expect(REQUIRED).toBeLessThanOrEqual(30n * COIN);
    await deal(oldOwner.id, two.id, 'bhd_co', '15', before); // at the spec's 94 % / 3 %
    await updateCooperationSettings(db, 'cli', shares('90', '5'));
    try {
      await deal(newOwner.id, two.id, 'bhd_co', '15', before);
      await deal(newOwner.id, one.id, 'bhd_co', '30', before);
      const recorded = await db.selectFrom('deals').select(['owner_id', 'miner_id', 'owner_bp', 'miner_bp']).where('miner_id', 'in', [two.id, one.id]).orderBy('id').execute();
      expect(recorded.map((d) => [d.owner_bp, d.miner_bp])).toEqual([
        [9_400, 300],
        [9_000, 500],
        [9_000, 500],
      ]);
      // And again after the deals were made: the day pays what each deal records, not the coin's settings now.
      await updateCooperationSettings(db, 'cli', shares('50', '50'));
      await advanceDeals(db, at('2030-09-02', '00:00:00'));
      await recordBlock(db, { pool: 'bhd_co', height: 1101, foundAt: at(day), finderUserId: null, finderMinerId: null, reward: 10n * COIN });
      const availableBefore = await Promise.all([oldOwner, newOwner].map((u) => available(u.id, 'BHD')));
      await settleDay(db, 'bhd_co', day, nextMorning(day));

      const share = 450_000_000n; // 9 BHD after the 10 % fee, half each
      // `two`: half its deal-secured part at 94/3 (15 of 30 BHD), half at 90/5 — owners 92 %, miner 4 %, each rounded down once.
      const twoOwners = (share * 10_000n * (15n * 9_400n + 15n * 9_000n)) / (10n ** 8n * 30n);
      const twoMiner = (share * 10_000n * (15n * 300n + 15n * 500n)) / (10n ** 8n * 30n);
      expect([twoOwners, twoMiner]).toEqual([(share * 9_200n) / 10_000n, (share * 400n) / 10_000n]);
      // Its owners' part by amount × owner share: 15 × 94 : 15 × 90.
      const oldPart = (twoOwners * 9_400n) / 18_400n;
      const newPart = twoOwners - oldPart;
      expect(await creditOf('bhd_co', day, two.id)).toMatchObject({ amount_units: String(twoMiner), deal_income_units: '0' });
      expect(await creditOf('bhd_co', day, one.id)).toMatchObject({ amount_units: String((share * 500n) / 10_000n) });
      expect(await creditOf('bhd_co', day, oldOwner.id)).toMatchObject({ deal_income_units: String(oldPart) });
      expect(await creditOf('bhd_co', day, newOwner.id)).toMatchObject({ deal_income_units: String(newPart + (share * 9_000n) / 10_000n) });
      const paid = await Promise.all([oldOwner, newOwner].map((u) => available(u.id, 'BHD')));
      expect(paid.map((a, i) => a - (availableBefore[i] ?? 0n))).toEqual([oldPart, newPart + (share * 9_000n) / 10_000n]);
      expect(await checkLedger(db)).toEqual([]);
      // A rerun moves nothing.
      expect((await settleDay(db, 'bhd_co', day, nextMorning(day))).ran).toBe(false);
      expect(await Promise.all([oldOwner, newOwner].map((u) => available(u.id, 'BHD')))).toEqual(paid);
      expect(await checkLedger(db)).toEqual([]);
    } finally {
      await updateCooperationSettings(db, 'cli', shares('94', '3'));
    }
  });
});

describe('a CO pool’s cooperation share', () => {
  it('splits the pot by the cooperation ratio: the miners by points, the cooperators by the amounts held all day', async () => {
    const day = '2030-07-10';
    const miner = await buildUser(db);
    const [big, small, leaving] = await Promise.all([
      buildUser(db, { balance: { LHD: 10n * COIN } }),
      buildUser(db, { balance: { LHD: 10n * COIN } }),
      buildUser(db, { balance: { LHD: 10n * COIN } }),
    ]);
    await convertToCooperation(db, big.id, { pool: 'lhd_co', amount: '3' }, 'open');
    await convertToCooperation(db, small.id, { pool: 'lhd_co', amount: '1' }, 'open');
    await convertToCooperation(db, leaving.id, { pool: 'lhd_co', amount: '2' }, 'open');
    // All of it returned during the day: it held nothing the whole day.
    await returnCooperation(db, leaving.id, { pool: 'lhd_co', amount: '2' });
    await db
      .updateTable('cooperation_logs')
      .set({ created_at: at(day, '08:00:00') })
      .where('user_id', '=', leaving.id)
      .where('kind', '=', 'return')
      .execute();
    await mine(miner.id, 'lhd_co', day);
    await recordBlock(db, { pool: 'lhd_co', height: 901, foundAt: at(day), finderUserId: null, finderMinerId: null, reward: 10n * COIN });
    const before = await available(big.id, 'LHD');
    const { settlement } = await settleDay(db, 'lhd_co', day, nextMorning(day));
    // 10 LHD less 10 %: 9; the miners' 50 % (4.5) at LHD's unsecured 15 %; the cooperators' 4.5 by 3:1.
    expect(await available(miner.id, 'LHD')).toBe(67_500_000n);
    expect((await available(big.id, 'LHD')) - before).toBe(337_500_000n);
    expect(await creditOf('lhd_co', day, small.id)).toMatchObject({ amount_units: '112500000', cooperation_income_units: '112500000' });
    expect(await creditOf('lhd_co', day, leaving.id)).toBeUndefined();
    expect((await incomeShares(db, small.id, { page: 1, count: 10 })).list).toEqual([{ pool: 'lhd_co', coin: 'LHD', unit: 'LHD', day, cooperation: '1.125', deal: '0' }]);
    expect((await incomeShares(db, miner.id, { page: 1, count: 10 })).list).toEqual([]);
    expect(settlement).toMatchObject({ fee: '1', withheld: '3.825', credited: '5.175' });
    const coop = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM ledger_transactions WHERE kind = 'cooperation_income' AND reference LIKE ${`settlement:lhd_co:${day}:%`}`.execute(db);
    expect(coop.rows[0]?.n).toBe('1');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('with no miner that day the cooperators take the whole pot', async () => {
    const day = '2030-07-11';
    const holder = await buildUser(db, { balance: { HDD: 10n * COIN } });
    await convertToCooperation(db, holder.id, { pool: 'hdd_co', amount: '5' }, 'open');
    await recordBlock(db, { pool: 'hdd_co', height: 902, foundAt: at(day), finderUserId: null, finderMinerId: null, reward: 10n * COIN });
    const before = await available(holder.id, 'HDD');
    const { settlement } = await settleDay(db, 'hdd_co', day, nextMorning(day));
    expect(settlement).toMatchObject({ status: 'SETTLEMENT', fee: '1', withheld: '0', remainder: '0', credited: '9' });
    expect((await available(holder.id, 'HDD')) - before).toBe(9n * COIN);
    expect(await checkLedger(db)).toEqual([]);
  });
});
