/**
 * Coin owners (issue 22; spec doc 1 §3 'Pointing record', §4 'Source address binding',
 * 'Pointing', 'Pointing display', 'Pointing verification', 'Cancelling pointing', §9 'Pointing',
 * 'DePINC pledge'): the pure rules. The server reads the chain and keeps the records; every
 * decision about a state, an amount or a penalty is made here.
 *
 * Money is base units (bigint). Shares and rates are basis points (1 % = 100 bp).
 *
 * The reading of the verification (README choices): binding a source address starts a
 * verification at the chain's tip height `h0`; the user proves control of the address by making
 * a point (pledge) transaction from it to the binding's confirmation address (the pool's address
 * for the coin) — `sendpledgetoaddress` on a BHD-family wallet. After 1 block the confirmation
 * address is checked: nothing seen → WAIT_CONFIRM; the transaction seen (mempool or mined) →
 * VALID; mined → CONFIRMED. Past h0 + 20 with nothing seen → VERIFY_EXPIRED. "Timeout means the
 * binding is still valid": a verification whose transaction was seen within the 20 blocks
 * (VALID) does not expire, however late it is mined.
 */

/** The coins whose owners point (BHD-family chains with pledge transactions; spec doc 1 §9). */
export const POINTING_COINS = ['BHD', 'LHD', 'HDD', 'XHD', 'DEPINC'] as const;

// --- source-address binding -----------------------------------------------------------------

export const BINDING_STATUSES = ['VERIFY', 'WAIT_CONFIRM', 'VALID', 'CONFIRMED', 'VERIFY_EXPIRED'] as const;
export type BindingStatus = (typeof BINDING_STATUSES)[number];

/** A verification must be made within this many blocks of its start (spec: 20). */
export const VERIFY_WINDOW_BLOCKS = 20;
/** The confirmation address is first checked this many blocks after the start (spec: 1). */
export const VERIFY_CHECK_AFTER_BLOCKS = 1;
/** A pointing may be transferred this many blocks after it was made (spec: 6). */
export const TRANSFER_AFTER_BLOCKS = 6;
/** A remark is shorter than 32 characters (spec doc 2 §7 updatepointaddressremark). */
export const REMARK_MAX_LENGTH = 31;

export const BINDING_FINAL_STATUSES: readonly BindingStatus[] = ['CONFIRMED', 'VERIFY_EXPIRED'];

/** The verification's transaction as the chain shows it: `height` undefined while in the mempool. */
export interface VerificationSighting {
  height?: number;
}

/**
 * The binding's next status at chain tip `tip`, given the one it has, the height its
 * verification started at, and the verification transaction if one is seen (made from the source
 * address to the confirmation address after the start). Final statuses never move.
 */
export function nextBindingStatus(
  status: BindingStatus,
  startHeight: number,
  tip: number,
  seen: VerificationSighting | undefined,
  windowBlocks: number = VERIFY_WINDOW_BLOCKS,
): BindingStatus {
  if (BINDING_FINAL_STATUSES.includes(status)) return status;
  const deadline = verifyDeadline(startHeight, windowBlocks);
  if (seen) {
    if (seen.height !== undefined) {
      // Mined: within the window, or seen earlier within it (VALID) — the binding is still valid.
      if (seen.height <= deadline || status === 'VALID') return 'CONFIRMED';
      return 'VERIFY_EXPIRED';
    }
    if (tip <= deadline || status === 'VALID') return 'VALID';
    return 'VERIFY_EXPIRED';
  }
  if (status === 'VALID') return 'VALID';
  if (tip > deadline) return 'VERIFY_EXPIRED';
  if (tip >= startHeight + VERIFY_CHECK_AFTER_BLOCKS) return 'WAIT_CONFIRM';
  return 'VERIFY';
}

/** The last height at which a verification started at `startHeight` can still be made. */
export function verifyDeadline(startHeight: number, windowBlocks: number = VERIFY_WINDOW_BLOCKS): number {
  return startHeight + windowBlocks;
}

// --- DePINC terms ---------------------------------------------------------------------------

