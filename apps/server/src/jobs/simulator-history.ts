import { z } from 'zod';
import { defineJob } from './engine.ts';

/**
 * Devnet simulator: the past days of every simulated pool that has none yet (shares, blocks,
 * settlements, trend samples), once when the server starts — in a job, so that a fresh server
 * answers at once while it is made (sim/simulation.ts). The settlement waits for it.
 */
export default defineJob({
  name: 'simulator-history',
  schedule: (ctx) => (ctx.simulation ? { atStart: true } : undefined),
  runsHere: (ctx) => ctx.simulation !== undefined,
  payload: z.object({}),
  async handler(ctx) {
    const pools = await ctx.simulation?.makeHistory();
    return pools?.length ? { pools } : undefined;
  },
});
