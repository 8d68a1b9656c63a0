/**
 * Mortgage (issue 22; spec doc 1 §4 'Collateral', 'Balance to mortgage (MASS)', §9 'MASS',
 * 'Revenue shares'): the pure rules. A user moves part of the available balance into the
 * mortgage bucket (`freebalancetomort`); each such move is a lot that takes effect on the next
 * settlement day (T+1) and can be moved back (`morttofreebalance`) once it is 7 days old. Money
 * in the mortgage bucket allows no other operation: withdrawals, transfers and purchases take
 * from the available bucket only.
 *
 * Readings (README choices):
 * - T+1: a lot made on UTC day D counts from day D+1 (the first settlement day after it) on.
 * - 7 days: a lot may be returned from `created_at + 7 × 24 h` on; a return takes whole or part
 *   lots, oldest first (FIFO), and only from lots past their 7 days.
 * - "Locked mining opens on every collection above 2048 MASS": the pool collects the effective
 *   mortgages not yet locked; whenever that collection is above 2048 MASS (strictly), a locked
 *   (staking) position opens with the whole collection and the next collection starts at zero.
 *   Lots in a collection of 2048 or less wait and earn no locked revenue.
 * - "Rankings below 30 earn no locked revenue": a position ranked 1 … 30 among the chain's
 *   stakers earns; a rank numerically greater than 30 (further down the list) earns nothing.
 * - "Mortgage income is 100 %": a day's locked revenue is shared among the locked lots in
 *   proportion to their amounts, whole (no pool fee, no unsecured withholding).
 */
import { allocateProportionally } from './ledger.ts';
import { addDays } from './finance.ts';
import { utcDay } from './pool.ts';

export const MORTGAGE_EFFECT_DAYS = 1;
export const MORTGAGE_RETURN_DAYS = 7;
/** MASS: a locked position opens on a collection above 2048 MASS (whole coins). */
export const MASS_LOCK_THRESHOLD_COINS = 2048n;
/** MASS: positions ranked beyond 30 earn no locked revenue. */
export const MASS_MAX_EARNING_RANK = 30;

export interface MortgageCoinSettings {
  /** Whether the coin takes mortgages at all (MASS by default). */
  enabled: boolean;
  /** Days after the lot's day it takes effect (spec: T+1). */
  effectDays: number;
  /** Days before a lot can come back (spec: 7). */
  returnDays: number;
  /** The least amount of one move, base units (0: any positive). */
  minUnits: bigint;
  /** A locked position opens on a collection above this, base units (0: every effective lot is locked at once). */
  lockThresholdUnits: bigint;
  /** Positions ranked beyond this earn no locked revenue (0: no ranking rule). */
  maxEarningRank: number;
}

/** The spec's numbers: MASS takes mortgages (T+1, 7 days, 2048 MASS, rank 30); other coins none until an operator enables them. */
export function defaultMortgageSettings(coin: string, scale: number): MortgageCoinSettings {
  const mass = coin.toUpperCase() === 'MASS';
  return {
    enabled: mass,
    effectDays: MORTGAGE_EFFECT_DAYS,
    returnDays: MORTGAGE_RETURN_DAYS,
    minUnits: 0n,
    lockThresholdUnits: mass ? MASS_LOCK_THRESHOLD_COINS * 10n ** BigInt(scale) : 0n,
    maxEarningRank: mass ? MASS_MAX_EARNING_RANK : 0,
  };
}

export const MORTGAGE_LOT_STATUSES = ['PENDING', 'EFFECTIVE', 'RETURNABLE', 'RETURNED'] as const;
export type MortgageLotStatus = (typeof MORTGAGE_LOT_STATUSES)[number];

export const MORTGAGE_LOG_TYPES = ['to_mortgage', 'to_balance'] as const;
export type MortgageLogType = (typeof MORTGAGE_LOG_TYPES)[number];