export const POINT_TERMS = ['Noterm', 'Term1', 'Term2', 'Term3'] as const;
export type PointTerm = (typeof POINT_TERMS)[number];

export interface PointTermRule {
  /** The actual pledge rate while the lock runs, bp. */
  pledgeBp: number;
  /** The point multiplier, tenths (12.5 → 125): pledge rate × multiplier = 100 %. */
  multiplierTenths: number;
  /** The lock in days (Noterm's is a setting: the spec's one week or the chain's 5 days). */
  lockDays: number;
}

/** Spec doc 1 §9's table; DePINC's pledge_term.cpp has the same rates and multipliers. */
export const POINT_TERM_RULES: Record<PointTerm, PointTermRule> = {
  Noterm: { pledgeBp: 800, multiplierTenths: 125, lockDays: 7 },
  Term1: { pledgeBp: 2000, multiplierTenths: 50, lockDays: 365 },
  Term2: { pledgeBp: 5000, multiplierTenths: 20, lockDays: 730 },
  Term3: { pledgeBp: 10000, multiplierTenths: 10, lockDays: 1095 },
};

/** After its lock a deposit counts as an unbounded (Noterm) deposit at 8 %. */
export const EXPIRED_TERM_PLEDGE_BP = 800;
/** DePINC's blocks a day (3-minute blocks). */
export const DEPINC_BLOCKS_PER_DAY = 480;
/** The Noterm lock: the spec's one week (default) or the DePINC chain's 5 days (2400 blocks). */
export const NOTERM_LOCK_DAYS_SPEC = 7;
export const NOTERM_LOCK_DAYS_CHAIN = 5;

/** A term's lock in blocks, with Noterm's days from the setting. */
export function termLockBlocks(term: PointTerm, notermLockDays: number = NOTERM_LOCK_DAYS_SPEC, blocksPerDay: number = DEPINC_BLOCKS_PER_DAY): number {
  const days = term === 'Noterm' ? notermLockDays : POINT_TERM_RULES[term].lockDays;
  return days * blocksPerDay;
}

/** Whether a pointing made at `pointHeight` has passed its lock at `height`. */
export function termExpired(pointHeight: number, height: number, lockBlocks: number): boolean {
  return height - pointHeight >= lockBlocks;
}

/** The current pledge rate: the term's while locked, 8 % after (the unbounded deposit). */
export function currentPledgeBp(term: PointTerm, pointHeight: number, height: number, lockBlocks: number): number {
  return termExpired(pointHeight, height, lockBlocks) ? EXPIRED_TERM_PLEDGE_BP : POINT_TERM_RULES[term].pledgeBp;
}

/** The actual pledge an amount counts for (amount × the current pledge rate, rounded down). */
export function actualPledge(amount: bigint, term: PointTerm, pointHeight: number, height: number, lockBlocks: number): bigint {
  return (amount * BigInt(currentPledgeBp(term, pointHeight, height, lockBlocks))) / 10_000n;
}

/** Residual value = 100 % − the current pledge rate, bp. */
export function residualValueBp(term: PointTerm, pointHeight: number, height: number, lockBlocks: number): number {
  return 10_000 - currentPledgeBp(term, pointHeight, height, lockBlocks);
}

/**
 * Withdrawing before the lock ends (DePINC's GetWithdrawAmount): amount × blocks held / lock
 * comes back, the rest is the chain's penalty; after the lock everything comes back.
 */
export function chainWithdrawal(amount: bigint, pointHeight: number, height: number, lockBlocks: number): { withdrawable: bigint; penalty: bigint } {
  if (termExpired(pointHeight, height, lockBlocks) || lockBlocks <= 0) return { withdrawable: amount, penalty: 0n };
  const held = BigInt(Math.max(0, height - pointHeight));
  const withdrawable = (amount * held) / BigInt(lockBlocks);
  return { withdrawable, penalty: amount - withdrawable };
}

// --- personal pointing: counted share and margin ----------------------------------------------

