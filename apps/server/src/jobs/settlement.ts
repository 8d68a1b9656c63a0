import { z } from 'zod';
import { defineJob } from './engine.ts';
import { settleDue } from '../modules/settlement/settlement.service.ts';
import { timedSettlement } from '../metrics/metrics.ts';
import { jobPending } from './jobs.repository.ts';

/** At most this long the settlement waits for the simulator's history (then settles anyway). */
const HISTORY_WAIT_MS = 10 * 60_000;

/** The pools' daily settlement just after 00:00 UTC (and at a worker's start, for days missed while down); each pool day once (settlement.ts). */
export default defineJob({
  name: 'settlement',
  schedule: () => ({ cron: '1 0 * * *', atStart: true }),
  payload: z.object({}),
  async handler(ctx) {
    // A fresh devnet's history (the job simulator-history) settles its own past days: settled
    // first, yesterday would close empty and the history's blocks would go to today.
    for (const until = Date.now() + HISTORY_WAIT_MS; Date.now() < until && (await jobPending(ctx.db, 'simulator-history')); ) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const settled = await timedSettlement(() => settleDue(ctx.db, new Date()));
    return settled.length ? { days: settled.map((s) => `${s.pool}:${s.day}:${s.status}`) } : undefined;
  },
});
