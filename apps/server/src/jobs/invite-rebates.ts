import { z } from 'zod';
import { defineJob } from './engine.ts';
import { rebateDue } from '../modules/invite/invite.service.ts';

/**
 * Invite rebates (issue 25): once a pool-day is settled and its credits are all paid, each
 * invitee's part of the day's pool fee earns their inviter the pool's rebate share — each
 * (invitee, pool, day) once however many workers run it (invite.service.ts). The on-chain-reward
 * pools' days are decided the same way once over and past the pool's reward look-back. Checked
 * every minute, so a day is rebated within a minute or so of its settlement.
 */
export default defineJob({
  name: 'invite-rebates',
  schedule: () => ({ everyMs: 60_000 }),
  payload: z.object({}),
  async handler(ctx) {
    const { days, rebates } = await rebateDue(ctx.db);
    return days ? { days, rebates: rebates.toString() } : undefined;
  },
});
