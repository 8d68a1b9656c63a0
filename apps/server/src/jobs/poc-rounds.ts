import { z } from 'zod';
import { defineJob } from './engine.ts';

/**
 * The Burst pools' rounds (issue 21): each `poc-burst` pool follows its node's mining info —
 * closing the rounds that ended (their miners' points from their estimated capacity), confirming
 * plotter bindings the chain shows, and booking the blocks it won once buried.
 */
export default defineJob({
  name: 'poc-rounds',
  schedule: (ctx) => (ctx.poc?.length ? { everyMs: Math.min(ctx.intervalMs, 5000) } : undefined),
  payload: z.object({}),
  retryLimit: 0,
  async handler(ctx) {
    const moved: Record<string, unknown> = {};
    for (const entry of ctx.poc ?? []) {
      try {
        const step = await entry.service.follow();
        if (step.closed || step.blocks || step.confirmed) moved[entry.pool] = step;
      } catch (error) {
        ctx.logger.warn({ err: error, pool: entry.pool }, 'poc rounds: pool not followed');
      }
    }
    return Object.keys(moved).length ? moved : undefined;
  },
});
