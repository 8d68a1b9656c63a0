/**
 * Cooperation pools and deals (issue 22; spec doc 1 §3 'Mining pool config', §4 'Deal pointing',
 * §5 'Cooperation amount', §6 'Roles inside a deal', §9 'Revenue shares'; spec doc 2 §2
 * /center/open, §3 `deposit_mortgage_free_balance`): the pure rules. The server keeps the
 * records and moves the money; every decision about an amount, a state or a split is made here.
 *
 * Money is base units (bigint). Shares are basis points (1 % = 100 bp).
 *
 * Readings (README choices):
 * - A cooperation pool is a CO pool of the BHD family. A user opens it with a cooperation amount
 *   (a whole number of coins, at least the coin's minimum) converted from the available balance:
 *   frozen in the `cooperation` bucket (spec doc 2 §3 "balance converted to cooperation", the
 *   pool's `deposit_mortgage_free_balance`). More may be converted later; a return takes whole
 *   coins back and leaves either nothing (the pool closed) or at least the minimum.
 * - The CO pool's day pot (after the pool fee) is split by the pool config's cooperation ratio:
 *   `coop_ratio_bp` to the miners by their points, the rest to the cooperators by the amounts
 *   they held converted that day (the cooperation share).
 * - A deal: a coin owner lends a pledge from their balance (frozen in `cooperation`) to a miner,
 *   who puts up a margin (frozen there too). On the miner's secured part the owner earns 94 %
 *   and the miner 3 % (settings), the pool keeps the rest. DEAL_BROKEN deducts the margin to the
 *   pool (the deposit) and suspends the deal until a new margin is put up.
 */
import type { ErrorName } from './errors/codes.ts';
import { allocateProportionally } from './ledger.ts';

const BP = 10_000;

// --- settings ---------------------------------------------------------------------------------

/** XHD's minimum cooperation (deposit or pledge): the spec's 8000, or the other text's 1 (whole coins). */
export const XHD_MIN_COOPERATION_SPEC = 8000n;
export const XHD_MIN_COOPERATION_ALT = 1n;

export interface CooperationSettings {
  /** The least cooperation amount, whole coins (XHD 8000 by default, or 1; others 1). */
  minWhole: bigint;
  /** In a deal, the coin owner's share of the secured yield, bp (spec: 94 %). */
  ownerBp: number;
  /** In a deal, the miner's share of the secured yield, bp (spec: 3 %). */
  minerBp: number;
  /** The miner's margin of a deal, bp of the lent amount (the pointing's 20 % by default). */
  dealMarginBp: number;
}

export const DEFAULT_COOPERATION_SETTINGS: CooperationSettings = { minWhole: 1n, ownerBp: 9_400, minerBp: 300, dealMarginBp: 2_000 };

/** Spec doc 1 §5: XHD's minimum is 8000 (the other reading, 1, is a setting); every other coin 1. */
export function defaultCooperationSettings(coin: string): CooperationSettings {
  return coin.toUpperCase() === 'XHD' ? { ...DEFAULT_COOPERATION_SETTINGS, minWhole: XHD_MIN_COOPERATION_SPEC } : { ...DEFAULT_COOPERATION_SETTINGS };
}

/** The deal shares are valid when each is within 0–100 % and together at most 100 %. */
export function validDealShares(ownerBp: number, minerBp: number): boolean {
  return Number.isInteger(ownerBp) && Number.isInteger(minerBp) && ownerBp >= 0 && minerBp >= 0 && ownerBp + minerBp <= BP;
}

// --- cooperation amount -------------------------------------------------------------------------

export type AmountCheck = { ok: true; units: bigint; whole: bigint } | { ok: false; error: ErrorName };

/**
 * Spec doc 1 §5: the cooperation amount must be an integer (whole coins, no fraction, no sign,
 * no exponent) and at least the coin's minimum. Answers the amount in base units.
 */
export function parseCooperationAmount(text: string, scale: number, minWhole: bigint): AmountCheck {
  const trimmed = text.trim();
  if (!/^\d{1,30}$/.test(trimmed)) return { ok: false, error: 'MORTGAGE_NOT_INTEGER' };
  const whole = BigInt(trimmed);
  if (whole <= 0n) return { ok: false, error: 'MORTGAGE_AMOUNT_TOO_SMALL' };
  if (whole < minWhole) return { ok: false, error: 'MORTGAGE_BELOW_MIN' };
  return { ok: true, units: whole * 10n ** BigInt(scale), whole };
}