/** The UTC day a lot made at `at` takes effect (T+1: the next settlement day). */
export function mortgageEffectiveDay(at: Date, effectDays: number = MORTGAGE_EFFECT_DAYS): string {
  return addDays(utcDay(at), effectDays);
}

/** The moment a lot made at `at` may come back (7 days later). */
export function mortgageUnlockAt(at: Date, returnDays: number = MORTGAGE_RETURN_DAYS): Date {
  return new Date(at.getTime() + returnDays * 86_400_000);
}

export interface MortgageLot {
  id: string;
  /** What is still in mortgage of it. */
  remaining: bigint;
  effectiveDay: string;
  unlockAt: Date;
}

/** Where a lot stands at `now`: waiting for T+1, effective, past its 7 days, or all returned. */
export function mortgageLotStatus(lot: MortgageLot, now: Date): MortgageLotStatus {
  if (lot.remaining === 0n) return 'RETURNED';
  if (now.getTime() >= lot.unlockAt.getTime()) return 'RETURNABLE';
  if (utcDay(now) >= lot.effectiveDay) return 'EFFECTIVE';
  return 'PENDING';
}

/** Whether a lot counts on settlement day `day` (T+1 reached, something left). */
export function mortgageEffectiveOn(lot: Pick<MortgageLot, 'remaining' | 'effectiveDay'>, day: string): boolean {
  return lot.remaining > 0n && day >= lot.effectiveDay;
}

/** What can come back at `now`: the remaining amounts of the lots past their 7 days. */
export function returnableAmount(lots: readonly MortgageLot[], now: Date): bigint {
  return lots.reduce((sum, lot) => (now.getTime() >= lot.unlockAt.getTime() ? sum + lot.remaining : sum), 0n);
}

export type ReturnPlan =
  | { ok: true; takes: { id: string; amount: bigint }[] }
  | { ok: false; error: 'MORTGAGE_BALANCE_INSUFFICIENT' | 'MORTGAGE_LOCKED' | 'MORTGAGE_AMOUNT_TOO_SMALL' };

/**
 * Which lots a return of `amount` takes at `now`: the oldest first (by unlock time, then id),
 * only those past their 7 days. More than everything in mortgage: 11302; more than what is past
 * its 7 days: 11304.
 */
