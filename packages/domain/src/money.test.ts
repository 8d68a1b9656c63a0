import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountFormatError, formatAmount, isAmount, parseAmount, sumAmounts } from './money.ts';

describe('parseAmount', () => {
  it('parses whole and fractional amounts into base units', () => {
    expect(parseAmount('1', 12)).toBe(1_000_000_000_000n);
    expect(parseAmount('0.1', 12)).toBe(100_000_000_000n);
    expect(parseAmount('0.000000000001', 12)).toBe(1n);
    expect(parseAmount('12.5', 8)).toBe(1_250_000_000n);
    expect(parseAmount('-2.5', 1)).toBe(-25n);
    expect(parseAmount('7', 0)).toBe(7n);
    expect(parseAmount(' 3.00 ', 2)).toBe(300n);
  });

  it('accepts trailing zeros beyond the scale but refuses real extra precision', () => {
    expect(parseAmount('1.500000000000000', 12)).toBe(1_500_000_000_000n);
    expect(() => parseAmount('0.0000000000001', 12)).toThrow(AmountFormatError);
    expect(() => parseAmount('1.123', 2)).toThrow(/too many decimals/);
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const bad of ['', '.', '1.', '.5', '1e5', '0x10', '1,5', 'NaN', 'Infinity', '+1', '--1', '1 000', 'abc']) {
      expect(() => parseAmount(bad, 8), bad).toThrow(AmountFormatError);
      expect(isAmount(bad, 8)).toBe(false);
    }
  });

  it('handles amounts far beyond Number precision exactly', () => {
    expect(parseAmount('123456789012345678901234567.123456789012', 12)).toBe(123456789012345678901234567123456789012n);
  });

  it('rejects an invalid scale', () => {
    expect(() => parseAmount('1', -1)).toThrow(RangeError);
    expect(() => parseAmount('1', 1.5)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it('formats base units exactly, dropping trailing zeros', () => {
    expect(formatAmount(1n, 12)).toBe('0.000000000001');
    expect(formatAmount(100_000_000_000n, 12)).toBe('0.1');
    expect(formatAmount(1_000_000_000_000n, 12)).toBe('1');
    expect(formatAmount(0n, 8)).toBe('0');
    expect(formatAmount(-25n, 1)).toBe('-2.5');
    expect(formatAmount(42n, 0)).toBe('42');
  });

  it('pads to minDecimals, truncates (never rounds up) at maxDecimals, groups thousands', () => {
    expect(formatAmount(150_000_000n, 8, { minDecimals: 4 })).toBe('1.5000');
    expect(formatAmount(199_999_999n, 8, { maxDecimals: 2 })).toBe('1.99');
    expect(formatAmount(-1n, 8, { maxDecimals: 2 })).toBe('0');
    expect(formatAmount(123_456_789_000_000_000n, 12, { groupSeparator: ',' })).toBe('123,456.789');
  });

  it('round-trips with parseAmount for any amount and scale', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (units, scale) => {
        expect(parseAmount(formatAmount(units, scale), scale)).toBe(units);
      }),
    );
  });
});

describe('sumAmounts', () => {
  it('adds without leaving bigint', () => {
    expect(sumAmounts([2n ** 70n, 1n, -1n])).toBe(2n ** 70n);
    expect(sumAmounts([])).toBe(0n);
  });
});
