import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrueAgainstBudget,
  addDays,
  annualisedPpm,
  dailyInterest,
  daysBetween,
  earnsOn,
  FINANCE_PRODUCT_TYPES,
  FinanceStateError,
  holdingInterestOn,
  lastAccrualDay,
  nextHoldingState,
  nextProductState,
  percentToPpm,
  ppmToPercent,
  purchaseRefusal,
  rateForDaysHeld,
  redemptionDueAt,
  validTiers,
  yieldSplit,
  type FinanceHoldingEvent,
  type FinanceHoldingState,
  type RateTier,
} from './finance.ts';

const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2026-01-01', n));
const principal = fc.oneof(fc.bigInt({ min: 0n, max: 10_000n }), fc.bigInt({ min: 0n, max: 10n ** 24n }));
const rate = fc.bigInt({ min: 0n, max: 10_000_000n });

describe('daily interest', () => {
  it('matches the research examples: 1000 at 5 % is 0.13698630 a day, 0.12345678 at 7.3 % is 0.00002469 (8 decimals, rounded down)', () => {
    expect(dailyInterest(1000n * 10n ** 8n, percentToPpm('5'))).toBe(13_698_630n);
    expect(dailyInterest(12_345_678n, percentToPpm('7.3'))).toBe(2_469n);
  });

  it('rounding never creates a unit: a day is at most the exact share, and within one unit of it', () => {
    fc.assert(
      fc.property(principal, rate, (p, r) => {
        const i = dailyInterest(p, r);
        expect(i * 365n * 1_000_000n <= p * r).toBe(true);
        expect((i + 1n) * 365n * 1_000_000n > p * r).toBe(true);
      }),
    );
  });

  it('the holdings of a day never earn more together than their summed principal would', () => {
    fc.assert(
      fc.property(fc.array(principal, { maxLength: 30 }), rate, (ps, r) => {
        const apart = ps.reduce((s, p) => s + dailyInterest(p, r), 0n);
        expect(
          apart <=
            dailyInterest(
              ps.reduce((s, p) => s + p, 0n),
              r,
            ),
        ).toBe(true);
      }),
    );
  });
});

describe('boundary days', () => {
  it('no interest on the subscription day nor on the redemption day, and every day between earns', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 60 }), fc.integer({ min: -3, max: 70 }), (sub, heldDays, offset) => {
        const until = addDays(sub, heldDays);
        const d = addDays(sub, offset);
        const earns = earnsOn(d, { subscribedDay: sub, untilDay: until });
        expect(earns).toBe(offset > 0 && offset < heldDays);
      }),
    );
    expect(earnsOn('2026-11-20', { subscribedDay: '2026-11-20', untilDay: null })).toBe(false);
    expect(earnsOn('2026-11-21', { subscribedDay: '2026-11-20', untilDay: null })).toBe(true);
    expect(earnsOn('2026-11-23', { subscribedDay: '2026-11-20', untilDay: '2026-11-23' })).toBe(false);
  });

  it('the research case: subscribed on D, redeemed on D+3, earns on D+1 and D+2 only', () => {
    const earning = [0, 1, 2, 3, 4].map((n) => addDays('2026-11-10', n)).filter((d) => earnsOn(d, { subscribedDay: '2026-11-10', untilDay: '2026-11-13' }));
    expect(earning).toEqual(['2026-11-11', '2026-11-12']);
  });

  it('a product window (a periodical term, a staking lock) bounds the days too', () => {
    const holding = { principal: 365_000_000n, subscribedDay: '2026-11-01', untilDay: null };
    const product = { ratePpm: 100n, tiers: [], window: { fromDay: '2026-11-05', untilDay: '2026-11-07' } };
    const days = [3, 4, 5, 6, 7, 8].map((n) => addDays('2026-11-01', n));
    expect(days.map((d) => holdingInterestOn(d, holding, product))).toEqual([0n, 100n, 100n, 0n, 0n, 0n]);
  });
});

describe('LHD tiers by days held', () => {
  const tiers: RateTier[] = [
    { fromDays: 0, ratePpm: 10_000n },
    { fromDays: 15, ratePpm: 20_000n },
    { fromDays: 30, ratePpm: 30_000n },
  ];

  it('0–15, 15–30 and 30+ days held each take their band', () => {
    expect(rateForDaysHeld(1n, tiers, 1)).toBe(10_000n);
    expect(rateForDaysHeld(1n, tiers, 14)).toBe(10_000n);
    expect(rateForDaysHeld(1n, tiers, 15)).toBe(20_000n);
    expect(rateForDaysHeld(1n, tiers, 29)).toBe(20_000n);
    expect(rateForDaysHeld(1n, tiers, 30)).toBe(30_000n);
    expect(rateForDaysHeld(1n, tiers, 400)).toBe(30_000n);
    expect(rateForDaysHeld(7n, [], 400)).toBe(7n);
  });

  it('the band applied is the one whose start is the highest not above the days held', () => {
    const tierList = fc
      .uniqueArray(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 5 })
      .chain((starts) => fc.tuple(...starts.sort((a, b) => a - b).map((s) => rate.map((r) => ({ fromDays: s, ratePpm: r })))));
    fc.assert(
      fc.property(tierList, fc.integer({ min: 0, max: 200 }), rate, (ts, held, flat) => {
        expect(validTiers(ts)).toBe(true);
        const applicable = ts.filter((t) => t.fromDays <= held);
        const expected = applicable.length ? (applicable[applicable.length - 1] as RateTier).ratePpm : flat;
        expect(rateForDaysHeld(flat, ts, held)).toBe(expected);
      }),
    );
    expect(
      validTiers([
        { fromDays: 15, ratePpm: 1n },
        { fromDays: 15, ratePpm: 2n },
      ]),
    ).toBe(false);
    expect(validTiers([{ fromDays: -1, ratePpm: 1n }])).toBe(false);
  });
});

