import { z } from 'zod';
import { defineJob } from './engine.ts';
import { accrueDue } from '../modules/finance/finance.service.ts';

/**
 * Finance products' daily interest (issue 23): each product's days up to the last one due at
 * the settlement hour (a setting: 00:00 UTC by default, 12:00 the other reading), checked
 * hourly and at a worker's start (days missed while down). Each (holding, day) once however
 * many workers run it (finance.service.ts).
 */
export default defineJob({
  name: 'finance-accrual',
  schedule: () => ({ cron: '3 * * * *', atStart: true }),
  payload: z.object({}),
  async handler(ctx) {
    const { products, days } = await accrueDue(ctx.db, new Date());
    return days ? { products, days } : undefined;
  },
});
