import { AppError } from '@platter/domain';
import { SendRefusedError, type ChainAdapter, type ChainRegistry, type Payment, type Sent } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { postHold, postTransaction, voidHold } from '../../ledger/ledger.service.ts';
import { notify } from '../events/events.service.ts';
import { coinRules, show } from '../coins/coins.ts';
import { withdrawRepository } from './withdraw.repository.ts';

/**
 * Custody: how an approved withdrawal leaves the hot wallet, exactly once (issue 15).
 *
 * SENT_PENDING (approved) → the wallet accepts the payment (its hold is posted to the chain,
 * the chain fee booked, the TXID kept; still SENT_PENDING) → SENT once the chain has the coin's
 * confirmations (the user is told then). Besides:
 * - SEND_UNKNOWN: a send whose outcome is unknown (a timeout, a lost connection, a crash
 *   between the send and its commit). It is never sent again automatically: every tick looks
 *   for the payment (payment id + address + amount); once the wallet shows it, it goes on as
 *   accepted. The operator can resend it (same payment id: a late payment is still found
 *   first) or return the funds, after checking the wallet.
 * - FAILED: the wallet refused the payment (a bad address...) or the chain rejected it. The
 *   operator returns the funds to the user through the ledger, or resends it (a new payment id).
 * A refusal that a later attempt may get past (change still pending) leaves the withdrawal
 * SENT_PENDING with the reason; it is tried again at the next tick, the others go on meanwhile.
 */

const lockWithdrawal = withdrawRepository.lock;
type Locked = NonNullable<Awaited<ReturnType<typeof lockWithdrawal>>>;

const paymentOf = (w: Pick<Locked, 'payment_id' | 'address' | 'received'>): Payment => ({ paymentId: w.payment_id, to: w.address, amount: BigInt(w.received) });

/**
 * The wallet accepted the payment: post the hold (received to the chain, the withdrawal fee to
 * the fee account), book the chain fee the hot wallet paid (from the fee account: it never
 * exceeds the user's withdrawal fee), keep the TXID.
 */
async function accepted(db: Db, id: string, sent: Sent): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const w = await lockWithdrawal(trx, id);
    if (!w || (w.status !== 'SENT_PENDING' && w.status !== 'SEND_UNKNOWN') || !w.hold_id || w.txid !== '') return false;
    const chainFee = sent.fee < BigInt(w.fee) ? sent.fee : BigInt(w.fee);
    if (!w.posted) {
      await postHold(
        trx,
        w.hold_id,
        [
          { account: { kind: 'system', code: 'chain', coin: w.coin }, amount: BigInt(w.received) },
          ...(BigInt(w.fee) > 0n ? [{ account: { kind: 'system' as const, code: 'fees' as const, coin: w.coin }, amount: BigInt(w.fee) }] : []),
        ],
        { kind: 'withdrawal_sent', memo: sent.txid },
      );
    }
    if (chainFee > 0n) {
      await postTransaction(trx, {
        kind: 'withdrawal_chain_fee',
        reference: `withdrawal:${w.id}`,
        memo: sent.txid,
        postings: [
          { account: { kind: 'system', code: 'fees', coin: w.coin }, amount: -chainFee },
          { account: { kind: 'system', code: 'chain', coin: w.coin }, amount: chainFee },
        ],
      });
    }
    await withdrawRepository.markAccepted(trx, id, { txid: sent.txid, chainFee, expiresAt: sent.expiresAt ?? null });
    return true;
  });
}

async function setState(
  db: Db,
  id: string,
  from: readonly Locked['status'][],
  change: { status: 'SEND_UNKNOWN' | 'FAILED' | 'SENT_PENDING'; reason: string; clearSending?: boolean },
) {
  await withdrawRepository.setSendState(db, id, from, change);
}

export type SendOutcome = 'accepted' | 'skipped' | 'unknown' | 'failed' | 'retry';

