import { describe, expect, it } from 'vitest';
import { assetFigures, EMPTY_BUCKETS } from './wallet.ts';
import {
  collectLockedPositions,
  defaultMortgageSettings,
  lockedMiningOpens,
  mortgageEffectiveDay,
  mortgageEffectiveOn,
  mortgageLotStatus,
  mortgageRefusal,
  mortgageUnlockAt,
  planReturn,
  pointMortgageRefusal,
  rankEarnsLockedRevenue,
  returnableAmount,
  shareMortgageIncome,
  type MortgageLot,
} from './mortgage.ts';

const at = new Date('2026-11-26T23:59:00Z');
const lot = (id: string, remaining: bigint, made: Date): MortgageLot => ({ id, remaining, effectiveDay: mortgageEffectiveDay(made), unlockAt: mortgageUnlockAt(made) });

describe('MASS mortgage timing', () => {
  it('takes effect on the next settlement day (T+1), even a minute before midnight', () => {
    expect(mortgageEffectiveDay(at)).toBe('2026-11-27');
    expect(mortgageEffectiveDay(new Date('2026-11-27T00:00:00Z'))).toBe('2026-11-28');
    const l = lot('1', 5n, at);
    expect(mortgageEffectiveOn(l, '2026-11-26')).toBe(false);
    expect(mortgageEffectiveOn(l, '2026-11-27')).toBe(true);
    expect(mortgageEffectiveOn({ ...l, remaining: 0n }, '2026-11-30')).toBe(false);
  });

  it('can come back 7 × 24 h after it was made, not a second before', () => {
    expect(mortgageUnlockAt(at).toISOString()).toBe('2026-12-03T23:59:00.000Z');
    const l = lot('1', 5n, at);
    expect(mortgageLotStatus(l, new Date('2026-11-26T23:59:30Z'))).toBe('PENDING');
    expect(mortgageLotStatus(l, new Date('2026-11-27T00:00:00Z'))).toBe('EFFECTIVE');
    expect(mortgageLotStatus(l, new Date('2026-12-03T23:58:59Z'))).toBe('EFFECTIVE');
    expect(mortgageLotStatus(l, new Date('2026-12-03T23:59:00Z'))).toBe('RETURNABLE');
    expect(mortgageLotStatus({ ...l, remaining: 0n }, new Date('2026-12-05T00:00:00Z'))).toBe('RETURNED');
  });

  it('returns the oldest lots first and only those past their 7 days', () => {
    const old = lot('1', 30n, new Date('2026-11-01T00:00:00Z'));
    const older = lot('2', 20n, new Date('2026-10-30T00:00:00Z'));
    const young = lot('3', 100n, new Date('2026-11-25T00:00:00Z'));
    const now = new Date('2026-11-26T12:00:00Z');
    expect(returnableAmount([old, older, young], now)).toBe(50n);
    expect(planReturn([old, older, young], 35n, now)).toEqual({
      ok: true,
      takes: [
        { id: '2', amount: 20n },
        { id: '1', amount: 15n },
      ],
    });
    expect(planReturn([old, older, young], 51n, now)).toEqual({ ok: false, error: 'MORTGAGE_LOCKED' });
    expect(planReturn([old, older, young], 151n, now)).toEqual({ ok: false, error: 'MORTGAGE_BALANCE_INSUFFICIENT' });
    expect(planReturn([old], 0n, now)).toEqual({ ok: false, error: 'MORTGAGE_AMOUNT_TOO_SMALL' });
  });
});

describe('mortgage settings per coin', () => {
  it('opens MASS by default with the spec’s 2048 MASS and rank 30; other coins are closed', () => {
    const mass = defaultMortgageSettings('MASS', 8);
    expect(mass).toMatchObject({ enabled: true, effectDays: 1, returnDays: 7, lockThresholdUnits: 2048n * 10n ** 8n, maxEarningRank: 30 });
    expect(defaultMortgageSettings('BHD', 8).enabled).toBe(false);
    expect(mortgageRefusal(defaultMortgageSettings('BHD', 8), 1n)).toBe('MORTGAGE_NOT_SUPPORTED');
    expect(mortgageRefusal({ enabled: true, minUnits: 10n }, 9n)).toBe('MORTGAGE_AMOUNT_TOO_SMALL');
    expect(mortgageRefusal({ enabled: true, minUnits: 10n }, 10n)).toBeUndefined();
    expect(mortgageRefusal({ enabled: true, minUnits: 0n }, 0n)).toBe('MORTGAGE_AMOUNT_TOO_SMALL');
  });
});

