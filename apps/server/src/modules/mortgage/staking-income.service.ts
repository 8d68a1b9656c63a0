import { blockDay, opensItsDay, stakingDay, utcDay, wholeStakingDays } from '@platter/domain';
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
  /** Blocks a block must be buried under before it is read (at least 1; a deeper reorganisation is seen and stops the scan). */
  confirmations: number;
  /** The most blocks one run reads. */
  batch: number;
  /** Where the first run starts (MASS_STAKING_START_HEIGHT); default: the newest block it may read. */
  startHeight?: number;
}

/** The scan cannot go on without the operator: another source or chain, a reorganisation, a wrong address. */
export class StakingScanError extends Error {
  override name = 'StakingScanError';
}

/** Reads the next blocks of the chain for their rewards to the pool; answers how many were read. */
export async function scanStaking(db: Db, source: StakingSource, options: ScanOptions): Promise<number> {
  if (!Number.isInteger(options.confirmations) || options.confirmations < 1) throw new StakingScanError('MASS_STAKING_CONFIRMATIONS must be at least 1');
  // A node still catching up answers blocks it may replace: wait.
  const status = await source.status();
  if (status.syncing) return 0;
  let scan = await repo.scan(db, source.coin);
  if (scan && (scan.source !== source.kind || (scan.chain_id !== null && status.chainId !== null && scan.chain_id !== status.chainId)))
    throw new StakingScanError(
      `${source.coin} staking: the scan was read from ${scan.source}${scan.chain_id ? ` (chain ${scan.chain_id})` : ''}, now ${source.kind}${status.chainId ? ` (chain ${status.chainId})` : ''}: refused (its cursor belongs to the other chain)`,
    );
  const invalid = await source.invalidAddresses();
  if (invalid.length > 0) throw new StakingScanError(`${source.coin} staking: the wallet says ${invalid.join(', ')} is not a staking address`);
  const best = await source.bestHeight();
  const safe = best - options.confirmations;
  if (safe < 1) return 0;
  if (!scan) {
    const height = options.startHeight ?? safe;
    // A start beyond what may be read yet is waited for, never lowered.
    if (height > safe) return 0;
    const first = await source.block(height);
    const previous = height > 1 ? await source.block(height - 1) : null;
    // The first block of its UTC day opens the day: the scan reads that day whole.
    const time = opensItsDay(first.time, previous?.time ?? null) ? new Date(`${blockDay(first.time)}T00:00:00Z`) : first.time;
    await repo.startScan(db, { coin: source.coin, source: source.kind, height, time, lastHash: previous?.hash ?? null, chainId: status.chainId });
    scan = await repo.scan(db, source.coin);
    if (!scan) return 0;
  }
  const from = Number(scan.next_height);
  const to = Math.min(safe, from + options.batch - 1);
  if (to < from) return 0;
  const rows: Parameters<typeof repo.insertRewards>[1] = [];
  let until = scan.scanned_until;
  let last = scan.last_hash;
  for (let height = from; height <= to; height += 1) {
    const block = await source.block(height);
    if (last !== null && block.previousHash !== last)
      throw new StakingScanError(
        `${source.coin} staking: block ${height}'s parent is ${block.previousHash}, not ${last} read before it — the chain reorganised below ${options.confirmations} confirmations; the scan stops`,
      );
    last = block.hash;
    until = block.time;
    for (const r of block.rewards)
      rows.push({ coin: source.coin, height, address: r.address, block_time: block.time, day: blockDay(block.time), rank: r.rank, profit_units: r.profit });
  }
  // Rows keyed by block and position: a worker that read the same blocks meanwhile wrote the same rows.
  await db.transaction().execute(async (trx) => {
    await repo.insertRewards(trx, rows);
    await repo.advance(trx, source.coin, from, to + 1, until, last ?? '');
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
  const days = wholeStakingDays(scan.start_time, scan.scanned_until, utcDay(now), scan.booked_until);
  if (days.length === 0) return [];
  const booked = await repo.bookedDays(db, coin, days);
  const rewards = await repo.rewardsOfDays(db, coin, days);
  // Until one of the pool's addresses has been paid once, a day without a reward may be a wrong
  // address rather than a rank beyond 30: it is not booked (NO_RANK) but left to the operator.
  const firstPaid = await repo.firstRewardDay(db, coin);
  const done: string[] = [];
  let dealt: string | undefined;
  for (const day of days) {
    const paid = rewards.filter((r) => r.day === day);
    if (!booked.has(day)) {
      if (paid.length === 0 && (firstPaid === undefined || day < firstPaid)) {
        if (firstPaid === undefined) break;
      } else {
        const { amount, rank } = stakingDay(
          paid.map((r) => ({ height: Number(r.height), rank: r.rank, profit: BigInt(r.profit_units) })),
          settings.maxEarningRank,
        );
        await creditMortgageIncome(db, 'cli', { coin, day, amount: show(amount, rules.scale), rank }, now, 'wallet');
        done.push(day);
      }
    }
    dealt = day;
  }
  if (dealt) await repo.setBookedUntil(db, coin, dealt);
  return done;
}
