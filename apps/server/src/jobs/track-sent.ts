import { z } from 'zod';
import { defineJob } from './engine.ts';
import { trackSent } from '../modules/withdraw/sending.ts';

/** Custody: payments the wallet accepted followed to SENT (or FAILED) on chain. */
export default defineJob({
  name: 'track-sent',
  schedule: (ctx) => ({ everyMs: ctx.intervalMs }),
  payload: z.object({}),
  async handler(ctx) {
    const tracked = await trackSent(ctx.db, ctx.chains);
    return tracked.confirmed || tracked.failed ? tracked : undefined;
  },
});
