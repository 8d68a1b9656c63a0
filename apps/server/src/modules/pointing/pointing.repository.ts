import { BINDING_FINAL_STATUSES, POINT_FINAL_STATUSES, type BindingStatus, type CancelRequestStatus, type PointStatus } from '@platter/domain';
import { sql, type Insertable, type ReferenceExpression, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate, type PageQuery } from '../../db/paginate.ts';
import type { PointAddressesTable, PointRecordsTable, PointSettingsTable } from './pointing.schema.ts';

/** Coin owners' SQL (issue 22). Money columns are numeric(40,0): strings, parsed with BigInt by the service. */

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

export type PointAddressRow = NonNullable<Awaited<ReturnType<typeof addressById>>>;
export type PointRecordRow = NonNullable<Awaited<ReturnType<typeof recordById>>>;

function addressById(db: Db, id: string) {
  return db.selectFrom('point_addresses').selectAll().where('id', '=', id).executeTakeFirst();
}

function recordById(db: Db, id: string) {
  return db.selectFrom('point_records').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The lists' one filter builder: each given value narrows the list to rows equal to it; an absent (or empty) one does not filter. */
function whereGiven<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, filters: readonly (readonly [ReferenceExpression<DB, TB>, string | undefined])[]) {
  return filters.reduce((q, [column, value]) => (value === undefined || value === '' ? q : q.where(column, '=', value as never)), query);
}

/** A record as listed: with its binding's confirmation address and its latest cancellation request. */
function recordView(db: Db) {
  return db
    .selectFrom('point_records as r')
    .innerJoin('point_addresses as a', 'a.id', 'r.address_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoinLateral(
      (eb) => eb.selectFrom('point_cancellations as c').select(['c.status', 'c.reason']).whereRef('c.record_id', '=', 'r.id').orderBy('c.id', 'desc').limit(1).as('c'),
      (join) => join.onTrue(),
    );
}