describe('the interest budget', () => {
  it('is never overdrawn, and what is paid out is exactly what left the budget', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.array(fc.bigInt({ min: 0n, max: 10n ** 11n }), { maxLength: 40 }), (budget, interests) => {
        const { paid, total, budgetAfter, exhausted } = accrueAgainstBudget(budget, interests);
        expect(budgetAfter >= 0n).toBe(true);
        expect(paid.reduce((a, b) => a + b, 0n)).toBe(total);
        expect(budget - budgetAfter).toBe(total);
        expect(exhausted).toBe(interests.reduce((a, b) => a + b, 0n) > budget);
      }),
    );
  });

  it('over many days, principal plus interest paid out equals what the user put in plus what left the budget', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ principal: fc.bigInt({ min: 1n, max: 10n ** 14n }), sub: fc.integer({ min: 0, max: 20 }), held: fc.integer({ min: 1, max: 40 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        rate,
        (holdings, budget0, r) => {
          let budget = budget0;
          const interest = holdings.map(() => 0n);
          for (let n = 0; n < 70; n++) {
            const d = addDays('2026-01-01', n);
            const dues = holdings.map((h) =>
              holdingInterestOn(
                d,
                { principal: h.principal, subscribedDay: addDays('2026-01-01', h.sub), untilDay: addDays('2026-01-01', h.sub + h.held) },
                { ratePpm: r, tiers: [] },
              ),
            );
            const outcome = accrueAgainstBudget(budget, dues);
            outcome.paid.forEach((p, i) => (interest[i] = (interest[i] as bigint) + p));
            budget = outcome.budgetAfter;
          }
          const paidOut = holdings.reduce((s, h, i) => s + h.principal + (interest[i] as bigint), 0n);
          const putIn = holdings.reduce((s, h) => s + h.principal, 0n);
          expect(paidOut).toBe(putIn + (budget0 - budget));
        },
      ),
    );
  });

  it('yesterday’s annualised figure recovers the rate from a day’s interest (down to rounding)', () => {
    expect(annualisedPpm(dailyInterest(365n * 10n ** 12n, 50_000n), 365n * 10n ** 12n)).toBe(50_000n);
    expect(annualisedPpm(5n, 0n)).toBe(0n);
  });
});

describe('the saving’s split of a day’s yield', () => {
  const bp = fc.integer({ min: 0, max: 10_000 });
  const shares = fc.tuple(bp, bp).map(([a, b]) => (a + b <= 10_000 ? { ownerBp: a, minerBp: b } : { ownerBp: 10_000 - b, minerBp: b }));
  it('owner, miner and pool add up to the yield, none negative, each share rounded down, the rest to the pool', () => {
    fc.assert(
      fc.property(principal, shares, fc.boolean(), (gross, s, hasMiner) => {
        const split = yieldSplit(gross, 'SXC', { ...s, hasMiner });
        expect(split.owner + split.miner + split.pool).toBe(gross);
        expect(split.owner >= 0n && split.miner >= 0n && split.pool >= 0n).toBe(true);
        // Rounding never creates a unit: each share is at most its exact part, and within one unit of it.
        expect(split.owner * 10_000n <= gross * BigInt(s.ownerBp) && gross * BigInt(s.ownerBp) < (split.owner + 1n) * 10_000n).toBe(true);
        if (hasMiner) expect(split.miner * 10_000n <= gross * BigInt(s.minerBp) && gross * BigInt(s.minerBp) < (split.miner + 1n) * 10_000n).toBe(true);
        else expect(split.miner).toBe(0n);
      }),
    );
  });
  it('the spec’s 94 % / 3 %: 1 XCH of yield gives 0.94 to the owner, 0.03 to the miner and 0.03 to the pool; without a miner the pool takes 0.06', () => {
    const xch = 1_000_000_000_000n;
    expect(yieldSplit(xch, 'SXC', { ownerBp: 9400, minerBp: 300, hasMiner: true })).toEqual({ owner: 940_000_000_000n, miner: 30_000_000_000n, pool: 30_000_000_000n });
    expect(yieldSplit(xch, 'SXC', { ownerBp: 9400, minerBp: 300, hasMiner: false })).toEqual({ owner: 940_000_000_000n, miner: 0n, pool: 60_000_000_000n });
    expect(yieldSplit(33n, 'SXC', { ownerBp: 9400, minerBp: 300, hasMiner: true })).toEqual({ owner: 31n, miner: 0n, pool: 2n });
  });
  it('every other type pays its holder the whole yield', () => {
    fc.assert(
      fc.property(principal, fc.constantFrom('DQB', 'HQB', 'LOCK' as const), (gross, type) => {
        expect(yieldSplit(gross, type, { ownerBp: 9400, minerBp: 300, hasMiner: true })).toEqual({ owner: gross, miner: 0n, pool: 0n });
      }),
    );
  });
  it('refuses shares beyond a whole', () => {
    expect(() => yieldSplit(100n, 'SXC', { ownerBp: 9800, minerBp: 300, hasMiner: true })).toThrow(RangeError);
  });
});

