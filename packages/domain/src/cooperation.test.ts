import { describe, expect, it } from 'vitest';
import {
  cooperationSplit,
  DEAL_EVENTS,
  DEAL_STATUSES,
  dealEarning,
  dealInterestStarts,
  dealMargin,
  dealMarginHeld,
  dealMatured,
  defaultCooperationSettings,
  nextDealStatus,
  parseCooperationAmount,
  paymentDue,
  poolConfigProblems,
  requiredPledge,
  returnError,
  securedBp,
  securedShare,
  securingParts,
  pledgeInPool,
  validDealShares,
  withdrawalNeedsAudit,
  XHD_MIN_COOPERATION_ALT,
  type DealStatus,
} from './cooperation.ts';

const COIN = 100_000_000n;

describe('cooperation amount (spec doc 1 §5)', () => {
  it('is a whole number of coins, in base units', () => {
    expect(parseCooperationAmount('12', 8, 1n)).toEqual({ ok: true, units: 12n * COIN, whole: 12n });
    expect(parseCooperationAmount(' 7 ', 8, 1n)).toMatchObject({ ok: true, whole: 7n });
  });
  it('refuses a fraction, a sign, an exponent or text as not an integer', () => {
    for (const text of ['1.5', '1.0', '-3', '+3', '1e3', 'ten', '', '0x10'])
      expect(parseCooperationAmount(text, 8, 1n), text).toEqual({ ok: false, error: 'MORTGAGE_NOT_INTEGER' });
  });
  it('refuses zero and amounts below the minimum', () => {
    expect(parseCooperationAmount('0', 8, 1n)).toEqual({ ok: false, error: 'MORTGAGE_AMOUNT_TOO_SMALL' });
    expect(parseCooperationAmount('7999', 8, 8000n)).toEqual({ ok: false, error: 'MORTGAGE_BELOW_MIN' });
    expect(parseCooperationAmount('8000', 8, 8000n)).toMatchObject({ ok: true, whole: 8000n });
  });
  it('XHD needs 8000 by default; the other reading (1) is the setting', () => {
    expect(defaultCooperationSettings('XHD').minWhole).toBe(8000n);
    expect(defaultCooperationSettings('xhd').minWhole).toBe(8000n);
    expect(defaultCooperationSettings('BHD').minWhole).toBe(1n);
    expect(parseCooperationAmount('1', 8, XHD_MIN_COOPERATION_ALT)).toMatchObject({ ok: true, whole: 1n });
  });
  it('a deal gives the owner 94 % and the miner 3 % by default', () => {
    expect(defaultCooperationSettings('BHD')).toMatchObject({ ownerBp: 9400, minerBp: 300 });
    expect(validDealShares(9400, 300)).toBe(true);
    expect(validDealShares(9800, 300)).toBe(false);
    expect(validDealShares(-1, 300)).toBe(false);
  });
});

describe('returning cooperation', () => {
  it('takes back at most what is held, leaving nothing or at least the minimum', () => {
    expect(returnError(10n, 10n, 5n)).toBeUndefined();
    expect(returnError(10n, 5n, 5n)).toBeUndefined();
    expect(returnError(10n, 6n, 5n)).toBe('MORTGAGE_BELOW_MIN');
    expect(returnError(10n, 11n, 5n)).toBe('MORTGAGE_BALANCE_INSUFFICIENT');
    expect(returnError(10n, 0n, 5n)).toBe('MORTGAGE_AMOUNT_TOO_SMALL');
  });
});

