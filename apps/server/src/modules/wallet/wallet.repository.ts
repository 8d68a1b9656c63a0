import { assetLogFilter, INCOME_KINDS, type AssetLogQuery } from '@platter/domain';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import type { DepositsTable, UnownedTransfersTable } from './wallet.schema.ts';

/**
 * The wallet's SQL, and only SQL: deposits, the address book, Auto Pay's settings, the bill's
 * reads over the ledger, the hot wallet's checks. The rules (what is credited when, which
 * address may be deleted, how Auto Pay splits) are the services' (deposits.ts, addresses.ts,
 * autopay.ts, ledger-views.ts, reconcile.ts, wallet.service.ts).
 */

export type LogFilter = Pick<AssetLogQuery, 'coin' | 'kind' | 'start' | 'end'>;

/**
 * Postings of users' accounts with their transaction, and the other user of a transfer (its
 * other posting's owner): the bill, and the back office's flow (`forUser` null: every user).
 */
function billRows(db: Db, forUser: string | null, filter: LogFilter) {
  let query = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('ledger_postings as p2')
          .innerJoin('ledger_accounts as a2', 'a2.id', 'p2.account_id')
          .innerJoin('users as u2', 'u2.id', 'a2.user_id')
          .select(['u2.email as cp_email', 'u2.uid as cp_uid'])
          .whereRef('p2.transaction_id', '=', 'p.transaction_id')
          .whereRef('a2.user_id', '<>', 'a.user_id')
          .where('t.kind', '=', 'transfer')
          .limit(1)
          .as('cp'),
      (join) => join.onTrue(),
    );
  query = forUser === null ? query.where('a.user_id', 'is not', null) : query.where('a.user_id', '=', forUser);
  if (filter.coin) query = query.where('p.coin', '=', filter.coin);
  if (filter.kind) {
    const { kind, sign } = assetLogFilter(filter.kind);
    query = query.where('t.kind', '=', kind);
    if (sign) query = query.where('p.amount', sign === 'in' ? '>' : '<', '0');
  }
  if (filter.start !== undefined) query = query.where('t.created_at', '>=', new Date(filter.start * 1000));
  if (filter.end !== undefined) query = query.where('t.created_at', '<', new Date(filter.end * 1000));
  return query;
}

const BILL_COLUMNS = ['p.id', 'p.coin', 'p.amount', 'a.bucket', 't.kind', 't.reference', 't.memo', 't.created_at', 'cp.cp_email', 'cp.cp_uid'] as const;

