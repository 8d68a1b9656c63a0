import { describe, expect, it } from 'vitest';
import { blockDay, stakingDay, stakingPosition, wholeStakingDays } from './staking.ts';

describe('MASS locked revenue from the chain', () => {
  it('counts MassNet’s ranks from 0: the first position is rank 1', () => {
    expect([stakingPosition(0), stakingPosition(29), stakingPosition(30)]).toEqual([1, 30, 31]);
  });

  it('sums a day’s rewards ranked 1 … 30, with the best rank; beyond 30 earns nothing', () => {
    const rewards = [
      { height: 10, rank: 3, profit: 5n },
      { height: 11, rank: 30, profit: 7n },
      { height: 12, rank: 31, profit: 100n },
      { height: 13, rank: 2, profit: 0n },
    ];
    expect(stakingDay(rewards, 30)).toEqual({ amount: 12n, rank: 3 });
    // Every block beyond rank 30 (or none paid the pool): nothing, ranked 31.
    expect(stakingDay([{ height: 12, rank: 31, profit: 100n }], 30)).toEqual({ amount: 0n, rank: 31 });
    expect(stakingDay([], 30)).toEqual({ amount: 0n, rank: 31 });
    // No rank rule (0): every reward counts.
    expect(stakingDay(rewards, 0)).toEqual({ amount: 112n, rank: 3 });
  });

  it('books only the days the scan read whole, before today', () => {
    expect(blockDay(new Date('2026-05-02T23:59:59Z'))).toBe('2026-05-02');
    // Began mid-day on 05-01: that day is partial; 05-02 and 05-03 ended before the last block read.
    expect(wholeStakingDays(new Date('2026-05-01T10:00:00Z'), new Date('2026-05-04T00:00:30Z'), '2026-05-10')).toEqual(['2026-05-02', '2026-05-03']);
    // Began at 00:00:00 exactly: that day is whole.
    expect(wholeStakingDays(new Date('2026-05-01T00:00:00Z'), new Date('2026-05-02T00:00:00Z'), '2026-05-10')).toEqual(['2026-05-01']);
    // The last block read is still in 05-03: that day is not over yet for the scan.
    expect(wholeStakingDays(new Date('2026-05-01T10:00:00Z'), new Date('2026-05-03T23:59:59Z'), '2026-05-10')).toEqual(['2026-05-02']);
    // Never today.
    expect(wholeStakingDays(new Date('2026-05-01T00:00:00Z'), new Date('2026-05-04T00:00:00Z'), '2026-05-02')).toEqual(['2026-05-01']);
  });
});