describe('pool config (spec doc 1 §3)', () => {
  const config = { mode: 'PPLNS', feeBp: 1000, coopRatioBp: 5000, burnCoefficientBp: 10000, paymentTime: '00:00', payoutThreshold: 0n, withdrawFee: 1n, withdrawAudit: true };
  it('accepts the defaults and names each field out of range', () => {
    expect(poolConfigProblems(config)).toEqual([]);
    expect(poolConfigProblems({ ...config, mode: 'SOLO', feeBp: 10001, coopRatioBp: -1, paymentTime: '24:00', withdrawFee: -1n })).toEqual([
      'mode',
      'fee',
      'coop_ratio',
      'payment_time',
      'withdraw_fee',
    ]);
  });
  it('payment time: the settlement is due from that time of day (UTC)', () => {
    expect(paymentDue('00:00', new Date('2026-01-02T00:00:00Z'))).toBe(true);
    expect(paymentDue('06:30', new Date('2026-01-02T06:29:59Z'))).toBe(false);
    expect(paymentDue('06:30', new Date('2026-01-02T06:30:00Z'))).toBe(true);
  });
  it('withdrawal audit: reviewed unless every pool of the coin turned it off', () => {
    expect(withdrawalNeedsAudit([false, false])).toBe(false);
    expect(withdrawalNeedsAudit([false, true])).toBe(true);
    expect(withdrawalNeedsAudit([])).toBe(true);
  });
  it('burn coefficient scales the pledge a capacity needs', () => {
    const tb = 10n ** 12n;
    expect(requiredPledge(10n * tb, 3n * COIN, 10000)).toBe(30n * COIN);
    expect(requiredPledge(10n * tb, 3n * COIN, 5000)).toBe(15n * COIN);
    expect(requiredPledge(10n * tb, 3n * COIN, 20000)).toBe(60n * COIN);
    expect(requiredPledge(0n, 3n * COIN, 10000)).toBe(0n);
    // 1 TiB is 1.0995 TB: 3.298534883328 coins.
    expect(requiredPledge(1024n ** 4n, 3n * COIN, 10000)).toBe(329_853_488n);
    // Own first, then the deals, against what the capacity needs; a burn coefficient of 2 halves both.
    expect(securingParts(10n * tb, 15n * COIN, 15n * COIN, 3n * COIN, 10000)).toEqual({ ownBp: 5000, dealBp: 5000 });
    expect(securingParts(10n * tb, 15n * COIN, 100n * COIN, 3n * COIN, 10000)).toEqual({ ownBp: 5000, dealBp: 5000 });
    expect(securingParts(10n * tb, 15n * COIN, 0n, 3n * COIN, 20000)).toEqual({ ownBp: 2500, dealBp: 0 });
    expect(securingParts(0n, 15n * COIN, 0n, 3n * COIN, 10000)).toEqual({ ownBp: 0, dealBp: 0 });
    // A pledge secures the coin's pools once: split by the member's points in each.
    expect(pledgeInPool(90n, 1n, 2n)).toBe(30n);
    expect(pledgeInPool(90n, 5n, 0n)).toBe(90n);
    expect(pledgeInPool(90n, 0n, 5n)).toBe(0n);
    expect(securedBp(15n * COIN, 30n * COIN)).toBe(5000);
    expect(securedBp(45n * COIN, 30n * COIN)).toBe(10000);
    expect(securedBp(1n, 0n)).toBe(0);
  });
});

describe('the cooperation share of a CO pool', () => {
  it('splits the pot by the cooperation ratio, the cooperators by the amounts they held', () => {
    const { minersPart, credits } = cooperationSplit(
      1000n,
      4000,
      [
        { userId: 'a', amount: 1n },
        { userId: 'b', amount: 2n },
      ],
      true,
    );
    expect(minersPart).toBe(400n);
    expect(credits).toEqual([
      { userId: 'a', amount: 200n },
      { userId: 'b', amount: 400n },
    ]);
  });
  it('gives the whole pot to the miners without cooperators, and to the cooperators without miners', () => {
    expect(cooperationSplit(1000n, 4000, [], true)).toEqual({ minersPart: 1000n, credits: [] });
    expect(cooperationSplit(1000n, 4000, [{ userId: 'a', amount: 5n }], false)).toEqual({ minersPart: 0n, credits: [{ userId: 'a', amount: 1000n }] });
  });
  it('always adds up to the pot', () => {
    for (let pot = 0n; pot < 200n; pot += 7n) {
      const { minersPart, credits } = cooperationSplit(
        pot,
        3333,
        [
          { userId: 'a', amount: 3n },
          { userId: 'b', amount: 7n },
          { userId: 'c', amount: 11n },
        ],
        true,
      );
      expect(minersPart + credits.reduce((s, c) => s + c.amount, 0n)).toBe(pot);
    }
  });
});

