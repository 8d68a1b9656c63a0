import { z } from 'zod';
import { advanceBindings, advanceRecords, pointingChainsOf, releaseFinanceLocks } from '../modules/pointing/pointing.service.ts';
import { defineJob } from './engine.ts';

/**
 * Coin owners (issue 22): each PoC coin's source-address verifications move on with the chain
 * (VERIFY → WAIT_CONFIRM → VALID → CONFIRMED, or VERIFY_EXPIRED past 20 blocks), and the points
 * its confirmed source addresses make to the pool's address become pointing records that follow
 * the chain (margin frozen once mined; released or deducted once withdrawn); a record locked in
 * finance comes back to POINT_VALID once its holding has closed.
 */
export default defineJob({
  name: 'pointing',
  // Blocks come every few seconds at the fastest (the devnet's 5 s): every 2 s is enough.
  schedule: (ctx) => (ctx.poc?.length ? { everyMs: Math.max(ctx.intervalMs, 2000) } : undefined),
  payload: z.object({}),
  retryLimit: 0,
  async handler(ctx) {
    const moved: Record<string, { bindings: number; records: number }> = {};
    for (const pc of pointingChainsOf(ctx.poc ?? []).values()) {
      try {
        const bindings = await advanceBindings(ctx.db, pc);
        const records = (await advanceRecords(ctx.db, pc)) + (await releaseFinanceLocks(ctx.db, pc.coin));
        if (bindings || records) moved[pc.coin] = { bindings, records };
      } catch (error) {
        ctx.logger.warn({ err: error, coin: pc.coin }, 'pointing: coin not followed');
      }
    }
    return Object.keys(moved).length ? moved : undefined;
  },
});
