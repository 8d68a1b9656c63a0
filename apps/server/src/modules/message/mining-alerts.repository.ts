import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** What the mining events are raised from (issue 24): miners' last-seen, found blocks, settled credits. */
export const miningAlertsRepository = {
  /**
   * A user's miners silent for at least `minutes` at `now` (and seen within the last week:
   * long-gone miners are not news). `now` is the application's clock, the one the miners'
   * reports stamp `last_seen_at` with (pool/report.ts), not the database's.
   */
  async silentMiners(db: Db, userId: string, minutes: number, now: Date) {
    return db
      .selectFrom('miners as m')
      .innerJoin('pools as p', 'p.type', 'm.pool')
      .select(['m.id', 'm.name', 'p.name as pool', 'm.last_seen_at'])
      .where('m.user_id', '=', userId)
      .where('m.last_seen_at', '<', sql<Date>`${now}::timestamptz - make_interval(mins => ${minutes})`)
      .where('m.last_seen_at', '>', sql<Date>`${now}::timestamptz - interval '7 days'`)
      .orderBy('m.id')
      .execute();
  },

  /** Blocks a user's miners found in the last day. */
  async foundBlocks(db: Db, userId: string) {
    return db
      .selectFrom('blocks as b')
      .innerJoin('pools as p', 'p.type', 'b.pool')
      .select(['b.id', 'b.height', 'p.name as pool'])
      .where('b.finder_user_id', '=', userId)
      .where('b.found_at', '>', sql<Date>`now() - interval '1 day'`)
      .orderBy('b.id')
      .execute();
  },

  /** A user's credits of the last three days whose day has been credited to balances, with the day before's capacity. */
  async settledCredits(db: Db, userId: string) {
    return db
      .selectFrom('settlement_credits as c')
      .innerJoin('settlements as s', (join) => join.onRef('s.pool', '=', 'c.pool').onRef('s.day', '=', 'c.day'))
      .innerJoin('pools as p', 'p.type', 'c.pool')
      .innerJoin('coins as k', 'k.type', 'p.coin')
      .leftJoin('settlement_credits as prev', (join) =>
        join
          .onRef('prev.pool', '=', 'c.pool')
          .onRef('prev.user_id', '=', 'c.user_id')
          .on('prev.day', '=', sql<string>`c.day - 1`),
      )
      .select([
        'c.pool as pool_type',
        'p.name as pool',
        sql<string>`c.day::text`.as('day'),
        'c.amount_units',
        'c.capacity_bytes',
        'prev.capacity_bytes as previous_bytes',
        'k.unit',
        'k.scale',
        'k.capacity_base',
      ])
      .where('c.user_id', '=', userId)
      .where('c.status', '=', 'SETTLEMENT')
      .where('s.credits_applied_at', 'is not', null)
      .where('c.day', '>=', sql<string>`current_date - 3`)
      .orderBy('c.day')
      .execute();
  },
};
