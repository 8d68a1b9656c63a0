import type { Withdrawal, WithdrawStatus } from '@platter/domain';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import type { WithdrawalsTable } from './withdraw.schema.ts';

/**
 * Withdrawals' SQL, and only SQL: the rules (which status may follow which, who is told what,
 * what the ledger moves) are the service's (withdraw.service.ts, sending.ts).
 */

export const WITHDRAWAL_COLUMNS = [
  'id',
  'coin',
  'amount',
  'fee',
  'received',
  'address',
  'memo',
  'status',
  'source',
  'reason',
  'txid',
  'batch',
  'created_at',
  'updated_at',
] as const;

export type WithdrawalRow = {
  id: string;
  coin: string;
  amount: string;
  fee: string;
  received: string;
  address: string;
  memo: string;
  status: Withdrawal['status'];
  source: Withdrawal['source'];
  reason: string;
  txid: string;
  batch: string;
  created_at: Date;
  updated_at: Date;
};

export const withdrawRepository = {
  /** The withdrawal, locked for the caller's transaction. */
  lock: (trx: Db, id: string) => trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

  find: (db: Db, id: string) => db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst(),

  /** A live address of the user's book for the coin, locked. */
  lockBookAddress: (trx: Db, userId: string, coin: string, addressId: string) =>
    trx
      .selectFrom('withdraw_addresses')
      .selectAll()
      .where('id', '=', addressId)
      .where('user_id', '=', userId)
      .where('coin', '=', coin)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst(),

  /** The user whose deposit address of `coin` `address` is, if it is one of the platform's. */
  depositAddressOwner: (db: Db, coin: string, address: string) =>
    db.selectFrom('deposit_addresses').select('user_id').where('coin', '=', coin).where('address', '=', address).executeTakeFirst(),

  /** The withdrawal-audit flag of every pool of each coin (of one coin when given): spec doc 1 §3 'Mining pool config'. */
  poolAudits: (db: Db, coin?: string) => {
    let q = db.selectFrom('pools as p').innerJoin('pool_configs as c', 'c.pool', 'p.type').select(['p.coin', 'c.withdraw_audit']);
    if (coin !== undefined) q = q.where('p.coin', '=', coin);
    return q.execute();
  },

  /** Per address, the amounts received of its Auto Pay payouts that the wallet has not accepted yet. */
  autoPayPendingByAddress: (db: Db, addressIds: readonly string[]) =>
    db
      .selectFrom('withdrawals')
      .select(['address_id', sql<string>`sum(received)`.as('pending')])
      .where('address_id', 'in', [...addressIds])
      .where('source', '=', 'autopay')
      .where('status', 'in', ['AUDITING', 'SENT_PENDING', 'SEND_UNKNOWN'])
      .where('txid', '=', '')
      .groupBy('address_id')
      .execute(),

  lockAddress: (trx: Db, addressId: string) => trx.selectFrom('withdraw_addresses').select('id').where('id', '=', addressId).forUpdate().executeTakeFirst(),

  setAddressActivated: (trx: Db, addressId: string, activated: boolean) => trx.updateTable('withdraw_addresses').set({ activated }).where('id', '=', addressId).execute(),

  insert: (trx: Db, values: Insertable<WithdrawalsTable>) => trx.insertInto('withdrawals').values(values).returning('id').executeTakeFirstOrThrow(),

  setHold: (trx: Db, id: string, holdId: string) => trx.updateTable('withdrawals').set({ hold_id: holdId }).where('id', '=', id).execute(),

  /** Closed as CANCELED or REJECTED (by an operator when `by` is given). */
  close: (trx: Db, id: string, change: { status: 'CANCELED' | 'REJECTED'; reason: string; by: string | null }) =>
    trx
      .updateTable('withdrawals')
      .set({ status: change.status, reason: change.reason, updated_at: sql`now()`, ...(change.by ? { reviewed_by: change.by, reviewed_at: sql`now()` } : {}) })
      .where('id', '=', id)
      .execute(),

  approve: (trx: Db, id: string, adminId: string, sendAfter: Date) =>
    trx
      .updateTable('withdrawals')
      .set({ status: 'SENT_PENDING', reviewed_by: adminId, reviewed_at: sql`now()`, send_after: sendAfter, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),

  /** Another withdrawal to the address that has been sent or is being sent. */
  sentToAddress: (trx: Db, addressId: string, exceptId: string) =>
    trx
      .selectFrom('withdrawals')
      .select('id')
      .where('address_id', '=', addressId)
      .where('id', '<>', exceptId)
      .where((eb) => eb.or([eb('status', '=', 'SENT'), eb.and([eb('status', '=', 'SENT_PENDING'), eb('sending_at', 'is not', null)])]))
      .limit(1)
      .executeTakeFirst(),

  /** The oldest other open withdrawal to the address that has not started sending, locked. */
  nextOpenToAddress: (trx: Db, addressId: string, exceptId: string) =>
    trx
      .selectFrom('withdrawals')
      .selectAll()
      .where('address_id', '=', addressId)
      .where('id', '<>', exceptId)
      .where('status', 'in', ['AUDITING', 'SENT_PENDING'])
      .where('sending_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .executeTakeFirst(),

  setFee: (trx: Db, id: string, fee: { fee: bigint; received: bigint; activation: bigint }) =>
    trx
      .updateTable('withdrawals')
      .set({ fee: fee.fee, received: fee.received, activation_units: fee.activation, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),

  // Custody (sending.ts): the send's claim, its outcome, the operator's resend and return.

  /** Claimed for sending (`sending_at`), in its own commit before the wallet is asked. */
  claimForSending: (trx: Db, id: string) =>
    trx
      .updateTable('withdrawals')
      .set({ sending_at: sql`now()` })
      .where('id', '=', id)
      .execute(),

  /** The wallet accepted the payment: its TXID and the chain fee booked; still SENT_PENDING until confirmed. */
  markAccepted: (trx: Db, id: string, sent: { txid: string; chainFee: bigint; expiresAt: Date | null }) =>
    trx
      .updateTable('withdrawals')
      .set({ status: 'SENT_PENDING', txid: sent.txid, posted: true, chain_fee: sent.chainFee, payment_expires_at: sent.expiresAt, reason: '', updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),

  /** A send's outcome without a TXID (unknown, refused, retried), only from one of the `from` states. */
  setSendState: (db: Db, id: string, from: readonly WithdrawStatus[], change: { status: 'SEND_UNKNOWN' | 'FAILED' | 'SENT_PENDING'; reason: string; clearSending?: boolean }) =>
    db
      .updateTable('withdrawals')
      .set({ status: change.status, reason: change.reason.slice(0, 500), updated_at: sql`now()`, ...(change.clearSending ? { sending_at: null } : {}) })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .where('txid', '=', '')
      .execute(),

  /** A failed attempt counted: retried at `nextSendAt`, or (`status`) left for the operator. */
  recordSendFailure: (
    trx: Db,
    id: string,
    failure: { attempts: number; lastError: string; reason: string; nextSendAt: Date | null; status?: 'FAILED' | 'SEND_UNKNOWN'; clearSending: boolean },
  ) =>
    trx
      .updateTable('withdrawals')
      .set({
        ...(failure.status ? { status: failure.status } : {}),
        send_attempts: failure.attempts,
        last_send_error: failure.lastError,
        next_send_at: failure.nextSendAt,
        reason: failure.reason.slice(0, 500),
        updated_at: sql`now()`,
        ...(failure.clearSending ? { sending_at: null } : {}),
      })
      .where('id', '=', id)
      .execute(),

  /** Approved withdrawals whose send time (and backoff) has come, oldest first. */
  dueForSending: (db: Db, now: Date, limit: number) =>
    db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', '=', 'SENT_PENDING')
      .where('txid', '=', '')
      .where('send_after', '<=', now)
      .where((eb) => eb.or([eb('next_send_at', 'is', null), eb('next_send_at', '<=', now)]))
      .orderBy('id')
      .limit(limit)
      .execute(),

  /** Payments the wallet accepted that the chain has not confirmed yet. */
  acceptedUnconfirmed: (db: Db, limit: number) =>
    db
      .selectFrom('withdrawals')
      .select(['id', 'coin', 'txid', 'payment_expires_at'])
      .where('status', '=', 'SENT_PENDING')
      .where('txid', '<>', '')
      .orderBy('id')
      .limit(limit)
      .execute(),

  /** Confirmed on chain. */
  markSent: (trx: Db, id: string, height: number) =>
    trx
      .updateTable('withdrawals')
      .set({ status: 'SENT', sent_at: sql`now()`, confirmed_height: height, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),

  /** The chain rejected the accepted payment `txid`. */
  markChainRejected: (db: Db, id: string, txid: string, reason: string) =>
    db
      .updateTable('withdrawals')
      .set({ status: 'FAILED', reason: reason.slice(0, 500), updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'SENT_PENDING')
      .where('txid', '=', txid)
      .execute(),

  /** Sends whose outcome is unknown, oldest first. */
  sendUnknown: (db: Db, limit: number) => db.selectFrom('withdrawals').selectAll().where('status', '=', 'SEND_UNKNOWN').orderBy('id').limit(limit).execute(),

  /** Sent again by the operator: claim, TXID, attempts cleared; a new payment id after FAILED. */
  reopenForResend: (trx: Db, id: string, change: { reason: string; newPaymentId: boolean }) =>
    trx
      .updateTable('withdrawals')
      .set({
        status: 'SENT_PENDING',
        sending_at: null,
        send_after: sql`now()`,
        txid: '',
        chain_fee: 0n,
        payment_expires_at: null,
        reason: change.reason,
        send_attempts: 0,
        last_send_error: '',
        next_send_at: null,
        updated_at: sql`now()`,
        ...(change.newPaymentId ? { payment_id: sql<string>`gen_random_uuid()::text` } : {}),
      })
      .where('id', '=', id)
      .execute(),

  /** Its funds returned to the user by the operator. */
  markReturned: (trx: Db, id: string, reason: string, adminId: string | null) =>
    trx
      .updateTable('withdrawals')
      .set({ status: 'CANCELED', reason: reason.slice(0, 500), updated_at: sql`now()`, ...(adminId ? { reviewed_by: adminId } : {}) })
      .where('id', '=', id)
      .execute(),

  /** Sends of unknown outcome and failed ones, for the operator. */
  custodyQueue: (db: Db) =>
    db
      .selectFrom('withdrawals')
      .select(['id', 'user_id', 'coin', 'address', 'received', 'status', 'reason', 'payment_id', 'txid', 'send_attempts', 'last_send_error', 'updated_at'])
      .where('status', 'in', ['SEND_UNKNOWN', 'FAILED'])
      .orderBy('id')
      .execute(),

  /** A user's withdrawals, newest first. */
  async userPage(db: Db, userId: string, q: { coin?: string | undefined; status?: WithdrawStatus | undefined; page: number; count: number }) {
    let base = db.selectFrom('withdrawals').where('user_id', '=', userId);
    if (q.coin) base = base.where('coin', '=', q.coin);
    if (q.status) base = base.where('status', '=', q.status);
    return paginate(base, q, (from) => from.select(WITHDRAWAL_COLUMNS).orderBy('id', 'desc'));
  },

  /** Every user's withdrawals (newest first), or those waiting for review (oldest first). */
  async adminPage(
    db: Db,
    q: { coin?: string | undefined; status?: WithdrawStatus | undefined; uid?: string | undefined; batch?: string | undefined; page: number; count: number },
    auditing: boolean,
  ) {
    let base = db.selectFrom('withdrawals as w').innerJoin('users as u', 'u.id', 'w.user_id');
    if (auditing) base = base.where('w.status', '=', 'AUDITING');
    else if (q.status) base = base.where('w.status', '=', q.status);
    if (q.coin) base = base.where('w.coin', '=', q.coin);
    if (q.uid && !auditing) base = base.where('u.uid', '=', q.uid);
    if (q.batch) base = base.where('w.batch', '=', q.batch);
    return paginate(base, q, (from) => from.select([...WITHDRAWAL_COLUMNS.map((c) => `w.${c}` as const), 'u.uid', 'u.email']).orderBy('w.id', auditing ? 'asc' : 'desc'));
  },
};
