import { z } from 'zod';
import { defineJob } from './engine.ts';

/**
 * The message channels' outbox (issue 24): sends what is due, each channel at its own pace;
 * failures back off per delivery and end in the dead-letter list (modules/message/delivery.ts).
 */
export default defineJob({
  name: 'message-delivery',
  schedule: (ctx) => (ctx.messages ? { everyMs: ctx.intervalMs } : undefined),
  payload: z.object({}),
  runsHere: (ctx) => ctx.messages !== undefined,
  async handler(ctx) {
    if (!ctx.messages) return;
    const result = await ctx.messages.deliver();
    return Object.values(result).some((n) => n > 0) ? result : undefined;
  },
});
