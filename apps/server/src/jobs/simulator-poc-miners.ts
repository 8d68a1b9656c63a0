import { z } from 'zod';
import { defineJob } from './engine.ts';

/**
 * Devnet simulator: a round of the simulated BHD-family miners every 3 s (each polls its pool's
 * getMiningInfo and submits its best nonce of a new round over HTTP). The first run builds their
 * small plots and binds their plotters (sim/pocMiners.ts).
 */
export default defineJob({
  name: 'simulator-poc-miners',
  schedule: (ctx) => (ctx.simulation ? { everyMs: 3000 } : undefined),
  runsHere: (ctx) => ctx.simulation !== undefined,
  payload: z.object({}),
  retryLimit: 0,
  async handler(ctx) {
    return ctx.simulation?.pocMinersRound();
  },
});
