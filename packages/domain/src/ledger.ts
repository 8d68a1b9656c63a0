/**
 * The ledger's vocabulary (ARCHITECTURE.md 'Money and the ledger'). Every balance change is a
 * transaction of postings that sum to zero per coin; balances live in accounts, one per
 * (owner, coin, bucket). This file holds the pure rules; the server holds the SQL.
 */

/**
 * A user's buckets. Frozen (spec) = collateral + point_margin + cooperation; a withdrawal hold
 * waits in withdraw_hold. `cooperation` (issue 22) holds the balance converted to cooperation
 * on CO pools, the amounts lent in deals and the deals' margins.
 */
export const USER_BUCKETS = ['available', 'withdraw_hold', 'collateral', 'point_margin', 'mortgage', 'pending_earnings', 'finance', 'cooperation'] as const;
export type UserBucket = (typeof USER_BUCKETS)[number];

/**
 * System accounts, one per coin. `chain` is the world outside the pool (deposits come from it,
 * sends go to it), so it runs negative by the custody held; the others are the pool's own.
 */
export const SYSTEM_ACCOUNTS = [
  'chain',
  'pool_revenue',
  /** A settled day's member credits between the run that decides them and their balances. */
  'settlement_clearing',
  'fees',
  'interest_expense',
  'adjustments',
  /** The finance products' interest budgets (issue 23): funded by the operator, paid out as interest. */
  'finance_budget',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/** System accounts that may go below zero (they mirror money entering from outside). */
export const NEGATIVE_ALLOWED: ReadonlySet<SystemAccount> = new Set(['chain', 'interest_expense', 'adjustments']);

/**
 * What a ledger transaction records, in the domain's words: the closed list the ledger accepts
 * (postTransaction, placeHold, postHold, voidHold). A new money movement adds its kind here,
 * with its text in the bill's catalogues (web i18n `wallet.kind.*`, en, zh, ru).
 */
export const LEDGER_KINDS = [
  'deposit',
  /** A user's withdrawal: the amount moves from available into withdraw_hold. */
  'withdrawal_hold',
  /** An Auto Pay withdrawal: the amount moves from pending earnings into withdraw_hold. */
  'autopay_hold',
  'withdrawal_sent',
  'withdrawal_canceled',
  'withdrawal_rejected',
  /** The operator returned a FAILED or unknown send to the user (README 'Custody'). */
  'withdrawal_returned',
  /** The chain fee the hot wallet paid (fees → chain), and its undoing on a resend. */
  'withdrawal_chain_fee',
  'withdrawal_chain_fee_undone',
  /** An internal transfer between two users: one transaction; the bill shows transfer_out / transfer_in by the sign. */
  'transfer',
  'mining_income',
  'autopay_release',
  'address_activation',
  'adjustment',
  /** A block's reward from the chain into pool revenue (no user's balance). */
  'block_reward',
  /** Finance products (issue 23): a purchase (available → finance), a day's interest (from the product's budget), */
  'finance_subscribe',
  'finance_interest',
  /** the principal (and a periodical's or staking's interest) back to available, a budget funded by the operator. */
  'finance_redeem',
  'finance_budget_fund',
  /** An inviter's share of the pool fee taken from an invitee's mining income (fees → the inviter; issue 25). */
  'invite_rebate',
  /** Pointing (issue 22): a pointing's margin frozen (available → point_margin) and released back, */
  'point_margin_freeze',
  'point_margin_release',
  /** and the deposit deducted when a pointing is cancelled without an approved request (point_margin → pool revenue). */
  'point_penalty',
  /** Cooperation pools (issue 22): balance converted to cooperation (available → cooperation) and back, */
  'cooperation_freeze',
  'cooperation_return',
  /** deals: the owner's lent amount frozen and redeemed, the miner's margin frozen, released or deducted (→ pool revenue). */
  'deal_lend',
  'deal_redeem',
  'deal_margin_freeze',
  'deal_margin_release',
  'deal_penalty',
  /** Mortgage (issue 22): available → mortgage (`freebalancetomort`), mortgage → available (`morttofreebalance`), */
  'mortgage_lock',
  'mortgage_unlock',
  /** and the locked revenue shared whole among the locked lots (pool revenue → available; "mortgage income 100 %"). */
  'mortgage_income',
  /** The settlement (issue 22): a coin owner's part of a miner's deal-secured yield, and a CO pool's cooperators' share (settlement_clearing → the user). */
  'deal_income',
  'cooperation_income',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The kinds that are a user's income from the pool (README 'Income totals'): the settlement's
 * mining income, and a coin owner's deal, cooperation and mortgage income. The wallet's income
 * figures ("Total earnings", "Income, last 24 h") count all of them; the back office's assets
 * report shows mining income and the coin owners' income (COIN_OWNER_INCOME_KINDS) apart.
 */
export const COIN_OWNER_INCOME_KINDS = ['deal_income', 'cooperation_income', 'mortgage_income'] as const satisfies readonly LedgerKind[];
export const INCOME_KINDS = ['mining_income', ...COIN_OWNER_INCOME_KINDS] as const satisfies readonly LedgerKind[];

/**
 * The kinds whose `chain` postings are withdrawals leaving (or coming back to) the pool's custody —
 * the assets report's withdrawals column: a send (the amount received and the chain fee), the
 * chain fee undone, a failed send returned. Income paid from the chain (mortgage income, an
 * on-chain reward) and deposits are not withdrawals.
 */
export const CHAIN_WITHDRAWAL_KINDS = ['withdrawal_sent', 'withdrawal_chain_fee', 'withdrawal_chain_fee_undone', 'withdrawal_returned'] as const satisfies readonly LedgerKind[];

export function isLedgerKind(value: string): value is LedgerKind {
  return (LEDGER_KINDS as readonly string[]).includes(value);
}

/** Kinds earlier releases wrote, and what they are called now (the migration rewrites them). */
export const RENAMED_LEDGER_KINDS: Readonly<Record<string, LedgerKind>> = {
  autopay: 'autopay_hold',
};

export type AccountRef = { kind: 'user'; userId: string; coin: string; bucket: UserBucket } | { kind: 'system'; code: SystemAccount; coin: string };

export interface PostingInput {
  account: AccountRef;
  /** Signed base units: positive credits the account, negative debits it. */
  amount: bigint;
}

export class UnbalancedTransactionError extends Error {
  override name = 'UnbalancedTransactionError';
}

/** Refuses empty, zero-amount or unbalanced postings (sum must be zero per coin). */
export function assertBalanced(postings: readonly PostingInput[]): void {
  if (postings.length < 2) throw new UnbalancedTransactionError('a transaction needs at least two postings');
  const sums = new Map<string, bigint>();
  for (const posting of postings) {
    if (posting.amount === 0n) throw new UnbalancedTransactionError('a posting of zero');
    const coin = posting.account.coin;
    sums.set(coin, (sums.get(coin) ?? 0n) + posting.amount);
  }
  for (const [coin, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedTransactionError(`postings of ${coin} sum to ${sum}, not zero`);
  }
}

/** A readable key of an account, for maps and error messages. */
export function accountKey(account: AccountRef): string {
  return account.kind === 'user' ? `user:${account.userId}:${account.coin}:${account.bucket}` : `system:${account.code}:${account.coin}`;
}

/** Moves `amount` from one account to another: the two-posting transaction. */
export function transfer(from: AccountRef, to: AccountRef, amount: bigint): PostingInput[] {
  if (amount <= 0n) throw new UnbalancedTransactionError('a transfer moves a positive amount');
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
}

/**
 * Splits `total` base units in proportion to integer `weights`, exactly: every part is
 * floor(total × weight / Σweights), and the units left over go one each to the largest
 * fractional remainders (ties: earlier index first). The parts always sum to `total`.
 */
export function allocateProportionally(total: bigint, weights: readonly bigint[]): bigint[] {
  if (total < 0n) throw new RangeError('cannot allocate a negative total');
  if (weights.some((w) => w < 0n)) throw new RangeError('weights must not be negative');
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (weights.length === 0 || sum === 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, index) => ({ index, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index, remainder } of order) {
    if (left === 0n) break;
    if (remainder === 0n) continue;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts;
}
