import { z } from 'zod';
import { defineJob } from './engine.ts';
import { reconcileUnknown } from '../modules/withdraw/sending.ts';

/** Custody: sends of unknown outcome looked for in the wallet, never resent (README 'Custody'). */
export default defineJob({
  name: 'reconcile-unknown',
  schedule: (ctx) => ({ everyMs: ctx.intervalMs }),
  payload: z.object({}),
  async handler(ctx) {
    const { found, unknown } = await reconcileUnknown(ctx.db, ctx.chains);
    if (unknown.length) ctx.logger.warn({ withdrawals: unknown }, 'sends of unknown outcome wait for the operator (npm run platter -- custody list)');
    return found.length ? { found } : undefined;
  },
});
