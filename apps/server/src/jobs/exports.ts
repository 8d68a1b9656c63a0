import { z } from 'zod';
import { defineJob } from './engine.ts';
import { runPendingExports } from '../modules/exports/exports.service.ts';
import { pointingChainsOf } from '../modules/pointing/pointing.service.ts';

/** Export files requested by users and admins, written one after another. */
export default defineJob({
  name: 'exports',
  schedule: (ctx) => ({ everyMs: ctx.intervalMs }),
  payload: z.object({}),
  async handler(ctx) {
    const written = await runPendingExports({ db: ctx.db, chains: ctx.chains, pointing: pointingChainsOf(ctx.poc ?? []) }, ctx.exportFileHours);
    return written ? { written } : undefined;
  },
});
