import { z } from 'zod';
import { defineJob } from './engine.ts';
import { runMaturities } from '../modules/finance/finance.service.ts';

/**
 * Finance products' own moves (issue 23): periodicals start and end, staking locks and unlocks
 * at the chain's height, current redemptions are confirmed at T+N; every minute.
 */
export default defineJob({
  name: 'finance-maturities',
  schedule: () => ({ everyMs: 60_000 }),
  payload: z.object({}),
  async handler(ctx) {
    const { moves, confirmed } = await runMaturities(ctx.db, ctx.chains, new Date());
    return moves.length || confirmed ? { moves, confirmed } : undefined;
  },
});
