import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PoolState } from '../protocols/chia/chia.schema.ts';
import type { ChiaChain, SignagePointOrEos, SingletonState } from './chia.ts';

/** Signage points per sub-slot on Chia; the 64th is followed by an end of sub-slot. */
const SIGNAGE_POINTS_PER_SUB_SLOT = 64;

const hex32 = () => randomBytes(32).toString('hex');

/**
 * The devnet's Chia full node: signage points and end-of-sub-slots made on a timer, kept in
 * the database, and plot NFT singletons that tests and the simulator create and move between
 * pools. Reads behave as the real node's RPC does.
 */
export function chiaDevnet(db: Db, coin: string) {
  async function height(): Promise<number> {
    const row = await db.selectFrom('devnet_chain').select('height').where('coin', '=', coin).executeTakeFirst();
    return row ? Number(row.height) : 1;
  }

  const chain: ChiaChain & {
    /** Makes the next signage point (every 64th an end of sub-slot first); answers it. */
    signagePoint(at?: Date): Promise<SignagePointOrEos>;
    /** The newest signage point (what a farmer's node last announced), or null. */
    latest(): Promise<SignagePointOrEos | null>;
    /** Marks a signage point as reverted by a reorg. */
    revert(spHash: string): Promise<void>;
    /** Creates or moves a plot NFT singleton (a new buried spend at the current height). */
    setSingleton(input: { launcherId: string; delayTime: number; delayPuzzleHash: string; state: PoolState; tipHeight?: number }): Promise<SingletonState>;
    /** Drops signage points older than a day. */
    prune(now?: Date): Promise<void>;
  } = {
    coin,
    peakHeight: height,
    async signagePointOrEos(spHash, endOfSubSlot) {
      const row = await db
        .selectFrom('devnet_chia_signage_points')
        .selectAll()
        .where('coin', '=', coin)
        .where('sp_hash', '=', spHash)
        .where('end_of_sub_slot', '=', endOfSubSlot)
        .executeTakeFirst();
      if (!row) return null;
      return {
        spHash: row.sp_hash,
        endOfSubSlot: row.end_of_sub_slot,
        challengeHash: row.challenge_hash,
        timeReceived: Math.floor(row.time_received.getTime() / 1000),
        reverted: row.reverted,
      };
    },
    async singleton(launcherId) {
      const row = await db.selectFrom('devnet_chia_singletons').selectAll().where('coin', '=', coin).where('launcher_id', '=', launcherId).executeTakeFirst();
      if (!row) return null;
      return { launcherId, delayTime: Number(row.delay_time), delayPuzzleHash: row.delay_puzzle_hash, tip: row.tip, tipHeight: Number(row.tip_height), state: row.state };
    },
    async signagePoint(at = new Date()) {
      return db.transaction().execute(async (trx) => {
        // The current sub-slot's challenge is the newest end of sub-slot (made when none yet).
        const signagePoints = await trx
          .selectFrom('devnet_chia_signage_points')
          .select(['sp_hash', 'end_of_sub_slot', 'challenge_hash'])
          .where('coin', '=', coin)
          .orderBy('time_received', 'desc')
          .limit(SIGNAGE_POINTS_PER_SUB_SLOT)
          .execute();
        const lastEos = signagePoints.findIndex((p) => p.end_of_sub_slot);
        let challenge = lastEos >= 0 ? signagePoints[lastEos]?.sp_hash : undefined;
        if (challenge === undefined || lastEos === SIGNAGE_POINTS_PER_SUB_SLOT - 1 || lastEos < 0) {
          challenge = hex32();
          await trx.insertInto('devnet_chia_signage_points').values({ coin, sp_hash: challenge, end_of_sub_slot: true, challenge_hash: challenge, time_received: at }).execute();
        }
        const spHash = createHash('sha256').update(`${challenge}:${hex32()}`).digest('hex');
        const later = new Date(at.getTime() + 1);
        await trx.insertInto('devnet_chia_signage_points').values({ coin, sp_hash: spHash, end_of_sub_slot: false, challenge_hash: challenge, time_received: later }).execute();
        return { spHash, endOfSubSlot: false, challengeHash: challenge, timeReceived: Math.floor(later.getTime() / 1000), reverted: false };
      });
    },
    async recentSignagePoints(sinceSeconds) {
      const rows = await db
        .selectFrom('devnet_chia_signage_points')
        .selectAll()
        .where('coin', '=', coin)
        .where('reverted', '=', false)
        .where('time_received', '>=', new Date(sinceSeconds * 1000))
        .orderBy('time_received', 'desc')
        .limit(64)
        .execute();
      return rows.map((row) => ({
        spHash: row.sp_hash,
        endOfSubSlot: row.end_of_sub_slot,
        challengeHash: row.challenge_hash,
        timeReceived: Math.floor(row.time_received.getTime() / 1000),
        reverted: false,
      }));
    },
    async latest() {
      const row = await db
        .selectFrom('devnet_chia_signage_points')
        .selectAll()
        .where('coin', '=', coin)
        .where('end_of_sub_slot', '=', false)
        .orderBy('time_received', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      return { spHash: row.sp_hash, endOfSubSlot: false, challengeHash: row.challenge_hash, timeReceived: Math.floor(row.time_received.getTime() / 1000), reverted: row.reverted };
    },
    async revert(spHash) {
      await db.updateTable('devnet_chia_signage_points').set({ reverted: true }).where('coin', '=', coin).where('sp_hash', '=', spHash).execute();
    },
    async setSingleton(input) {
      const tip = hex32();
      const tipHeight = input.tipHeight ?? (await height());
      await sql`
        INSERT INTO devnet_chia_singletons (coin, launcher_id, delay_time, delay_puzzle_hash, tip, tip_height, state)
        VALUES (${coin}, ${input.launcherId}, ${input.delayTime}, ${input.delayPuzzleHash}, ${tip}, ${tipHeight}, ${JSON.stringify(input.state)}::jsonb)
        ON CONFLICT (coin, launcher_id) DO UPDATE SET delay_time = excluded.delay_time, delay_puzzle_hash = excluded.delay_puzzle_hash, tip = excluded.tip, tip_height = excluded.tip_height, state = excluded.state`.execute(
        db,
      );
      return { launcherId: input.launcherId, delayTime: input.delayTime, delayPuzzleHash: input.delayPuzzleHash, tip, tipHeight, state: input.state };
    },
    async prune(now = new Date()) {
      await db
        .deleteFrom('devnet_chia_signage_points')
        .where('coin', '=', coin)
        .where('time_received', '<', new Date(now.getTime() - 86_400_000))
        .execute();
    },
  };
  return chain;
}
export type ChiaDevnet = ReturnType<typeof chiaDevnet>;
