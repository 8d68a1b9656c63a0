import { describe, expect, it } from 'vitest';
import { nextDifficulty, type RecentPartial } from './difficulty.ts';

/** The reference pool's difficulty adjustment (pool-reference difficulty_adjustment.py). */

const NOW = 1_700_000_000;
/** `count` partials at `difficulty`, one every `every` seconds, the newest `ago` seconds back. */
function partials(count: number, difficulty: bigint, every: number, ago = 0): RecentPartial[] {
  return Array.from({ length: count }, (_, i) => ({ at: NOW - ago - i * every, difficulty }));
}

describe('nextDifficulty', () => {
  it('keeps the difficulty without partials, or right after it changed', () => {
    expect(nextDifficulty({ recent: [], current: 10n, now: NOW, minimum: 10n })).toBe(10n);
    const mixed = [...partials(150, 20n, 60), ...partials(150, 10n, 60, 150 * 60)];
    expect(nextDifficulty({ recent: mixed, current: 20n, now: NOW, minimum: 10n })).toBe(20n);
  });

  it('lowers after silence: over 3 hours by 5, over 1 hour by 1.5, never below the minimum', () => {
    expect(nextDifficulty({ recent: partials(10, 100n, 60, 3 * 3600 + 1), current: 100n, now: NOW, minimum: 10n })).toBe(20n);
    expect(nextDifficulty({ recent: partials(10, 100n, 60, 3600 + 1), current: 100n, now: NOW, minimum: 10n })).toBe(66n);
    expect(nextDifficulty({ recent: partials(10, 30n, 60, 4 * 3600), current: 30n, now: NOW, minimum: 10n })).toBe(10n);
  });

  it('waits for the target count, then scales so the target takes a day', () => {
    expect(nextDifficulty({ recent: partials(299, 10n, 60), current: 10n, now: NOW, minimum: 10n })).toBe(10n);
    // 300 partials in 299 minutes: about 4.8 times too many per day.
    expect(nextDifficulty({ recent: partials(300, 10n, 60), current: 10n, now: NOW, minimum: 10n })).toBe((10n * 86_400n) / (299n * 60n));
    // Slow farmers come down (to the minimum at most).
    expect(nextDifficulty({ recent: partials(300, 100n, 600), current: 100n, now: NOW, minimum: 10n })).toBe((100n * 86_400n) / (299n * 600n));
    expect(nextDifficulty({ recent: partials(300, 11n, 3000), current: 11n, now: NOW, minimum: 10n })).toBe(10n);
  });

  it('scales below the target count once the partials span more than the time target', () => {
    // 150 partials over 149 × 10 minutes (> 1 day): as if 300 had taken twice that.
    expect(nextDifficulty({ recent: partials(150, 20n, 600), current: 20n, now: NOW, minimum: 1n })).toBe(9n);
    // Within the day: kept.
    expect(nextDifficulty({ recent: partials(150, 20n, 500), current: 20n, now: NOW, minimum: 1n })).toBe(20n);
  });
});

/**
 * Every case of the reference's tests/test_difficulty.py (pool-reference), replayed on
 * nextDifficulty: partials are (time, difficulty) newest first, one every `every` seconds.
 */
describe('the reference’s test_difficulty.py cases', () => {
  const DAY = 24 * 3600;
  const run = (recent: RecentPartial[], target: number, current: bigint, minimum: bigint) => nextDifficulty({ recent, current, now: NOW, minimum, target, timeTarget: DAY });

  it('test_no_things_in_db', () => {
    expect(run([], 300, 10n, 1n)).toBe(10n);
  });

  it('test_recently_updated', () => {
    const recent = partials(300, 20n, 200);
    expect(run(recent, 300, 50n, 1n)).toBe(50n);
    recent[0] = { at: NOW, difficulty: 50n };
    expect(run(recent, 300, 50n, 1n)).toBe(50n);
  });

  it('test_really_slow', () => {
    const recent = partials(300, 20n, 200, 100 * 200);
    expect(run(recent, 300, 20n, 1n)).toBe(4n);
    expect(run(recent, 300, 20n, 10n)).toBe(10n);
  });

  it('test_kind_of_slow', () => {
    expect(run(partials(300, 20n, 200, 20 * 200), 300, 20n, 1n)).toBe(13n);
  });

  it('test_not_enough_partials_yet', () => {
    const recent = partials(300, 20n, 200);
    recent[299] = { at: (recent[299] as RecentPartial).at, difficulty: 15n };
    expect(run(recent, 300, 20n, 1n)).toBe(20n);
  });

  it('test_increases_diff', () => {
    expect(run(partials(300, 20n, 200), 300, 20n, 1n)).toBe(28n);
  });

  it('test_decreases_diff', () => {
    expect(run(partials(300, 20n, 380), 300, 20n, 1n)).toBe(15n);
  });

  it('test_partials_low_24h_decreases_diff', () => {
    expect(run(partials(150, 20n, 600), 300, 20n, 1n)).toBe(9n);
  });
});
