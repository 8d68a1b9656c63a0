import type { Withdrawal, WithdrawStatus } from '@platter/domain';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WithdrawalsTable } from '../wallet/wallet.schema.ts';

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

  /** A user's withdrawals, newest first. */
  async userPage(db: Db, userId: string, q: { coin?: string | undefined; status?: WithdrawStatus | undefined; page: number; count: number }) {
    let base = db.selectFrom('withdrawals').where('user_id', '=', userId);
    if (q.coin) base = base.where('coin', '=', q.coin);
    if (q.status) base = base.where('status', '=', q.status);
    const total = Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .select(WITHDRAWAL_COLUMNS)
      .orderBy('id', 'desc')
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute();
    return { total, rows };
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
    const total = Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .select([...WITHDRAWAL_COLUMNS.map((c) => `w.${c}` as const), 'u.uid', 'u.email'])
      .orderBy('w.id', auditing ? 'asc' : 'desc')
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute();
    return { total, rows };
  },
};
