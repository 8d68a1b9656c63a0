import { z } from 'zod';
import { defineJob } from './engine.ts';
import { applyPendingCredits } from '../modules/settlement/settlement.service.ts';

/** A settlement interrupted between its chunks (a restart, a failed chunk): its remaining credits, once a minute. */
export default defineJob({
  name: 'settlement-credits',
  schedule: () => ({ everyMs: 60_000 }),
  payload: z.object({}),
  async handler(ctx) {
    const credits = await applyPendingCredits(ctx.db);
    return credits ? { credits } : undefined;
  },
});
