import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateProportionally, assertBalanced, transfer, UnbalancedTransactionError, type AccountRef } from './ledger.ts';

const alice: AccountRef = { kind: 'user', userId: '1', coin: 'CHIA', bucket: 'available' };
const hold: AccountRef = { kind: 'user', userId: '1', coin: 'CHIA', bucket: 'withdraw_hold' };
const chain: AccountRef = { kind: 'system', code: 'chain', coin: 'CHIA' };
const bhdChain: AccountRef = { kind: 'system', code: 'chain', coin: 'BHD' };

describe('assertBalanced', () => {
  it('accepts postings that sum to zero per coin', () => {
    expect(() => assertBalanced(transfer(chain, alice, 5n))).not.toThrow();
    expect(() =>
      assertBalanced([
        { account: chain, amount: -5n },
        { account: alice, amount: 3n },
        { account: hold, amount: 2n },
      ]),
    ).not.toThrow();
  });

  it('refuses an unbalanced, a single, an empty or a zero posting', () => {
    expect(() =>
      assertBalanced([
        { account: chain, amount: -5n },
        { account: alice, amount: 4n },
      ]),
    ).toThrow(UnbalancedTransactionError);
    expect(() =>
      assertBalanced([
        { account: chain, amount: 0n },
        { account: alice, amount: 0n },
      ]),
    ).toThrow(/zero/);
    expect(() => assertBalanced([{ account: chain, amount: 1n }])).toThrow(/two postings/);
    expect(() => assertBalanced([])).toThrow();
  });

  it('balances each coin on its own: one coin cannot pay for another', () => {
    expect(() =>
      assertBalanced([
        { account: chain, amount: -5n },
        { account: bhdChain, amount: 5n },
      ]),
    ).toThrow(/CHIA/);
  });

  it('refuses a transfer of nothing or less', () => {
    expect(() => transfer(chain, alice, 0n)).toThrow();
    expect(() => transfer(chain, alice, -1n)).toThrow();
  });
});

describe('allocateProportionally', () => {
  it('splits exactly, giving leftover units to the largest remainders', () => {
    expect(allocateProportionally(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(allocateProportionally(10n, [50n, 30n, 20n])).toEqual([5n, 3n, 2n]);
    expect(allocateProportionally(1n, [1n, 3n])).toEqual([0n, 1n]);
    expect(allocateProportionally(0n, [1n, 2n])).toEqual([0n, 0n]);
    expect(allocateProportionally(7n, [0n, 0n])).toEqual([0n, 0n]);
    expect(allocateProportionally(7n, [])).toEqual([]);
  });

  it('refuses negative totals and weights', () => {
    expect(() => allocateProportionally(-1n, [1n])).toThrow(RangeError);
    expect(() => allocateProportionally(1n, [1n, -1n])).toThrow(RangeError);
  });

  it('always sums to the total, never gives a negative part, and never gives a zero-weight part anything', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 1, maxLength: 50 }), (total, weights) => {
        const parts = allocateProportionally(total, weights);
        const weightSum = weights.reduce((a, b) => a + b, 0n);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(weightSum === 0n ? 0n : total);
        parts.forEach((part, i) => {
          expect(part >= 0n).toBe(true);
          if (weights[i] === 0n) expect(part).toBe(0n);
          // never more than one unit above the exact proportional share
          if (weightSum > 0n) expect(part - (total * (weights[i] ?? 0n)) / weightSum <= 1n).toBe(true);
        });
      }),
    );
  });
});
