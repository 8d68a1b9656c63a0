import { describe, expect, it } from 'vitest';
import { formatDateTime } from './time.ts';

describe('formatDateTime', () => {
  it('writes YYYY/MM/DD HH:mm:ss with zero padding', () => {
    // 2026-03-04 05:06:07 UTC, shown at UTC+0 and at UTC+8 (offset as getTimezoneOffset gives it).
    expect(formatDateTime(1772600767, 0)).toBe('2026/03/04 05:06:07');
    expect(formatDateTime(1772600767, -480)).toBe('2026/03/04 13:06:07');
  });

  it('crosses the date line of the local zone', () => {
    expect(formatDateTime(1772600767, 360)).toBe('2026/03/03 23:06:07');
  });

  it('shows a dash for no time', () => {
    expect(formatDateTime(0)).toBe('—');
  });

  it('uses the local zone by default', () => {
    const seconds = 1772600767;
    expect(formatDateTime(seconds)).toBe(formatDateTime(seconds, new Date(seconds * 1000).getTimezoneOffset()));
  });
});
