import { z } from 'zod';
import { defineJob } from './engine.ts';

/** Devnet: the simulated BHD-family chains forge their block once its best deadline has passed (checked every 2 s). */
export default defineJob({
  name: 'poc-devnet-block',
  schedule: (ctx) => ((ctx.poc ?? []).some((p) => p.devnet) ? { everyMs: 2000 } : undefined),
  payload: z.object({}),
  retryLimit: 0,
  async handler(ctx) {
    const forged: Record<string, number> = {};
    for (const devnet of new Set((ctx.poc ?? []).flatMap((p) => (p.devnet ? [p.devnet] : [])))) {
      const block = await devnet.advance();
      if (block) forged[devnet.coin] = block.height;
    }
    return Object.keys(forged).length ? forged : undefined;
  },
});
