import { z } from 'zod';
import { defineJob } from './engine.ts';
import { runNoticeJobs } from '../modules/inmail/inmail.service.ts';

/** Notifications to every user, resumed after a restart from the last committed batch. */
export default defineJob({
  name: 'notices',
  schedule: (ctx) => ({ everyMs: ctx.intervalMs }),
  payload: z.object({}),
  async handler(ctx) {
    const notices = await runNoticeJobs(ctx.db);
    return notices.delivered ? notices : undefined;
  },
});
