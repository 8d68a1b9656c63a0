import { parseAmount } from '@platter/domain';
import { describe, expect, it } from 'vitest';
import { devnetStakingSource, DEVNET_MASS_STAKING_ADDRESS } from '../../chain/mass-staking-devnet.ts';
import type { StakingSource } from '../../chain/mass-wallet.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { feedDevnetStaking } from '../../sim/staking.ts';
import { creditMortgageIncome } from './mortgage-income.service.ts';
import { moveToMortgage } from './mortgage.service.ts';
import { bookStakingDays, scanStaking } from './staking-income.service.ts';

/**
 * MASS locked revenue read from the chain (issue 22) on the real database: the devnet's staking
 * chain (the simulator's feed) read block by block, each whole settled day booked once through
 * the mortgage income — the rank rule, the operator's entry before or after, two workers racing.
 */

const MASS = (text: string) => parseAmount(text, 8);
const NOW = new Date('2026-06-05T12:00:00Z');
const options = { confirmations: 0, batch: 10_000 };

/** A fresh database with a 3000 MASS lot locked from 05-31 and the simulator's chain from 06-01 00:00 up to NOW. */
async function setUp() {
  const { db } = await testDatabase();
  const holder = await buildUser(db, { balance: { MASS: MASS('3000') } });
  await moveToMortgage(db, holder.id, { coin: 'MASS', amount: '3000', request_id: `staking-${holder.id}` }, new Date('2026-05-30T10:00:00Z'));
  await feedDevnetStaking(db, { now: NOW, seed: 22, backfillDays: 4, blockSeconds: 3600 });
  return { db, holder, source: devnetStakingSource(db) };
}

/** What the devnet chain paid the pool's position on `day` within rank 30, and its best rank. */
async function paidOn(db: Db, day: string) {
  const rows = await db
    .selectFrom('devnet_staking_blocks')
    .select(['chain_rank', 'profit_units'])
    .where('address', '=', DEVNET_MASS_STAKING_ADDRESS)
    .where('block_time', '>=', new Date(`${day}T00:00:00Z`))
    .where('block_time', '<', new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000))
    .execute();
  return { amount: rows.reduce((sum, r) => sum + BigInt(r.profit_units), 0n), rank: rows.length ? Math.min(...rows.map((r) => r.chain_rank + 1)) : null, blocks: rows.length };
}

const available = async (db: Db, userId: string) => (await userBalances(db, userId, 'MASS')).get('MASS')?.available ?? 0n;
const incomeDays = (db: Db) =>
  db.selectFrom('mortgage_income_days').select(['day', 'revenue_units', 'rank', 'status', 'source']).where('coin', '=', 'MASS').orderBy('day').execute();
const transactions = async (db: Db, day: string) =>
  (await db.selectFrom('ledger_transactions').select('id').where('reference', '=', `mortgage_income:MASS:${day}`).execute()).length;

