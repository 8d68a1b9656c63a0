import { addressFromBytes, parseAmount } from '@platter/domain';
import { describe, expect, it } from 'vitest';
import { devnetStakingSource, DEVNET_MASS_STAKING_ADDRESS } from '../../chain/mass-staking-devnet.ts';
import type { StakingSource } from '../../chain/mass-wallet.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { feedDevnetStaking } from '../../sim/staking.ts';
import { creditMortgageIncome } from './mortgage-income.service.ts';
import { moveToMortgage } from './mortgage.service.ts';
import { bookStakingDays, scanStaking, StakingScanError } from './staking-income.service.ts';

/**
 * MASS locked revenue read from the chain (issue 22) on the real database: the devnet's staking
 * chain (the simulator's feed) read block by block, each whole settled day booked once through
 * the mortgage income — the rank rule, the operator's entry before or after, two workers racing.
 */

const MASS = (text: string) => parseAmount(text, 8);
const NOW = new Date('2026-06-05T12:00:00Z');
const options = { confirmations: 1, batch: 10_000 };

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
    // The seed ranks the pool 36th on 06-01: paid nothing before, that day may be a wrong address
    // rather than a rank beyond 30, so it is left to the operator (see the review's cases below).
    expect(await scanStaking(db, source, { ...options, startHeight: 1 })).toBeGreaterThan(90);
    expect(await bookStakingDays(db, 'MASS', NOW)).toEqual(['2026-06-02', '2026-06-03', '2026-06-04']);
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
    // Within 30 on the other three.
    expect(days.map((d) => d.status)).toEqual(['PAID', 'PAID', 'PAID']);
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
    // Every block but the newest (one confirmation).
    const best = await source.bestHeight();
    const chainRows = await db.selectFrom('devnet_staking_blocks').select('height').where('address', '=', DEVNET_MASS_STAKING_ADDRESS).where('height', '<', String(best)).execute();
    expect(rewards.length).toBe(chainRows.length);
    const days = await incomeDays(db);
    expect(days.map((d) => d.day)).toEqual(['2026-06-02', '2026-06-03', '2026-06-04']);
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

/** A chain in memory, as a MassNet wallet would answer it: blocks `seconds` apart from `start`, the pool paid in the blocks `paid` picks. */
function memoryChain(options: { start: Date; seconds: number; count: number; paid?: (height: number) => boolean; kind?: 'wallet' | 'devnet'; chainId?: string }) {
  const pool = 'ms1qp-memory-pool';
  const state = { count: options.count, syncing: false, fork: 0, invalid: [] as string[] };
  const hash = (height: number) => (height === 0 ? '' : `h${height}${height >= state.fork && state.fork > 0 ? 'b' : ''}`);
  const source: StakingSource = {
    coin: 'MASS',
    kind: options.kind ?? 'wallet',
    bestHeight: () => Promise.resolve(state.count),
    status: () => Promise.resolve({ syncing: state.syncing, chainId: options.chainId ?? 'main' }),
    invalidAddresses: () => Promise.resolve(state.invalid),
    block(height) {
      if (height < 1 || height > state.count) return Promise.reject(new RangeError(`no block ${height}`));
      return Promise.resolve({
        height,
        time: new Date(options.start.getTime() + (height - 1) * options.seconds * 1000),
        hash: hash(height),
        previousHash: hash(height - 1),
        rewards: options.paid?.(height) ? [{ address: pool, rank: 4, profit: MASS('1'), staked: MASS('3000') }] : [],
      });
    },
  };
  return { source, state };
}

