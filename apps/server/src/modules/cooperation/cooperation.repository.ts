import type { DealStatus } from '@platter/domain';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate, type PageQuery } from '../../db/paginate.ts';
import type { CooperationSettingsTable, CooperationsTable, DealsTable } from './cooperation.schema.ts';

/** Cooperation pools' and deals' SQL (issue 22). Money columns are numeric(40,0): strings, parsed with BigInt by the service. */

export type CooperationRow = NonNullable<Awaited<ReturnType<typeof cooperationRepository.lockCooperation>>>;
export type DealRow = NonNullable<Awaited<ReturnType<typeof cooperationRepository.lockDeal>>>;

export const cooperationRepository = {
  settings(db: Db, coin: string) {
    return db.selectFrom('cooperation_settings').selectAll().where('coin', '=', coin).executeTakeFirst();
  },

  allSettings(db: Db) {
    return db.selectFrom('cooperation_settings').selectAll().execute();
  },

  lockSettings(trx: Db, coin: string) {
    return trx.selectFrom('cooperation_settings').selectAll().where('coin', '=', coin).forUpdate().executeTakeFirst();
  },

  saveSettings(trx: Db, values: Omit<Insertable<CooperationSettingsTable>, 'updated_at'>) {
    const { coin: _coin, ...set } = values;
    return trx
      .insertInto('cooperation_settings')
      .values({ ...values, updated_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('coin').doUpdateSet({ ...set, updated_at: sql<Date>`now()` }))
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** The coins of the BHD-family CO pools (enabled or not), in display order: the coins with cooperation settings. */
  async cooperationCoins(db: Db) {
    const rows = await db
      .selectFrom('pools as p')
      .innerJoin('coins as k', 'k.type', 'p.coin')
      .select(['p.coin', 'k.unit'])
      .where('p.pool_type', '=', 'CO')
      .where('p.protocol', '=', 'poc-burst')
      .orderBy('p.sort')
      .execute();
    return rows.filter((r, i) => rows.findIndex((o) => o.coin === r.coin) === i);
  },

  /** The BHD-family CO pools (enabled) with their config and their coin's figures. */
  coPools(db: Db) {
    return db
      .selectFrom('pools as p')
      .innerJoin('pool_configs as c', 'c.pool', 'p.type')
      .innerJoin('coins as k', 'k.type', 'p.coin')
      .select([
        'p.type',
        'p.coin',
        'p.name',
        'k.unit',
        'k.scale',
        'k.min_payout_units',
        'k.withdraw_fee_units',
        'c.mode',
        'c.fee_bp',
        'c.coop_ratio_bp',
        'c.burn_coefficient_bp',
        'c.payment_time',
        'c.withdraw_audit',
      ])
      .where('p.pool_type', '=', 'CO')
      .where('p.protocol', '=', 'poc-burst')
      .where('p.enabled', '=', true)
      .orderBy('p.sort')
      .execute();
  },

  userCooperations(db: Db, userId: string) {
    return db.selectFrom('cooperations').selectAll().where('user_id', '=', userId).execute();
  },

  /** The user's cooperation on a pool, made (closed, empty) on first use, then locked FOR UPDATE. */
  async lockCooperation(trx: Db, userId: string, pool: string, coin: string) {
    await trx
      .insertInto('cooperations')
      .values({ user_id: userId, pool, coin, status: 'CLOSED', amount_units: '0' })
      .onConflict((oc) => oc.columns(['user_id', 'pool']).doNothing())
      .execute();
    return trx.selectFrom('cooperations').selectAll().where('user_id', '=', userId).where('pool', '=', pool).forUpdate().executeTakeFirstOrThrow();
  },

  async saveCooperation(trx: Db, id: string, set: Updateable<CooperationsTable>) {
    return trx
      .updateTable('cooperations')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async log(trx: Db, values: { cooperation_id: string; user_id: string; kind: 'open' | 'deposit' | 'return'; amount_units: bigint; balance_units: bigint }) {
    await trx.insertInto('cooperation_logs').values(values).execute();
  },

  logs(db: Db, userId: string, pool: string | undefined, page: PageQuery) {
    let base = db.selectFrom('cooperation_logs as l').innerJoin('cooperations as c', 'c.id', 'l.cooperation_id').where('l.user_id', '=', userId);
    if (pool) base = base.where('c.pool', '=', pool);
    return paginate(base, page, (q) => q.select(['l.id', 'c.pool', 'c.coin', 'l.kind', 'l.amount_units', 'l.balance_units', 'l.created_at']).orderBy('l.id', 'desc'));
  },

  // --- deals ------------------------------------------------------------------------------------

  insertDeal(trx: Db, values: Insertable<DealsTable>) {
    return trx.insertInto('deals').values(values).returningAll().executeTakeFirstOrThrow();
  },

  /** A state the deal entered at `at` (the settlement reads which deals stood securing a whole day). */
  async logDeal(trx: Db, dealId: string, status: DealStatus, at: Date) {
    await trx.insertInto('deal_logs').values({ deal_id: dealId, status, at }).execute();
  },

  lockDeal(trx: Db, id: string) {
    return trx.selectFrom('deals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  saveDeal(trx: Db, id: string, set: Updateable<DealsTable>) {
    return trx
      .updateTable('deals')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  deals(db: Db, userId: string, scope: 'mine' | 'offers', page: PageQuery) {
    const base =
      scope === 'mine'
        ? db.selectFrom('deals').where((eb) => eb.or([eb('owner_id', '=', userId), eb('miner_id', '=', userId)]))
        : db.selectFrom('deals').where('status', '=', 'DEAL_VALID').where('owner_id', '<>', userId);
    return paginate(base, page, (q) => q.selectAll().orderBy('id', 'desc'));
  },

  /** Deals the clock moves on (the `deals` job). */
  dealsIn(db: Db, statuses: readonly DealStatus[]) {
    return db.selectFrom('deals').select(['id', 'status']).where('status', 'in', statuses).orderBy('id').execute();
  },

  /**
   * Each user's cooperation bucket against what it holds (the ledger check): open cooperations,
   * the amounts lent in deals not yet redeemed and the margins held.
   */
  async bucketMismatches(db: Db): Promise<{ user_id: string; coin: string; balance: string; owed: string }[]> {
    const result = await sql<{ user_id: string; coin: string; balance: string; owed: string }>`
      WITH owed AS (
        SELECT user_id, coin, sum(units) AS owed FROM (
          SELECT user_id, coin, amount_units AS units FROM cooperations WHERE status = 'OPEN'
          UNION ALL SELECT owner_id, coin, amount_units FROM deals WHERE status <> 'DEAL_REDEEMED'
          UNION ALL SELECT miner_id, coin, margin_units FROM deals WHERE margin_held) u
        GROUP BY 1, 2
      ), held AS (SELECT user_id, coin, balance FROM ledger_accounts WHERE bucket = 'cooperation' AND user_id IS NOT NULL)
      SELECT coalesce(h.user_id, o.user_id)::text AS user_id, coalesce(h.coin, o.coin) AS coin, coalesce(h.balance, 0)::text AS balance, coalesce(o.owed, 0)::text AS owed
      FROM held h FULL JOIN owed o ON o.user_id = h.user_id AND o.coin = h.coin
      WHERE coalesce(h.balance, 0) <> coalesce(o.owed, 0) LIMIT 100`.execute(db);
    return result.rows;
  },
};
