import type { FastifyBaseLogger } from 'fastify';
import { chiaDevnet } from '../chain/chia-devnet.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { bindLauncher } from '../modules/chiapp/chiapp.repository.ts';
import { findFarmer } from '../protocols/chia/chia.repository.ts';
import { httpSender, simulatedFarmer, type SimulatedFarmer } from '../protocols/chia/farmer.ts';
import type { ChiaPrimitives } from '../protocols/chia/primitives.ts';
import { devnetTargetPuzzleHash } from '../protocols/chia/setup.ts';

/**
 * The devnet's Chia farmers (issue 6): a few plot NFTs that join the Chia PP pool and answer
 * the devnet's signage points with real proofs of small dev plots, over HTTP, exactly as the
 * official Chia farmer talks to a pool. The first is bound to the demo account, so its Chia
 * PP points page fills; one stays unbound (its points are unissued).
 */

const POOL = 'chiapp';
/** k of the simulated farmers' dev plots (small: plotting takes seconds). */
const DEV_K = 18;

export interface ChiaFarmerOptions {
  db: Db;
  config: Config;
  secret: string;
  crypto: ChiaPrimitives;
  /** Where the platform listens. */
  baseUrl: string;
  /** The simulator's users: launchers are bound to the first ones. */
  userIds: string[];
  logger: FastifyBaseLogger;
}

/**
 * The farmers' rounds, one call each (the job `simulator-chia-farmers`). The first call starts
 * them: the plot NFTs join the pool and their dev plots are made in worker threads, so the
 * server they farm on keeps answering meanwhile; a start that fails is tried again next round.
 */
export function chiaFarmers(options: ChiaFarmerOptions): { round: () => Promise<void> } {
  const { db, config, crypto, logger } = options;
  const node = chiaDevnet(db, 'CHIA');
  const poolUrl = `${options.baseUrl}${config.chiaPoolPath}/${POOL}`;
  const send = httpSender(poolUrl);
  const seeds = ['sim-chia-1', 'sim-chia-2', 'sim-chia-unbound'];
  const farmers: SimulatedFarmer[] = seeds.map((seed) =>
    simulatedFarmer({
      seed: `${config.simulatorSeed}:${seed}`,
      crypto,
      node,
      targetPuzzleHash: devnetTargetPuzzleHash(options.secret, POOL),
      poolUrl,
      send,
      k: DEV_K,
      difficultyConstantFactor: BigInt(config.devnetChiaDifficultyConstantFactor),
    }),
  );
  const difficulty = new Map<string, bigint>();
  let lastSp = '';
  let started = false;

  async function join(): Promise<void> {
    for (const [i, farmer] of farmers.entries()) {
      const known = await findFarmer(db, farmer.launcherId);
      if (!known) {
        await farmer.setSingleton();
        const res = await farmer.postFarmer({ suggested_difficulty: null });
        if (!('welcome_message' in res.body)) logger.warn({ launcher: farmer.launcherId, res: res.body }, 'simulated chia farmer could not join');
      }
      const userId = options.userIds[i];
      if (i < seeds.length - 1 && userId && !(await findFarmer(db, farmer.launcherId))?.userId) {
        await bindLauncher(db, { launcherId: farmer.launcherId, pool: POOL, userId, now: new Date() });
      }
      difficulty.set(farmer.launcherId, (await findFarmer(db, farmer.launcherId))?.difficulty ?? BigInt(config.chiaPoolDefaultDifficulty));
    }
    // Plotting takes seconds of CPU each: off this thread.
    await Promise.all(farmers.map((farmer) => farmer.preparePlot()));
  }

  /** Answers the newest signage point once, with every proof good enough. */
  async function round(): Promise<void> {
    if (!started) {
      await join();
      started = true;
    }
    const sp = await node.latest();
    if (!sp || sp.spHash === lastSp) return;
    lastSp = sp.spHash;
    for (const farmer of farmers) {
      const current = difficulty.get(farmer.launcherId) ?? 10n;
      for (const proof of farmer.proofsFor(sp, current).filter((p) => p.good)) {
        const res = await farmer.sendPartial(farmer.partialBody(sp, proof.pos));
        if (typeof res.body.new_difficulty === 'number') difficulty.set(farmer.launcherId, BigInt(res.body.new_difficulty));
        else logger.debug({ launcher: farmer.launcherId, res: res.body }, 'simulated partial refused');
      }
    }
  }

  return { round };
}