/**
 * A return of `amount` from `held`: whole coins, at most what is held, leaving nothing (the pool
 * closes) or at least the minimum. Answers the error, or undefined when allowed.
 */
export function returnError(held: bigint, amount: bigint, minUnits: bigint): ErrorName | undefined {
  if (amount <= 0n) return 'MORTGAGE_AMOUNT_TOO_SMALL';
  if (amount > held) return 'MORTGAGE_BALANCE_INSUFFICIENT';
  const left = held - amount;
  if (left > 0n && left < minUnits) return 'MORTGAGE_BELOW_MIN';
  return undefined;
}

// --- pool config --------------------------------------------------------------------------------

/** The pool config fields of spec doc 1 §3 'Mining pool config' as the rules read them. */
export interface CoPoolConfig {
  /** PPLNS, PPS or PROP. */
  mode: string;
  feeBp: number;
  /** The miners' part of a CO pool's pot, bp; the cooperators get the rest. */
  coopRatioBp: number;
  /** Scales the pledge a miner needs for a fully secured capacity, bp (10000 = 1). */
  burnCoefficientBp: number;
  /** The settlement's time of day, UTC HH:MM. */
  paymentTime: string;
  payoutThreshold: bigint;
  withdrawFee: bigint;
  withdrawAudit: boolean;
}

export type PoolConfigProblem = 'mode' | 'fee' | 'coop_ratio' | 'burn_coefficient' | 'payment_time' | 'payout_threshold' | 'withdraw_fee';

/** Every field the rules rely on, checked; answers the fields out of range. */
export function poolConfigProblems(config: CoPoolConfig): PoolConfigProblem[] {
  const problems: PoolConfigProblem[] = [];
  const bp = (v: number) => Number.isInteger(v) && v >= 0 && v <= BP;
  if (!['PPLNS', 'PPS', 'PROP'].includes(config.mode)) problems.push('mode');
  if (!bp(config.feeBp)) problems.push('fee');
  if (!bp(config.coopRatioBp)) problems.push('coop_ratio');
  if (!Number.isInteger(config.burnCoefficientBp) || config.burnCoefficientBp < 0 || config.burnCoefficientBp > 100 * BP) problems.push('burn_coefficient');
  if (paymentMinutes(config.paymentTime) === undefined) problems.push('payment_time');
  if (config.payoutThreshold < 0n) problems.push('payout_threshold');
  if (config.withdrawFee < 0n) problems.push('withdraw_fee');
  return problems;
}

/** Minutes after 00:00 UTC of a payment time HH:MM, or undefined when malformed. */
export function paymentMinutes(time: string): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** Whether yesterday's settlement of a pool with this payment time is due at `now` (UTC). */
export function paymentDue(time: string, now: Date): boolean {
  const minutes = paymentMinutes(time) ?? 0;
  return now.getUTCHours() * 60 + now.getUTCMinutes() >= minutes;
}

/** A withdrawal of a coin is reviewed unless every pool of the coin has its withdrawal audit off. */
export function withdrawalNeedsAudit(audits: readonly boolean[]): boolean {
  return audits.length === 0 || audits.some((a) => a);
}

/** One TB (10^12 bytes): the unit the BHD family's chains state their pledge ratio in (BHDIP001: 3 BHD/TB). */
export const TB_BYTES = 10n ** 12n;

/**
 * The pledge a capacity needs to be fully secured: capacity in TB × the coin's pledge per TB
 * (base units) × the burn coefficient, rounded down.
 */
export function requiredPledge(capacityBytes: bigint, pledgePerTb: bigint, burnCoefficientBp: number): bigint {
  if (capacityBytes <= 0n || pledgePerTb <= 0n || burnCoefficientBp <= 0) return 0n;
  return (capacityBytes * pledgePerTb * BigInt(burnCoefficientBp)) / (TB_BYTES * BigInt(BP));
}

/** The secured part of a capacity, bp: pledge ÷ required, at most 100 % (no capacity, nothing to secure). */
export function securedBp(pledge: bigint, required: bigint): number {
  if (required <= 0n || pledge <= 0n) return 0;
  if (pledge >= required) return BP;
  return Number((pledge * BigInt(BP)) / required);
}

/**
 * A CO pool's pot split by the cooperation ratio: the miners' part by points, the cooperators'
 * by the amounts they held. With no cooperator the whole pot is the miners'; with no miner the
 * whole pot is the cooperators'. The parts add up to the pot.
 */