/**
 * Sends one approved withdrawal. (1) Claim it (`sending_at`) in its own commit. (2) Look for
 * its payment; pay only when there is none and no earlier attempt was left unfinished.
 * (3) Record what happened. A crash after (1) or (2) leaves `sending_at` set: the next run
 * finds the payment (→ accepted) or, finding nothing, cannot tell whether the wallet is still
 * storing it, and moves it to SEND_UNKNOWN instead of paying again.
 */
export async function sendWithdrawal(db: Db, chains: ChainRegistry, id: string): Promise<SendOutcome> {
  const claimed = await db.transaction().execute(async (trx) => {
    const w = await lockWithdrawal(trx, id);
    // A TXID means the wallet accepted it already (a resend after FAILED clears it).
    if (!w || w.status !== 'SENT_PENDING' || w.txid !== '') return undefined;
    if (!w.sending_at) await withdrawRepository.claimForSending(trx, id);
    return { w, attempted: w.sending_at !== null };
  });
  if (!claimed) return 'skipped';
  const { w, attempted } = claimed;
  const adapter = chains.adapter(w.coin);
  let found: Sent | undefined;
  try {
    found = await adapter.findSent(paymentOf(w));
  } catch (error) {
    // Nothing was sent in this attempt: the claim goes back when it was ours (an earlier
    // unfinished attempt keeps it, so the payment is looked for, never made, next time).
    return sendFailed(db, id, messageOf(error), { ourClaim: !attempted });
  }
  if (found) return (await accepted(db, id, found)) ? 'accepted' : 'skipped';
  if (attempted) {
    await setState(db, id, ['SENT_PENDING'], { status: 'SEND_UNKNOWN', reason: 'an earlier send attempt did not finish; the wallet does not show the payment yet' });
    return 'unknown';
  }
  return pay(db, adapter, w);
}

async function pay(db: Db, adapter: ChainAdapter, w: Locked): Promise<SendOutcome> {
  let sent: Sent;
  try {
    sent = await adapter.send({ ...paymentOf(w), memo: w.memo, maxFee: BigInt(w.fee) });
  } catch (error) {
    if (error instanceof SendRefusedError && error.retryable) return sendFailed(db, w.id, error.reason, { ourClaim: true });
    if (error instanceof SendRefusedError) {
      await setState(db, w.id, ['SENT_PENDING'], { status: 'FAILED', reason: `refused by the wallet: ${error.reason}`, clearSending: true });
      return 'failed';
    }
    await setState(db, w.id, ['SENT_PENDING'], { status: 'SEND_UNKNOWN', reason: `outcome unknown: ${messageOf(error)}` });
    return 'unknown';
  }
  return (await accepted(db, w.id, sent)) ? 'accepted' : 'skipped';
}

/** Failed attempts that paid nothing before a withdrawal is left for the operator. */
export const MAX_SEND_ATTEMPTS = 5;

/** The wait after the `attempts`-th failed attempt: 1, 2, 4, 8 … minutes, at most an hour. */
export function sendBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * An attempt failed without paying (the wallet unreachable, a refusal a later try may get past):
 * counted, its error kept, tried again after the backoff; after MAX_SEND_ATTEMPTS it is left for
 * the operator — FAILED (nothing was ever paid: return or resend), or SEND_UNKNOWN when an
 * earlier attempt was left unfinished (it may have paid: never resent automatically).
 */
async function sendFailed(db: Db, id: string, error: string, options: { ourClaim: boolean; now?: Date }): Promise<SendOutcome> {
  return db.transaction().execute(async (trx) => {
    const w = await lockWithdrawal(trx, id);
    if (!w || w.status !== 'SENT_PENDING' || w.txid !== '') return 'skipped';
    const attempts = w.send_attempts + 1;
    const lastError = error.slice(0, 500);
    if (attempts >= MAX_SEND_ATTEMPTS) {
      const status = options.ourClaim ? 'FAILED' : 'SEND_UNKNOWN';
      await withdrawRepository.recordSendFailure(trx, id, {
        status,
        attempts,
        lastError,
        nextSendAt: null,
        reason: `gave up after ${attempts} attempts: ${error}`,
        clearSending: options.ourClaim,
      });
      return status === 'FAILED' ? 'failed' : 'unknown';
    }
    await withdrawRepository.recordSendFailure(trx, id, {
      attempts,
      lastError,
      nextSendAt: new Date((options.now ?? new Date()).getTime() + sendBackoffMs(attempts)),
      reason: `retrying (attempt ${attempts} of ${MAX_SEND_ATTEMPTS}): ${error}`,
      clearSending: options.ourClaim,
    });
    return 'retry';
  });
}

