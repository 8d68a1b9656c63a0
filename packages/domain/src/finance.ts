/**
 * Finance products (issue 23; spec doc 1 §3 'Finance product', §4 'Periodical product',
 * 'Current product', 'Current-product redemption', 'Staking', §9 'Current products', 'Other
 * limits'): the pure rules. The server holds the SQL; the daily accrual's set-based statement
 * computes exactly `dailyInterest` (a test compares the two).
 *
 * Money is base units (bigint). An annualised rate is held in millionths (ppm): 5 % = 50_000.
 * A day's interest is principal × rate / (365 × 10^6), rounded down: rounding never creates a
 * unit. A holding earns for every whole UTC day strictly after the day it was subscribed and
 * strictly before the day its redemption was asked for (no interest on either boundary day).
 */

/** The four types: periodical (DQB), current (HQB), staking (LOCK), saving (SXC). */
export const FINANCE_PRODUCT_TYPES = ['DQB', 'HQB', 'LOCK', 'SXC'] as const;
export type FinanceProductType = (typeof FINANCE_PRODUCT_TYPES)[number];

/** Statuses on the listing (spec doc 1 §3): on shelf, withdrawn, interest bearing. */
export const FINANCE_LISTING_STATUSES = ['on_shelf', 'withdrawn', 'interest_bearing'] as const;
export type FinanceListingStatus = (typeof FINANCE_LISTING_STATUSES)[number];

/**
 * A product's own state. Periodical: create → interest → end, or create → revoke (before the
 * interest starts). Staking: collecting → locked → unlocked. Current and saving: open (their
 * holdings carry the states).
 */
export const FINANCE_PRODUCT_STATES = ['create', 'interest', 'end', 'revoke', 'collecting', 'locked', 'unlocked', 'open'] as const;
export type FinanceProductState = (typeof FINANCE_PRODUCT_STATES)[number];

/**
 * A holding's state. Current and saving: waiting → interest → redeeming → redeemed.
 * Periodical: waiting → interest → ended, or waiting → revoked. Staking: waiting → locked →
 * unlocked.
 */
export const FINANCE_HOLDING_STATES = ['waiting', 'interest', 'redeeming', 'redeemed', 'ended', 'revoked', 'locked', 'unlocked'] as const;
export type FinanceHoldingState = (typeof FINANCE_HOLDING_STATES)[number];

export type FinanceProductEvent = 'start' | 'end' | 'revoke' | 'lock' | 'unlock';
export type FinanceHoldingEvent = 'accrue' | 'redeem' | 'confirm' | 'end' | 'revoke' | 'lock' | 'unlock';

export class FinanceStateError extends Error {
  override name = 'FinanceStateError';
}

/** The state a product starts in. */
export function initialProductState(type: FinanceProductType): FinanceProductState {
  return type === 'DQB' ? 'create' : type === 'LOCK' ? 'collecting' : 'open';
}

const PRODUCT_MOVES: Record<FinanceProductType, Partial<Record<FinanceProductState, Partial<Record<FinanceProductEvent, FinanceProductState>>>>> = {
  DQB: { create: { start: 'interest', revoke: 'revoke' }, interest: { end: 'end' } },
  LOCK: { collecting: { lock: 'locked' }, locked: { unlock: 'unlocked' } },
  HQB: {},
  SXC: {},
};

/** The product's next state, or FinanceStateError when the event is not allowed in its state. */
export function nextProductState(type: FinanceProductType, state: FinanceProductState, event: FinanceProductEvent): FinanceProductState {
  const next = PRODUCT_MOVES[type][state]?.[event];
  if (!next) throw new FinanceStateError(`a ${type} product cannot ${event} when ${state}`);
  return next;
}

const HOLDING_MOVES: Record<FinanceProductType, Partial<Record<FinanceHoldingState, Partial<Record<FinanceHoldingEvent, FinanceHoldingState>>>>> = {
  HQB: { waiting: { accrue: 'interest', redeem: 'redeeming' }, interest: { accrue: 'interest', redeem: 'redeeming' }, redeeming: { confirm: 'redeemed' } },
  SXC: { waiting: { accrue: 'interest', redeem: 'redeeming' }, interest: { accrue: 'interest', redeem: 'redeeming' }, redeeming: { confirm: 'redeemed' } },
  DQB: { waiting: { accrue: 'interest', revoke: 'revoked', end: 'ended' }, interest: { accrue: 'interest', end: 'ended' } },
  LOCK: { waiting: { lock: 'locked' }, locked: { accrue: 'locked', unlock: 'unlocked' } },
};

/** The holding's next state, or FinanceStateError when the event is not allowed in its state. */
export function nextHoldingState(type: FinanceProductType, state: FinanceHoldingState, event: FinanceHoldingEvent): FinanceHoldingState {
  const next = HOLDING_MOVES[type][state]?.[event];
  if (!next) throw new FinanceStateError(`a ${type} holding cannot ${event} when ${state}`);
  return next;
}

/** States of a holding whose principal is still in the finance bucket. */
export const FINANCE_OPEN_HOLDING_STATES: readonly FinanceHoldingState[] = ['waiting', 'interest', 'redeeming', 'locked'];

