import { z } from 'zod';
import { defineJob } from './engine.ts';

/** Devnet: the simulated Chia nodes' next signage point (DEVNET_CHIA_SIGNAGE_POINT_SECONDS). */
export default defineJob({
  name: 'chia-signage-point',
  schedule: (ctx) => (ctx.devnet && ctx.chia.some((c) => c.devnet) ? { everyMs: ctx.devnetChiaSignagePointMs } : undefined),
  payload: z.object({}),
  retryLimit: 0,
  async handler(ctx) {
    for (const coin of new Set(ctx.chia.map((c) => c.coin))) {
      const node = ctx.chia.find((c) => c.coin === coin)?.devnet;
      if (node) {
        await node.signagePoint();
        await node.prune();
      }
    }
  },
});