export function cooperationSplit(pot: bigint, coopRatioBp: number, cooperators: readonly { userId: string; amount: bigint }[], haveMiners: boolean) {
  const held = cooperators.filter((c) => c.amount > 0n);
  const minersPart = held.length === 0 ? pot : haveMiners ? (pot * BigInt(coopRatioBp)) / BigInt(BP) : 0n;
  const coopPart = pot - minersPart;
  const parts = allocateProportionally(
    coopPart,
    held.map((c) => c.amount),
  );
  const credits = held.map((c, i) => ({ userId: c.userId, amount: parts[i] ?? 0n })).filter((c) => c.amount > 0n);
  return { minersPart, credits };
}

/**
 * The part of a member's own pledge of a coin that secures its capacity in one of the coin's
 * pools: in proportion to its points there against its points in all the coin's pools that
 * day (a pledge is counted once however many of the coin's pools the member mines in).
 */
export function pledgeInPool(pledge: bigint, pointsHere: bigint, pointsElsewhere: bigint): bigint {
  const all = pointsHere + pointsElsewhere;
  return all > 0n && pointsHere > 0n ? (pledge * pointsHere) / all : 0n;
}

/**
 * The parts of a member's capacity its pledges secure, bp (securedShare's `parts`): its own
 * pledge first, then what deals lend it, both against the pledge its capacity needs.
 */
export function securingParts(capacityBytes: bigint, own: bigint, lent: bigint, pledgePerTb: bigint, burnCoefficientBp: number): { ownBp: number; dealBp: number } {
  const required = requiredPledge(capacityBytes, pledgePerTb, burnCoefficientBp);
  const ownBp = securedBp(own, required);
  return { ownBp, dealBp: securedBp(own + lent, required) - ownBp };
}

/** A deal's recorded shares of the deal-secured yield, bp (the coin's settings when it was offered). */
export type DealShares = Pick<CooperationSettings, 'ownerBp' | 'minerBp'>;

/** One deal lent to a miner, with the amount it lends and the shares it was made with. */
export interface LentDeal extends DealShares {
  amount: bigint;
}

/**
 * The deals lent to one miner as one weighted share (securedShare): the deal-secured part of
 * the capacity is each deal's in proportion to the amount it lends, at that deal's own shares,
 * so the owners' share is Σ amount × ownerBp ÷ Σ amount (and the miner's likewise). One set of
 * shares is one deal of amount 1.
 */
export function weightedDealShares(deals: DealShares | readonly LentDeal[]): { lent: bigint; ownerWeight: bigint; minerWeight: bigint } {
  const list: readonly LentDeal[] = 'ownerBp' in deals ? [{ amount: 1n, ownerBp: deals.ownerBp, minerBp: deals.minerBp }] : deals.filter((d) => d.amount > 0n);
  let lent = 0n;
  let ownerWeight = 0n;
  let minerWeight = 0n;
  for (const d of list) {
    lent += d.amount;
    ownerWeight += d.amount * BigInt(d.ownerBp);
    minerWeight += d.amount * BigInt(d.minerBp);
  }
  return { lent, ownerWeight, minerWeight };
}

/**
 * One member's share of a BHD-family day split by what secures it: the own-secured part (own
 * pointing and cooperation) at 100 %, the deal-secured part to the lending owners and the miner
 * at each deal's recorded shares (94 % / 3 % by default), weighted by the amounts the deals lend
 * (weightedDealShares), the unsecured part at the coin's unsecured share; the rest stays with
 * the pool (withheld). Parts in bp of the capacity, own + deal at most 100 %. The owners' part
 * and the miner's are each rounded down once. Balanced: miner + owner + withheld = share.
 */
export function securedShare(share: bigint, parts: { ownBp: number; dealBp: number }, unsecuredShareBp: number, deals: DealShares | readonly LentDeal[]) {
  const { lent, ownerWeight, minerWeight } = weightedDealShares(deals);
  const own = BigInt(Math.max(0, Math.min(BP, parts.ownBp)));
  const dealBp = lent > 0n ? BigInt(Math.max(0, Math.min(BP - Number(own), parts.dealBp))) : 0n;
  const unsecured = BigInt(BP) - own - dealBp;
  const total = lent > 0n ? lent : 1n;
  const bp2 = BigInt(BP) * BigInt(BP) * total;
  const owner = (share * dealBp * ownerWeight) / bp2;
  const miner = (share * ((own * BigInt(BP) + unsecured * BigInt(unsecuredShareBp)) * total + dealBp * minerWeight)) / bp2;
  return { miner, owner, withheld: share - miner - owner };
}

// --- deals ----------------------------------------------------------------------------------------

