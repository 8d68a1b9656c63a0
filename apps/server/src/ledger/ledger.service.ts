import { AppError, assertBalanced, NEGATIVE_ALLOWED, transfer, type AccountRef, type LedgerKind, type PostingInput, type UserBucket } from '@platter/domain';
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { ledgerRepository } from './ledger.repository.ts';

/**
 * The double-entry core. Every money movement of the platform is a call to `postTransaction`
 * inside the caller's database transaction, so the business change and its postings commit
 * or roll back together.
 */

export interface TransactionInput {
  /** What happened: one of the domain's closed list (LEDGER_KINDS). */
  kind: LedgerKind;
  postings: readonly PostingInput[];
  /** The business record this belongs to, e.g. `withdrawal:42`. */
  reference?: string;
  memo?: string;
  /** The admin or user who caused it, when a person did. */
  createdBy?: string;
}

const user = (userId: string, coin: string, bucket: UserBucket): AccountRef => ({ kind: 'user', userId, coin, bucket });

function assertInTransaction(db: Db): void {
  if (!db.isTransaction) throw new Error('ledger writes must run inside a database transaction');
}

function isNonNegativeViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23514' && e.constraint === 'ledger_accounts_non_negative';
}

/** Writes one balanced transaction and projects it onto the balances. */
export async function postTransaction(trx: Db, input: TransactionInput): Promise<{ transactionId: string }> {
  assertInTransaction(trx);
  assertBalanced(input.postings);
  const postings = input.postings;
  const userIds = postings.map((p) => (p.account.kind === 'user' ? p.account.userId : null));
  const systemCodes = postings.map((p) => (p.account.kind === 'system' ? p.account.code : null));
  const buckets = postings.map((p) => (p.account.kind === 'user' ? p.account.bucket : 'system'));
  const allowNegative = postings.map((p) => p.account.kind === 'system' && NEGATIVE_ALLOWED.has(p.account.code));
  try {
    // One round trip: accounts on first use, locked in id order, balances, transaction, postings.
    const transactionId = await ledgerRepository(trx).post({
      kind: input.kind,
      reference: input.reference ?? null,
      memo: input.memo ?? '',
      createdBy: input.createdBy ?? null,
      userIds,
      systemCodes,
      coins: postings.map((p) => p.account.coin),
      buckets,
      amounts: postings.map((p) => p.amount.toString()),
      allowNegative,
    });
    if (!transactionId) throw new Error('ledger_post returned nothing');
    return { transactionId };
  } catch (error) {
    if (isNonNegativeViolation(error)) throw new AppError('BALANCE_INSUFFICIENT');
    throw error;
  }
}

export class HoldStateError extends Error {
  override name = 'HoldStateError';
  constructor(readonly status: string) {
    super(`the hold is ${status}, not pending`);
  }
}

/**
 * Moves `amount` from a bucket (available unless `from` says otherwise) into a holding bucket:
 * pending until posted or voided. Voiding returns it to the available balance.
 */
export async function placeHold(
  trx: Db,
  input: { userId: string; coin: string; amount: bigint; bucket?: UserBucket; from?: UserBucket; kind: LedgerKind; reference?: string; createdBy?: string },
): Promise<{ holdId: string; transactionId: string }> {
  const bucket = input.bucket ?? 'withdraw_hold';
  const { transactionId } = await postTransaction(trx, {
    kind: input.kind,
    postings: transfer(user(input.userId, input.coin, input.from ?? 'available'), user(input.userId, input.coin, bucket), input.amount),
    ...(input.reference ? { reference: input.reference } : {}),
    ...(input.createdBy ? { createdBy: input.createdBy } : {}),
  });
  const hold = await ledgerRepository(trx).insertHold({
    user_id: input.userId,
    coin: input.coin,
    bucket,
    amount: input.amount,
    reference: input.reference ?? null,
    hold_transaction_id: transactionId,
  });
  return { holdId: hold.id, transactionId };
}

async function pendingHold(trx: Db, holdId: string) {
  const hold = await ledgerRepository(trx).lockHold(holdId);
  if (!hold) throw new Error(`hold ${holdId} not found`);
  if (hold.status !== 'pending') throw new HoldStateError(hold.status);
  return hold;
}

/**
 * Settles a pending hold: its amount leaves the holding bucket for `destinations` (credits
 * that must add up to the held amount, e.g. the chain and the fee account).
 */
export async function postHold(
  trx: Db,
  holdId: string,
  destinations: readonly PostingInput[],
  meta: { kind: LedgerKind; memo?: string; createdBy?: string },
): Promise<{ transactionId: string }> {
  const hold = await pendingHold(trx, holdId);
  const { transactionId } = await postTransaction(trx, {
    kind: meta.kind,
    postings: [{ account: user(hold.user_id, hold.coin, hold.bucket as UserBucket), amount: -BigInt(hold.amount) }, ...destinations],
    ...(hold.reference ? { reference: hold.reference } : {}),
    ...(meta.memo ? { memo: meta.memo } : {}),
    ...(meta.createdBy ? { createdBy: meta.createdBy } : {}),
  });
  await ledgerRepository(trx).resolveHold(holdId, 'posted', transactionId);
  return { transactionId };
}