/**
 * Sends every approved withdrawal whose T+1 time (and backoff) has come. Each one is on its
 * own: a failure is recorded on it (sendFailed) and the rest are sent; nothing is thrown for an
 * item, so a failing withdrawal never holds up the others or the jobs after this one.
 */
export async function sendDue(db: Db, chains: ChainRegistry, now = new Date()): Promise<number> {
  const due = await withdrawRepository.dueForSending(db, now, 500);
  let sent = 0;
  for (const { id } of due) {
    try {
      if ((await sendWithdrawal(db, chains, id)) === 'accepted') sent++;
    } catch (error) {
      // Not from the wallet (findSent and send are handled above): e.g. no adapter for the coin.
      // Nothing was paid in this attempt; the claim stays, so a next try looks before paying.
      await sendFailed(db, id, messageOf(error), { ourClaim: false, now }).catch(() => undefined);
    }
  }
  return sent;
}

/**
 * Follows accepted payments on the chain: SENT once confirmed by the coin's confirmations (the
 * user gets the TXID then), FAILED when the chain rejected it or it expired unconfirmed (the node
 * dropped it and its chain is past the payment's deadline), for the operator to return or resend.
 */
export async function trackSent(db: Db, chains: ChainRegistry): Promise<{ confirmed: number; failed: number }> {
  const open = await withdrawRepository.acceptedUnconfirmed(db, 500);
  const outcome = { confirmed: 0, failed: 0 };
  for (const row of open) {
    const coin = await coinRules(db, row.coin);
    const state = await chains.adapter(row.coin).paymentStatus(row.txid, row.payment_expires_at);
    if (state.state === 'confirmed' && state.confirmations >= Math.max(coin.confirmation, 1)) {
      await db.transaction().execute(async (trx) => {
        const w = await lockWithdrawal(trx, row.id);
        if (!w || w.status !== 'SENT_PENDING' || w.txid !== row.txid) return;
        await withdrawRepository.markSent(trx, w.id, state.height);
        await notify(trx, w.user_id, {
          key: 'withdrawal_sent',
          subject: w.id,
          params: { amount: show(w.received, coin.scale), unit: coin.unit, address: w.address, txid: w.txid },
        });
      });
      outcome.confirmed++;
    } else if (state.state === 'failed') {
      await withdrawRepository.markChainRejected(db, row.id, row.txid, `rejected by the chain: ${state.reason}`);
      outcome.failed++;
    } else if (state.state === 'expired') {
      // Dropped by the network and past its deadline: nothing was paid, and it can never be mined now.
      await withdrawRepository.markChainRejected(db, row.id, row.txid, `expired unconfirmed: the chain did not take payment ${row.txid} before its deadline`);
      outcome.failed++;
    }
  }
  return outcome;
}

/** Looks for the payment of every SEND_UNKNOWN withdrawal; those the wallet shows go on as accepted. */
export async function reconcileUnknown(db: Db, chains: ChainRegistry): Promise<{ found: string[]; unknown: string[] }> {
  const rows = await withdrawRepository.sendUnknown(db, 500);
  const out = { found: [] as string[], unknown: [] as string[] };
  for (const w of rows) {
    // A wallet that cannot tell for one payment (node down, a candidate it could not read) leaves that row unknown and goes on with the others.
    const found = await chains
      .adapter(w.coin)
      .findSent(paymentOf(w))
      .catch(() => undefined);
    if (found && (await accepted(db, w.id, found))) out.found.push(w.id);
    else out.unknown.push(w.id);
  }
  return out;
}

