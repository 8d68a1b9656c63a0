import { z } from 'zod';
import { defineJob } from './engine.ts';

/**
 * Devnet simulator: a round of the simulated Chia PP farmers and Chia OG harvester proxies every
 * 2 s (each answers the new signage points with real proofs over HTTP). The first run starts
 * them: the plot NFTs join the pool, the dev plots are made in worker threads (sim/simulation.ts).
 */
export default defineJob({
  name: 'simulator-chia-farmers',
  schedule: (ctx) => (ctx.simulation ? { everyMs: 2000 } : undefined),
  runsHere: (ctx) => ctx.simulation !== undefined,
  payload: z.object({}),
  retryLimit: 0,
  async handler(ctx) {
    return ctx.simulation?.chiaFarmersRound();
  },
});
