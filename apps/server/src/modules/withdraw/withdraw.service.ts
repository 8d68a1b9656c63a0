import {
  AppError,
  operatorCanCancel,
  signumAccountId,
  signumAddressOf,
  quoteWithdrawal,
  reviewBatchOf,
  userCanCancel,
  withdrawalNeedsAudit,
  type Withdrawal,
  type WithdrawStatus,
} from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { placeHold, postTransaction, voidHold } from '../../ledger/ledger.service.ts';
import { assertWithdrawalAllowed } from '../security/security.service.ts';
import { notify } from '../events/events.service.ts';
import { addressBelongsToMainnet, allCoinRules, coinRules, show, units } from '../coins/coins.ts';
import { actorId, recordAudit, type AuditBy, type AuditChange } from '../admin/audit.ts';
import { withdrawRepository, type WithdrawalRow } from './withdraw.repository.ts';

/**
 * Withdrawals (spec doc 1 §4): AUDITING → SENT_PENDING (approved) → SENT with a TXID once the
 * chain confirmed it (custody, sending.ts: also SEND_UNKNOWN and FAILED), or CANCELED (by the
 * user before review, or by an operator before sending), or REJECTED with a reason. The amount is held on request, posted to the chain and the fee account on sending,
 * and released on cancel or reject.
 */

export interface ReviewSchedule {
  /** Review time of day in the review zone. */
  hour: number;
  minute: number;
  /** The review zone's UTC offset in minutes. */
  offsetMinutes: number;
  /** Approved withdrawals wait this long before they are sent (T+1 by default). */
  sendDelayMs: number;
}

export function parseSchedule(time: string, offset: string, sendDelayHours: number): ReviewSchedule {
  const [hour = 17, minute = 0] = time.split(':').map(Number);
  const sign = offset.startsWith('-') ? -1 : 1;
  const [oh = 0, om = 0] = offset.slice(1).split(':').map(Number);
  return { hour, minute, offsetMinutes: sign * (oh * 60 + om), sendDelayMs: sendDelayHours * 3600_000 };
}

export function batchOf(schedule: ReviewSchedule, at: Date): string {
  // Review at HH:MM: shift by the minutes so that reviewBatchOf's whole-hour cut applies.
  return reviewBatchOf(new Date(at.getTime() - schedule.minute * 60_000), schedule.hour, schedule.offsetMinutes);
}

export interface WithdrawInput {
  coin: string;
  addressId: string;
  amount: string;
}

/**
 * Refuses a platform deposit address as a withdrawal target: the hot wallet would see the coin
 * its own spend created as change, record no incoming transaction, and credit no one (issue 15
 * item 7). An internal transfer does the same for free.
 */
export async function assertNotDepositAddress(db: Db, coin: string, address: string): Promise<void> {
  if (await withdrawRepository.depositAddressOwner(db, coin, canonicalDepositAddress(coin, address))) throw new AppError('WITHDRAW_TO_DEPOSIT_ADDRESS');
}

/**
 * An address as deposit addresses are stored: a Signum account (BURST) may be written as its numeric id, `BURST-…`, lowercase or
 * extended with its public key — all the same account, stored as `S-XXXX-XXXX-XXXX-XXXXX`. Other coins: as given.
 */
function canonicalDepositAddress(coin: string, address: string): string {
  if (coin !== 'BURST') return address;
  const id = signumAccountId(address);
  return id === undefined ? address : signumAddressOf(id);
}

/**
 * The Auto Pay payouts on their way to each of the addresses and not accepted by the wallet yet
 * (no TXID: once accepted, the payout no longer needs the address), in base units received.
 */
export async function pendingAutoPayPayouts(db: Db, addressIds: readonly string[]): Promise<Map<string, bigint>> {
  const rows = await withdrawRepository.autoPayPendingByAddress(db, addressIds);
  return new Map(rows.map((r) => [r.address_id ?? '', BigInt(r.pending)]));
}

/**
 * Whether a user's withdrawal of the coin is reviewed in the back office: yes unless every pool
 * of the coin has its withdrawal audit off (the pool config's `withdraw_audit`; a coin without
 * a pool is reviewed). packages/domain's withdrawalNeedsAudit.
 */
export async function withdrawalAudited(db: Db, coin: string): Promise<boolean> {
  return withdrawalNeedsAudit((await withdrawRepository.poolAudits(db, coin)).map((r) => r.withdraw_audit));
}