export const DEAL_STATUSES = [
  'DEAL_VALID',
  'DEAL_PENDING',
  'DEAL_LOCKED',
  'DEAL_SUCCESS',
  'DEAL_INTEREST_START',
  'DEAL_INTEREST_END',
  'DEAL_UNLOCK_PENDING',
  'DEAL_UNLOCKED',
  'DEAL_BROKEN',
  'DEAL_REDEEMED',
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** What moves a deal. */
export const DEAL_EVENTS = ['take', 'withdraw', 'lock', 'confirm', 'start', 'mature', 'request_unlock', 'unlock', 'break', 'remargin', 'redeem'] as const;
export type DealEvent = (typeof DEAL_EVENTS)[number];

/**
 * The deal's transition table (spec doc 1 §4 'Deal pointing'; the spec names the states, this is
 * our reading of their order): offered (VALID) → a miner takes it (PENDING) → the miner's margin
 * is frozen (LOCKED) → in force (SUCCESS) → earning from the next UTC day (INTEREST_START) → the
 * term over (INTEREST_END) → unlock asked (UNLOCK_PENDING) → released (UNLOCKED) → the owner's
 * amount back (REDEEMED). BROKEN (the miner broke it: suspended, margin deducted) resumes with a
 * new margin or ends. An offer nobody took (VALID, PENDING) may be withdrawn: REDEEMED at once.
 */
export const DEAL_TRANSITIONS: Readonly<Record<DealStatus, Partial<Record<DealEvent, DealStatus>>>> = {
  DEAL_VALID: { take: 'DEAL_PENDING', withdraw: 'DEAL_REDEEMED' },
  DEAL_PENDING: { lock: 'DEAL_LOCKED', withdraw: 'DEAL_REDEEMED' },
  DEAL_LOCKED: { confirm: 'DEAL_SUCCESS', break: 'DEAL_BROKEN' },
  DEAL_SUCCESS: { start: 'DEAL_INTEREST_START', break: 'DEAL_BROKEN' },
  DEAL_INTEREST_START: { mature: 'DEAL_INTEREST_END', break: 'DEAL_BROKEN' },
  DEAL_INTEREST_END: { request_unlock: 'DEAL_UNLOCK_PENDING' },
  DEAL_UNLOCK_PENDING: { unlock: 'DEAL_UNLOCKED' },
  DEAL_UNLOCKED: { redeem: 'DEAL_REDEEMED' },
  DEAL_BROKEN: { remargin: 'DEAL_INTEREST_START', request_unlock: 'DEAL_UNLOCK_PENDING' },
  DEAL_REDEEMED: {},
};

/** The state an event moves a deal to, or undefined when the event is not allowed there. */
export function nextDealStatus(status: DealStatus, event: DealEvent): DealStatus | undefined {
  return DEAL_TRANSITIONS[status][event];
}

export const DEAL_FINAL_STATUSES: readonly DealStatus[] = ['DEAL_REDEEMED'];

/** States in which the lent amount secures the miner's capacity (and earns the owner's share). */
export const DEAL_SECURING_STATUSES: readonly DealStatus[] = ['DEAL_SUCCESS', 'DEAL_INTEREST_START'];

export function dealEarning(status: DealStatus): boolean {
  return DEAL_SECURING_STATUSES.includes(status);
}

/** States in which the miner's margin is held. */
export function dealMarginHeld(status: DealStatus): boolean {
  return status === 'DEAL_LOCKED' || status === 'DEAL_SUCCESS' || status === 'DEAL_INTEREST_START' || status === 'DEAL_INTEREST_END' || status === 'DEAL_UNLOCK_PENDING';
}

/** States in which the owner's lent amount is held (all but the final one). */
export function dealAmountHeld(status: DealStatus): boolean {
  return status !== 'DEAL_REDEEMED';
}

/** The miner's margin of a deal: the lent amount × the margin share, rounded down. */
export function dealMargin(amount: bigint, marginBp: number): bigint {
  return (amount * BigInt(marginBp)) / BigInt(BP);
}

/** The deal's term ends `termDays` whole UTC days after interest started. */
export function dealMatured(interestStart: Date, termDays: number, now: Date): boolean {
  return now.getTime() - interestStart.getTime() >= termDays * 86_400_000;
}

/** Interest starts the UTC day after the deal came in force (no yield on the day of locking). */
export function dealInterestStarts(successAt: Date, now: Date): boolean {
  const next = Date.UTC(successAt.getUTCFullYear(), successAt.getUTCMonth(), successAt.getUTCDate() + 1);
  return now.getTime() >= next;
}
