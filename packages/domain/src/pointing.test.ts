import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actualPledge,
  BINDING_STATUSES,
  cancellationPenalty,
  canRequestCancellation,
  canLockInFinance,
  canTransferPoint,
  chainWithdrawal,
  currentPledgeBp,
  defaultPointingSettings,
  nextBindingStatus,
  movePoint,
  nextPointStatus,
  POINT_EVENTS,
  POINT_FINAL_STATUSES,
  POINT_STATUSES,
  POINT_TERM_RULES,
  POINT_TERMS,
  pointDisplay,
  pointingShares,
  residualValueBp,
  termLockBlocks,
  type BindingStatus,
  type PointTerm,
} from './pointing.ts';

describe('source-address binding', () => {
  it('takes the verification window from the coin’s setting (the spec’s 20 by default)', () => {
    expect(nextBindingStatus('WAIT_CONFIRM', 100, 121, undefined)).toBe('VERIFY_EXPIRED');
    expect(nextBindingStatus('WAIT_CONFIRM', 100, 121, undefined, 30)).toBe('WAIT_CONFIRM');
    expect(nextBindingStatus('WAIT_CONFIRM', 100, 131, undefined, 30)).toBe('VERIFY_EXPIRED');
    expect(nextBindingStatus('WAIT_CONFIRM', 100, 111, undefined, 10)).toBe('VERIFY_EXPIRED');
  });

  it('waits one block, then waits for confirmation, and expires past 20 blocks with nothing seen', () => {
    expect(nextBindingStatus('VERIFY', 100, 100, undefined)).toBe('VERIFY');
    expect(nextBindingStatus('VERIFY', 100, 101, undefined)).toBe('WAIT_CONFIRM');
    expect(nextBindingStatus('WAIT_CONFIRM', 100, 120, undefined)).toBe('WAIT_CONFIRM');
    expect(nextBindingStatus('WAIT_CONFIRM', 100, 121, undefined)).toBe('VERIFY_EXPIRED');
  });

  it('is VALID once the transaction is seen and CONFIRMED once it is mined within the window', () => {
    expect(nextBindingStatus('WAIT_CONFIRM', 100, 105, {})).toBe('VALID');
    expect(nextBindingStatus('VALID', 100, 106, { height: 106 })).toBe('CONFIRMED');
    expect(nextBindingStatus('VERIFY', 100, 120, { height: 120 })).toBe('CONFIRMED');
    expect(nextBindingStatus('WAIT_CONFIRM', 100, 125, { height: 121 })).toBe('VERIFY_EXPIRED');
  });

  it('keeps a binding seen within the window valid after the timeout (the spec’s "still valid")', () => {
    expect(nextBindingStatus('VALID', 100, 140, {})).toBe('VALID');
    expect(nextBindingStatus('VALID', 100, 140, undefined)).toBe('VALID');
    expect(nextBindingStatus('VALID', 100, 140, { height: 139 })).toBe('CONFIRMED');
    expect(nextBindingStatus('WAIT_CONFIRM', 100, 140, {})).toBe('VERIFY_EXPIRED');
  });

  it('never moves a final status, and never expires before the window ends', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BINDING_STATUSES),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 60 }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        fc.boolean(),
        (status: BindingStatus, start, ahead, minedAhead, seenAtAll) => {
          const tip = start + ahead;
          const seen = seenAtAll ? (minedAhead !== undefined && minedAhead <= ahead ? { height: start + minedAhead } : {}) : undefined;
          const next = nextBindingStatus(status, start, tip, seen);
          if (status === 'CONFIRMED' || status === 'VERIFY_EXPIRED') expect(next).toBe(status);
          if (ahead <= 20 && status !== 'VERIFY_EXPIRED') expect(next).not.toBe('VERIFY_EXPIRED');
          if (next === 'CONFIRMED' && status !== 'CONFIRMED') expect(seen?.height).toBeDefined();
        },
      ),
    );
  });
});

