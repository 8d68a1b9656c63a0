/**
 * The wallet's rules (spec doc 1 §3 'Asset', 'Withdrawal', 'Withdrawal address', §4, §5, §9
 * 'Withdrawal and transfers', 'Settlement and payout'): pure functions over bigint base units,
 * shared by the server (which enforces them) and the web app (which explains them).
 */
import type { ErrorName } from './errors/codes.ts';
import type { LedgerKind, UserBucket } from './ledger.ts';
import { allocateProportionally } from './ledger.ts';
import { formatAmount, isAmount, parseAmount } from './money.ts';

/**
 * Withdrawal statuses (spec doc 1 §4) plus REJECTED for a refusal with a reason, and the
 * custody states (issue 15): SEND_UNKNOWN, a send whose outcome is unknown (never resent
 * automatically), and FAILED, refused by the wallet or rejected on chain (the operator returns
 * the funds or resends). SENT only once the chain has confirmed the payment.
 */
export const WITHDRAW_STATUSES = ['AUDITING', 'SENT_PENDING', 'SEND_UNKNOWN', 'SENT', 'FAILED', 'CANCELED', 'REJECTED'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** Where a withdrawal came from: the user's form, or Auto Pay after settlement. */
export const WITHDRAW_SOURCES = ['user', 'autopay'] as const;
export type WithdrawSource = (typeof WITHDRAW_SOURCES)[number];

/** Address book limits (spec doc 1 §5, §9). */
export const REMARK_MAX = 32;
export const MEMO_MAX = 64;
export const MAX_WITHDRAW_ADDRESSES = 20;

/** First use of an AR withdrawal address costs an extra 0.02 AR (spec doc 1 §9), in base units at AR's 12 decimals. */
export const AR_COIN = 'AR';
export const AR_ACTIVATION_FEE_UNITS = 20_000_000_000n;

/** Auto Pay ratios are basis points: 10000 = 100 %. */
export const RATIO_WHOLE = 10_000;

/**
 * The kinds of the bill (a user's postings): the ledger's kinds that touch a user's balance,
 * except that a transfer shows as transfer_out on the sender's side and transfer_in on the
 * recipient's (one ledger transaction of kind `transfer`).
 */
export const ASSET_LOG_KINDS = [
  'deposit',
  'withdrawal_hold',
  'autopay_hold',
  'withdrawal_sent',
  'withdrawal_canceled',
  'withdrawal_rejected',
  'withdrawal_returned',
  'transfer_out',
  'transfer_in',
  'mining_income',
  'autopay_release',
  'address_activation',
  'adjustment',
  'finance_subscribe',
  'finance_interest',
  'finance_redeem',
  'finance_budget_fund',
  'invite_rebate',
  'point_margin_freeze',
  'point_margin_release',
  'point_penalty',
  'cooperation_freeze',
  'cooperation_return',
  'deal_lend',
  'deal_redeem',
  'deal_margin_freeze',
  'deal_margin_release',
  'deal_penalty',
  'mortgage_lock',
  'mortgage_unlock',
  'mortgage_income',
  'deal_income',
  'cooperation_income',
] as const satisfies readonly (Exclude<LedgerKind, 'transfer'> | 'transfer_in' | 'transfer_out')[];
export type AssetLogKind = (typeof ASSET_LOG_KINDS)[number];

/** The bill's kind of a posting of a ledger transaction: a transfer by its sign. */
export function assetLogKind(kind: string, amount: bigint): string {
  if (kind === 'transfer') return amount < 0n ? 'transfer_out' : 'transfer_in';
  return kind;
}

/** The ledger rows a bill kind selects: the transaction's kind and, for a transfer, the posting's sign. */
export function assetLogFilter(kind: AssetLogKind): { kind: LedgerKind; sign?: 'in' | 'out' } {
  if (kind === 'transfer_in') return { kind: 'transfer', sign: 'in' };
  if (kind === 'transfer_out') return { kind: 'transfer', sign: 'out' };
  return { kind };
}

export type Buckets = Record<UserBucket, bigint>;

export const EMPTY_BUCKETS: Readonly<Buckets> = Object.freeze({
  available: 0n,
  withdraw_hold: 0n,
  collateral: 0n,
  point_margin: 0n,
  mortgage: 0n,
  pending_earnings: 0n,
  finance: 0n,
  cooperation: 0n,
});

export interface AssetFigures {
  available: bigint;
  /** Withdrawals requested and not yet sent (held). */
  withdrawing: bigint;
  /** Spec doc 1 §3: frozen = balance collateral (incl. the balance converted to cooperation) + pointed margin. */
  frozen: bigint;
  /** The balance in mortgage (MASS; issue 22), shown on its own. */
  mortgage: bigint;
  pending_earnings: bigint;
  finance: bigint;
  /**
   * Spec: total = available + re-collateralised (collateral, cooperation and mortgage) + margin +
   * managed (finance); withdrawals in flight are still the user's.
   */
  total: bigint;
}

/** The asset formulas of spec doc 1 §3, computed from the buckets (never stored twice). */
export function assetFigures(b: Buckets): AssetFigures {
  const frozen = b.collateral + b.point_margin + b.cooperation;
  return {
    available: b.available,
    withdrawing: b.withdraw_hold,
    frozen,
    mortgage: b.mortgage,
    pending_earnings: b.pending_earnings,
    finance: b.finance,
    total: b.available + frozen + b.mortgage + b.finance + b.withdraw_hold,
  };
}

export interface WithdrawQuoteInput {
  amount: bigint;
  fee: bigint;
  minimum: bigint;
  /** The AR activation fee when the address has never been used, else 0. */
  activationFee: bigint;
}

export type WithdrawQuote = { ok: true; fee: bigint; received: bigint } | { ok: false; error: ErrorName };

/**
 * What a withdrawal costs: the whole amount leaves the balance; the user receives the amount
 * less the coin's fee (and AR's activation fee on an address's first use).
 */
export function quoteWithdrawal(input: WithdrawQuoteInput): WithdrawQuote {
  if (input.amount <= 0n) return { ok: false, error: 'AMOUNT_INVALID' };
  if (input.amount < input.minimum) return { ok: false, error: 'WITHDRAW_BELOW_MIN' };
  const fee = input.fee + input.activationFee;
  const received = input.amount - fee;
  if (received <= 0n) return { ok: false, error: 'WITHDRAW_AMOUNT_ERROR' };
  return { ok: true, fee, received };
}

/** Which statuses a user may still cancel (before review). */
export function userCanCancel(status: WithdrawStatus): boolean {
  return status === 'AUDITING';
}

/** An operator may cancel until the coins have left (not once sending started). */
export function operatorCanCancel(status: WithdrawStatus, sending: boolean): boolean {
  return status === 'AUDITING' || (status === 'SENT_PENDING' && !sending);
}

export interface AutoPayRecipient {
  id: string;
  /** Share in basis points (10000 = 100 %). */
  ratio: number;
  /** Minimum pay in base units: a smaller share skips the whole run. */
  minPay: bigint;
}

export type AutoPayPlan = { run: true; parts: { id: string; amount: bigint }[] } | { run: false; reason: 'no_recipients' | 'ratio_not_whole' | 'below_minimum' | 'nothing_to_pay' };

/**
 * Splits pending earnings among Auto Pay recipients (spec doc 1 §5): skipped, the income
 * staying pending, when the ratios do not total 100 % or any share is below its minimum.
 * The parts always add up to the whole amount.
 */
export function planAutoPay(total: bigint, recipients: readonly AutoPayRecipient[]): AutoPayPlan {
  if (recipients.length === 0) return { run: false, reason: 'no_recipients' };
  if (recipients.reduce((sum, r) => sum + r.ratio, 0) !== RATIO_WHOLE || recipients.some((r) => r.ratio <= 0)) {
    return { run: false, reason: 'ratio_not_whole' };
  }
  if (total <= 0n) return { run: false, reason: 'nothing_to_pay' };
  const amounts = allocateProportionally(
    total,
    recipients.map((r) => BigInt(r.ratio)),
  );
  if (recipients.some((r, i) => (amounts[i] ?? 0n) < r.minPay)) return { run: false, reason: 'below_minimum' };
  return { run: true, parts: recipients.map((r, i) => ({ id: r.id, amount: amounts[i] ?? 0n })) };
}

/**
 * An Auto Pay ratio as people enter it: a percentage with at most two decimals ("33.33"),
 * which is a count of basis points. Undefined unless it is above 0 and at most 100 %.
 */
export function ratioFromPercent(input: string): number | undefined {
  const text = input.trim();
  if (!/^\d+(\.\d+)?$/.test(text) || !isAmount(text, 2)) return undefined;
  const basisPoints = parseAmount(text, 2);
  return basisPoints > 0n && basisPoints <= BigInt(RATIO_WHOLE) ? Number(basisPoints) : undefined;
}

/** Basis points as a percentage text: 3333 → "33.33", 10000 → "100". */
export function percentOfRatio(ratio: number): string {
  return formatAmount(BigInt(ratio), 2);
}

/** 100 % split over `count` recipients in basis points; the first ones carry the remainder. */
export function evenRatios(count: number): number[] {
  if (count <= 0) return [];
  const share = Math.floor(RATIO_WHOLE / count);
  const rest = RATIO_WHOLE - share * count;
  return Array.from({ length: count }, (_, i) => share + (i < rest ? 1 : 0));
}

/** Address format per coin: the registry's pattern (letters and digits as the chain writes them). */
export function addressMatches(pattern: string, address: string): boolean {
  return new RegExp(pattern).test(address);
}

/**
 * The batch a withdrawal belongs to: applications until the daily review time (17:00 in the
 * review zone by default) go to that day's batch, later ones to the next day's. Returns the
 * batch date as YYYY-MM-DD in the zone given by its UTC offset in minutes.
 */
export function reviewBatchOf(createdAt: Date, reviewHour: number, offsetMinutes: number): string {
  const local = new Date(createdAt.getTime() + offsetMinutes * 60_000);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  if (local.getUTCHours() >= reviewHour) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