/** Where a holding's daily interest goes: current and saving pay it out daily; periodical and staking keep it with the principal until the end. */
export function interestBucket(type: FinanceProductType): 'available' | 'finance' {
  return type === 'HQB' || type === 'SXC' ? 'available' : 'finance';
}

// --- rates and interest ---------------------------------------------------------------------

export const PPM = 1_000_000n;
export const DAYS_PER_YEAR = 365n;
/** Highest annualised rate a product may carry: 1000 % (a typo guard, not a business limit). */
export const RATE_PPM_MAX = 10_000_000n;

/** One day's interest on `principal` at an annualised rate of `ratePpm` millionths, rounded down. */
export function dailyInterest(principal: bigint, ratePpm: bigint): bigint {
  if (principal < 0n || ratePpm < 0n) throw new RangeError('principal and rate must not be negative');
  return (principal * ratePpm) / (DAYS_PER_YEAR * PPM);
}

/** A tier of LHD's tiered daily interest (spec doc 1 §9): from `fromDays` days held, this rate. */
export interface RateTier {
  fromDays: number;
  ratePpm: bigint;
}

/** LHD's bands (spec doc 1 §9): 0–15, 15–30 and 30+ days held; the rates are the back office's. */
export const LHD_TIER_DAYS = [0, 15, 30] as const;

/**
 * The rate of a holding held `daysHeld` days: the tier with the highest `fromDays` not above it,
 * or the flat `ratePpm` when there are no tiers (or none applies yet).
 */
export function rateForDaysHeld(ratePpm: bigint, tiers: readonly RateTier[], daysHeld: number): bigint {
  let best: RateTier | undefined;
  for (const tier of tiers) if (tier.fromDays <= daysHeld && (!best || tier.fromDays > best.fromDays)) best = tier;
  return best ? best.ratePpm : ratePpm;
}

/** Refuses tiers that are unordered, repeat a start, start below 0 or carry a rate out of range. */
export function validTiers(tiers: readonly RateTier[]): boolean {
  for (let i = 0; i < tiers.length; i++) {
    const tier = tiers[i] as RateTier;
    if (!Number.isInteger(tier.fromDays) || tier.fromDays < 0 || tier.ratePpm < 0n || tier.ratePpm > RATE_PPM_MAX) return false;
    if (i > 0 && tier.fromDays <= (tiers[i - 1] as RateTier).fromDays) return false;
  }
  return true;
}

// --- days -----------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** `day` plus `n` days (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return new Date((dayNumber(day) + n) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Whether a holding earns on `day`: strictly after its subscription day and strictly before
 * its last day (the day its redemption was asked for or its product ended or unlocked; none
 * while it is still held). Also inside the product's window when it has one.
 */
export function earnsOn(
  day: string,
  holding: { subscribedDay: string; untilDay: string | null },
  window: { fromDay: string | null; untilDay: string | null } = { fromDay: null, untilDay: null },
): boolean {
  if (day <= holding.subscribedDay) return false;
  if (holding.untilDay !== null && day >= holding.untilDay) return false;
  if (window.fromDay !== null && day < window.fromDay) return false;
  if (window.untilDay !== null && day >= window.untilDay) return false;
  return true;
}

/** Days held on `day`: 1 on the first day that earns (the day after the subscription). */
export function daysHeld(subscribedDay: string, day: string): number {
  return daysBetween(subscribedDay, day);
}

/** The interest of one holding on one day (0 when it does not earn that day). */
export function holdingInterestOn(
  day: string,
  holding: { principal: bigint; subscribedDay: string; untilDay: string | null },
  product: { ratePpm: bigint; tiers: readonly RateTier[]; window?: { fromDay: string | null; untilDay: string | null } },
): bigint {
  if (!earnsOn(day, holding, product.window)) return 0n;
  return dailyInterest(holding.principal, rateForDaysHeld(product.ratePpm, product.tiers, daysHeld(holding.subscribedDay, day)));
}

// --- the budget -----------------------------------------------------------------------------

/**
 * One product-day's accrual against the product's interest budget: the whole day is paid when
 * the budget holds it, else nothing is (the product stops accruing and the back office is told).
 * Never more than the budget; what is paid is exactly what leaves it.
 */
export function accrueAgainstBudget(budget: bigint, interests: readonly bigint[]): { paid: bigint[]; total: bigint; budgetAfter: bigint; exhausted: boolean } {
  if (budget < 0n) throw new RangeError('a budget is never negative');
  const total = interests.reduce((a, b) => a + b, 0n);
  if (total > budget) return { paid: interests.map(() => 0n), total: 0n, budgetAfter: budget, exhausted: true };
  return { paid: [...interests], total, budgetAfter: budget - total, exhausted: false };
}

/**
 * "Yesterday's annualised figure": what a day's interest comes to over a year, in ppm of the
 * principal that earned it (0 when nothing earned).
 */
export function annualisedPpm(interest: bigint, principal: bigint): bigint {
  if (principal <= 0n) return 0n;
  return (interest * DAYS_PER_YEAR * PPM) / principal;
}