describe('MASS locked revenue read from the chain', () => {
  it('books every whole settled day once, from the blocks’ rewards; a day ranked beyond 30 moves nothing', async () => {
    const { db, holder, source } = await setUp();
    // The scan starts at the first block of 06-01 (00:00): 06-01 … 06-04 are whole; 06-05 is today.
    expect(await scanStaking(db, source, { ...options, startHeight: 1 })).toBeGreaterThan(90);
    expect(await bookStakingDays(db, 'MASS', NOW)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04']);
    const days = await incomeDays(db);
    let paid = 0n;
    for (const row of days) {
      const chain = await paidOn(db, row.day);
      if (chain.blocks > 0) {
        expect(row).toMatchObject({ revenue_units: String(chain.amount), rank: chain.rank, status: 'PAID', source: 'wallet' });
        paid += chain.amount;
      } else {
        // The pool ranked beyond the paid 30 all day: nothing shared, nothing moves.
        expect(row).toMatchObject({ revenue_units: '0', rank: 31, status: 'NO_RANK', source: 'wallet' });
        expect(await transactions(db, row.day)).toBe(0);
      }
    }
    // The seed ranks the pool 36th on 06-01 (nothing) and within 30 on the other three.
    expect(days.map((d) => d.status)).toEqual(['NO_RANK', 'PAID', 'PAID', 'PAID']);
    expect(paid).toBeGreaterThan(0n);
    expect(await available(db, holder.id)).toBe(paid);
    // Run again: nothing more is read or booked.
    expect(await scanStaking(db, source, options)).toBe(0);
    expect(await bookStakingDays(db, 'MASS', NOW)).toEqual([]);
    expect(await available(db, holder.id)).toBe(paid);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a day the operator entered first is not booked again; a day the job booked answers the operator’s entry with the first', async () => {
    const { db, holder, source } = await setUp();
    const manual = await creditMortgageIncome(db, 'cli', { coin: 'MASS', day: '2026-06-02', amount: '7', rank: 5 }, NOW);
    expect(manual).toMatchObject({ status: 'PAID', revenue: '7' });
    await scanStaking(db, source, { ...options, startHeight: 1 });
    const booked = await bookStakingDays(db, 'MASS', NOW);
    expect(booked).not.toContain('2026-06-02');
    expect((await incomeDays(db)).find((d) => d.day === '2026-06-02')).toMatchObject({ revenue_units: String(MASS('7')), rank: 5, source: 'manual' });
    expect(await transactions(db, '2026-06-02')).toBe(1);
    // The other order: the job booked 06-03; the operator's entry for it moves nothing and answers the job's booking.
    const before = await available(db, holder.id);
    const chain = await paidOn(db, '2026-06-03');
    const late = await creditMortgageIncome(db, 'cli', { coin: 'MASS', day: '2026-06-03', amount: '999', rank: 1 }, NOW);
    expect(late.rank).toBe(chain.blocks > 0 ? chain.rank : 31);
    expect(late.revenue).not.toBe('999');
    expect(await available(db, holder.id)).toBe(before);
    expect(await transactions(db, '2026-06-03')).toBe(chain.blocks > 0 ? 1 : 0);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('two workers racing read each block and book each day once', async () => {
    const { db, holder, source } = await setUp();
    await scanStaking(db, source, { ...options, startHeight: 1, batch: 1 });
    const worker = async () => {
      for (let i = 0; i < 40; i++) await scanStaking(db, source, { ...options, batch: 7 });
      return bookStakingDays(db, 'MASS', NOW);
    };
    await Promise.all([worker(), worker()]);
    const rewards = await db.selectFrom('staking_rewards').select(['height']).where('coin', '=', 'MASS').execute();
    const chainRows = await db.selectFrom('devnet_staking_blocks').select('height').where('address', '=', DEVNET_MASS_STAKING_ADDRESS).where('block_time', '<=', NOW).execute();
    expect(rewards.length).toBe(chainRows.length);
    const days = await incomeDays(db);
    expect(days.map((d) => d.day)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04']);
    let paid = 0n;
    for (const d of days) {
      paid += BigInt(d.revenue_units);
      expect(await transactions(db, d.day)).toBe(d.status === 'PAID' ? 1 : 0);
    }
    expect(await available(db, holder.id)).toBe(paid);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('reads nothing until a block is buried under the confirmations, and starts from the newest it may read by default', async () => {
    const { db } = await testDatabase();
    const empty = devnetStakingSource(db);
    expect(await scanStaking(db, empty, options)).toBe(0);
    await feedDevnetStaking(db, { now: NOW, seed: 22, backfillDays: 1, blockSeconds: 3600 });
    const best = await empty.bestHeight();
    const buried: StakingSource = { ...empty, bestHeight: () => Promise.resolve(best) };
    // Starts at best − confirmations: that block and none before it.
    expect(await scanStaking(db, buried, { confirmations: 5, batch: 100 })).toBe(1);
    expect(await db.selectFrom('staking_scans').select(['start_height', 'next_height']).executeTakeFirstOrThrow()).toEqual({
      start_height: String(best - 5),
      next_height: String(best - 4),
    });
    // Mid-day start: that day is partial, and no day has ended since: nothing to book.
    expect(await bookStakingDays(db, 'MASS', NOW)).toEqual([]);
  });
});