describe('DePINC terms', () => {
  it('carries the spec’s table: pledge rate × multiplier is 100 %', () => {
    expect(POINT_TERM_RULES.Noterm).toMatchObject({ pledgeBp: 800, multiplierTenths: 125 });
    expect(POINT_TERM_RULES.Term3).toMatchObject({ pledgeBp: 10000, multiplierTenths: 10, lockDays: 1095 });
    for (const term of POINT_TERMS) expect(POINT_TERM_RULES[term].pledgeBp * POINT_TERM_RULES[term].multiplierTenths).toBe(100_000);
  });

  it('locks Noterm a week by default and 5 days (2400 blocks) with the chain’s setting', () => {
    expect(termLockBlocks('Noterm')).toBe(7 * 480);
    expect(termLockBlocks('Noterm', 5)).toBe(2400);
    expect(termLockBlocks('Term1')).toBe(175_200);
    expect(termLockBlocks('Term3', 5)).toBe(525_600);
  });

  it('counts the term’s pledge while locked, 8 % after, and residual value is 100 % − that rate', () => {
    const lock = termLockBlocks('Term2');
    expect(currentPledgeBp('Term2', 1000, 1000 + lock - 1, lock)).toBe(5000);
    expect(currentPledgeBp('Term2', 1000, 1000 + lock, lock)).toBe(800);
    expect(residualValueBp('Term2', 1000, 1001, lock)).toBe(5000);
    expect(residualValueBp('Term2', 1000, 1000 + lock, lock)).toBe(9200);
    expect(residualValueBp('Term3', 0, 1, termLockBlocks('Term3'))).toBe(0);
  });

  // The worked examples of shared/research/bhd_depinc_pledge.json, computed with DePINC's source
  // formulas (chainparams' lock heights, GetWithdrawAmount): term, point height, height, amount,
  // actual pledge, withdrawable, penalty — with the chain's 5-day Noterm lock.
  const examples: [PointTerm, number, number, bigint, bigint, bigint, bigint][] = [
    ['Noterm', 1000000, 1000001, 1000000000000n, 80000000000n, 416666666n, 999583333334n],
    ['Noterm', 1000000, 1001200, 1000000000000n, 80000000000n, 500000000000n, 500000000000n],
    ['Noterm', 1000000, 1002400, 1000000000000n, 80000000000n, 1000000000000n, 0n],
    ['Term1', 1000000, 1000001, 1000000000000n, 200000000000n, 5707762n, 999994292238n],
    ['Term1', 1000000, 1087600, 1000000000000n, 200000000000n, 500000000000n, 500000000000n],
    ['Term1', 1000000, 1175200, 1000000000000n, 80000000000n, 1000000000000n, 0n],
    ['Term2', 1000000, 1000001, 1000000000000n, 500000000000n, 2853881n, 999997146119n],
    ['Term2', 1000000, 1175200, 1000000000000n, 500000000000n, 500000000000n, 500000000000n],
    ['Term2', 1000000, 1350400, 1000000000000n, 80000000000n, 1000000000000n, 0n],
    ['Term3', 1000000, 1000001, 1000000000000n, 1000000000000n, 1902587n, 999998097413n],
    ['Term3', 1000000, 1262800, 1000000000000n, 1000000000000n, 500000000000n, 500000000000n],
    ['Term3', 1000000, 1525600, 1000000000000n, 80000000000n, 1000000000000n, 0n],
  ];
  it.each(examples)('matches the chain’s %s example from %i at %i', (term, pointHeight, height, amount, pledge, withdrawable, penalty) => {
    const lock = termLockBlocks(term, 5);
    expect(actualPledge(amount, term, pointHeight, height, lock)).toBe(pledge);
    expect(chainWithdrawal(amount, pointHeight, height, lock)).toEqual({ withdrawable, penalty });
  });

  it('never withdraws more than the amount and loses no unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 5000 }), (amount, held, lock) => {
        const { withdrawable, penalty } = chainWithdrawal(amount, 100, 100 + held, lock);
        expect(withdrawable + penalty).toBe(amount);
        expect(withdrawable >= 0n && penalty >= 0n).toBe(true);
      }),
    );
  });
});

describe('personal pointing', () => {
  it('counts 80 % with a 20 % margin, and XHD 100 % with none', () => {
    expect(pointingShares(1000n, defaultPointingSettings('BHD'))).toEqual({ counted: 800n, margin: 200n });
    expect(pointingShares(1000n, defaultPointingSettings('xhd'))).toEqual({ counted: 1000n, margin: 0n });
    expect(() => pointingShares(1n, { countBp: 9000, marginBp: 2000 })).toThrow(RangeError);
  });

  it('loses no unit when the shares make 100 %', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 10_000 }), (amount, count) => {
        const { counted, margin } = pointingShares(amount, { countBp: count, marginBp: 10_000 - count });
        expect(counted + margin).toBe(amount);
      }),
    );
  });
});

