import { capacityFromPoints, CHIA_POINTS, NONCE_SECONDS, pointsUnitOf, POC_NONCE_BYTES } from '@platter/domain';
import { describe, expect, it } from 'vitest';
import { POC_COIN_TIMING } from '@platter/poc';
import { roundPoints, shownEstimateTiB } from './poc.service.ts';

const TiB = 2n ** 40n;
const NONCES_PER_TIB = Number(TiB / POC_NONCE_BYTES);

describe('the points of a BHD-family round (nonce-seconds)', () => {
  it('give back the capacity over any window, as the dashboard, rankings and income records read it', () => {
    // A day of BHD's 180 s rounds by a 3 TiB farm; uneven rounds by a 12 TiB farm; a 14-nonce dev plot.
    const even = Array.from({ length: 480 }, () => roundPoints(3 * NONCES_PER_TIB, 180)).reduce((a, b) => a + b, 0n);
    expect(capacityFromPoints(even, 86_400, NONCE_SECONDS)).toBe(3n * TiB);
    const uneven = [30, 600, 90, 3000, 240, 1440].flatMap((s) => Array.from({ length: 12 }, () => s));
    const points = uneven.map((s) => roundPoints(12 * NONCES_PER_TIB, s)).reduce((a, b) => a + b, 0n);
    expect(
      capacityFromPoints(
        points,
        uneven.reduce((a, b) => a + b, 0),
        NONCE_SECONDS,
      ),
    ).toBe(12n * TiB);
    const dev = Array.from({ length: 60 }, () => roundPoints(14, 60)).reduce((a, b) => a + b, 0n);
    expect(capacityFromPoints(dev, 3600, NONCE_SECONDS)).toBe(14n * POC_NONCE_BYTES);
    // Read as Chia's points, the same dev plot would show as tens of GiB: the unit goes by the pool's protocol.
    expect(capacityFromPoints(dev, 3600, CHIA_POINTS)).toBeGreaterThan(10n * 2n ** 30n);
    expect(pointsUnitOf('poc-burst')).toBe(NONCE_SECONDS);
    expect(pointsUnitOf('chia')).toBe(CHIA_POINTS);
  });

  it('count capacity × time: a round twice as long earns twice, a stalled round at most an hour', () => {
    expect(roundPoints(NONCES_PER_TIB, 360)).toBe(2n * roundPoints(NONCES_PER_TIB, 180));
    expect(roundPoints(NONCES_PER_TIB, 7200)).toBe(roundPoints(NONCES_PER_TIB, 3600));
    expect(roundPoints(NONCES_PER_TIB, 0)).toBe(roundPoints(NONCES_PER_TIB, 1));
    expect(roundPoints(0, 180)).toBe(0n);
  });
});

describe('the estimate a farmer sees (POC_ESTIMATE_SHOWN)', () => {
  // A 2 TiB BHD farm whose best deadlines average exactly what 2 TiB gives: Σ hits = (n − 1) · T · genesisBT / 2.
  const timing = POC_COIN_TIMING.bhd;
  const weighted = (n: number) => ((n - 1) * timing.blockTimeSeconds * Number(timing.genesisBaseTarget)) / 2;

  it('by default (α) reads a new farm low, climbing to the plain estimate at 360 rounds; plain reads it at once', () => {
    const at = (reading: 'alpha' | 'plain', n: number) => shownEstimateTiB(reading, n, weighted(n), timing, 10);
    expect(at('plain', 20)).toBeCloseTo(2, 9);
    expect(at('plain', 360)).toBeCloseTo(2, 9);
    expect(at('alpha', 20)).toBeLessThan(0.2);
    expect(at('alpha', 180)).toBeGreaterThan(at('alpha', 20));
    expect(at('alpha', 180)).toBeLessThan(2);
    expect(at('alpha', 360)).toBeCloseTo(2, 9);
    // Below the pool's minimum of rounds neither reading gives a figure (nor do the points).
    expect(at('alpha', 9)).toBe(0);
    expect(at('plain', 9)).toBe(0);
  });
});
