import { blockDay, stakingDay, utcDay, wholeStakingDays } from '@platter/domain';
import type { StakingSource } from '../../chain/mass-wallet.ts';
import type { Db } from '../../db/database.ts';
import { coinRules, show } from '../coins/coins.ts';
import { creditMortgageIncome } from './mortgage-income.service.ts';
import { mortgageSettings } from './mortgage.service.ts';
import { stakingRepository as repo } from './staking.repository.ts';

/**
 * MASS locked revenue read from the chain (issue 22; README 'MASS locked revenue from the
 * wallet'). The job `staking-income` reads the chain's blocks one by one from a cursor
 * (`staking_scans`), keeps each reward the blocks paid the pool's staking addresses
 * (`staking_rewards`), and books every settled day it has read whole through the mortgage
 * income (creditMortgageIncome, source `wallet`) — once per coin and day, whoever books it
 * first: a day the operator entered by hand (POST /api/admin/mortgageincome) is never booked
 * again, and a day the job booked answers the operator's entry with the first answer.
 */

export interface ScanOptions {
  /** Blocks a block must be buried under before it is read (a reorganisation above them is not seen). */
  confirmations: number;
  /** The most blocks one run reads. */
  batch: number;
  /** Where the first run starts (MASS_STAKING_START_HEIGHT); default: the newest block it may read. */
  startHeight?: number;
}

/** Reads the next blocks of the chain for their rewards to the pool; answers how many were read. */
export async function scanStaking(db: Db, source: StakingSource, options: ScanOptions): Promise<number> {
  const best = await source.bestHeight();
  const safe = best - options.confirmations;
  if (safe < 1) return 0;
  let scan = await repo.scan(db, source.coin);
  if (!scan) {
    const height = Math.min(options.startHeight ?? safe, safe);
    const first = await source.block(height);
    await repo.startScan(db, { coin: source.coin, source: source.kind, height, time: first.time });
    scan = await repo.scan(db, source.coin);
    if (!scan) return 0;
  }
  const from = Number(scan.next_height);
  const to = Math.min(safe, from + options.batch - 1);
  if (to < from) return 0;
  const rows: Parameters<typeof repo.insertRewards>[1] = [];
  let until = scan.scanned_until;
  for (let height = from; height <= to; height += 1) {
    const block = await source.block(height);
    until = block.time;
    for (const r of block.rewards)
      rows.push({ coin: source.coin, height, address: r.address, block_time: block.time, day: blockDay(block.time), rank: r.rank, profit_units: r.profit });
  }
  // Rows keyed by block and position: a worker that read the same blocks meanwhile wrote the same rows.
  await db.transaction().execute(async (trx) => {
    await repo.insertRewards(trx, rows);
    await repo.advance(trx, source.coin, from, to + 1, until);
  });
  return to - from + 1;
}

/**
 * Books the settled days the scan has read whole and nobody booked yet: each day's rewards
 * within the coin's earning rank (stakingDay) as its locked revenue, with its best rank.
 * Answers the days booked now.
 */
export async function bookStakingDays(db: Db, coin: string, now = new Date()): Promise<string[]> {
  const scan = await repo.scan(db, coin);
  if (!scan) return [];
  const rules = await coinRules(db, coin);
  const settings = await mortgageSettings(db, coin, rules.scale);
  if (!settings.enabled) return [];
  const days = wholeStakingDays(scan.start_time, scan.scanned_until, utcDay(now));
  const booked = await repo.bookedDays(db, coin, days);
  const todo = days.filter((d) => !booked.has(d));
  const rewards = await repo.rewardsOfDays(db, coin, todo);
  const done: string[] = [];
  for (const day of todo) {
    const { amount, rank } = stakingDay(
      rewards.filter((r) => r.day === day).map((r) => ({ height: Number(r.height), rank: r.rank, profit: BigInt(r.profit_units) })),
      settings.maxEarningRank,
    );
    await creditMortgageIncome(db, 'cli', { coin, day, amount: show(amount, rules.scale), rank }, now, 'wallet');
    done.push(day);
  }
  return done;
}
