import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { httpSender } from '../protocols/chia/farmer.ts';
import { simulatedOgFarmer, type SimulatedOgFarmer } from '../protocols/chia/ogFarmer.ts';
import type { ChiaPrimitives } from '../protocols/chia/primitives.ts';

/**
 * The devnet's OG farmers (issue 18): a harvester-side proxy for a few of the simulated users of
 * the Chia OG pool, each with a small dev plot made with the keys the pool announces, fetching
 * the pool's signage points and submitting real proofs over HTTP with the user's miner API key —
 * so the OG pool's points on a fresh `npm start` are verified ones.
 */

const POOL = 'chia';
/** k of the dev plots (small: plotting takes seconds). */
const DEV_K = 18;
/** Harvesters simulated (each plot costs seconds of CPU at start). */
const HARVESTERS = 2;

interface SignagePointsAnswer {
  farmer_public_key: string;
  pool_public_key: string;
  difficulty: number;
  signage_points: { sp_hash: string; challenge_hash: string; end_of_sub_slot: boolean; time_received: number }[];
}

export interface ChiaOgFarmerOptions {
  config: Config;
  crypto: ChiaPrimitives;
  baseUrl: string;
  /** The simulated users' miner API keys of the OG pool. */
  keys: string[];
  logger: FastifyBaseLogger;
}

/** The proxies' rounds, one call each (the job `simulator-chia-farmers`, or startChiaOgFarmers' timer). */
export function chiaOgFarmers(options: ChiaOgFarmerOptions): { round: () => Promise<void> } {
  const { config, crypto, logger } = options;
  const proxies = options.keys.slice(0, HARVESTERS).map((key, i) => ({
    send: httpSender(`${options.baseUrl}/api/miner/og/${POOL}`, { 'x-api-key': key }),
    miner: `og-harvester-${String(i + 1).padStart(2, '0')}`,
    seed: `${config.simulatorSeed}:sim-chia-og-${i + 1}`,
    farmer: undefined as SimulatedOgFarmer | undefined,
    answered: new Set<string>(),
  }));

  /** Each proxy answers the open signage points it has not answered yet, with every proof good enough. */
  async function round(): Promise<void> {
    for (const proxy of proxies) {
      const res = await proxy.send('GET', `/signage_points?miner=${proxy.miner}`);
      if (!('signage_points' in res.body)) {
        logger.debug({ res: res.body }, 'simulated OG proxy: no signage points');
        continue;
      }
      const info = res.body as unknown as SignagePointsAnswer;
      // The plot is made with the keys the pool announces, as an OG farmer plots (in a worker
      // thread: seconds of CPU); that takes longer than the time limit, so it answers from the
      // next round on.
      if (!proxy.farmer) {
        const farmer = simulatedOgFarmer({
          seed: proxy.seed,
          crypto,
          pool: POOL,
          farmerPublicKey: info.farmer_public_key.slice(2),
          poolPublicKey: info.pool_public_key.slice(2),
          k: DEV_K,
          difficultyConstantFactor: BigInt(config.devnetChiaDifficultyConstantFactor),
          miner: proxy.miner,
        });
        await farmer.preparePlot();
        proxy.farmer = farmer;
        continue;
      }
      let difficulty = BigInt(info.difficulty);
      for (const point of info.signage_points) {
        if (proxy.answered.has(point.sp_hash)) continue;
        proxy.answered.add(point.sp_hash);
        const sp = {
          spHash: point.sp_hash.slice(2),
          challengeHash: point.challenge_hash.slice(2),
          endOfSubSlot: point.end_of_sub_slot,
          timeReceived: point.time_received,
          reverted: false,
        };
        for (const proof of proxy.farmer.proofsFor(sp, difficulty).filter((p) => p.good)) {
          const answer = await proxy.send('POST', '/proof', proxy.farmer.proofBody(sp, proof.pos));
          if (typeof answer.body.new_difficulty === 'number') difficulty = BigInt(answer.body.new_difficulty);
          else logger.debug({ res: answer.body }, 'simulated OG proof refused');
        }
      }
      // Only what is still open can come again.
      proxy.answered = new Set(info.signage_points.map((p) => p.sp_hash));
    }
  }

  return { round };
}

/** The proxies on a timer of their own, a round every 2 s (tests). */
export function startChiaOgFarmers(options: ChiaOgFarmerOptions): { stop: () => Promise<void> } {
  const { round } = chiaOgFarmers(options);
  let stopped = false;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // One round at a time: ticks during a slow round (plotting) are skipped.
    if (stopped || running) return;
    running = round()
      .catch((error: unknown) => options.logger.error({ err: error }, 'simulated OG proxy round failed'))
      .finally(() => {
        running = undefined;
      });
  }, 2000);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
