import { z } from 'zod';
import { defineJob } from './engine.ts';
import { forEachIsolated } from './isolate.ts';

/** Chia pools on a real node: the members' pool rewards claimed every ten minutes (pool-reference collect_pool_rewards_interval). */
export default defineJob({
  name: 'chia-rewards',
  schedule: (ctx) => (ctx.chia.length > 0 ? { everyMs: 600_000 } : undefined),
  payload: z.object({}),
  async handler(ctx) {
    const claimed: Record<string, number> = {};
    await forEachIsolated(
      ctx.chia,
      (entry) => `chia pool ${entry.pool} rewards`,
      async (entry) => {
        const recorded = await entry.service.collectRewards((error, launcherId) => ctx.logger.warn({ err: error, pool: entry.pool, launcherId }, 'chia pool reward not claimed'));
        if (recorded) claimed[entry.pool] = recorded;
      },
      ctx.logger,
    );
    return Object.keys(claimed).length ? { claimed } : undefined;
  },
});