export const walletRepository = {
  // The bill (ledger-views.ts) and the back office's flow (flow.ts).

  /** One page of the user's bill, newest first, and the count of its rows. */
  billPage: (db: Db, userId: string, query: LogFilter & { page: number; count: number }) =>
    paginate(billRows(db, userId, query), query, (from) => from.select(BILL_COLUMNS).orderBy('p.id', 'desc')),

  /** Up to `chunk` rows of the user's bill older than posting `before` (all when undefined), newest first. */
  billChunk(db: Db, userId: string, filter: LogFilter, before: string | undefined, chunk: number) {
    let query = billRows(db, userId, filter).select(BILL_COLUMNS);
    if (before) query = query.where('p.id', '<', before);
    return query.orderBy('p.id', 'desc').limit(chunk).execute();
  },

  async billCount(db: Db, userId: string, filter: LogFilter): Promise<number> {
    return Number(
      (
        await billRows(db, userId, filter)
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  },

  /** Every user's bill (the flow), newest first, with each row's user. */
  adminBillPage(db: Db, q: LogFilter & { uid?: string | undefined; page: number; count: number }) {
    let base = billRows(db, null, q).innerJoin('users as u', 'u.id', 'a.user_id');
    if (q.uid) base = base.where('u.uid', '=', q.uid);
    return paginate(base, q, (from) => from.select([...BILL_COLUMNS, 'u.uid', 'u.email']).orderBy('p.id', 'desc'));
  },

  /** Income per coin (every posting of an income kind into the user's accounts: INCOME_KINDS), since `since` when given. */
  incomeTotals(db: Db, userId: string, since?: Date) {
    let query = db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .select(['p.coin', sql<string>`sum(p.amount)`.as('total')])
      .where('a.user_id', '=', userId)
      .where('t.kind', 'in', [...INCOME_KINDS]);
    if (since) query = query.where('t.created_at', '>=', since);
    return query.groupBy('p.coin').execute();
  },

  /** The user, locked for the caller's transaction (serialises the user's address and Auto Pay changes). */
  lockUser: (trx: Db, userId: string) => trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow(),

  /** An active user by e-mail (any case) or UID: the recipient of a transfer. */
  findRecipient: (db: Db, target: string) =>
    db
      .selectFrom('users')
      .select(['id', 'uid', 'email', 'status'])
      .where((eb) => eb.or([eb(sql`lower(email)`, '=', target.toLowerCase()), eb('uid', '=', target)]))
      .executeTakeFirst(),

  /** The coin's withdrawal fee (the back office's updatewithdrawfee). */
  setWithdrawFee: (trx: Db, coin: string, feeUnits: bigint) =>
    trx
      .updateTable('coins')
      .set({ withdraw_fee_units: feeUnits.toString(), updated_at: sql`now()` })
      .where('type', '=', coin)
      .execute(),

  // The address book (addresses.ts).

  liveAddresses(db: Db, userId: string, coin?: string) {
    let query = db.selectFrom('withdraw_addresses').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null);
    if (coin) query = query.where('coin', '=', coin);
    return query.orderBy('coin').orderBy('id').execute();
  },

  insertAddress: (trx: Db, values: { user_id: string; coin: string; address: string; remark: string; memo: string }) =>
    trx.insertInto('withdraw_addresses').values(values).returning('id').executeTakeFirstOrThrow(),

  /** Sets the remark of a live address of the user's; answers whether one was changed. */
  async updateRemark(db: Db, userId: string, id: string, remark: string): Promise<boolean> {
    const result = await db.updateTable('withdraw_addresses').set({ remark }).where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  lockLiveAddress: (trx: Db, userId: string, id: string) =>
    trx
      .selectFrom('withdraw_addresses')
      .select(['id', 'coin', 'auto_pay', 'ratio'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst(),

  /** Soft delete: withdrawals keep pointing at the address they went to. */
  softDeleteAddress: (trx: Db, id: string) =>
    trx
      .updateTable('withdraw_addresses')
      .set({ deleted_at: sql`now()`, auto_pay: false, ratio: 0 })
      .where('id', '=', id)
      .execute(),

  // Auto Pay (autopay.ts).

  autoPayRecipients: (db: Db, userId: string, coin: string) =>
    db
      .selectFrom('withdraw_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .where('coin', '=', coin)
      .where('deleted_at', 'is', null)
      .where('auto_pay', '=', true)
      .orderBy('id')
      .execute(),

  autoPaySetting: (db: Db, userId: string, coin: string) =>
    db.selectFrom('auto_pay_settings').selectAll().where('user_id', '=', userId).where('coin', '=', coin).executeTakeFirst(),

  /** Whether Auto Pay is on, per coin, for the user. */
  autoPayFlags: (db: Db, userId: string) => db.selectFrom('auto_pay_settings').select(['coin', 'enabled']).where('user_id', '=', userId).execute(),

  /** Those of `ids` that are live addresses of the user's for the coin. */
  ownedAddressIds: (trx: Db, userId: string, coin: string, ids: readonly string[]) =>
    trx
      .selectFrom('withdraw_addresses')
      .select('id')
      .where('user_id', '=', userId)
      .where('coin', '=', coin)
      .where('deleted_at', 'is', null)
      .where('id', 'in', [...ids])
      .execute(),

  clearAutoPayRecipients: (trx: Db, userId: string, coin: string) =>
    trx.updateTable('withdraw_addresses').set({ auto_pay: false, ratio: 0, min_pay: 0n }).where('user_id', '=', userId).where('coin', '=', coin).execute(),

  setAutoPayRecipient: (trx: Db, addressId: string, recipient: { ratio: number; minPay: bigint }) =>
    trx.updateTable('withdraw_addresses').set({ auto_pay: true, ratio: recipient.ratio, min_pay: recipient.minPay }).where('id', '=', addressId).execute(),

  upsertAutoPaySetting: (trx: Db, userId: string, coin: string, enabled: boolean) =>
    sql`INSERT INTO auto_pay_settings (user_id, coin, enabled) VALUES (${userId}, ${coin}, ${enabled})
    ON CONFLICT (user_id, coin) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`.execute(trx),

  /** Those of `userIds` with Auto Pay on for the coin. */
  async autoPayUsers(trx: Db, coin: string, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await trx
      .selectFrom('auto_pay_settings')
      .select('user_id')
      .where('coin', '=', coin)
      .where('enabled', '=', true)
      .where('user_id', 'in', [...userIds])
      .execute();
    return rows.map((r) => r.user_id);
  },

  lockAutoPaySetting: (trx: Db, userId: string, coin: string) =>
    trx.selectFrom('auto_pay_settings').selectAll().where('user_id', '=', userId).where('coin', '=', coin).forUpdate().executeTakeFirst(),

  recordAutoPayRun: (trx: Db, userId: string, coin: string, run: { at: Date; outcome: string }) =>
    trx.updateTable('auto_pay_settings').set({ last_run_at: run.at, last_outcome: run.outcome }).where('user_id', '=', userId).where('coin', '=', coin).execute(),

  /** Enabled settings not run since `ranBefore`. */
  dueAutoPays: (db: Db, ranBefore: Date) =>
    db
      .selectFrom('auto_pay_settings')
      .select(['user_id', 'coin'])
      .where('enabled', '=', true)
      .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<=', ranBefore)]))
      .execute(),

  // Deposits (deposits.ts).

  depositAddress: (db: Db, userId: string, coin: string) =>
    db.selectFrom('deposit_addresses').select(['address', 'memo']).where('user_id', '=', userId).where('coin', '=', coin).executeTakeFirst(),

  /** Keeps the first address of the user's for the coin (a concurrent request's wins). */
  insertDepositAddress: (db: Db, userId: string, coin: string, address: string, memo = '') =>
    db
      .insertInto('deposit_addresses')
      .values({ user_id: userId, coin, address, memo })
      .onConflict((oc) => oc.doNothing())
      .execute(),

  /** The user's deposit address of the coin, replaced (a shared account whose address or memo changed). */
  replaceDepositAddress: (db: Db, userId: string, coin: string, address: string, memo: string) =>
    db.updateTable('deposit_addresses').set({ address, memo }).where('user_id', '=', userId).where('coin', '=', coin).execute(),

  chainCursor: (db: Db, coin: string) => db.selectFrom('chain_cursors').select(['scanned_height', 'source']).where('coin', '=', coin).executeTakeFirst(),

  /** The scan's cursor on another chain (its source changed): set, even below the old height. */
  resetCursor: (db: Db, coin: string, height: number, source: string) =>
    sql`INSERT INTO chain_cursors (coin, scanned_height, source) VALUES (${coin}, ${height}, ${source})
        ON CONFLICT (coin) DO UPDATE SET scanned_height = EXCLUDED.scanned_height, source = EXCLUDED.source`.execute(db),

  depositOwners: (db: Db, coin: string, addresses: readonly string[]) =>
    addresses.length
      ? db
          .selectFrom('deposit_addresses')
          .select(['user_id', 'address', 'memo'])
          .where('coin', '=', coin)
          .where('address', 'in', [...addresses])
          .execute()
      : Promise.resolve([]),

  /**
   * Deposits are keyed on the coin, never on the wallet's record name (issue 15 item 10): a coin
   * seen again under another record name is the same deposit — still uncredited, it follows the
   * new name; a deposit a reorganisation dropped counts again. Answers the rows changed.
   */
  async refreshDeposits(trx: Db, coin: string, rows: readonly { coin_id: string; txid: string; output_index: number; height: number | string | bigint }[]): Promise<number> {
    const values = sql.join(rows.map((r) => sql`(${r.coin_id}, ${r.txid}, ${r.output_index}::integer, ${r.height}::bigint)`));
    const refreshed = await sql<{ id: string }>`UPDATE deposits SET txid = v.txid, output_index = v.output_index, height = v.height, status = 'pending'
          FROM (VALUES ${values}) AS v (coin_id, txid, output_index, height)
          WHERE deposits.coin = ${coin} AND deposits.coin_id = v.coin_id AND deposits.status <> 'credited'
            AND (deposits.status = 'dropped' OR deposits.txid <> v.txid)
          RETURNING deposits.id`.execute(trx);
    return refreshed.rows.length;
  },

  /** New deposits; a row of either key (the coin, or an older row's record name) is kept as it is. Answers the rows added. */
  async insertDeposits(trx: Db, rows: Insertable<DepositsTable>[]): Promise<number> {
    const inserted = await trx
      .insertInto('deposits')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    return inserted.length;
  },

  insertUnowned: (trx: Db, rows: Insertable<UnownedTransfersTable>[]) =>
    trx
      .insertInto('unowned_transfers')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute(),

  /** The scan's cursor, never moved back. */
  advanceCursor: (trx: Db, coin: string, height: number) =>
    sql`INSERT INTO chain_cursors (coin, scanned_height) VALUES (${coin}, ${height})
        ON CONFLICT (coin) DO UPDATE SET scanned_height = GREATEST(chain_cursors.scanned_height, EXCLUDED.scanned_height)`.execute(trx),

  /** Pending deposits of the coin at or below `height`, oldest first. */
  pendingDepositIds: (db: Db, coin: string, height: number) =>
    db.selectFrom('deposits').select('id').where('coin', '=', coin).where('status', '=', 'pending').where('height', '<=', String(height)).orderBy('id').execute(),

  depositTransfer: (db: Db, id: string) => db.selectFrom('deposits').select(['txid', 'output_index', 'height']).where('id', '=', id).executeTakeFirstOrThrow(),

  /** A pending deposit the chain no longer has. */
  dropDeposit: (db: Db, id: string) => db.updateTable('deposits').set({ status: 'dropped' }).where('id', '=', id).where('status', '=', 'pending').execute(),

  /** A pending deposit the chain has in another block now. */
  moveDeposit: (db: Db, id: string, height: number) => db.updateTable('deposits').set({ height }).where('id', '=', id).where('status', '=', 'pending').execute(),

  lockDeposit: (trx: Db, id: string) => trx.selectFrom('deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

  markDepositCredited: (trx: Db, id: string, transactionId: string) =>
    trx
      .updateTable('deposits')
      .set({ status: 'credited', transaction_id: transactionId, credited_at: sql`now()` })
      .where('id', '=', id)
      .execute(),

  /** Coins with at least one deposit address. */
  async depositCoins(db: Db): Promise<string[]> {
    const rows = await db.selectFrom('deposit_addresses').select('coin').distinct().execute();
    return rows.map((r) => r.coin);
  },

  depositPage(db: Db, userId: string, query: { coin?: string | undefined; page: number; count: number }) {
    let base = db.selectFrom('deposits').where('user_id', '=', userId);
    if (query.coin) base = base.where('coin', '=', query.coin);
    return paginate(base, query, (from) => from.selectAll().orderBy('id', 'desc'));
  },

  // The hot wallet against the ledger (reconcile.ts).

  /** Deposits recorded and not credited yet, in base units. */
  async pendingDepositTotal(db: Db, coin: string): Promise<bigint> {
    const row = await db
      .selectFrom('deposits')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
      .where('coin', '=', coin)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  },

  /** Every coin received to no user's deposit address, oldest first (the operator's custody list). */
  unownedTransfers: (db: Db) => db.selectFrom('unowned_transfers').selectAll().orderBy('id').execute(),

  /** Coins received to no user's deposit address, in base units. */
  async unownedTotal(db: Db, coin: string): Promise<bigint> {
    const row = await db
      .selectFrom('unowned_transfers')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
      .where('coin', '=', coin)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  },

  recordReconciliation: (db: Db, check: { coin: string; wallet: bigint; ledger: bigint; pendingDeposits: bigint; unowned: bigint; difference: bigint }) =>
    db
      .insertInto('wallet_reconciliations')
      .values({
        coin: check.coin,
        wallet_balance: check.wallet,
        ledger_balance: check.ledger,
        pending_deposits: check.pendingDeposits,
        unowned: check.unowned,
        difference: check.difference,
      })
      .execute(),

  /** The latest check per coin. */
  latestReconciliations: (db: Db) => db.selectFrom('wallet_reconciliations').selectAll().distinctOn('coin').orderBy('coin').orderBy('checked_at', 'desc').execute(),
};

export type BillRow = Awaited<ReturnType<typeof walletRepository.billChunk>>[number];
