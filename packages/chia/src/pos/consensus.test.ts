import { describe, expect, it } from 'vitest';
import {
  calculateIterationsQuality,
  calculatePlotIdPh,
  calculatePlotIdPk,
  calculatePosChallenge,
  expectedPlotSize,
  calculatePrefixBits,
  MAINNET_PLOT_FILTER,
  passesPlotFilter,
} from './consensus.ts';
import { hex, toHex } from './testing.ts';

// Expected values computed separately with Python's hashlib and integer arithmetic from the
// chia-blockchain formulas (proof_of_space.py, pot_iterations.py, pos_quality.py).
const DIFFICULTY_CONSTANT_FACTOR = 2n ** 67n; // mainnet
const plotId = hex('05683404333717545b0a6f0c0dde9710e4d3fe2d5cc6cc0a090a0b818bab0f17');
const challengeHash = new Uint8Array(32).fill(7);
const signagePoint = (n: number): Uint8Array => {
  const sp = new Uint8Array(32);
  new DataView(sp.buffer).setUint32(28, n);
  return sp;
};

describe('proof-of-space consensus formulas', () => {
  it('derives a plot id from the pool contract puzzle hash (or pool key) and the plot public key', () => {
    const plotPk = Uint8Array.from({ length: 48 }, (_, i) => i);
    const puzzleHash = new Uint8Array(32).fill(0xaa);
    expect(toHex(calculatePlotIdPh(puzzleHash, plotPk))).toBe('7dd4ed30c830329ff0b6c2fdbf020a28d4b871201337ac9390d24c600bfe5efd');
    expect(calculatePlotIdPk(puzzleHash, plotPk)).toEqual(calculatePlotIdPh(puzzleHash, plotPk));
    expect(() => calculatePlotIdPh(puzzleHash, plotPk.subarray(1))).toThrow(RangeError);
  });

  it('computes the pos challenge as sha256 of the plot filter input', () => {
    expect(toHex(calculatePosChallenge(plotId, challengeHash, signagePoint(640)))).toBe('e6e9806653f6df0f7936c6707cd525f41ace40a2077831c289f881c7e2d0299b');
    expect(toHex(calculatePosChallenge(plotId, challengeHash, signagePoint(0)))).toBe('a0e4f170070ce1f95a8d06e3773b83abc7d1cb259d0d9646957b55ff81fd31cc');
  });

  it('passes the plot filter only when the leading bits of the filter input are zero', () => {
    // filter input for signage point 640 starts 0x003a: ten zero bits
    expect(passesPlotFilter(9, plotId, challengeHash, signagePoint(640))).toBe(true);
    expect(passesPlotFilter(10, plotId, challengeHash, signagePoint(640))).toBe(true);
    expect(passesPlotFilter(11, plotId, challengeHash, signagePoint(640))).toBe(false);
    // for signage point 0 it starts 0xd4
    expect(passesPlotFilter(1, plotId, challengeHash, signagePoint(0))).toBe(false);
    expect(passesPlotFilter(0, plotId, challengeHash, signagePoint(0))).toBe(true);
  });

  it('gives the expected plot size (2k + 1) · 2^(k − 1)', () => {
    expect(expectedPlotSize(32)).toBe(139_586_437_120n);
    expect(expectedPlotSize(21)).toBe(43n * 2n ** 20n);
  });

  it('turns a quality string into required iterations, scaled by difficulty, at least 1', () => {
    const zero = new Uint8Array(32);
    expect(calculateIterationsQuality(DIFFICULTY_CONSTANT_FACTOR, zero, 32, 1n, zero)).toBe(1_014_472_909n);
    expect(calculateIterationsQuality(DIFFICULTY_CONSTANT_FACTOR, zero, 32, 1000n, zero)).toBe(1_014_472_909_493n);
    const quality = hex('753087568382550fdefa85d7907efd91d7ad10a6b2e4787cf97f848f4753302e');
    const ccSp = Uint8Array.from({ length: 32 }, (_, i) => i);
    expect(calculateIterationsQuality(DIFFICULTY_CONSTANT_FACTOR, quality, 32, 1n, ccSp)).toBe(592_427_011n);
    expect(calculateIterationsQuality(DIFFICULTY_CONSTANT_FACTOR, quality, 32, 12345n, ccSp)).toBe(7_313_511_460_221n);
    expect(calculateIterationsQuality(1n, quality, 32, 1n, ccSp)).toBe(1n);
  });
});

describe('calculate_prefix_bits (the plot filter follows the height)', () => {
  it('mainnet: 9 bits, 8 from 5,496,000, 7 from 10,542,000, 6 from 15,592,000, 5 from 20,643,000', () => {
    const at = (height: number) => calculatePrefixBits(MAINNET_PLOT_FILTER, height);
    expect([0, 5_495_999, 5_496_000, 10_541_999, 10_542_000, 15_591_999, 15_592_000, 20_642_999, 20_643_000, 0xffff_ffff].map(at)).toEqual([9, 9, 8, 8, 7, 7, 6, 6, 5, 5]);
    // Never below zero (test networks with few bits).
    expect(calculatePrefixBits({ ...MAINNET_PLOT_FILTER, zeroBits: 2 }, 30_000_000)).toBe(0);
  });
});
