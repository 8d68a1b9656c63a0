import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evenRatios, percentOfRatio, RATIO_WHOLE, ratioFromPercent } from './wallet.ts';

describe('Auto Pay ratios as percentages', () => {
  it('reads a percentage with up to two decimals as basis points', () => {
    expect(ratioFromPercent('33.33')).toBe(3333);
    expect(ratioFromPercent(' 100 ')).toBe(10_000);
    expect(ratioFromPercent('0.01')).toBe(1);
    expect(ratioFromPercent('50.50')).toBe(5050);
  });

  it('refuses what is not a share of 100 %', () => {
    for (const bad of ['', '0', '0.00', '100.01', '33.333', '-5', '1e2', 'abc', '.5', '5.']) expect(ratioFromPercent(bad), bad).toBeUndefined();
  });

  it('writes basis points back as the same percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: RATIO_WHOLE }), (ratio) => {
        expect(ratioFromPercent(percentOfRatio(ratio))).toBe(ratio);
      }),
    );
    expect(percentOfRatio(3333)).toBe('33.33');
    expect(percentOfRatio(10_000)).toBe('100');
  });

  it('splits 100 % evenly, the remainder on the first recipients', () => {
    expect(evenRatios(3)).toEqual([3334, 3333, 3333]);
    expect(evenRatios(0)).toEqual([]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (count) => {
        const ratios = evenRatios(count);
        expect(ratios.reduce((a, b) => a + b, 0)).toBe(RATIO_WHOLE);
        expect(Math.max(...ratios) - Math.min(...ratios)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