describe('pointing records', () => {
  it('shows Waiting, Effectived and Unlocked', () => {
    expect(POINT_STATUSES.map(pointDisplay)).toEqual(['Waiting', 'Effectived', 'Effectived', 'Effectived', 'Unlocked', 'Unlocked']);
  });

  it('becomes valid once mined with its margin held, and unlocks or breaks on the chain’s withdrawal', () => {
    const opts = { marginHeld: true, cancellationApproved: false };
    expect(nextPointStatus('POINT_RECEIVED', {}, opts)).toBe('POINT_RECEIVED');
    expect(nextPointStatus('POINT_RECEIVED', { height: 5 }, { ...opts, marginHeld: false })).toBe('POINT_RECEIVED');
    expect(nextPointStatus('POINT_RECEIVED', { height: 5 }, opts)).toBe('POINT_VALID');
    expect(nextPointStatus('POINT_VALID', { height: 5, withdrawnHeight: 9 }, opts)).toBe('POINT_BROKE');
    expect(nextPointStatus('POINT_VALID', { height: 5, withdrawnHeight: 9 }, { ...opts, cancellationApproved: true })).toBe('POINT_UNLOCK_DEPOSIT');
    expect(nextPointStatus('POINT_BROKE', { height: 5 }, opts)).toBe('POINT_BROKE');
  });

  it('locks in finance only from POINT_VALID and comes back to it when the holding closes; a withdrawal breaks it', () => {
    expect(movePoint('POINT_VALID', 'finance')).toBe('POINT_LOCKED_MARKET');
    expect(movePoint('POINT_LOCKED_MARKET', 'financeEnd')).toBe('POINT_VALID');
    for (const s of POINT_STATUSES.filter((s) => s !== 'POINT_VALID')) expect(movePoint(s, 'finance'), s).toBeUndefined();
    expect(movePoint('POINT_LOCKED', 'financeEnd')).toBeUndefined();
    const opts = { marginHeld: true, cancellationApproved: false };
    expect(nextPointStatus('POINT_LOCKED_MARKET', { height: 5 }, opts)).toBe('POINT_LOCKED_MARKET');
    expect(nextPointStatus('POINT_LOCKED_MARKET', { height: 5, withdrawnHeight: 9 }, opts)).toBe('POINT_BROKE');
    // Even with an approval on file (filed before the lock could not be, but the rule holds): a locked record's withdrawal breaks it.
    expect(nextPointStatus('POINT_LOCKED_MARKET', { height: 5, withdrawnHeight: 9 }, { ...opts, cancellationApproved: true })).toBe('POINT_BROKE');
    expect(canLockInFinance('POINT_VALID', undefined)).toBe(true);
    expect(canLockInFinance('POINT_VALID', 'REJECTED')).toBe(true);
    expect(canLockInFinance('POINT_VALID', 'PENDING')).toBe(false);
    expect(canLockInFinance('POINT_VALID', 'APPROVED')).toBe(false);
    expect(canLockInFinance('POINT_RECEIVED', undefined)).toBe(false);
    expect(canRequestCancellation('POINT_LOCKED_MARKET', undefined)).toBe(false);
  });

  it('never moves out of a final status, and every move of the table is reachable only from a non-final one', () => {
    for (const s of POINT_FINAL_STATUSES) for (const e of POINT_EVENTS) expect(movePoint(s, e)).toBeUndefined();
    for (const s of POINT_STATUSES) expect(movePoint(s, 'withdrawn') ?? s, s).toBe(POINT_FINAL_STATUSES.includes(s) ? s : 'POINT_BROKE');
  });

  it('allows a transfer 6 blocks after the pointing', () => {
    expect(canTransferPoint(undefined, 100)).toBe(false);
    expect(canTransferPoint(95, 100)).toBe(false);
    expect(canTransferPoint(94, 100)).toBe(true);
  });
});

describe('cancellation', () => {
  it('deducts the deposit without an approved request', () => {
    expect(cancellationPenalty(200n, undefined)).toBe(200n);
    expect(cancellationPenalty(200n, 'PENDING')).toBe(200n);
    expect(cancellationPenalty(200n, 'REJECTED')).toBe(200n);
    expect(cancellationPenalty(200n, 'APPROVED')).toBe(0n);
  });

  it('takes one open request at a time, on a standing pointing', () => {
    expect(canRequestCancellation('POINT_VALID', undefined)).toBe(true);
    expect(canRequestCancellation('POINT_VALID', 'REJECTED')).toBe(true);
    expect(canRequestCancellation('POINT_VALID', 'PENDING')).toBe(false);
    expect(canRequestCancellation('POINT_VALID', 'APPROVED')).toBe(false);
    expect(canRequestCancellation('POINT_BROKE', undefined)).toBe(false);
  });
});