/** The coins whose withdrawals are reviewed (see withdrawalAudited), for the wallet's currency block. */
export async function auditedCoins(db: Db): Promise<(coin: string) => boolean> {
  const byCoin = new Map<string, boolean[]>();
  for (const r of await withdrawRepository.poolAudits(db)) byCoin.set(r.coin, [...(byCoin.get(r.coin) ?? []), r.withdraw_audit]);
  return (coin) => withdrawalNeedsAudit(byCoin.get(coin) ?? []);
}

/**
 * Creates a withdrawal and holds its amount, inside the caller's transaction. A coin whose pools
 * all have their withdrawal audit off skips the back-office review: the withdrawal opens
 * SENT_PENDING, due at once, and the sender (sending.ts) picks it up at its next tick — past
 * review, so the user can no longer cancel it (userCanCancel); an operator still can until
 * sending starts. Every other check (the 24-hour lock, the minimum and fee, the hold on the
 * available balance, the caller's idempotency key) is the same on both paths.
 */
export async function createWithdrawal(trx: Db, schedule: ReviewSchedule, userId: string, input: WithdrawInput) {
  const coin = await coinRules(trx, input.coin);
  if (coin.closed) throw new AppError('FEATURE_NOT_OPEN');
  const address = await withdrawRepository.lockBookAddress(trx, userId, coin.type, input.addressId);
  if (!address) throw new AppError('WITHDRAW_ADDRESS_NOT_FOUND');
  if (coin.testnet && (await addressBelongsToMainnet(trx, coin, address.address))) throw new AppError('TESTNET_TO_MAINNET');
  await assertNotDepositAddress(trx, coin.type, address.address);
  const amount = units(input.amount, coin.scale);
  const activationFee = address.activated ? 0n : coin.activationFee;
  const quote = quoteWithdrawal({ amount, fee: coin.withdrawFee, minimum: coin.minWithdraw, activationFee });
  if (!quote.ok) throw new AppError(quote.error);
  const now = new Date();
  const audited = await withdrawalAudited(trx, coin.type);
  const { id } = await openWithdrawal(trx, {
    userId,
    coin: coin.type,
    address,
    amount,
    fee: quote.fee,
    activation: activationFee,
    status: audited ? 'AUDITING' : 'SENT_PENDING',
    batch: batchOf(schedule, now),
    ...(audited ? {} : { sendAfter: now }),
    from: 'available',
  });
  return { id };
}

/**
 * Writes a withdrawal and holds its amount (from the available balance, or from pending
 * earnings for Auto Pay) under the reference `withdrawal:<id>`. A withdrawal whose `fee`
 * includes the address's AR activation (`activation`) carries it: the address counts as
 * activated from then on (passOnActivation keeps that true when it is cancelled). Every
 * withdrawal, the user's or Auto Pay's, passes here: the 24-hour lock after a security change
 * is checked here once for all of them (WITHDRAW_LOCKED; issue 17).
 */
export async function openWithdrawal(
  trx: Db,
  input: {
    userId: string;
    coin: string;
    address: { id: string; address: string; memo: string };
    amount: bigint;
    fee: bigint;
    /** The part of `fee` that is the address's activation (AR's first use), else 0. */
    activation?: bigint;
    status: 'AUDITING' | 'SENT_PENDING';
    source?: 'user' | 'autopay';
    batch: string;
    sendAfter?: Date;
    from: 'available' | 'pending_earnings';
  },
): Promise<{ id: string }> {
  await assertWithdrawalAllowed(trx, input.userId, input.sendAfter);
  const row = await withdrawRepository.insert(trx, {
    user_id: input.userId,
    coin: input.coin,
    address_id: input.address.id,
    address: input.address.address,
    memo: input.address.memo,
    amount: input.amount,
    fee: input.fee,
    received: input.amount - input.fee,
    activation_units: input.activation ?? 0n,
    status: input.status,
    source: input.source ?? 'user',
    batch: input.batch,
    ...(input.sendAfter ? { send_after: input.sendAfter, reviewed_at: input.sendAfter } : {}),
  });
  const { holdId } = await placeHold(trx, {
    userId: input.userId,
    coin: input.coin,
    amount: input.amount,
    from: input.from,
    kind: input.source === 'autopay' ? 'autopay_hold' : 'withdrawal_hold',
    reference: `withdrawal:${row.id}`,
  });
  await withdrawRepository.setHold(trx, row.id, holdId);
  if ((input.activation ?? 0n) > 0n) await withdrawRepository.setAddressActivated(trx, input.address.id, true);
  return { id: row.id };
}