/**
 * The operator sends again: a SEND_UNKNOWN withdrawal whose payment the wallet still does not
 * show (same payment id, so a late payment is still found before paying), or a FAILED one (a
 * new payment id: the failed payment keeps the old one; the chain fee booked for it is undone).
 */
export async function resendWithdrawal(db: Db, chains: ChainRegistry, adminId: string | null, id: string): Promise<'resend' | 'found'> {
  const w = await withdrawRepository.find(db, id);
  if (!w || (w.status !== 'SEND_UNKNOWN' && w.status !== 'FAILED')) throw new AppError('WITHDRAW_CANNOT_CANCEL');
  if (w.status === 'SEND_UNKNOWN') {
    const found = await chains.adapter(w.coin).findSent(paymentOf(w));
    if (found && (await accepted(db, id, found))) return 'found';
  }
  await db.transaction().execute(async (trx) => {
    const locked = await lockWithdrawal(trx, id);
    if (!locked || locked.status !== w.status) throw new AppError('WITHDRAW_CANNOT_CANCEL');
    if (locked.status === 'FAILED' && BigInt(locked.chain_fee) > 0n) {
      await postTransaction(trx, {
        kind: 'withdrawal_chain_fee_undone',
        reference: `withdrawal:${id}`,
        memo: locked.txid,
        ...(adminId ? { createdBy: adminId } : {}),
        postings: [
          { account: { kind: 'system', code: 'chain', coin: locked.coin }, amount: -BigInt(locked.chain_fee) },
          { account: { kind: 'system', code: 'fees', coin: locked.coin }, amount: BigInt(locked.chain_fee) },
        ],
      });
    }
    await withdrawRepository.reopenForResend(trx, id, { reason: `resent by ${adminId ? `operator ${adminId}` : 'the CLI'}`, newPaymentId: locked.status === 'FAILED' });
  });
  return 'resend';
}

/**
 * The operator returns a FAILED withdrawal's funds (or a SEND_UNKNOWN one's, once the wallet
 * shows no payment) to the user's available balance, through the ledger: a hold never posted
 * is released; a posted one is reversed (the chain, the fee account, the chain fee).
 */
export async function returnWithdrawal(db: Db, chains: ChainRegistry, adminId: string | null, id: string, reason: string): Promise<void> {
  const w = await withdrawRepository.find(db, id);
  if (!w || (w.status !== 'SEND_UNKNOWN' && w.status !== 'FAILED')) throw new AppError('WITHDRAW_CANNOT_CANCEL');
  if (w.status === 'SEND_UNKNOWN' && (await chains.adapter(w.coin).findSent(paymentOf(w)))) throw new AppError('WITHDRAW_CANNOT_CANCEL');
  await db.transaction().execute(async (trx) => {
    const locked = await lockWithdrawal(trx, id);
    if (!locked || locked.status !== w.status || !locked.hold_id) throw new AppError('WITHDRAW_CANNOT_CANCEL');
    if (!locked.posted) {
      await voidHold(trx, locked.hold_id, { kind: 'withdrawal_returned', ...(adminId ? { createdBy: adminId } : {}) });
    } else {
      const chainFee = BigInt(locked.chain_fee);
      const fee = BigInt(locked.fee) - chainFee;
      await postTransaction(trx, {
        kind: 'withdrawal_returned',
        reference: `withdrawal:${id}`,
        memo: locked.txid,
        ...(adminId ? { createdBy: adminId } : {}),
        postings: [
          { account: { kind: 'system', code: 'chain', coin: locked.coin }, amount: -(BigInt(locked.received) + chainFee) },
          ...(fee > 0n ? [{ account: { kind: 'system' as const, code: 'fees' as const, coin: locked.coin }, amount: -fee }] : []),
          { account: { kind: 'user', userId: locked.user_id, coin: locked.coin, bucket: 'available' }, amount: BigInt(locked.amount) },
        ],
      });
    }
    await withdrawRepository.markReturned(trx, id, `returned: ${reason || locked.reason}`, adminId);
  });
}

/** What the operator must look at: sends of unknown outcome and failed ones. */
export async function custodyQueue(db: Db) {
  return withdrawRepository.custodyQueue(db);
}
