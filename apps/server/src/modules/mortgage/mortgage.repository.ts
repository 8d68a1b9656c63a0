import type { CancelRequestStatus, MortgageLogType } from '@platter/domain';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate, type PageQuery } from '../../db/paginate.ts';
import type { MortgageIncomeDaysTable, MortgageLogsTable, MortgageSettingsTable } from './mortgage.schema.ts';

/** Mortgage's SQL (issue 22). Money columns are numeric(40,0): strings, parsed with BigInt by the service. */

export interface MortgageLogFilter {
  userId?: string;
  user?: string;
  coin?: string;
  type?: MortgageLogType;
  start?: number;
  end?: number;
}

export const mortgageRepository = {
  settings(db: Db, coin: string) {
    return db.selectFrom('mortgage_settings').selectAll().where('coin', '=', coin).executeTakeFirst();
  },

  allSettings(db: Db) {
    return db.selectFrom('mortgage_settings').selectAll().execute();
  },

  async saveSettings(db: Db, values: Insertable<MortgageSettingsTable>) {
    return db
      .insertInto('mortgage_settings')
      .values(values)
      .onConflict((oc) => oc.column('coin').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /**
   * The user's lots of the coin that still hold something, locked (FOR UPDATE) in id order: two
   * returns of one user queue here, so a lot is never taken twice.
   */
  lockLots(trx: Db, userId: string, coin: string) {
    return trx
      .selectFrom('mortgage_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('coin', '=', coin)
      .where('type', '=', 'to_mortgage')
      .where('remaining_units', '>', '0')
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  /** The lots still holding something (read only), for the summaries. */
  openLots(db: Db, userId: string) {
    return db
      .selectFrom('mortgage_logs')
      .select(['id', 'coin', 'remaining_units', 'effective_day', 'unlock_at'])
      .where('user_id', '=', userId)
      .where('type', '=', 'to_mortgage')
      .where('remaining_units', '>', '0')
      .orderBy('id')
      .execute();
  },

  insertLog(trx: Db, values: Insertable<MortgageLogsTable>) {
    return trx.insertInto('mortgage_logs').values(values).returningAll().executeTakeFirstOrThrow();
  },

  async takeFromLot(trx: Db, id: string, amount: bigint) {
    await trx
      .updateTable('mortgage_logs')
      .set({ remaining_units: sql<string>`remaining_units - ${amount.toString()}::numeric` })
      .where('id', '=', id)
      .execute();
  },

  listLogs(db: Db, filter: MortgageLogFilter, page: PageQuery) {
    let base = db.selectFrom('mortgage_logs as m').innerJoin('users as u', 'u.id', 'm.user_id');
    if (filter.userId) base = base.where('m.user_id', '=', filter.userId);
    if (filter.coin) base = base.where('m.coin', '=', filter.coin);
    if (filter.type) base = base.where('m.type', '=', filter.type);
    if (filter.start !== undefined) base = base.where('m.created_at', '>=', new Date(filter.start * 1000));
    if (filter.end !== undefined) base = base.where('m.created_at', '<', new Date(filter.end * 1000));
    if (filter.user) {
      const user = filter.user;
      base = base.where((eb) => eb.or([eb('u.email', '=', user), eb(sql<string>`u.id::text`, '=', user)]));
    }
    return paginate(base, page, (q) => q.selectAll('m').select('u.email as user_email').orderBy('m.id', 'desc'));
  },

  /** Development only: the lot made `days` days earlier. */
  async ageLot(db: Db, id: string, days: number) {
    const shift = sql<Date>`make_interval(days => ${days})`;
    const result = await db
      .updateTable('mortgage_logs')
      .set({
        created_at: sql<Date>`created_at - ${shift}`,
        unlock_at: sql<Date>`unlock_at - ${shift}`,
        effective_day: sql<string>`(effective_day - ${days}::int)`,
      })
      .where('id', '=', id)
      .where('type', '=', 'to_mortgage')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  // --- mortgage income (mortgage_income_days) ---

  /**
   * Every lot of the coin effective on `day` with what it held at the day's end (`dayEnd`, the
   * next day's 00:00 UTC): what remains now plus what returns took from it since — so a lot
   * returned after the day, even before the day is booked, still has its share of that day.
   * Oldest first; lots that held nothing then are left out.
   */
  async effectiveLotsAt(db: Db, coin: string, day: string, dayEnd: Date) {
    const rows = await db
      .selectFrom('mortgage_logs as m')
      .select(['m.id', 'm.user_id'])
      .select(
        sql<string>`(m.remaining_units + coalesce((SELECT sum(t.amount_units) FROM mortgage_lot_takes t WHERE t.lot_id = m.id AND t.created_at >= ${dayEnd}), 0))::text`.as(
          'remaining_units',
        ),
      )
      .where('m.coin', '=', coin)
      .where('m.type', '=', 'to_mortgage')
      .where('m.effective_day', '<=', day)
      .orderBy('m.id')
      .execute();
    return rows.filter((r) => BigInt(r.remaining_units) > 0n);
  },

  /** Which lots a return took from, at the return's time (effectiveLotsAt reads them back). */
  async recordTakes(trx: Db, returnId: string, takes: readonly { id: string; amount: bigint }[], at: Date) {
    if (takes.length > 0)
      await trx
        .insertInto('mortgage_lot_takes')
        .values(takes.map((t) => ({ return_id: returnId, lot_id: t.id, amount_units: t.amount, created_at: at })))
        .execute();
  },

  incomeDay(trx: Db, coin: string, day: string) {
    return trx.selectFrom('mortgage_income_days').selectAll().where('coin', '=', coin).where('day', '=', day).executeTakeFirst();
  },

  /** The day's row; undefined when the day was recorded already (its primary key). */
  async insertIncomeDay(trx: Db, values: Insertable<MortgageIncomeDaysTable>) {
    return trx
      .insertInto('mortgage_income_days')
      .values(values)
      .onConflict((oc) => oc.columns(['coin', 'day']).doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  async setIncomeTransaction(trx: Db, coin: string, day: string, transactionId: string) {
    await trx.updateTable('mortgage_income_days').set({ transaction_id: transactionId }).where('coin', '=', coin).where('day', '=', day).execute();
  },

  // --- a pointing in mortgage (point_mortgage_requests) ---

  /** A pending request; undefined when one is pending already (the partial unique index). */
  async insertPointRequest(trx: Db, recordId: string, userId: string) {
    try {
      return await trx.insertInto('point_mortgage_requests').values({ record_id: recordId, user_id: userId, status: 'PENDING' }).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505') return undefined;
      throw error;
    }
  },

  pendingPointRequest(trx: Db, recordId: string) {
    return trx.selectFrom('point_mortgage_requests').select('id').where('record_id', '=', recordId).where('status', '=', 'PENDING').executeTakeFirst();
  },

  lockPointRequest(trx: Db, id: string) {
    return trx.selectFrom('point_mortgage_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  reviewPointRequest(trx: Db, id: string, set: { status: CancelRequestStatus; reason: string; reviewed_by: string | null }) {
    return trx
      .updateTable('point_mortgage_requests')
      .set({ ...set, reviewed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  listPointRequests(db: Db, status: CancelRequestStatus | undefined, page: PageQuery) {
    let base = db.selectFrom('point_mortgage_requests as q').innerJoin('point_records as r', 'r.id', 'q.record_id').innerJoin('users as u', 'u.id', 'q.user_id');
    if (status) base = base.where('q.status', '=', status);
    return paginate(base, page, (q) =>
      q
        .select([
          'q.id',
          'q.record_id',
          'q.user_id',
          'u.email as user_email',
          'r.coin',
          'r.source_address',
          'r.amount_units',
          'r.status as record_status',
          'q.status',
          'q.reason',
          'q.created_at',
          'q.reviewed_at',
        ])
        .orderBy(sql`q.status = 'PENDING'`, 'desc')
        .orderBy('q.id', 'desc'),
    );
  },

  /** Each user's mortgage bucket against the lots' remaining amounts (the ledger check). */
  async mismatches(db: Db): Promise<{ user_id: string; coin: string; balance: string; owed: string }[]> {
    const result = await sql<{ user_id: string; coin: string; balance: string; owed: string }>`
      WITH owed AS (
        SELECT user_id, coin, sum(remaining_units) AS owed FROM mortgage_logs WHERE type = 'to_mortgage' GROUP BY 1, 2
      ), held AS (SELECT user_id, coin, balance FROM ledger_accounts WHERE bucket = 'mortgage' AND user_id IS NOT NULL)
      SELECT coalesce(h.user_id, o.user_id)::text AS user_id, coalesce(h.coin, o.coin) AS coin, coalesce(h.balance, 0)::text AS balance, coalesce(o.owed, 0)::text AS owed
      FROM held h FULL JOIN owed o ON o.user_id = h.user_id AND o.coin = h.coin
      WHERE coalesce(h.balance, 0) <> coalesce(o.owed, 0) LIMIT 100`.execute(db);
    return result.rows;
  },
};