describe('MASS staking scan: the review’s cases', () => {
  it('a start height at the first block of a day that is not at midnight books that day', async () => {
    const { db } = await testDatabase();
    // Blocks every 10 minutes from 06-01 23:40:31: block 3 (06-02 00:00:31) is the first of 06-02.
    const { source } = memoryChain({ start: new Date('2026-06-01T23:40:31Z'), seconds: 600, count: 400, paid: () => true });
    expect(await scanStaking(db, source, { ...options, startHeight: 3 })).toBeGreaterThan(0);
    expect(await bookStakingDays(db, 'MASS', NOW)).toContain('2026-06-02');
    expect((await incomeDays(db))[0]).toMatchObject({ day: '2026-06-02', revenue_units: String(MASS('144')), source: 'wallet' });
    // Started one block later (00:10:31), 06-02 is partial: not booked.
    const other = await testDatabase();
    await scanStaking(other.db, source, { ...options, startHeight: 4 });
    expect(await bookStakingDays(other.db, 'MASS', NOW)).not.toContain('2026-06-02');
  });

  it('waits for a start height beyond the readable blocks, and reads nothing while the node syncs', async () => {
    const { db } = await testDatabase();
    const { source, state } = memoryChain({ start: new Date('2026-06-01T00:00:00Z'), seconds: 600, count: 50 });
    expect(await scanStaking(db, source, { ...options, startHeight: 60 })).toBe(0);
    expect(await db.selectFrom('staking_scans').selectAll().execute()).toEqual([]);
    state.count = 70;
    state.syncing = true;
    expect(await scanStaking(db, source, { ...options, startHeight: 60 })).toBe(0);
    state.syncing = false;
    expect(await scanStaking(db, source, { ...options, startHeight: 60 })).toBe(10);
    expect(await db.selectFrom('staking_scans').select(['start_height', 'next_height']).executeTakeFirstOrThrow()).toEqual({ start_height: '60', next_height: '70' });
    await expect(scanStaking(db, source, { ...options, confirmations: 0 })).rejects.toBeInstanceOf(StakingScanError);
  });

  it('stops on a reorganisation: a block whose parent is not the block read before it', async () => {
    const { db } = await testDatabase();
    const { source, state } = memoryChain({ start: new Date('2026-06-01T00:00:00Z'), seconds: 600, count: 20 });
    expect(await scanStaking(db, source, { ...options, startHeight: 1 })).toBe(19);
    // Blocks from 19 on replaced: 19 (read already) and 20 differ; 20's parent is the new 19.
    state.fork = 19;
    state.count = 25;
    await expect(scanStaking(db, source, options)).rejects.toThrow(/reorganised/);
    expect((await db.selectFrom('staking_scans').select('next_height').executeTakeFirstOrThrow()).next_height).toBe('20');
  });

  it('refuses another source or chain than the one its cursor was read from', async () => {
    const { db } = await testDatabase();
    const wallet = memoryChain({ start: new Date('2026-06-01T00:00:00Z'), seconds: 600, count: 20 });
    await scanStaking(db, wallet.source, { ...options, startHeight: 1 });
    const devnet = memoryChain({ start: new Date('2026-06-01T00:00:00Z'), seconds: 600, count: 30, kind: 'devnet' });
    await expect(scanStaking(db, devnet.source, options)).rejects.toThrow(/now devnet/);
    const testnet = memoryChain({ start: new Date('2026-06-01T00:00:00Z'), seconds: 600, count: 30, chainId: 'testnet' });
    await expect(scanStaking(db, testnet.source, options)).rejects.toThrow(/chain testnet/);
    expect((await db.selectFrom('staking_scans').select('next_height').executeTakeFirstOrThrow()).next_height).toBe('20');
  });

  it('a wrong staking address: refused by the config and the wallet; no day closed at zero before the pool was ever paid', async () => {
    const staking = addressFromBytes('MASS', new Uint8Array(32).fill(8));
    const ordinary = addressFromBytes('MASS', new Uint8Array(32).fill(0));
    expect(staking.startsWith('ms1qp')).toBe(true);
    const url = 'http://127.0.0.1:9688';
    expect(loadConfig({ MASS_WALLET_URL: url, MASS_STAKING_ADDRESSES: staking }).massStakingAddresses).toEqual([staking]);
    expect(() => loadConfig({ MASS_WALLET_URL: url, MASS_STAKING_ADDRESSES: ordinary })).toThrow(ConfigError);
    expect(() => loadConfig({ MASS_WALLET_URL: url, MASS_STAKING_ADDRESSES: `${staking.slice(0, -1)}x` })).toThrow(ConfigError);
    const { db } = await testDatabase();
    const chain = memoryChain({ start: new Date('2026-06-01T00:00:00Z'), seconds: 3600, count: 24 * 4 + 2, paid: (h) => h > 24 * 2 && h <= 24 * 2 + 3 });
    chain.state.invalid = ['ms1qqtypo'];
    await expect(scanStaking(db, chain.source, { ...options, startHeight: 1 })).rejects.toThrow(/ms1qqtypo is not a staking address/);
    chain.state.invalid = [];
    // Read up to 06-02's end only: the pool was never paid, so 06-01 and 06-02 wait.
    await scanStaking(db, chain.source, { ...options, startHeight: 1, batch: 24 * 2 + 1 });
    expect(await bookStakingDays(db, 'MASS', NOW)).toEqual([]);
    // 06-03 paid it: from then on a day without reward is NO_RANK; 06-01 and 06-02 stay the operator's.
    await scanStaking(db, chain.source, options);
    expect(await bookStakingDays(db, 'MASS', NOW)).toEqual(['2026-06-03', '2026-06-04']);
    expect((await incomeDays(db)).map((d) => [d.day, d.status])).toEqual([
      ['2026-06-03', 'NO_LOCK'],
      ['2026-06-04', 'NO_RANK'],
    ]);
    expect(await creditMortgageIncome(db, 'cli', { coin: 'MASS', day: '2026-06-01', amount: '5', rank: 2 }, NOW)).toMatchObject({ status: 'NO_LOCK', revenue: '5' });
    expect(await bookStakingDays(db, 'MASS', NOW)).toEqual([]);
  });
});