describe('a miner share split by what secures it (spec doc 1 §6, §9)', () => {
  const deal = { ownerBp: 9400, minerBp: 300 };
  it('unsecured: the coin’s share (BHD 55 %)', () => {
    expect(securedShare(10_000n, { ownBp: 0, dealBp: 0 }, 5500, deal)).toEqual({ miner: 5500n, owner: 0n, withheld: 4500n });
  });
  it('own pledge lifts it to 100 %; a deal gives the owner 94 % and the miner 3 %', () => {
    expect(securedShare(10_000n, { ownBp: 10_000, dealBp: 0 }, 5500, deal)).toEqual({ miner: 10_000n, owner: 0n, withheld: 0n });
    expect(securedShare(10_000n, { ownBp: 0, dealBp: 10_000 }, 200, deal)).toEqual({ miner: 300n, owner: 9400n, withheld: 300n });
    expect(securedShare(10_000n, { ownBp: 5000, dealBp: 2500 }, 5500, deal)).toEqual({ miner: 5000n + 75n + 1375n, owner: 2350n, withheld: 10_000n - 6450n - 2350n });
  });
  it('pays each deal at its own recorded shares, weighted by the amounts lent; one set of shares is one deal', () => {
    const deals = [
      { amount: 15n, ownerBp: 9_400, minerBp: 300 },
      { amount: 15n, ownerBp: 9_000, minerBp: 500 },
    ];
    // Half the capacity at 94/3, half at 90/5: the owners 92 %, the miner 4 %.
    expect(securedShare(10_000n, { ownBp: 0, dealBp: 10_000 }, 200, deals)).toEqual({ miner: 400n, owner: 9_200n, withheld: 400n });
    expect(securedShare(10_000n, { ownBp: 0, dealBp: 10_000 }, 200, [{ amount: 7n, ...deal }])).toEqual(securedShare(10_000n, { ownBp: 0, dealBp: 10_000 }, 200, deal));
    // 2:1 by amount, own part and the unsecured part as before; each part rounded down once.
    const lopsided = [
      { amount: 2n, ownerBp: 9_400, minerBp: 300 },
      { amount: 1n, ownerBp: 9_000, minerBp: 500 },
    ];
    expect(securedShare(1_000n, { ownBp: 5_000, dealBp: 2_500 }, 5_500, lopsided)).toEqual({ miner: 500n + 9n + 137n, owner: 231n, withheld: 1_000n - 646n - 231n });
    // No deal lent: nothing is deal-secured whatever dealBp says.
    expect(securedShare(10_000n, { ownBp: 0, dealBp: 10_000 }, 200, [])).toEqual({ miner: 200n, owner: 0n, withheld: 9_800n });
  });
  it('never pays more than the share, and the parts add up', () => {
    for (const ownBp of [0, 1, 3333, 9999, 10_000, 12_000]) {
      for (const dealBp of [0, 7, 5000, 10_000]) {
        const s = securedShare(9_999_999n, { ownBp, dealBp }, 750, deal);
        expect(s.miner + s.owner + s.withheld).toBe(9_999_999n);
        expect(s.withheld >= 0n && s.owner >= 0n && s.miner >= 0n).toBe(true);
      }
    }
  });
});

describe('deal states (spec doc 1 §4)', () => {
  it('walks the happy path from an offer to the owner’s amount back', () => {
    let s: DealStatus = 'DEAL_VALID';
    const path: DealStatus[] = [s];
    for (const e of ['take', 'lock', 'confirm', 'start', 'mature', 'request_unlock', 'unlock', 'redeem'] as const) {
      const next = nextDealStatus(s, e);
      expect(next, `${s} --${e}`).toBeDefined();
      s = next as DealStatus;
      path.push(s);
    }
    expect(path).toEqual([
      'DEAL_VALID',
      'DEAL_PENDING',
      'DEAL_LOCKED',
      'DEAL_SUCCESS',
      'DEAL_INTEREST_START',
      'DEAL_INTEREST_END',
      'DEAL_UNLOCK_PENDING',
      'DEAL_UNLOCKED',
      'DEAL_REDEEMED',
    ]);
  });
  it('breaks only while the pledge works, and resumes with a new margin or ends', () => {
    for (const s of DEAL_STATUSES) {
      expect(nextDealStatus(s, 'break') === 'DEAL_BROKEN', s).toBe(['DEAL_LOCKED', 'DEAL_SUCCESS', 'DEAL_INTEREST_START'].includes(s));
    }
    expect(nextDealStatus('DEAL_BROKEN', 'remargin')).toBe('DEAL_INTEREST_START');
    expect(nextDealStatus('DEAL_BROKEN', 'request_unlock')).toBe('DEAL_UNLOCK_PENDING');
    expect(dealMarginHeld('DEAL_BROKEN')).toBe(false);
    expect(dealEarning('DEAL_BROKEN')).toBe(false);
  });
  it('an offer nobody locked may be withdrawn; nothing leaves REDEEMED', () => {
    expect(nextDealStatus('DEAL_VALID', 'withdraw')).toBe('DEAL_REDEEMED');
    expect(nextDealStatus('DEAL_PENDING', 'withdraw')).toBe('DEAL_REDEEMED');
    expect(nextDealStatus('DEAL_LOCKED', 'withdraw')).toBeUndefined();
    for (const e of DEAL_EVENTS) expect(nextDealStatus('DEAL_REDEEMED', e)).toBeUndefined();
  });
  it('the margin, the start of interest and the term', () => {
    expect(dealMargin(1000n * COIN, 2000)).toBe(200n * COIN);
    expect(dealInterestStarts(new Date('2026-03-01T23:59:00Z'), new Date('2026-03-01T23:59:59Z'))).toBe(false);
    expect(dealInterestStarts(new Date('2026-03-01T23:59:00Z'), new Date('2026-03-02T00:00:00Z'))).toBe(true);
    expect(dealMatured(new Date('2026-03-02T00:00:00Z'), 30, new Date('2026-03-31T23:59:59Z'))).toBe(false);
    expect(dealMatured(new Date('2026-03-02T00:00:00Z'), 30, new Date('2026-04-01T00:00:00Z'))).toBe(true);
  });
});