const lockWithdrawal = withdrawRepository.lock;
type Locked = NonNullable<Awaited<ReturnType<typeof lockWithdrawal>>>;

/** Releases the hold and closes the withdrawal as CANCELED or REJECTED. */
async function release(trx: Db, w: Locked, status: 'CANCELED' | 'REJECTED', reason: string, by: string | null) {
  if (!w.hold_id) throw new Error(`withdrawal ${w.id} has no hold`);
  await voidHold(trx, w.hold_id, { kind: status === 'CANCELED' ? 'withdrawal_canceled' : 'withdrawal_rejected', ...(by ? { createdBy: by } : {}) });
  await withdrawRepository.close(trx, w.id, { status, reason, by });
  const coin = await coinRules(trx, w.coin);
  if (status === 'REJECTED') await notify(trx, w.user_id, { key: 'withdrawal_rejected', subject: w.id, params: { amount: show(w.amount, coin.scale), unit: coin.unit, reason } });
  await passOnActivation(trx, w);
}

/**
 * AR's activation fee is paid once per address (spec doc 1 §9; issue 14). When the withdrawal
 * that carries it is cancelled or rejected: if another withdrawal to the address has been sent
 * (or is being sent), the address was used and the fee is kept — charged from the refund, to
 * the bucket the hold came from; else the next open withdrawal to the address carries it (its
 * fee up, its amount received down), when its amount covers it; else the address is unused
 * again and its next withdrawal carries the fee.
 */
async function passOnActivation(trx: Db, w: Locked): Promise<void> {
  const activation = BigInt(w.activation_units);
  if (activation === 0n || !w.address_id) return;
  await withdrawRepository.lockAddress(trx, w.address_id);
  const used = await withdrawRepository.sentToAddress(trx, w.address_id, w.id);
  if (used) {
    const bucket = w.source === 'autopay' ? 'pending_earnings' : 'available';
    await postTransaction(trx, {
      kind: 'address_activation',
      reference: `withdrawal:${w.id}:activation`,
      postings: [
        { account: { kind: 'user', userId: w.user_id, coin: w.coin, bucket }, amount: -activation },
        { account: { kind: 'system', code: 'fees', coin: w.coin }, amount: activation },
      ],
    });
    return;
  }
  const next = await withdrawRepository.nextOpenToAddress(trx, w.address_id, w.id);
  if (next && BigInt(next.received) > activation) {
    await withdrawRepository.setFee(trx, next.id, { fee: BigInt(next.fee) + activation, received: BigInt(next.received) - activation, activation });
    return;
  }
  await withdrawRepository.setAddressActivated(trx, w.address_id, false);
}

/** The user cancels before review; afterwards 'cannot cancel once in progress'. */
export async function revokeWithdrawal(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const w = await lockWithdrawal(trx, id);
    if (!w || w.user_id !== userId) throw new AppError('NO_DATA');
    if (!userCanCancel(w.status)) throw new AppError('WITHDRAW_CANNOT_CANCEL');
    await release(trx, w, 'CANCELED', '', null);
  });
}

export type AuditOutcome = { done: string[]; skipped: { id: string; code: number }[] };

/**
 * Runs `step` on each withdrawal in its own transaction (one bad row never blocks the rest of a
 * batch) and writes the operator's audit entry for it in that same transaction: a change is
 * never committed without its entry, and a skipped id (not changed) gets none.
 */
async function eachLocked(db: Db, ids: readonly string[], by: AuditBy, step: (trx: Db, w: Locked) => Promise<AuditChange>): Promise<AuditOutcome> {
  const outcome: AuditOutcome = { done: [], skipped: [] };
  for (const id of [...new Set(ids)].sort((a, b) => Number(BigInt(a) - BigInt(b)))) {
    try {
      await db.transaction().execute(async (trx) => {
        const w = await lockWithdrawal(trx, id);
        if (!w) throw new AppError('NO_DATA');
        await recordAudit(trx, by, await step(trx, w));
      });
      outcome.done.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome.skipped.push({ id, code: error.code });
    }
  }
  return outcome;
}

