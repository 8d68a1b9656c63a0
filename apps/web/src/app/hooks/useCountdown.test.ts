import { describe, expect, it } from 'vitest';
import { secondsLeft } from './useCountdown.ts';

describe('secondsLeft', () => {
  it('rounds up to whole seconds and never goes below zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 1)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });

  it('counts against the clock: a tab asleep for 45 s shows 15 s left', () => {
    const start = 1_000_000;
    expect(secondsLeft(start + 60_000, start + 45_000)).toBe(15);
  });
});
