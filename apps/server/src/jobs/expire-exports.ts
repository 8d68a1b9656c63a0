import { z } from 'zod';
import { defineJob } from './engine.ts';
import { expireExports } from '../modules/exports/exports.service.ts';

/** Export files past EXPORT_FILE_HOURS removed (status expired), every five minutes. */
export default defineJob({
  name: 'expire-exports',
  schedule: () => ({ cron: '*/5 * * * *' }),
  payload: z.object({}),
  async handler(ctx) {
    const expired = await expireExports(ctx.db);
    return expired ? { expired } : undefined;
  },
});