describe('MASS locked mining', () => {
  const T = 2048n;
  it('opens on a collection above 2048, not at exactly 2048', () => {
    expect(lockedMiningOpens(2048n, T)).toBe(false);
    expect(lockedMiningOpens(2049n, T)).toBe(true);
    expect(lockedMiningOpens(0n, 0n)).toBe(false);
    expect(lockedMiningOpens(1n, 0n)).toBe(true);
  });

  it('closes each collection into a position as soon as it passes the threshold; the rest waits', () => {
    const r = collectLockedPositions(
      [
        { id: 'a', amount: 1000n },
        { id: 'b', amount: 1048n },
        { id: 'c', amount: 1n },
        { id: 'd', amount: 3000n },
        { id: 'e', amount: 500n },
      ],
      T,
    );
    expect(r.positions).toEqual([
      { ids: ['a', 'b', 'c'], amount: 2049n },
      { ids: ['d'], amount: 3000n },
    ]);
    expect(r.waiting).toEqual({ ids: ['e'], amount: 500n });
  });

  it('pays ranks 1 to 30, nothing beyond 30', () => {
    expect(rankEarnsLockedRevenue(1)).toBe(true);
    expect(rankEarnsLockedRevenue(30)).toBe(true);
    expect(rankEarnsLockedRevenue(31)).toBe(false);
    expect(rankEarnsLockedRevenue(0)).toBe(false);
    expect(rankEarnsLockedRevenue(500, 0)).toBe(true);
  });

  it('shares the locked revenue whole (100 %) by amount, exactly', () => {
    const credits = shareMortgageIncome(
      1000n,
      [
        { userId: 'u1', amount: 1n },
        { userId: 'u2', amount: 2n },
      ],
      12,
    );
    expect(credits).toEqual([
      { userId: 'u1', amount: 333n },
      { userId: 'u2', amount: 667n },
    ]);
    expect(credits.reduce((s, c) => s + c.amount, 0n)).toBe(1000n);
    expect(shareMortgageIncome(1000n, [{ userId: 'u1', amount: 1n }], 31)).toEqual([]);
  });
});

describe('the asset formulas with a mortgage', () => {
  it('freezes collateral and pointed margin, shows the mortgage apart, and counts every bucket but pending earnings in the total', () => {
    const f = assetFigures({ ...EMPTY_BUCKETS, available: 1n, withdraw_hold: 2n, collateral: 4n, point_margin: 8n, mortgage: 16n, pending_earnings: 32n, finance: 64n });
    expect(f).toEqual({ available: 1n, withdrawing: 2n, frozen: 12n, mortgage: 16n, pending_earnings: 32n, finance: 64n, total: 95n });
  });
});

describe('a pointing in mortgage', () => {
  it('takes only an effective pointing with nothing else open', () => {
    const none = { mortgageRequest: false, cancellation: undefined };
    expect(pointMortgageRefusal('POINT_VALID', none)).toBeUndefined();
    expect(pointMortgageRefusal('POINT_VALID', { mortgageRequest: false, cancellation: 'REJECTED' })).toBeUndefined();
    expect(pointMortgageRefusal('POINT_RECEIVED', none)).toBe('POINT_NOT_CONFIRMED');
    expect(pointMortgageRefusal('POINT_LOCKED', none)).toBe('POINT_LOCKED');
    expect(pointMortgageRefusal('POINT_LOCKED_MARKET', none)).toBe('POINT_LOCKED');
    expect(pointMortgageRefusal('POINT_VALID', { mortgageRequest: true, cancellation: undefined })).toBe('POINT_LOCKED');
    expect(pointMortgageRefusal('POINT_VALID', { mortgageRequest: false, cancellation: 'PENDING' })).toBe('POINT_CANCEL_NOT_ALLOWED');
    expect(pointMortgageRefusal('POINT_VALID', { mortgageRequest: false, cancellation: 'APPROVED' })).toBe('POINT_CANCEL_NOT_ALLOWED');
    expect(pointMortgageRefusal('POINT_BROKE', none)).toBe('POINT_NOT_FOUND');
  });
});
