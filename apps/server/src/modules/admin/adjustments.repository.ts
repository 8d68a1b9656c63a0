import type { AdjustmentQuery } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';

/** SQL of the balance adjustments (adjustments.ts holds the rules). */
export const adjustmentsRepository = {
  /** A user's id by uid, or undefined. */
  userByUid: (db: Db, uid: string) => db.selectFrom('users').select(['id']).where('uid', '=', uid).executeTakeFirst(),

  /** A user's uid. */
  uidOf: (db: Db, userId: string) => db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow(),

  /**
   * The requester's and the target's sums (absolute, base units, as text) of this coin's
   * adjustments posted without a second admin within the window.
   */
  async unreviewedInWindow(trx: Db, requester: string, target: string, coin: string, windowHours: number) {
    const row = await sql<{ by_requester: string; to_target: string }>`
      SELECT coalesce(sum(abs(amount)) FILTER (WHERE requested_by = ${requester}), 0)::text AS by_requester,
             coalesce(sum(abs(amount)) FILTER (WHERE user_id = ${target}), 0)::text AS to_target
        FROM balance_adjustments
       WHERE coin = ${coin} AND status = 'posted' AND decided_by IS NULL
         AND (requested_by = ${requester} OR user_id = ${target})
         AND created_at > now() - make_interval(secs => ${windowHours * 3600})`.execute(trx);
    return row.rows[0] ?? { by_requester: '0', to_target: '0' };
  },

  /** Serialises the adjustments requested by, or made to, one user (the caller takes them in one order). */
  lockParty: async (trx: Db, userId: string) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`platter:adjust:${userId}`}))`.execute(trx);
  },

  insert: (trx: Db, row: { user_id: string; coin: string; amount: bigint; reason: string; request_id: string; requested_by: string; status: 'pending' | 'posted' }) =>
    trx.insertInto('balance_adjustments').values(row).returning('id').executeTakeFirstOrThrow(),

  setTransaction: async (trx: Db, id: string, transactionId: string) => {
    await trx.updateTable('balance_adjustments').set({ transaction_id: transactionId }).where('id', '=', id).execute();
  },

  /** The adjustment locked for its decision, or undefined. */
  lock: (trx: Db, id: string) => trx.selectFrom('balance_adjustments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

  markPosted: async (trx: Db, id: string, by: string, transactionId: string) => {
    await trx
      .updateTable('balance_adjustments')
      .set({ status: 'posted', decided_by: by, decided_at: sql`now()`, transaction_id: transactionId })
      .where('id', '=', id)
      .execute();
  },

  markRejected: async (trx: Db, id: string, by: string, reason: string) => {
    await trx
      .updateTable('balance_adjustments')
      .set({ status: 'rejected', decided_by: by, decided_at: sql`now()`, reject_reason: reason })
      .where('id', '=', id)
      .execute();
  },

  /** A page of adjustments with their users, pending ones on top, then newest first. */
  page(db: Db, q: AdjustmentQuery & { id?: string }) {
    let base = db
      .selectFrom('balance_adjustments as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .innerJoin('users as r', 'r.id', 'b.requested_by')
      .leftJoin('users as d', 'd.id', 'b.decided_by')
      .innerJoin('coins as c', 'c.type', 'b.coin');
    if (q.status) base = base.where('b.status', '=', q.status);
    if (q.uid) base = base.where('u.uid', '=', q.uid);
    if (q.id) base = base.where('b.id', '=', q.id);
    return paginate(base, q, (from) =>
      from
        .select([
          'b.id',
          'u.uid',
          'u.email',
          'b.coin',
          'b.amount',
          'c.scale',
          'b.reason',
          'b.status',
          'r.uid as r_uid',
          'r.email as r_email',
          'd.email as d_email',
          'b.decided_at',
          'b.reject_reason',
          'b.transaction_id',
          'b.created_at',
        ])
        .orderBy(sql`b.status = 'pending'`, 'desc')
        .orderBy('b.id', 'desc'),
    );
  },
};
