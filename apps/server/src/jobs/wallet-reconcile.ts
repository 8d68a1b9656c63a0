import { z } from 'zod';
import { defineJob } from './engine.ts';
import { reconcileWallets } from '../modules/wallet/reconcile.ts';

/** The hot wallets' balances against the ledger every ten minutes (README 'Custody'); a difference is logged as an error. */
export default defineJob({
  name: 'wallet-reconcile',
  schedule: () => ({ everyMs: 10 * 60_000 }),
  payload: z.object({}),
  async handler(ctx) {
    for (const r of await reconcileWallets(ctx.db, ctx.chains)) {
      if (r.difference !== 0n)
        ctx.logger.error(
          {
            coin: r.coin,
            wallet: String(r.wallet),
            ledger: String(r.ledger),
            pendingDeposits: String(r.pendingDeposits),
            unowned: String(r.unowned),
            difference: String(r.difference),
          },
          'hot wallet differs from the ledger',
        );
    }
  },
});
