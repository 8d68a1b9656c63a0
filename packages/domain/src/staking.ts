import { addressChecksumValid } from './address/index.ts';

/**
 * MASS locked (staking) revenue read from the chain (issue 22; README 'MASS locked revenue from
 * the wallet'): the pure rules that turn the staking rewards a MassNet wallet reports per block
 * into the settled day's locked revenue and rank that the mortgage income shares out.
 *
 * What MassNet gives (its wallet's `GET /v1/blocks/{height}/stakingreward`): for each block, the
 * staking positions the block's coinbase paid, in rank order — `rank` counted from 0, the staked
 * `amount` and the `profit` of that block as decimal MASS strings, the `address` of the position.
 * A position outside the paid ranks is not listed at all. There is no per-day figure: a day is
 * the blocks whose time falls in it (UTC), read one by one.
 */

/** A position's rank as the spec counts it (1 = first): MassNet's ranks count from 0. */
export function stakingPosition(chainRank: number): number {
  return chainRank + 1;
}

/** One block's staking reward paid to one of the pool's positions. */
export interface StakingReward {
  height: number;
  /** The spec's rank (1-based, stakingPosition). */
  rank: number;
  /** The block's reward to the position, base units. */
  profit: bigint;
}

/**
 * A settled day's locked revenue from the rewards of its blocks: the sum of what the blocks paid
 * the pool's positions while ranked within `maxEarningRank` ("rankings below 30 earn no locked
 * revenue"; a rank of 0 or less: no rank rule), and the day's rank — the best (lowest) it reached in an earning block. A day whose
 * blocks paid nothing within the rank is ranked `maxEarningRank + 1` with nothing to share (the
 * mortgage income books it as NO_RANK: nothing moves).
 */
export function stakingDay(rewards: readonly StakingReward[], maxEarningRank: number): { amount: bigint; rank: number } {
  let amount = 0n;
  let rank = Number.POSITIVE_INFINITY;
  for (const r of rewards) {
    if (r.rank < 1 || (maxEarningRank > 0 && r.rank > maxEarningRank) || r.profit <= 0n) continue;
    amount += r.profit;
    rank = Math.min(rank, r.rank);
  }
  return amount > 0n ? { amount, rank } : { amount: 0n, rank: maxEarningRank > 0 ? maxEarningRank + 1 : 1 };
}

/** The UTC day (YYYY-MM-DD) a block's time falls in. */
export function blockDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/**
 * The days the wallet's blocks cover whole: from the first whole day after the scan began
 * (`startTime`, the first block read) up to the last day that ended by `scannedUntil` (the time
 * of the last block read, which is past the day's end), and before `today`. A day is booked from
 * the wallet only when every one of its blocks was read.
 */
export function wholeStakingDays(startTime: Date, scannedUntil: Date, today: string, bookedUntil?: string | null): string[] {
  const dayMs = 86_400_000;
  const startDay = Date.parse(`${blockDay(startTime)}T00:00:00Z`);
  // A scan that began at a day's first instant (its first block: the scan marks it so) read that day whole.
  let from = startTime.getTime() === startDay ? startDay : startDay + dayMs;
  // Days up to `bookedUntil` are done: only those after it are walked.
  if (bookedUntil) from = Math.max(from, Date.parse(`${bookedUntil}T00:00:00Z`) + dayMs);
  const days: string[] = [];
  for (; from + dayMs <= scannedUntil.getTime(); from += dayMs) {
    const day = new Date(from).toISOString().slice(0, 10);
    if (day >= today) break;
    days.push(day);
  }
  return days;
}

/**
 * A MassNet staking address (`ms1qp…`: witness version 0, a program whose first 5-bit word is 1)
 * with a good bech32 checksum: what MASS_STAKING_ADDRESSES takes — an ordinary `ms1qq…` address
 * or a typo never earns staking rewards, so it would close every day at zero.
 */
export function massStakingAddressValid(address: string): boolean {
  return address.startsWith('ms1qp') && addressChecksumValid('MASS', address);
}

/** The block that opens a scan: the first of its UTC day when the block before it lies on an earlier day. */
export function opensItsDay(time: Date, previousTime: Date | null): boolean {
  return previousTime === null || blockDay(previousTime) < blockDay(time);
}
