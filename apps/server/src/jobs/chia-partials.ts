import { z } from 'zod';
import { defineJob } from './engine.ts';
import { forEachIsolated } from './isolate.ts';

/** Chia pools: partials past their confirmation delay confirmed, farmer updates applied after their cool-down; one pool failing never stops another. */
export default defineJob({
  name: 'chia-partials',
  schedule: (ctx) => (ctx.chia.length > 0 ? { everyMs: ctx.intervalMs } : undefined),
  payload: z.object({}),
  async handler(ctx) {
    const confirmed: Record<string, { confirmed: number; rejected: number }> = {};
    await forEachIsolated(
      ctx.chia,
      (entry) => `chia pool ${entry.pool}`,
      async (entry) => {
        const result = await entry.service.confirmDue();
        if (result.confirmed || result.rejected) confirmed[entry.pool] = result;
        await entry.service.applyUpdates();
      },
      ctx.logger,
    );
    return Object.keys(confirmed).length ? { confirmed } : undefined;
  },
});