describe('buying', () => {
  const product = { type: 'HQB' as const, state: 'open' as const, onShelf: true, minUnits: 100n, quotaUnits: 1000n, orderedUnits: 800n };
  it('refuses off the shelf, below the minimum, past the quota and once closed', () => {
    expect(purchaseRefusal(product, 100n)).toBeUndefined();
    expect(purchaseRefusal(product, 200n)).toBeUndefined();
    expect(purchaseRefusal(product, 201n)).toBe('quota');
    expect(purchaseRefusal(product, 99n)).toBe('below_min');
    expect(purchaseRefusal({ ...product, onShelf: false }, 100n)).toBe('not_on_shelf');
    expect(purchaseRefusal({ ...product, type: 'DQB', state: 'interest' }, 100n)).toBe('closed');
    expect(purchaseRefusal({ ...product, quotaUnits: 0n }, 10n ** 20n)).toBeUndefined();
  });
});

describe('state machines', () => {
  it('periodical: create → interest → end, or revoke before the interest starts; nothing after the end', () => {
    expect(nextProductState('DQB', 'create', 'start')).toBe('interest');
    expect(nextProductState('DQB', 'interest', 'end')).toBe('end');
    expect(nextProductState('DQB', 'create', 'revoke')).toBe('revoke');
    expect(() => nextProductState('DQB', 'interest', 'revoke')).toThrow(FinanceStateError);
    expect(() => nextProductState('DQB', 'end', 'start')).toThrow(FinanceStateError);
    expect(nextProductState('LOCK', 'collecting', 'lock')).toBe('locked');
    expect(nextProductState('LOCK', 'locked', 'unlock')).toBe('unlocked');
    expect(() => nextProductState('LOCK', 'collecting', 'unlock')).toThrow(FinanceStateError);
  });

  it('a holding only moves forward, and every type reaches a final state from which nothing moves', () => {
    const events: FinanceHoldingEvent[] = ['accrue', 'redeem', 'confirm', 'end', 'revoke', 'lock', 'unlock'];
    const finals: FinanceHoldingState[] = ['redeemed', 'ended', 'revoked', 'unlocked'];
    fc.assert(
      fc.property(fc.constantFrom(...FINANCE_PRODUCT_TYPES), fc.array(fc.constantFrom(...events), { maxLength: 20 }), (type, sequence) => {
        let state: FinanceHoldingState = 'waiting';
        const seen: FinanceHoldingState[] = [state];
        for (const event of sequence) {
          try {
            state = nextHoldingState(type, state, event);
          } catch (error) {
            expect(error).toBeInstanceOf(FinanceStateError);
            continue;
          }
          if (state !== seen[seen.length - 1]) {
            expect(seen).not.toContain(state);
            seen.push(state);
          }
        }
        if (finals.includes(state)) for (const event of events) expect(() => nextHoldingState(type, state, event)).toThrow(FinanceStateError);
      }),
    );
    expect(nextHoldingState('HQB', 'interest', 'redeem')).toBe('redeeming');
    expect(nextHoldingState('HQB', 'redeeming', 'confirm')).toBe('redeemed');
    expect(() => nextHoldingState('HQB', 'redeeming', 'accrue')).toThrow(FinanceStateError);
    expect(() => nextHoldingState('DQB', 'interest', 'revoke')).toThrow(FinanceStateError);
  });
});

describe('dates and settings', () => {
  it('a redemption is confirmed by T+5; the accrual of a day waits for the settlement hour of the next', () => {
    expect(redemptionDueAt(new Date('2026-11-20T10:00:00Z'), 5).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(lastAccrualDay(new Date('2026-11-21T00:05:00Z'), 0)).toBe('2026-11-20');
    expect(lastAccrualDay(new Date('2026-11-21T11:59:00Z'), 12)).toBe('2026-11-19');
    expect(lastAccrualDay(new Date('2026-11-21T12:00:00Z'), 12)).toBe('2026-11-20');
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
  });

  it('percentages round-trip through ppm', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000n }), (ppm) => {
        expect(percentToPpm(ppmToPercent(ppm))).toBe(ppm);
      }),
    );
    expect(() => percentToPpm('5.12345')).toThrow(RangeError);
  });
});