/** Releases a pending hold back to the available balance. */
export async function voidHold(trx: Db, holdId: string, meta: { kind: LedgerKind; createdBy?: string }): Promise<{ transactionId: string }> {
  const hold = await pendingHold(trx, holdId);
  const { transactionId } = await postTransaction(trx, {
    kind: meta.kind,
    postings: transfer(user(hold.user_id, hold.coin, hold.bucket as UserBucket), user(hold.user_id, hold.coin, 'available'), BigInt(hold.amount)),
    ...(hold.reference ? { reference: hold.reference } : {}),
    ...(meta.createdBy ? { createdBy: meta.createdBy } : {}),
  });
  await ledgerRepository(trx).resolveHold(holdId, 'voided', transactionId);
  return { transactionId };
}

/** A system account's balance of the coin (e.g. `chain`: minus what the ledger says is held on chain). */
export function systemBalance(db: Db, code: Parameters<ReturnType<typeof ledgerRepository>['systemBalance']>[0], coin: string): Promise<bigint> {
  return ledgerRepository(db).systemBalance(code, coin);
}

/** A user's balances per coin and bucket, as bigints (missing buckets are zero). */
export async function userBalances(db: Db, userId: string, coin?: string): Promise<Map<string, Record<UserBucket, bigint>>> {
  const rows = await ledgerRepository(db).balances(userId, coin);
  const out = new Map<string, Record<UserBucket, bigint>>();
  for (const row of rows) {
    const entry =
      out.get(row.coin) ??
      ({ available: 0n, withdraw_hold: 0n, collateral: 0n, point_margin: 0n, mortgage: 0n, pending_earnings: 0n, finance: 0n, cooperation: 0n } as Record<UserBucket, bigint>);
    entry[row.bucket as UserBucket] = BigInt(row.balance);
    out.set(row.coin, entry);
  }
  return out;
}

/** Canonical JSON (sorted keys, bigints as strings) for hashing a request body. */
function canonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,128}$/;

export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

/** The stored answer of an earlier call under this key (IDEMPOTENCY_KEY_REUSED when its request differed). */
export async function replayOf(db: Db, scope: string, key: string, hash: string): Promise<{ response: unknown } | undefined> {
  const existing = await ledgerRepository(db).idempotencyKey(scope, key);
  if (!existing) return undefined;
  if (existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { response: existing.response };
}

/**
 * Claims the key inside the caller's transaction. A concurrent claim of the same key waits on
 * the unique index until the first commits (then it is not claimed) or rolls back (then it is).
 */
export async function claimKey(trx: Db, scope: string, key: string, hash: string): Promise<boolean> {
  assertInTransaction(trx);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('INVALID_PARAMETER', { field: 'request_id' });
  return ledgerRepository(trx).claimIdempotencyKey(scope, key, hash);
}

export async function storeResponse(trx: Db, scope: string, key: string, result: unknown): Promise<void> {
  await ledgerRepository(trx).storeIdempotentResponse(
    scope,
    key,
    JSON.stringify(result, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  );
}

/** Raised inside a transaction that lost the race for its key: the caller answers the winner's result. */
export class KeyTakenError extends Error {
  override name = 'KeyTakenError';
}

/**
 * Runs a money-moving call once per idempotency key. The key is claimed in the same database
 * transaction as the work: a concurrent replay waits on the key's unique index until the first
 * commits and then answers the stored result; the same key with a different request is
 * refused; a call that fails leaves no key behind, so it can be retried.
 *
 * `inTransaction` lets the caller own the transaction (e.g. the security verification's,
 * which must use its codes in the same commit); it must call `claim` before any other write.
 */
export async function idempotent<T>(
  db: Db,
  scope: string,
  key: string,
  request: unknown,
  run: (trx: Db) => Promise<T>,
  inTransaction: (work: (trx: Db) => Promise<T>) => Promise<T> = (work) => db.transaction().execute(work),
): Promise<T> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('INVALID_PARAMETER', { field: 'request_id' });
  const hash = requestHash(request);
  const earlier = await replayOf(db, scope, key, hash);
  if (earlier) return earlier.response as T;
  try {
    return await inTransaction(async (trx) => {
      if (!(await claimKey(trx, scope, key, hash))) throw new KeyTakenError();
      const result = await run(trx);
      await storeResponse(trx, scope, key, result);
      return result;
    });
  } catch (error) {
    // Lost a race (or failed after another call under this key committed): answer the first result.
    const winner = await replayOf(db, scope, key, hash);
    if (winner) return winner.response as T;
    if (error instanceof KeyTakenError) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    throw error;
  }
}
