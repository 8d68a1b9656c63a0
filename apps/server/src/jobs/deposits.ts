import { z } from 'zod';
import { defineJob } from './engine.ts';
import { forEachIsolated } from './isolate.ts';
import { coinsToScan, scanDeposits } from '../modules/wallet/deposits.ts';

/** Deposits seen on every coin's chain and credited; a coin whose node is down fails alone (the others are scanned, the job retried). */
export default defineJob({
  name: 'deposits',
  schedule: (ctx) => ({ everyMs: ctx.intervalMs }),
  payload: z.object({}),
  async handler(ctx) {
    const credited: Record<string, number> = {};
    await forEachIsolated(
      await coinsToScan(ctx.db),
      (coin) => `deposit scan of ${coin}`,
      async (coin) => {
        const scan = await scanDeposits(ctx.db, ctx.chains, coin);
        if (scan.credited) credited[coin] = scan.credited;
      },
      ctx.logger,
    );
    return Object.keys(credited).length ? { credited } : undefined;
  },
});
