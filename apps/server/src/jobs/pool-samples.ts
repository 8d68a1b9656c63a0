import { z } from 'zod';
import { defineJob } from './engine.ts';
import { samplePools } from '../modules/pool/views.ts';

/** The pool trend's hourly sample. */
export default defineJob({
  name: 'pool-samples',
  schedule: () => ({ cron: '0 * * * *', atStart: true }),
  payload: z.object({}),
  async handler(ctx) {
    await samplePools(ctx.db, new Date());
  },
});
