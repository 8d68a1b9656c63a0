import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** SQL of the development simulator (simulator.ts and the miners beside it): what it reads and the history it writes directly. */
export const simulatorRepository = {
  userIdByEmail: (db: Db, email: string) => db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),

  uidOf: async (db: Db, userId: string) => (await db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow()).uid,

  /** The enabled pools of these types, in their display order. */
  enabledPools: (db: Db, types: string[]) =>
    db.selectFrom('pools').select(['type', 'coin', 'protocol', 'pool_type']).where('type', 'in', types).where('enabled', '=', true).orderBy('sort').execute(),

  /** Every pool's protocol and kind. */
  pools: (db: Db) => db.selectFrom('pools').select(['type', 'protocol', 'pool_type']).execute(),

  poolProtocol: async (db: Db, pool: string) => (await db.selectFrom('pools').select('protocol').where('type', '=', pool).executeTakeFirst())?.protocol,

  coinScale: async (db: Db, coin: string) => (await db.selectFrom('coins').select('scale').where('type', '=', coin).executeTakeFirstOrThrow()).scale,

  coinScales: (db: Db) => db.selectFrom('coins').select(['type', 'scale']).execute(),

  hasAddress: async (db: Db, userId: string, coin: string, address: string) =>
    (await db.selectFrom('withdraw_addresses').select('id').where('user_id', '=', userId).where('coin', '=', coin).where('address', '=', address).executeTakeFirst()) !== undefined,

  /** A plot as bound already (nothing when it is known). */
  insertPlot: async (db: Db, plot: Insertable<Database['plots']>) => {
    await db
      .insertInto('plots')
      .values(plot)
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  /** Whether a plot (node) of the pool is registered with its identity's signature. */
  hasSignedPlot: async (db: Db, pool: string, plotId: string) =>
    (await db.selectFrom('plots').select('id').where('pool', '=', pool).where('plot_id', '=', plotId).where('identity_signature', 'is not', null).executeTakeFirst()) !== undefined,

  /** Whether the pool has a block found before `before`. */
  hasBlockBefore: async (db: Db, pool: string, before: Date) =>
    (await db.selectFrom('blocks').select('id').where('pool', '=', pool).where('found_at', '<', before).limit(1).executeTakeFirst()) !== undefined,

  /** One day's share rows of a pool. */
  insertShares: async (db: Db, day: string, pool: string, rows: { user: string; miner: string; points: number; at: Date }[]) => {
    await sql`
      INSERT INTO shares (day, pool, user_id, miner_id, difficulty, created_at)
      SELECT ${day}::date, ${pool}, u, m, p, t FROM unnest(${rows.map((r) => r.user)}::bigint[], ${rows.map((r) => r.miner)}::bigint[],
        ${rows.map((r) => r.points)}::bigint[], ${rows.map((r) => r.at)}::timestamptz[]) AS s(u, m, p, t)`.execute(db);
  },

  /** Trend samples (the ones already there kept). */
  insertPoolSamples: async (db: Db, samples: Insertable<Database['pool_samples']>[]) => {
    await db
      .insertInto('pool_samples')
      .values(samples)
      .onConflict((oc) => oc.columns(['pool', 'at']).doNothing())
      .execute();
  },

  /** A miner's row made, or its version updated; answers its id. */
  upsertMiner: async (db: Db, miner: { user_id: string; pool: string; name: string; version: string; capacity_bytes: bigint; line: string; last_seen_at: Date }) =>
    (
      await db
        .insertInto('miners')
        .values(miner)
        .onConflict((oc) => oc.columns(['user_id', 'pool', 'name']).doUpdateSet({ version: miner.version }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  minerId: async (db: Db, userId: string, pool: string, name: string) =>
    (await db.selectFrom('miners').select('id').where('user_id', '=', userId).where('pool', '=', pool).where('name', '=', name).executeTakeFirst())?.id,

  /** The pool's highest block height (100,000 before its first). */
  topHeight: async (db: Db, pool: string) =>
    BigInt(
      (
        await db
          .selectFrom('blocks')
          .select(sql<string>`coalesce(max(height), 100000)`.as('h'))
          .where('pool', '=', pool)
          .executeTakeFirstOrThrow()
      ).h,
    ),

  /** The pool trusts its proxy's reports. */
  trustProxy: async (db: Db, pool: string) => {
    await db.updateTable('pool_configs').set({ trusted_proxy: true, updated_at: new Date() }).where('pool', '=', pool).where('trusted_proxy', '=', false).execute();
  },

  /** The simulator's earlier proxy keys of a user and pool revoked. */
  revokeProxyKeys: async (db: Db, userId: string, pool: string, label: string) => {
    await db
      .updateTable('miner_keys')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('pool', '=', pool)
      .where('operator_issued', '=', true)
      .where('label', '=', label)
      .where('revoked_at', 'is', null)
      .execute();
  },
};
