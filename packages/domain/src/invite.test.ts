import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canInvite, inviteLink, inviteRebate, InviteRuleError, memberFee } from './invite.ts';

const units = fc.bigInt({ min: 0n, max: 10n ** 30n });
const share = fc.integer({ min: 0, max: 10_000 });

describe('the invite rebate rule', () => {
  it('is ⌊fee × share ÷ 10,000⌋, never more than the fee, never negative', () => {
    fc.assert(
      fc.property(units, share, (fee, bp) => {
        const rebate = inviteRebate(fee, bp);
        expect(rebate).toBe((fee * BigInt(bp)) / 10_000n);
        expect(rebate >= 0n && rebate <= fee).toBe(true);
        // Rounding down: the exact share is at least the rebate and below it plus one unit.
        expect(rebate * 10_000n <= fee * BigInt(bp)).toBe(true);
        expect((rebate + 1n) * 10_000n > fee * BigInt(bp)).toBe(true);
      }),
    );
  });

  it('pays nothing at a share of 0 and the whole fee at 100 %', () => {
    fc.assert(fc.property(units, (fee) => inviteRebate(fee, 0) === 0n && inviteRebate(fee, 10_000) === fee));
  });

  it('rebates over a day’s members sum to no more than the fee: rounding never creates a unit', () => {
    fc.assert(
      fc.property(units, fc.array(fc.bigInt({ min: 0n, max: 10n ** 18n }), { minLength: 1, maxLength: 40 }), share, (fee, points, bp) => {
        const total = points.reduce((a, b) => a + b, 0n);
        const fees = points.map((p) => memberFee(fee, p, total));
        const rebates = fees.map((f) => inviteRebate(f, bp));
        expect(fees.reduce((a, b) => a + b, 0n) <= fee).toBe(true);
        expect(rebates.reduce((a, b) => a + b, 0n) <= (fee * BigInt(bp)) / 10_000n).toBe(true);
        fees.forEach((f, i) => expect(rebates[i]! <= f).toBe(true));
      }),
    );
  });

  it('takes nothing from a member with no points, or on a day with no fee', () => {
    expect(memberFee(1_000n, 0n, 50n)).toBe(0n);
    expect(memberFee(0n, 10n, 50n)).toBe(0n);
    expect(memberFee(1_000n, 0n, 0n)).toBe(0n);
    expect(memberFee(1_000n, 50n, 50n)).toBe(1_000n);
  });

  it('refuses what cannot be: a negative fee, a share outside 0–100 %, more points than the day', () => {
    expect(() => inviteRebate(-1n, 2_000)).toThrow(InviteRuleError);
    expect(() => inviteRebate(1n, 10_001)).toThrow(InviteRuleError);
    expect(() => inviteRebate(1n, 20.5)).toThrow(InviteRuleError);
    expect(() => memberFee(1n, 51n, 50n)).toThrow(InviteRuleError);
  });

  it('never lets a user invite themselves; builds the link on the registration page', () => {
    expect(canInvite('7', '7')).toBe(false);
    expect(canInvite('7', '8')).toBe(true);
    expect(inviteLink('https://pool.example/', '12345678')).toBe('https://pool.example/register?invite=12345678');
  });
});
