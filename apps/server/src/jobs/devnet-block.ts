import { z } from 'zod';
import { defineJob } from './engine.ts';

/** Devnet: mines the simulated chains' next block (DEVNET_BLOCK_SECONDS). */
export default defineJob({
  name: 'devnet-block',
  schedule: (ctx) => (ctx.devnet ? { everyMs: ctx.devnetBlockMs } : undefined),
  payload: z.object({}),
  retryLimit: 0,
  async handler(ctx) {
    await ctx.devnet?.tick();
  },
});