export interface PointingCoinSettings {
  /** The share of a pointed amount the pool counts, bp (spec: 80 %; XHD 100 %). */
  countBp: number;
  /** The margin (deposit) frozen on the platform, bp of the pointed amount (spec: 20 %; XHD 0 %). */
  marginBp: number;
  /** Noterm's lock in days (spec 7; the DePINC chain 5). */
  notermLockDays: number;
  /** The least amount a verification or a pointing may be, base units (0: any). */
  minPointUnits: bigint;
  /** The blocks a source-address verification may take (spec: 20). */
  verifyWindowBlocks: number;
}

export const DEFAULT_POINTING_SETTINGS: PointingCoinSettings = {
  countBp: 8000,
  marginBp: 2000,
  notermLockDays: NOTERM_LOCK_DAYS_SPEC,
  minPointUnits: 0n,
  verifyWindowBlocks: VERIFY_WINDOW_BLOCKS,
};

/** Spec doc 1 §9: personal pointing at 80 % with a 20 % margin; XHD 100 % and 0 %. */
export function defaultPointingSettings(coin: string): PointingCoinSettings {
  return coin.toUpperCase() === 'XHD' ? { ...DEFAULT_POINTING_SETTINGS, countBp: 10_000, marginBp: 0 } : { ...DEFAULT_POINTING_SETTINGS };
}

/** Settings are valid when both shares are within 0–100 % and together at most 100 %. */
export function validPointingShares(countBp: number, marginBp: number): boolean {
  return Number.isInteger(countBp) && Number.isInteger(marginBp) && countBp >= 0 && marginBp >= 0 && countBp + marginBp <= 10_000;
}

/**
 * The pool's counted amount and the margin of a pointed amount. When the shares make 100 %
 * the margin is the remainder, so no unit is lost to rounding.
 */
export function pointingShares(amount: bigint, settings: Pick<PointingCoinSettings, 'countBp' | 'marginBp'>): { counted: bigint; margin: bigint } {
  if (!validPointingShares(settings.countBp, settings.marginBp)) throw new RangeError('pointing shares exceed 100 %');
  const counted = (amount * BigInt(settings.countBp)) / 10_000n;
  const margin = settings.countBp + settings.marginBp === 10_000 ? amount - counted : (amount * BigInt(settings.marginBp)) / 10_000n;
  return { counted, margin };
}

// --- pointing records -----------------------------------------------------------------------

export const POINT_STATUSES = ['POINT_RECEIVED', 'POINT_VALID', 'POINT_LOCKED', 'POINT_LOCKED_MARKET', 'POINT_BROKE', 'POINT_UNLOCK_DEPOSIT'] as const;
export type PointStatus = (typeof POINT_STATUSES)[number];

export const POINT_DISPLAYS = ['Waiting', 'Effectived', 'Unlocked'] as const;
export type PointDisplay = (typeof POINT_DISPLAYS)[number];

/** Spec doc 1 §4 'Pointing display': received is Waiting; valid or locked is Effectived; broke or unlocked is Unlocked. */
export function pointDisplay(status: PointStatus): PointDisplay {
  if (status === 'POINT_RECEIVED') return 'Waiting';
  if (status === 'POINT_BROKE' || status === 'POINT_UNLOCK_DEPOSIT') return 'Unlocked';
  return 'Effectived';
}

export const POINT_FINAL_STATUSES: readonly PointStatus[] = ['POINT_BROKE', 'POINT_UNLOCK_DEPOSIT'];

/** A pointing's transaction as the chain shows it. */
export interface PointSighting {
  /** Mined at; undefined in the mempool. */
  height?: number;
  /** The withdrawal (withdrawpledge) mined at; undefined while the pointing stands. */
  withdrawnHeight?: number;
}

/**
 * What moves a pointing record: the chain (`mined`: the point mined with its margin frozen;
 * `withdrawn`: its withdrawpledge mined, after an approved cancellation or without one), a
 * mortgage (`mortgage` / `unmortgage`, POINT_LOCKED) and a finance commitment (`finance`: a
 * standing record committed to one of its owner's open finance holdings of the coin;
 * `financeEnd`: that holding closed — its product ended or unlocked, or it was redeemed or
 * revoked). Spec doc 1 §4 names the statuses; the moves between them are this table.
 */
