import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHIA_FINDER_REWARD, settlePoolDay, SettlementInputError, UNSECURED_SHARE_BP, type SettlementResult } from './settlement.ts';

const total = (r: SettlementResult) => r.credits.reduce((sum, c) => sum + c.amount, 0n) + r.fee + r.withheld + r.remainder;

describe('settlePoolDay', () => {
  it('takes the fee, then shares the rest by contribution', () => {
    const result = settlePoolDay({
      revenue: 1_000n,
      feeBp: 500,
      finderRewards: [],
      members: [
        { userId: 'a', points: 3n },
        { userId: 'b', points: 1n },
      ],
    });
    expect(result.fee).toBe(50n);
    expect(result.credits).toEqual([
      { userId: 'a', amount: 713n },
      { userId: 'b', amount: 237n },
    ]);
    expect(result.remainder).toBe(0n);
    expect(total(result)).toBe(1_000n);
  });

  it('gives Chia’s 0.25 XCH per block to the finder before sharing, fee-free', () => {
    const revenue = 2n * 2_000_000_000_000n; // two blocks of 2 XCH
    const result = settlePoolDay({
      revenue,
      feeBp: 100,
      finderRewards: [
        { userId: 'finder', amount: CHIA_FINDER_REWARD },
        { userId: 'finder', amount: CHIA_FINDER_REWARD },
      ],
      members: [
        { userId: 'finder', points: 1n },
        { userId: 'other', points: 1n },
      ],
    });
    const shared = revenue - 2n * CHIA_FINDER_REWARD;
    expect(result.fee).toBe(shared / 100n);
    const finder = result.credits.find((c) => c.userId === 'finder')?.amount ?? 0n;
    const other = result.credits.find((c) => c.userId === 'other')?.amount ?? 0n;
    expect(finder - other).toBe(2n * CHIA_FINDER_REWARD);
    expect(total(result)).toBe(revenue);
  });

  it('pays BHD’s unsecured capacity 55 % and mortgaged capacity 100 %', () => {
    const result = settlePoolDay({
      revenue: 2_000_000n,
      feeBp: 0,
      finderRewards: [],
      unsecuredShareBp: UNSECURED_SHARE_BP.BHD,
      members: [
        { userId: 'mortgaged', points: 1n, securedBp: 10_000 },
        { userId: 'bare', points: 1n, securedBp: 0 },
        { userId: 'half', points: 2n, securedBp: 5_000 },
      ],
    });
    expect(result.credits).toEqual([
      { userId: 'mortgaged', amount: 500_000n },
      { userId: 'bare', amount: 275_000n },
      { userId: 'half', amount: 775_000n },
    ]);
    expect(result.withheld).toBe(225_000n + 225_000n);
    expect(total(result)).toBe(2_000_000n);
  });

  it('pays a deal-secured part 94 % to the lending owners by their amounts and 3 % to the miner', () => {
    const result = settlePoolDay({
      revenue: 1_000_000n,
      feeBp: 0,
      finderRewards: [],
      unsecuredShareBp: UNSECURED_SHARE_BP.BHD,
      deal: { ownerBp: 9_400, minerBp: 300 },
      members: [
        // Half its own pledge, half lent by two owners 2:1; the other member unsecured.
        {
          userId: '10',
          points: 1n,
          securedBp: 5_000,
          dealBp: 5_000,
          lenders: [
            { userId: '30', amount: 1n },
            { userId: '20', amount: 2n },
          ],
        },
        { userId: '11', points: 1n },
      ],
    });
    // 500000 each: the miner 250000 + 3 % of 250000; the owners 94 % of 250000 = 235000, 2:1.
    expect(result.credits).toEqual([
      { userId: '10', amount: 257_500n },
      { userId: '11', amount: 275_000n },
      { userId: '20', amount: 156_667n },
      { userId: '30', amount: 78_333n },
    ]);
    expect(result.dealIncome).toEqual([
      { userId: '20', amount: 156_667n },
      { userId: '30', amount: 78_333n },
    ]);
    expect(result.withheld).toBe(7_500n + 225_000n);
    expect(total(result)).toBe(1_000_000n);
  });

  it('pays each deal at its recorded shares: a miner with a 94/3 and a 90/5 deal; the owners by amount × owner share', () => {
    const result = settlePoolDay({
      revenue: 1_000_000n,
      feeBp: 0,
      finderRewards: [],
      unsecuredShareBp: UNSECURED_SHARE_BP.BHD,
      members: [
        {
          userId: '10',
          points: 1n,
          dealBp: 10_000,
          lenders: [
            { userId: '20', amount: 3n, ownerBp: 9_400, minerBp: 300 },
            { userId: '30', amount: 1n, ownerBp: 9_000, minerBp: 500 },
          ],
        },
      ],
    });
    // Owners: 1000000 × (3 × 94 % + 1 × 90 %) / 4 = 930000, 282 : 90; the miner (3 × 3 % + 5 %) / 4 = 3.5 %.
    expect(result.dealIncome).toEqual([
      { userId: '20', amount: 705_000n },
      { userId: '30', amount: 225_000n },
    ]);
    expect(result.credits).toEqual([
      { userId: '10', amount: 35_000n },
      { userId: '20', amount: 705_000n },
      { userId: '30', amount: 225_000n },
    ]);
    expect(result.withheld).toBe(35_000n);
    expect(total(result)).toBe(1_000_000n);
  });

  it('splits a CO pool’s pot by the cooperation ratio; no miners: all to the cooperators; no cooperators: all to the miners', () => {
    const base = { revenue: 1_000n, feeBp: 1_000, finderRewards: [] };
    const both = settlePoolDay({
      ...base,
      members: [{ userId: '1', points: 1n }],
      cooperation: {
        ratioBp: 5_000,
        cooperators: [
          { userId: '2', amount: 3n },
          { userId: '3', amount: 1n },
        ],
      },
    });
    expect(both).toMatchObject({
      fee: 100n,
      credits: [
        { userId: '1', amount: 450n },
        { userId: '2', amount: 338n },
        { userId: '3', amount: 112n },
      ],
      remainder: 0n,
    });
    expect(both.cooperationIncome).toEqual([
      { userId: '2', amount: 338n },
      { userId: '3', amount: 112n },
    ]);
    const noMiners = settlePoolDay({ ...base, members: [{ userId: '1', points: 0n }], cooperation: { ratioBp: 5_000, cooperators: [{ userId: '2', amount: 1n }] } });
    expect(noMiners).toMatchObject({ fee: 100n, credits: [{ userId: '2', amount: 900n }], remainder: 0n });
    const noCooperators = settlePoolDay({ ...base, members: [{ userId: '1', points: 1n }], cooperation: { ratioBp: 5_000, cooperators: [] } });
    expect(noCooperators).toMatchObject({ fee: 100n, credits: [{ userId: '1', amount: 900n }], cooperationIncome: [], remainder: 0n });
    // Nobody at all: no fee, the pot carried on.
    expect(settlePoolDay({ ...base, members: [], cooperation: { ratioBp: 5_000, cooperators: [] } })).toMatchObject({ fee: 0n, credits: [], remainder: 1_000n });
  });

  it('takes no fee when nobody contributed and carries the whole pot on; the next day with shares takes the fee once', () => {
    const result = settlePoolDay({ revenue: 77n, feeBp: 1_000, finderRewards: [], members: [{ userId: 'small', points: 0n }] });
    expect(result.credits).toEqual([]);
    expect(result).toMatchObject({ fee: 0n, remainder: 77n });
    // A finder is paid even so; the rest is carried, fee-free.
    const found = settlePoolDay({ revenue: 100n, feeBp: 1_000, finderRewards: [{ userId: 'f', amount: 25n }], members: [], carriedIn: 5n });
    expect(found).toMatchObject({ credits: [{ userId: 'f', amount: 25n }], fee: 0n, remainder: 80n });
    const next = settlePoolDay({ revenue: 0n, feeBp: 1_000, finderRewards: [], members: [{ userId: 'a', points: 1n }], carriedIn: 80n });
    expect(next).toMatchObject({ credits: [{ userId: 'a', amount: 72n }], fee: 8n, remainder: 0n });
  });

  it('refuses impossible inputs', () => {
    expect(() => settlePoolDay({ revenue: 1n, feeBp: 0, finderRewards: [{ userId: 'a', amount: 2n }], members: [] })).toThrow(SettlementInputError);
    expect(() => settlePoolDay({ revenue: 1n, feeBp: 10_001, finderRewards: [], members: [] })).toThrow(SettlementInputError);
  });

  it('always adds up to the revenue and never credits a negative amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.record({ points: fc.bigInt({ min: 0n, max: 10n ** 12n }), securedBp: fc.integer({ min: 0, max: 10_000 }) }), { maxLength: 30 }),
        fc.option(fc.constantFrom(...Object.values(UNSECURED_SHARE_BP)), { nil: undefined }),
        fc.nat(3),
        fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 10n ** 20n })),
        (revenue, feeBp, members, unsecuredShareBp, blocks, carriedIn) => {
          const finder = BigInt(blocks) * 7n <= revenue ? BigInt(blocks) * 7n : 0n;
          const result = settlePoolDay({
            revenue,
            feeBp,
            finderRewards: finder > 0n ? [{ userId: 'm0', amount: finder }] : [],
            members: members.map((m, i) => ({ userId: `m${i}`, ...m })),
            ...(unsecuredShareBp !== undefined ? { unsecuredShareBp } : {}),
            carriedIn,
          });
          expect(total(result)).toBe(revenue + carriedIn);
          expect(result.credits.every((c) => c.amount > 0n)).toBe(true);
          expect(result.fee >= 0n && result.withheld >= 0n && result.remainder >= 0n).toBe(true);
          // Days without shares (members empty or all without points): no fee, the whole pot carried on.
          if (!members.some((m) => m.points > 0n)) expect({ fee: result.fee, remainder: result.remainder }).toEqual({ fee: 0n, remainder: revenue - finder + carriedIn });
          else expect(result.remainder).toBe(0n);
        },
      ),
      { numRuns: 300 },
    );
  });
});
