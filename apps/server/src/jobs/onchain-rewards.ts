import { z } from 'zod';
import { defineJob } from './engine.ts';
import { creditOnchainRewards } from '../modules/pool/onchain.ts';

/** Rewards the chain paid registered identities (Spacemesh, Autonomys), credited once each past their confirmations. */
export default defineJob({
  name: 'onchain-rewards',
  schedule: (ctx) => ({ everyMs: ctx.intervalMs }),
  payload: z.object({}),
  async handler(ctx) {
    const { credited, reversed } = await creditOnchainRewards(ctx.db, ctx.chains, ctx.logger);
    return credited || reversed ? { credited, reversed } : undefined;
  },
});
