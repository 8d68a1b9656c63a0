import { z } from 'zod';
import { defineJob } from './engine.ts';
import { settleDue } from '../modules/settlement/settlement.service.ts';
import { timedSettlement } from '../metrics/metrics.ts';

/** The pools' daily settlement just after 00:00 UTC (and at a worker's start, for days missed while down); each pool day once (settlement.ts). */
export default defineJob({
  name: 'settlement',
  schedule: () => ({ cron: '1 0 * * *', atStart: true }),
  payload: z.object({}),
  async handler(ctx) {
    const settled = await timedSettlement(() => settleDue(ctx.db, new Date()));
    return settled.length ? { days: settled.map((s) => `${s.pool}:${s.day}:${s.status}`) } : undefined;
  },
});