// --- buying ---------------------------------------------------------------------------------

export type PurchaseRefusal = 'not_on_shelf' | 'closed' | 'below_min' | 'quota';

/**
 * Whether a purchase of `amount` fits the product: on the shelf, in a state that takes
 * subscriptions, at least the minimum single purchase and within what the quota has left
 * (quota 0: no limit). Undefined when it fits.
 */
export function purchaseRefusal(
  product: { type: FinanceProductType; state: FinanceProductState; onShelf: boolean; minUnits: bigint; quotaUnits: bigint; orderedUnits: bigint },
  amount: bigint,
): PurchaseRefusal | undefined {
  if (!product.onShelf) return 'not_on_shelf';
  const open = product.type === 'DQB' ? product.state === 'create' : product.type === 'LOCK' ? product.state === 'collecting' : product.state === 'open';
  if (!open) return 'closed';
  if (amount <= 0n || amount < product.minUnits) return 'below_min';
  if (product.quotaUnits > 0n && product.orderedUnits + amount > product.quotaUnits) return 'quota';
  return undefined;
}

/** The listing's status (spec doc 1 §3): withdrawn off the shelf, interest bearing while it pays, else on shelf. */
export function listingStatus(product: { type: FinanceProductType; state: FinanceProductState; onShelf: boolean }): FinanceListingStatus {
  if (product.state === 'interest' || product.state === 'locked') return 'interest_bearing';
  if (!product.onShelf || product.state === 'end' || product.state === 'revoke' || product.state === 'unlocked') return 'withdrawn';
  return 'on_shelf';
}

/** Staking: locked once the subscriptions reach the amount to collect (the quota). */
export function stakingReady(orderedUnits: bigint, quotaUnits: bigint): boolean {
  return quotaUnits > 0n && orderedUnits >= quotaUnits;
}

/** Staking: blocks left until the unlock (never below 0). */
export function blocksLeft(unlockHeight: number, height: number): number {
  return Math.max(0, unlockHeight - height);
}

/** A current product's redemption: the date it is confirmed by (T + `days` days). */
export function redemptionDueAt(requestedAt: Date, days: number): Date {
  return new Date(requestedAt.getTime() + days * DAY_MS);
}

// --- settings -------------------------------------------------------------------------------

export interface FinanceSettings {
  /** The UTC hour the daily accrual runs for the day before: 0 (default) or 12 (the other reading). */
  settlementHourUtc: number;
  /** Current-product redemptions are confirmed within T + this many days (spec: 5). */
  redemptionDays: number;
  /** The XHD saving's shares of revenue (spec: 94 % owner, 3 % miner), basis points. */
  savingOwnerBp: number;
  savingMinerBp: number;
}

export const DEFAULT_FINANCE_SETTINGS: FinanceSettings = { settlementHourUtc: 0, redemptionDays: 5, savingOwnerBp: 9400, savingMinerBp: 300 };

/** Basis points in a whole. */
export const BP = 10_000;

/** A day of one holding's yield, split (see `yieldSplit`). */
export interface YieldSplit {
  owner: bigint;
  miner: bigint;
  pool: bigint;
}

/**
 * How a holding's day of yield is split. A saving (SXC, the XHD saving of spec doc 1 §6/§8):
 * the holder (the coin owner) takes the owner's share, the product's miner the miner's share,
 * each rounded down, and the pool the rest (rounding included); a saving with no miner named
 * leaves the miner's share to the pool too. Every other type pays its holder the whole yield.
 * The shares never add up to more than the yield, so the budget pays exactly the yield.
 */
export function yieldSplit(gross: bigint, type: FinanceProductType, shares: { ownerBp: number; minerBp: number; hasMiner: boolean }): YieldSplit {
  if (gross < 0n) throw new RangeError('a yield is never negative');
  if (type !== 'SXC') return { owner: gross, miner: 0n, pool: 0n };
  if (shares.ownerBp < 0 || shares.minerBp < 0 || shares.ownerBp + shares.minerBp > BP) throw new RangeError('the shares must lie within a whole');
  const owner = (gross * BigInt(shares.ownerBp)) / BigInt(BP);
  const miner = shares.hasMiner ? (gross * BigInt(shares.minerBp)) / BigInt(BP) : 0n;
  return { owner, miner, pool: gross - owner - miner };
}

/** The latest day whose accrual is due at `now`: yesterday once the settlement hour has passed, else the day before. */
export function lastAccrualDay(now: Date, settlementHourUtc: number): string {
  const today = now.toISOString().slice(0, 10);
  return addDays(today, now.getUTCHours() >= settlementHourUtc ? -1 : -2);
}

/** Parses a percentage text ("5.25") into ppm (52_500); at most 4 decimals. */
export function percentToPpm(percent: string): bigint {
  const match = /^(\d{1,5})(?:\.(\d{1,4}))?$/.exec(percent.trim());
  if (!match) throw new RangeError(`not a percentage: ${percent}`);
  return BigInt(match[1] as string) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

/** ppm as a percentage text (52_500 → "5.25"). */
export function ppmToPercent(ppm: bigint): string {
  const whole = ppm / 10_000n;
  const frac = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}
