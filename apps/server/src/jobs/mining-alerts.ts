import { z } from 'zod';
import { defineJob } from './engine.ts';
import { raiseMiningEvents } from '../modules/message/mining-alerts.ts';

/** The mining events of the message channels (issue 24): miners gone quiet, capacity drops, blocks found, income settled. */
export default defineJob({
  name: 'mining-alerts',
  schedule: (ctx) => ({ everyMs: Math.max(ctx.intervalMs, 30_000) }),
  payload: z.object({}),
  async handler(ctx) {
    const raised = await raiseMiningEvents(ctx.db);
    return Object.values(raised).some((n) => n > 0) ? raised : undefined;
  },
});
