import { z } from 'zod';
import { defineJob } from './engine.ts';
import { runAutoPay } from '../modules/wallet/autopay.ts';

/** The daily Auto Pay run, from AUTO_PAY_HOUR_UTC until 08:00 UTC every five minutes; each user at most once per 24 hours (autopay.ts). */
export default defineJob({
  name: 'autopay',
  schedule: (ctx) => ({ cron: `*/5 ${ctx.autoPayHourUtc}-7 * * *` }),
  payload: z.object({}),
  async handler(ctx) {
    const runs = await runAutoPay(ctx.db, ctx.schedule, ctx.autoPayHourUtc);
    return runs.length ? { runs: runs.length } : undefined;
  },
});
