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
});
