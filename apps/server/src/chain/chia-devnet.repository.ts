import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PoolState } from '../protocols/chia/chia.schema.ts';

/** SQL of the devnet's Chia full node (chia-devnet.ts): its signage points and plot NFT singletons. */
export const chiaDevnetRepository = {
  signagePoint: (db: Db, coin: string, spHash: string, endOfSubSlot: boolean) =>
    db.selectFrom('devnet_chia_signage_points').selectAll().where('coin', '=', coin).where('sp_hash', '=', spHash).where('end_of_sub_slot', '=', endOfSubSlot).executeTakeFirst(),

  singleton: (db: Db, coin: string, launcherId: string) =>
    db.selectFrom('devnet_chia_singletons').selectAll().where('coin', '=', coin).where('launcher_id', '=', launcherId).executeTakeFirst(),

  /** The newest signage points and ends of sub-slot, newest first. */
  newestSignagePoints: (trx: Db, coin: string, limit: number) =>
    trx
      .selectFrom('devnet_chia_signage_points')
      .select(['sp_hash', 'end_of_sub_slot', 'challenge_hash'])
      .where('coin', '=', coin)
      .orderBy('time_received', 'desc')
      .limit(limit)
      .execute(),

  insertSignagePoint: async (trx: Db, point: { coin: string; sp_hash: string; end_of_sub_slot: boolean; challenge_hash: string; time_received: Date }) => {
    await trx.insertInto('devnet_chia_signage_points').values(point).execute();
  },

  /** Signage points and ends of sub-slot not reverted since a time, newest first (64 at most). */
  recentSignagePoints: (db: Db, coin: string, since: Date) =>
    db
      .selectFrom('devnet_chia_signage_points')
      .selectAll()
      .where('coin', '=', coin)
      .where('reverted', '=', false)
      .where('time_received', '>=', since)
      .orderBy('time_received', 'desc')
      .limit(64)
      .execute(),

  /** The newest signage point (not an end of sub-slot). */
  latest: (db: Db, coin: string) =>
    db
      .selectFrom('devnet_chia_signage_points')
      .selectAll()
      .where('coin', '=', coin)
      .where('end_of_sub_slot', '=', false)
      .orderBy('time_received', 'desc')
      .limit(1)
      .executeTakeFirst(),

  revert: async (db: Db, coin: string, spHash: string) => {
    await db.updateTable('devnet_chia_signage_points').set({ reverted: true }).where('coin', '=', coin).where('sp_hash', '=', spHash).execute();
  },

  upsertSingleton: async (
    db: Db,
    coin: string,
    singleton: { launcherId: string; delayTime: number; delayPuzzleHash: string; tip: string; tipHeight: number; state: PoolState },
  ) => {
    await sql`
      INSERT INTO devnet_chia_singletons (coin, launcher_id, delay_time, delay_puzzle_hash, tip, tip_height, state)
      VALUES (${coin}, ${singleton.launcherId}, ${singleton.delayTime}, ${singleton.delayPuzzleHash}, ${singleton.tip}, ${singleton.tipHeight}, ${JSON.stringify(singleton.state)}::jsonb)
      ON CONFLICT (coin, launcher_id) DO UPDATE SET delay_time = excluded.delay_time, delay_puzzle_hash = excluded.delay_puzzle_hash, tip = excluded.tip, tip_height = excluded.tip_height, state = excluded.state`.execute(
      db,
    );
  },

  /** Signage points received before `before` dropped. */
  prune: async (db: Db, coin: string, before: Date) => {
    await db.deleteFrom('devnet_chia_signage_points').where('coin', '=', coin).where('time_received', '<', before).execute();
  },
};
