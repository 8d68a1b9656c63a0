import type { Db } from '../../db/database.ts';

/**
 * The settlement's lookups (SQL only). The deciding and crediting statements stay in
 * settlement.service.ts for now: they are being reworked (set-based crediting, issue 19).
 */
export const settlementRepository = {
  /** A pool with its fee, or undefined. */
  poolWithFee: (db: Db, pool: string) =>
    db
      .selectFrom('pools as p')
      .innerJoin('pool_configs as c', 'c.pool', 'p.type')
      .select(['p.type', 'p.coin', 'p.protocol', 'c.fee_bp', 'c.plausibility_tolerance_bp'])
      .where('p.type', '=', pool)
      .executeTakeFirst(),

  /** The pools settled every day: enabled, with a configuration. */
  enabledPools: (db: Db) => db.selectFrom('pools').innerJoin('pool_configs', 'pool_configs.pool', 'pools.type').select('pools.type').where('pools.enabled', '=', true).execute(),

  /** (pool, day) pairs before `today` with blocks and no decided settlement (a missed run). */
  unsettledBlockDays: (db: Db, today: string) =>
    db
      .selectFrom('blocks')
      .leftJoin('settlements', (join) => join.onRef('settlements.pool', '=', 'blocks.pool').onRef('settlements.day', '=', 'blocks.day'))
      .select(['blocks.pool', 'blocks.day'])
      .distinct()
      .where('blocks.day', '<', today)
      .where((eb) => eb.or([eb('settlements.status', 'is', null), eb('settlements.status', 'in', ['NOT_PENDING', 'SETTLEMENT_PENDING'])]))
      .execute(),

  /** Days decided whose credits are not all in their members' balances yet. */
  daysWithPendingCredits: (db: Db) =>
    db.selectFrom('settlements').select(['pool', 'day']).where('status', 'in', ['SETTLEMENT', 'UNSETTLEMENT']).where('credits_applied_at', 'is', null).orderBy('day').execute(),
};
