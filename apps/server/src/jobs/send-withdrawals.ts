import { z } from 'zod';
import { defineJob } from './engine.ts';
import { sendDue } from '../modules/withdraw/sending.ts';

/** Approved withdrawals whose send time has come (the daily batch, Auto Pay, small amounts): each sent exactly once (sending.ts). */
export default defineJob({
  name: 'send-withdrawals',
  schedule: (ctx) => ({ everyMs: ctx.intervalMs }),
  payload: z.object({}),
  async handler(ctx) {
    const sent = await sendDue(ctx.db, ctx.chains);
    return sent ? { sent } : undefined;
  },
});