/** Approves (→ SENT_PENDING, sent after the T+1 delay) or rejects with a reason; each change audited with it. */
export function auditWithdrawals(db: Db, schedule: ReviewSchedule, by: AuditBy, ids: readonly string[], approve: boolean, reason: string) {
  const adminId = actorId(by);
  if (!adminId) throw new Error('a withdrawal review needs a back-office user');
  return eachLocked(db, ids, by, async (trx, w) => {
    if (w.status !== 'AUDITING') throw new AppError('FAILED');
    if (!approve) await release(trx, w, 'REJECTED', reason, adminId);
    else {
      await withdrawRepository.approve(trx, w.id, adminId, new Date(Date.now() + schedule.sendDelayMs));
      const coin = await coinRules(trx, w.coin);
      await notify(trx, w.user_id, { key: 'withdrawal_approved', subject: w.id, params: { amount: show(w.amount, coin.scale), unit: coin.unit, address: w.address } });
    }
    return {
      action: approve ? 'approve_withdrawal' : 'reject_withdrawal',
      target: `withdrawal:${w.id}`,
      before: { status: w.status },
      after: { status: approve ? 'SENT_PENDING' : 'REJECTED' },
      detail: { reason },
    };
  });
}

/** An operator cancels a withdrawal that has not started sending (the user's request through support); each audited with it. */
export function operatorCancel(db: Db, by: AuditBy, ids: readonly string[], reason: string) {
  const adminId = actorId(by);
  return eachLocked(db, ids, by, async (trx, w) => {
    // A posted hold (a resend after FAILED) has left the ledger's holds: the custody actions return it.
    if (!operatorCanCancel(w.status, w.sending_at !== null || w.posted)) throw new AppError('WITHDRAW_CANNOT_CANCEL');
    await release(trx, w, 'CANCELED', reason, adminId);
    return { action: 'cancel_withdrawal', target: `withdrawal:${w.id}`, before: { status: w.status }, after: { status: 'CANCELED' }, detail: { reason } };
  });
}

/** Shapes withdrawal rows for the API: amounts at the coin's scale, times in seconds. */
export async function toWithdrawals(db: Db, rows: readonly WithdrawalRow[]): Promise<Withdrawal[]> {
  const byType = new Map((await allCoinRules(db)).map((c) => [c.type, c]));
  return rows.map((r) => {
    const coin = byType.get(r.coin) ?? { scale: 0, unit: r.coin };
    return {
      id: r.id,
      coin: r.coin,
      unit: coin.unit,
      amount: show(r.amount, coin.scale),
      fee: show(r.fee, coin.scale),
      received: show(r.received, coin.scale),
      address: r.address,
      memo: r.memo,
      status: r.status,
      source: r.source,
      reason: r.reason,
      txid: r.txid,
      batch: r.batch,
      created_at: seconds(r.created_at),
      updated_at: seconds(r.updated_at),
    };
  });
}

/** The user's withdrawal log, newest first. */
export async function withdrawLog(
  db: Db,
  userId: string,
  query: { coin?: string | undefined; status?: Withdrawal['status'] | undefined; page: number; count: number },
): Promise<{ list: Withdrawal[]; total: number }> {
  const { total, rows } = await withdrawRepository.userPage(db, userId, query);
  return { total, list: await toWithdrawals(db, rows) };
}

/**
 * Every user's withdrawals for the back office (deposit_withdrawal), newest first; with
 * `auditing` only those waiting for review (withdraw_review), oldest first.
 */
export async function adminWithdrawals(
  db: Db,
  q: { coin?: string | undefined; status?: Withdrawal['status'] | undefined; uid?: string | undefined; batch?: string | undefined; page: number; count: number },
  auditing = false,
) {
  const { total, rows } = await withdrawRepository.adminPage(db, q, auditing);
  const shaped = await toWithdrawals(db, rows);
  return { total, list: shaped.map((w, i) => ({ ...w, uid: rows[i]?.uid ?? '', email: rows[i]?.email ?? '', cancel_requested: false })) };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

// Sending an approved withdrawal (and what follows: confirmations, FAILED, SEND_UNKNOWN) is custody: sending.ts.
export { sendDue, sendWithdrawal } from './sending.ts';

export const OPEN_STATUSES: readonly WithdrawStatus[] = ['AUDITING', 'SENT_PENDING'];
