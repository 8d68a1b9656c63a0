import { z } from 'zod';
import { defineJob } from './engine.ts';
import { confirmBindings } from '../modules/pool/plots.ts';

/** Plot bindings whose chain transaction has its confirmations. */
export default defineJob({
  name: 'bindings',
  schedule: (ctx) => ({ everyMs: ctx.intervalMs }),
  payload: z.object({}),
  async handler(ctx) {
    const confirmed = await confirmBindings(ctx.db, ctx.chains);
    return confirmed ? { confirmed } : undefined;
  },
});
