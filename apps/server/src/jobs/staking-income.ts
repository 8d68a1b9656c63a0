import { z } from 'zod';
import { bookStakingDays, scanStaking } from '../modules/mortgage/staking-income.service.ts';
import { feedDevnetStaking } from '../sim/staking.ts';
import { defineJob } from './engine.ts';

/** The simulator's staking chain: the same days rank the same way on every start. */
const DEVNET_STAKING_SEED = 22;

/**
 * MASS locked revenue read from the chain (issue 22; README 'MASS locked revenue from the
 * wallet'): every minute, the next blocks of each staking source (the MassNet wallet of
 * MASS_WALLET_URL, or the devnet's, which the simulator feeds first) are read for their rewards to
 * the pool's staking addresses, then each settled day read whole and not booked yet (by this job
 * or by the operator's entry) is booked once through the mortgage income.
 */
export default defineJob({
  name: 'staking-income',
  schedule: () => ({ everyMs: 60_000 }),
  payload: z.object({}),
  async handler(ctx) {
    const now = new Date();
    let read = 0;
    const booked: string[] = [];
    for (const source of ctx.staking ?? []) {
      if (source.kind === 'devnet' && ctx.simulation) await feedDevnetStaking(ctx.db, { now, seed: DEVNET_STAKING_SEED });
      // The devnet's chain starts at the first block of a day: its backfilled days are booked at once.
      const startHeight = ctx.stakingStartHeight ?? (source.kind === 'devnet' ? 1 : undefined);
      read += await scanStaking(ctx.db, source, { confirmations: ctx.stakingConfirmations ?? 10, batch: 500, ...(startHeight ? { startHeight } : {}) });
      booked.push(...(await bookStakingDays(ctx.db, source.coin, now)).map((day) => `${source.coin}:${day}`));
    }
    return read || booked.length ? { read, booked } : undefined;
  },
});
