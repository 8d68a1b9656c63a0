import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { PoolState } from '../protocols/chia/chia.schema.ts';
import type { ChiaChain, SignagePointOrEos, SingletonState } from './chia.ts';
import { chiaDevnetRepository as repo } from './chia-devnet.repository.ts';
import { devnetRepository } from './devnet.repository.ts';

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
    const tip = await devnetRepository.height(db, coin);
    return tip !== undefined ? Number(tip) : 1;
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
      const row = await repo.signagePoint(db, coin, spHash, endOfSubSlot);
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
      const row = await repo.singleton(db, coin, launcherId);
      if (!row) return null;
      return { launcherId, delayTime: Number(row.delay_time), delayPuzzleHash: row.delay_puzzle_hash, tip: row.tip, tipHeight: Number(row.tip_height), state: row.state };
    },
    async signagePoint(at = new Date()) {
      return db.transaction().execute(async (trx) => {
        // The current sub-slot's challenge is the newest end of sub-slot (made when none yet).
        const signagePoints = await repo.newestSignagePoints(trx, coin, SIGNAGE_POINTS_PER_SUB_SLOT);
        const lastEos = signagePoints.findIndex((p) => p.end_of_sub_slot);
        let challenge = lastEos >= 0 ? signagePoints[lastEos]?.sp_hash : undefined;
        if (challenge === undefined || lastEos === SIGNAGE_POINTS_PER_SUB_SLOT - 1 || lastEos < 0) {
          challenge = hex32();
          await repo.insertSignagePoint(trx, { coin, sp_hash: challenge, end_of_sub_slot: true, challenge_hash: challenge, time_received: at });
        }
        const spHash = createHash('sha256').update(`${challenge}:${hex32()}`).digest('hex');
        const later = new Date(at.getTime() + 1);
        await repo.insertSignagePoint(trx, { coin, sp_hash: spHash, end_of_sub_slot: false, challenge_hash: challenge, time_received: later });
        return { spHash, endOfSubSlot: false, challengeHash: challenge, timeReceived: Math.floor(later.getTime() / 1000), reverted: false };
      });
    },
    async recentSignagePoints(sinceSeconds) {
      const rows = await repo.recentSignagePoints(db, coin, new Date(sinceSeconds * 1000));
      return rows.map((row) => ({
        spHash: row.sp_hash,
        endOfSubSlot: row.end_of_sub_slot,
        challengeHash: row.challenge_hash,
        timeReceived: Math.floor(row.time_received.getTime() / 1000),
        reverted: false,
      }));
    },
    async latest() {
      const row = await repo.latest(db, coin);
      if (!row) return null;
      return { spHash: row.sp_hash, endOfSubSlot: false, challengeHash: row.challenge_hash, timeReceived: Math.floor(row.time_received.getTime() / 1000), reverted: row.reverted };
    },
    async revert(spHash) {
      await repo.revert(db, coin, spHash);
    },
    async setSingleton(input) {
      const tip = hex32();
      const tipHeight = input.tipHeight ?? (await height());
      await repo.upsertSingleton(db, coin, {
        launcherId: input.launcherId,
        delayTime: input.delayTime,
        delayPuzzleHash: input.delayPuzzleHash,
        tip,
        tipHeight,
        state: input.state,
      });
      return { launcherId: input.launcherId, delayTime: input.delayTime, delayPuzzleHash: input.delayPuzzleHash, tip, tipHeight, state: input.state };
    },
    async prune(now = new Date()) {
      await repo.prune(db, coin, new Date(now.getTime() - 86_400_000));
    },
  };
  return chain;
}
export type ChiaDevnet = ReturnType<typeof chiaDevnet>;
