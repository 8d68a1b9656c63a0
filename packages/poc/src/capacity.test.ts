import { describe, expect, it } from 'vitest';
import { alpha, DEFAULT_ESTIMATE_WINDOW, estimateCapacityFromDeadlines, estimateCapacityTiB, POC_COIN_TIMING, type PocCoin } from './capacity.ts';

/** A deterministic uniform in (0, 1). */
function uniforms(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 2 ** 32;
  };
}

describe('capacity estimate from deadlines', () => {
  it('α is 0 below nMin, rises with the window, and is 1 from nAvg on', () => {
    const window = { nAvg: 360, nMin: 5 };
    expect(alpha(0, window)).toBe(0);
    expect(alpha(4, window)).toBe(0);
    expect(alpha(5, window)).toBeGreaterThan(0);
    for (let n = 5; n < 359; n++) expect(alpha(n + 1, window)).toBeGreaterThan(alpha(n, window));
    expect(alpha(360, window)).toBe(1);
    expect(alpha(500, window)).toBe(1);
  });

  it('gives nothing without deadlines or with a single round', () => {
    expect(estimateCapacityTiB(10, 0, POC_COIN_TIMING.bhd)).toBe(0);
    expect(estimateCapacityFromDeadlines([{ deadline: 100n, baseTarget: 1000n }], POC_COIN_TIMING.bhd)).toBe(0);
  });

  it.each(['bhd', 'lhd', 'burst'] as PocCoin[])('recovers the plot size of a simulated %s miner from its best deadlines (within 12 percent)', (coin) => {
    const timing = POC_COIN_TIMING[coin];
    const random = uniforms(coin.length * 7919);
    for (const tib of [0.5, 8, 120]) {
      const nonces = tib * 2 ** 22; // 256 KiB per nonce
      const rounds = Array.from({ length: DEFAULT_ESTIMATE_WINDOW.nAvg }, () => {
        // the base target follows the network's size (about 20 PiB here, wandering); the best
        // of N uniform 64-bit hits is exponential with mean 2^64 / N
        const baseTarget = BigInt(Math.round(Number(timing.genesisBaseTarget) / (20_000 * (0.5 + random()))));
        const hit = (-Math.log(random()) * 2 ** 64) / nonces;
        return { deadline: BigInt(Math.floor(hit)) / baseTarget, baseTarget };
      });
      const estimate = estimateCapacityFromDeadlines(rounds, timing);
      expect(Math.abs(estimate / tib - 1), `${coin} ${tib} TiB estimated ${estimate}`).toBeLessThan(0.12);
    }
  });

  it('is smaller over a short window (α < 1) than the plain average of the same deadlines', () => {
    const rounds = Array.from({ length: 20 }, (_, i) => ({ deadline: 1000n + BigInt(i), baseTarget: 24433591728n }));
    const corrected = estimateCapacityFromDeadlines(rounds, POC_COIN_TIMING.bhd);
    const plain = estimateCapacityFromDeadlines(rounds, POC_COIN_TIMING.bhd, { nAvg: 20, nMin: 1 });
    expect(corrected).toBeGreaterThan(0);
    expect(corrected).toBeLessThan(plain);
  });
});
