import { z } from 'zod';
import { advanceDeals } from '../modules/cooperation/cooperation.service.ts';
import { defineJob } from './engine.ts';

/**
 * Deals (issue 22): the clock's moves — a locked deal comes in force, earns from the next UTC
 * day, ends after its term and is unlocked (the miner's margin back) and redeemed (the coin
 * owner's amount back); every minute, each deal under its own row lock.
 */
export default defineJob({
  name: 'deals',
  schedule: () => ({ everyMs: 60_000 }),
  payload: z.object({}),
  async handler(ctx) {
    const moved = await advanceDeals(ctx.db, new Date());
    return moved ? { moved } : undefined;
  },
});