export function planReturn(lots: readonly MortgageLot[], amount: bigint, now: Date): ReturnPlan {
  if (amount <= 0n) return { ok: false, error: 'MORTGAGE_AMOUNT_TOO_SMALL' };
  const total = lots.reduce((sum, lot) => sum + lot.remaining, 0n);
  if (amount > total) return { ok: false, error: 'MORTGAGE_BALANCE_INSUFFICIENT' };
  if (amount > returnableAmount(lots, now)) return { ok: false, error: 'MORTGAGE_LOCKED' };
  const ordered = lots
    .filter((lot) => lot.remaining > 0n && now.getTime() >= lot.unlockAt.getTime())
    .sort((a, b) => a.unlockAt.getTime() - b.unlockAt.getTime() || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  const takes: { id: string; amount: bigint }[] = [];
  let left = amount;
  for (const lot of ordered) {
    if (left === 0n) break;
    const take = lot.remaining < left ? lot.remaining : left;
    takes.push({ id: lot.id, amount: take });
    left -= take;
  }
  return { ok: true, takes };
}

/** Why a move into mortgage is refused, or undefined when it may go. */
export function mortgageRefusal(settings: Pick<MortgageCoinSettings, 'enabled' | 'minUnits'>, amount: bigint): 'MORTGAGE_NOT_SUPPORTED' | 'MORTGAGE_AMOUNT_TOO_SMALL' | undefined {
  if (!settings.enabled) return 'MORTGAGE_NOT_SUPPORTED';
  if (amount <= 0n || amount < settings.minUnits) return 'MORTGAGE_AMOUNT_TOO_SMALL';
  return undefined;
}

// --- MASS locked mining ------------------------------------------------------------------------

/** A collection opens a locked position when it is above the threshold (strictly); no threshold: any collection. */
export function lockedMiningOpens(collected: bigint, thresholdUnits: bigint): boolean {
  return collected > 0n && collected > thresholdUnits;
}

/**
 * Walks the effective lots in order (oldest first) and groups them into collections: each
 * collection closes into a locked position as soon as it is above the threshold. Answers the
 * positions (the lot ids in each) and the open collection still waiting.
 */
export function collectLockedPositions(
  lots: readonly { id: string; amount: bigint }[],
  thresholdUnits: bigint,
): { positions: { ids: string[]; amount: bigint }[]; waiting: { ids: string[]; amount: bigint } } {
  const positions: { ids: string[]; amount: bigint }[] = [];
  let current: { ids: string[]; amount: bigint } = { ids: [], amount: 0n };
  for (const lot of lots) {
    if (lot.amount <= 0n) continue;
    current = { ids: [...current.ids, lot.id], amount: current.amount + lot.amount };
    if (lockedMiningOpens(current.amount, thresholdUnits)) {
      positions.push(current);
      current = { ids: [], amount: 0n };
    }
  }
  return { positions, waiting: current };
}

/** Whether a position at `rank` (1 = first) earns locked revenue; maxRank 0: no ranking rule. */
export function rankEarnsLockedRevenue(rank: number, maxRank: number = MASS_MAX_EARNING_RANK): boolean {
  if (maxRank <= 0) return true;
  return Number.isInteger(rank) && rank >= 1 && rank <= maxRank;
}

/**
 * Mortgage income is 100 %: a day's locked revenue shared whole among the locked lots in
 * proportion to their amounts (exact, the parts sum to the revenue); nothing when the rank earns none.
 */
export function shareMortgageIncome(
  revenue: bigint,
  holders: readonly { userId: string; amount: bigint }[],
  rank: number,
  maxRank: number = MASS_MAX_EARNING_RANK,
): { userId: string; amount: bigint }[] {
  if (revenue <= 0n || !rankEarnsLockedRevenue(rank, maxRank)) return [];
  const parts = allocateProportionally(
    revenue,
    holders.map((h) => h.amount),
  );
  return holders.map((h, i) => ({ userId: h.userId, amount: parts[i] ?? 0n })).filter((c) => c.amount > 0n);
}

// --- a pointing in mortgage (POINT_LOCKED) -------------------------------------------------------

/**
 * Why a pointing cannot be put in mortgage, or undefined when it can: only an effective
 * (POINT_VALID) pointing with no request of its own pending and no cancellation open (pending or
 * approved). Reading (README choices): the user asks, the back office approves with
 * `auditmorttopoint` (POINT_VALID → POINT_LOCKED); the way out is the cancellation request,
 * whose approval with `auditunlockmortgagepoint` releases it (POINT_LOCKED → POINT_VALID) before
 * the owner withdraws on chain.
 */
export function pointMortgageRefusal(
  status: string,
  open: { mortgageRequest: boolean; cancellation: 'PENDING' | 'APPROVED' | 'REJECTED' | undefined },
): 'POINT_NOT_FOUND' | 'POINT_NOT_CONFIRMED' | 'POINT_LOCKED' | 'POINT_CANCEL_NOT_ALLOWED' | undefined {
  if (status === 'POINT_BROKE' || status === 'POINT_UNLOCK_DEPOSIT') return 'POINT_NOT_FOUND';
  if (status === 'POINT_RECEIVED') return 'POINT_NOT_CONFIRMED';
  if (status !== 'POINT_VALID' || open.mortgageRequest) return 'POINT_LOCKED';
  if (open.cancellation === 'PENDING' || open.cancellation === 'APPROVED') return 'POINT_CANCEL_NOT_ALLOWED';
  return undefined;
}
