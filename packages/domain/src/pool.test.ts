import { describe, expect, it } from 'vitest';
import { parsePocPlotFile } from './pool.ts';

describe('a Burst plot file name (X-Plotfile)', () => {
  it('reads PoC2 and PoC1 names, with or without their folder', () => {
    expect(parsePocPlotFile('12345678901234567890_1000_16')).toEqual({ plotterId: 12_345_678_901_234_567_890n, startNonce: 1000n, nonces: 16n });
    expect(parsePocPlotFile('/mnt/plots/7_0_4096_4096')).toEqual({ plotterId: 7n, startNonce: 0n, nonces: 4096n });
    expect(parsePocPlotFile('D:\\plots\\7_8192_4096')).toEqual({ plotterId: 7n, startNonce: 8192n, nonces: 4096n });
  });

  it('refuses what is not one: other shapes, no nonces, numbers past 64 bits', () => {
    for (const name of ['', 'plot-k32-2021.plot', '7_0', '7_0_0', '7_a_4', '7_0_4.plot', '18446744073709551616_0_1', '7_0_18446744073709551616']) {
      expect(parsePocPlotFile(name)).toBeUndefined();
    }
  });
});