export const pointingRepository = {
  addressById,
  recordById,

  settings(db: Db, coin: string) {
    return db.selectFrom('point_settings').selectAll().where('coin', '=', coin).executeTakeFirst();
  },

  allSettings(db: Db) {
    return db.selectFrom('point_settings').selectAll().orderBy('coin').execute();
  },

  lockSettings(trx: Db, coin: string) {
    return trx.selectFrom('point_settings').selectAll().where('coin', '=', coin).forUpdate().executeTakeFirst();
  },

  saveSettings(trx: Db, values: Omit<Insertable<PointSettingsTable>, 'updated_at'>) {
    const { coin: _coin, ...set } = values;
    return trx
      .insertInto('point_settings')
      .values({ ...values, updated_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('coin').doUpdateSet({ ...set, updated_at: sql<Date>`now()` }))
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** A new binding; undefined when the source address already has a live one for the coin. */
  async insertAddress(db: Db, values: Insertable<PointAddressesTable>) {
    try {
      return await db.insertInto('point_addresses').values(values).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  },

  listAddresses(db: Db, userId: string, coin: string | undefined, page: PageQuery) {
    const base = whereGiven(db.selectFrom('point_addresses'), [
      ['user_id', userId],
      ['coin', coin],
    ]);
    return paginate(base, page, (q) => q.selectAll().orderBy('id', 'desc'));
  },

  setRemark(db: Db, userId: string, id: string, remark: string) {
    return db
      .updateTable('point_addresses')
      .set({ remark, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  },

  /** Bindings whose verification is still running. */
  openAddresses(db: Db, coin: string) {
    return db
      .selectFrom('point_addresses')
      .selectAll()
      .where('coin', '=', coin)
      .where('status', 'not in', BINDING_FINAL_STATUSES as BindingStatus[])
      .orderBy('id')
      .execute();
  },

  /** Moves a binding on, only from the status it was read with (a racing worker's move wins once). */
  async moveAddress(db: Db, id: string, from: BindingStatus, set: { status: BindingStatus; verify_txid: string | null; verify_height: number | null }) {
    const result = await db
      .updateTable('point_addresses')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  confirmedSources(db: Db, coin: string) {
    return db.selectFrom('point_addresses').select(['id', 'user_id', 'source_address']).where('coin', '=', coin).where('status', '=', 'CONFIRMED').execute();
  },

  /** A pointing seen on the chain; nothing when it is known already. */
  async insertRecord(db: Db, values: Insertable<PointRecordsTable>) {
    await db
      .insertInto('point_records')
      .values(values)
      .onConflict((oc) => oc.columns(['coin', 'txid']).doNothing())
      .execute();
  },

  openRecords(db: Db, coin: string) {
    return db
      .selectFrom('point_records')
      .selectAll()
      .where('coin', '=', coin)
      .where('status', 'not in', POINT_FINAL_STATUSES as PointStatus[])
      .orderBy('id')
      .execute();
  },

  lockRecord(trx: Db, id: string) {
    return trx.selectFrom('point_records').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async updateRecord(trx: Db, id: string, set: Updateable<PointRecordsTable>) {
    await trx
      .updateTable('point_records')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  },

  listRecords(db: Db, filter: { userId?: string; coin?: string; status?: PointStatus; user?: string; sourceAddress?: string }, page: PageQuery) {
    let base = whereGiven(recordView(db), [
      ['r.user_id', filter.userId],
      ['r.coin', filter.coin],
      ['r.status', filter.status],
      ['r.source_address', filter.sourceAddress],
    ]);
    if (filter.user) {
      const user = filter.user;
      base = base.where((eb) => eb.or([eb('u.email', '=', user), eb(sql<string>`u.id::text`, '=', user)]));
    }
    return paginate(base, page, (q) =>
      q.selectAll('r').select(['a.confirm_address', 'u.email as user_email', 'c.status as cancellation', 'c.reason as cancellation_reason']).orderBy('r.id', 'desc'),
    );
  },

  /** The record's latest cancellation request's status, locked with it. */
  async latestCancellation(trx: Db, recordId: string): Promise<{ id: string; status: CancelRequestStatus } | undefined> {
    return trx.selectFrom('point_cancellations').select(['id', 'status']).where('record_id', '=', recordId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  /** A pending request; undefined when an open one exists already (the partial unique index). */
  async insertCancellation(trx: Db, recordId: string, userId: string) {
    try {
      return await trx.insertInto('point_cancellations').values({ record_id: recordId, user_id: userId, status: 'PENDING' }).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  },

  lockCancellation(trx: Db, id: string) {
    return trx.selectFrom('point_cancellations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async reviewCancellation(trx: Db, id: string, set: { status: CancelRequestStatus; reason: string; reviewed_by: string | null }) {
    return trx
      .updateTable('point_cancellations')
      .set({ ...set, reviewed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  listCancellations(db: Db, status: CancelRequestStatus | undefined, page: PageQuery) {
    const base = whereGiven(db.selectFrom('point_cancellations as c').innerJoin('point_records as r', 'r.id', 'c.record_id').innerJoin('users as u', 'u.id', 'c.user_id'), [
      ['c.status', status],
    ]);
    return paginate(base, page, (q) =>
      q
        .select([
          'c.id',
          'c.record_id',
          'c.user_id',
          'u.email as user_email',
          'r.coin',
          'r.source_address',
          'r.amount_units',
          'r.deposit_units',
          'r.status as record_status',
          'c.status',
          'c.reason',
          'c.created_at',
          'c.reviewed_at',
        ])
        .orderBy(sql`c.status = 'PENDING'`, 'desc')
        .orderBy('c.id', 'desc'),
    );
  },

  // --- finance locks (POINT_LOCKED_MARKET) ---

  /** The owner's finance holding, locked with the commitment (it cannot close under it). */
  lockHolding(trx: Db, id: string) {
    return trx.selectFrom('finance_holdings').select(['id', 'user_id', 'coin', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /** A lock; undefined when the record has an open one already (the partial unique index). */
  async insertFinanceLock(trx: Db, values: { record_id: string; holding_id: string; user_id: string }) {
    try {
      return await trx.insertInto('point_finance_locks').values(values).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  },

  openFinanceLock(trx: Db, recordId: string) {
    return trx.selectFrom('point_finance_locks').selectAll().where('record_id', '=', recordId).where('released_at', 'is', null).executeTakeFirst();
  },

  async releaseFinanceLock(trx: Db, id: string) {
    await trx
      .updateTable('point_finance_locks')
      .set({ released_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('released_at', 'is', null)
      .execute();
  },

  /** Records of the coin locked in finance whose holding is no longer open (ended, unlocked, redeemed, revoked). */
  financeLocksToRelease(db: Db, coin: string, openStates: readonly string[]) {
    return db
      .selectFrom('point_finance_locks as l')
      .innerJoin('point_records as r', 'r.id', 'l.record_id')
      .innerJoin('finance_holdings as h', 'h.id', 'l.holding_id')
      .select(['l.record_id'])
      .where('r.coin', '=', coin)
      .where('l.released_at', 'is', null)
      .where('h.status', 'not in', openStates as string[])
      .orderBy('l.record_id')
      .execute();
  },

  /** Each user's point_margin bucket against the margins its records hold (the ledger check). */
  async marginMismatches(db: Db): Promise<{ user_id: string; coin: string; balance: string; owed: string }[]> {
    const result = await sql<{ user_id: string; coin: string; balance: string; owed: string }>`
      WITH owed AS (
        SELECT user_id, coin, sum(deposit_units) AS owed FROM point_records WHERE margin_held GROUP BY 1, 2
      ), held AS (SELECT user_id, coin, balance FROM ledger_accounts WHERE bucket = 'point_margin' AND user_id IS NOT NULL)
      SELECT coalesce(h.user_id, o.user_id)::text AS user_id, coalesce(h.coin, o.coin) AS coin, coalesce(h.balance, 0)::text AS balance, coalesce(o.owed, 0)::text AS owed
      FROM held h FULL JOIN owed o ON o.user_id = h.user_id AND o.coin = h.coin
      WHERE coalesce(h.balance, 0) <> coalesce(o.owed, 0) LIMIT 100`.execute(db);
    return result.rows;
  },
};