export const POINT_EVENTS = ['mined', 'mortgage', 'unmortgage', 'finance', 'financeEnd', 'withdrawnApproved', 'withdrawn'] as const;
export type PointEvent = (typeof POINT_EVENTS)[number];

/** The only moves a record makes; a withdrawal on chain ends every standing or locked record. */
export const POINT_TRANSITIONS: Readonly<Record<PointStatus, Partial<Record<PointEvent, PointStatus>>>> = {
  POINT_RECEIVED: { mined: 'POINT_VALID', withdrawnApproved: 'POINT_UNLOCK_DEPOSIT', withdrawn: 'POINT_BROKE' },
  POINT_VALID: { mortgage: 'POINT_LOCKED', finance: 'POINT_LOCKED_MARKET', withdrawnApproved: 'POINT_UNLOCK_DEPOSIT', withdrawn: 'POINT_BROKE' },
  POINT_LOCKED: { unmortgage: 'POINT_VALID', withdrawnApproved: 'POINT_UNLOCK_DEPOSIT', withdrawn: 'POINT_BROKE' },
  // Locked in finance: no cancellation request can be filed, so a withdrawal here is always without an approved one.
  POINT_LOCKED_MARKET: { financeEnd: 'POINT_VALID', withdrawn: 'POINT_BROKE' },
  POINT_BROKE: {},
  POINT_UNLOCK_DEPOSIT: {},
};

/** The status an event moves a record to, or undefined when the event is not allowed in its status. */
export function movePoint(status: PointStatus, event: PointEvent): PointStatus | undefined {
  return POINT_TRANSITIONS[status][event];
}

/**
 * The record's next status from the chain: mined and its margin frozen → POINT_VALID;
 * withdrawn on chain → POINT_UNLOCK_DEPOSIT after an approved cancellation, POINT_BROKE
 * otherwise (the deposit is deducted). Locked states (mortgage, finance) move only by their own
 * operations, but a withdrawal on chain breaks them too.
 */
export function nextPointStatus(status: PointStatus, sighting: PointSighting, opts: { marginHeld: boolean; cancellationApproved: boolean }): PointStatus {
  if (sighting.withdrawnHeight !== undefined) return movePoint(status, opts.cancellationApproved ? 'withdrawnApproved' : 'withdrawn') ?? movePoint(status, 'withdrawn') ?? status;
  if (sighting.height !== undefined && opts.marginHeld) return movePoint(status, 'mined') ?? status;
  return status;
}

/**
 * A record may be committed to a finance holding (POINT_LOCKED_MARKET) when it stands
 * (POINT_VALID) with no cancellation request pending or approved: a record on its way out
 * cannot back a holding.
 */
export function canLockInFinance(status: PointStatus, request: CancelRequestStatus | undefined): boolean {
  return movePoint(status, 'finance') !== undefined && request !== 'PENDING' && request !== 'APPROVED';
}

/** A pointing may be transferred (or cancelled on chain) 6 blocks after it was made. */
export function canTransferPoint(pointHeight: number | undefined, tip: number): boolean {
  return pointHeight !== undefined && tip - pointHeight >= TRANSFER_AFTER_BLOCKS;
}

// --- cancellation ---------------------------------------------------------------------------

export const CANCEL_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type CancelRequestStatus = (typeof CANCEL_REQUEST_STATUSES)[number];

/**
 * Spec doc 1 §4 'Cancelling pointing': the deposit is deducted when the pointing is cancelled
 * in the wallet without a request, with one still pending, or after a refused one; an approved
 * request releases it.
 */
export function cancellationPenalty(deposit: bigint, request: CancelRequestStatus | undefined): bigint {
  return request === 'APPROVED' ? 0n : deposit;
}

/**
 * A request may be filed on a standing pointing with no pending or approved request; a pointing
 * in mortgage (POINT_LOCKED) too: its approval releases it from the mortgage (issue 22).
 */
export function canRequestCancellation(status: PointStatus, request: CancelRequestStatus | undefined): boolean {
  if (status !== 'POINT_VALID' && status !== 'POINT_RECEIVED' && status !== 'POINT_LOCKED') return false;
  return request === undefined || request === 'REJECTED';
}
