import { describe, expect, it } from 'vitest';
import { capacityAxis, hashrateText, hourlySeries, incomeBars, pointsText } from './poolFormat.ts';
import { recordOf } from './poolTestKit.tsx';

describe('the pool pages’ formats', () => {
  it('fills the hours without shares with zero, oldest first, ending with the last complete hour', () => {
    const now = Date.UTC(2025, 0, 2, 10, 30);
    const current = Date.UTC(2025, 0, 2, 10) / 1000;
    const api = [
      { time: current - 4 * 3600, points: '1', shares: 1, capacity: '5' },
      { time: current - 2 * 3600, points: '7', shares: 1, capacity: '99' },
      { time: current, points: '2', shares: 1, capacity: '3' },
    ];
    expect(hourlySeries(api, 3, now)).toEqual([
      { time: current - 3 * 3600, points: 0, capacity: 0 },
      { time: current - 2 * 3600, points: 7, capacity: 99 },
      { time: current - 3600, points: 0, capacity: 0 },
    ]);
  });

  it('writes hashrates in steps of 1000 and points grouped', () => {
    expect(hashrateText('999')).toBe('999.00 H/s');
    expect(hashrateText('12500000')).toBe('12.50 MH/s');
    expect(hashrateText('')).toBe('0.00 H/s');
    expect(pointsText('1234567')).toBe('1,234,567');
  });

  it('picks the capacity axis unit from the largest value', () => {
    expect(capacityAxis(3 * 1024 ** 4, 1024)).toEqual({ unit: 'TiB', divisor: 1024 ** 4 });
    expect(capacityAxis(2e15, 1000)).toEqual({ unit: 'PB', divisor: 1e15 });
    expect(capacityAxis(0, 1024)).toEqual({ unit: 'B', divisor: 1 });
  });

  it('charts settled days only, oldest first', () => {
    const bars = incomeBars([recordOf('2025-01-03', 'NOT_PENDING', '0'), recordOf('2025-01-02', 'SETTLEMENT', '0.5'), recordOf('2025-01-01', 'UNSETTLEMENT', '0')]);
    expect(bars).toEqual([
      { day: '2025-01-01', value: 0 },
      { day: '2025-01-02', value: 0.5 },
    ]);
  });
});
