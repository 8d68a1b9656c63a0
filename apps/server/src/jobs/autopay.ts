import { z } from 'zod';
import { defineJob } from './engine.ts';
import { runAutoPay } from '../modules/wallet/autopay.ts';

/** The daily Auto Pay run, from AUTO_PAY_HOUR_UTC until 08:00 UTC every five minutes; each user at most once per 24 hours (autopay.ts). */
export default defineJob({
  name: 'autopay',
  // The window ends at 08:00 UTC (autopay.ts): an hour from 8 on leaves no window, so no schedule.
  schedule: (ctx) => (ctx.autoPayHourUtc < 8 ? { cron: `*/5 ${ctx.autoPayHourUtc}-7 * * *` } : undefined),
  payload: z.object({}),
  async handler(ctx) {
    const runs = await runAutoPay(ctx.db, ctx.schedule, ctx.autoPayHourUtc);
    return runs.length ? { runs: runs.length } : undefined;
  },
});
