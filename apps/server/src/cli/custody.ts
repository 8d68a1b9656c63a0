import { parseArgs } from 'node:util';
import { isAppError } from '@platter/domain';
import type { ChainRegistry } from '../chain/chain.ts';
import { withSignumWallet } from '../chain/signum-wallet.ts';
import { withBhdNodes } from '../chain/bhd-wallet.ts';
import { withChiaWallet } from '../chain/chia-wallet.ts';
import { devnetRegistry } from '../chain/devnet.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { reconcileWallets, unownedTransfers, type WalletReconciliation } from '../modules/wallet/reconcile.ts';
import { custodyQueue, reconcileUnknown, resendWithdrawal, returnWithdrawal } from '../modules/withdraw/sending.ts';

/** `custody ...`: what the operator does with sends of unknown outcome, failed ones, and the hot wallet's balance (README 'Custody'). */
export const CUSTODY_HELP = `  custody list                    withdrawals waiting for the operator: SEND_UNKNOWN (outcome unknown,
                                  never resent automatically) and FAILED (refused or rejected), with
                                  their reason, payment id and address; and coins received to no
                                  user's deposit address
  custody reconcile               look for the payments of SEND_UNKNOWN withdrawals in the wallet (found
                                  ones go on as sent), then check each real wallet's balance against
                                  the ledger; exits 1 when a wallet differs
  custody resend <withdrawal id>  send again: SEND_UNKNOWN once the wallet shows no payment (same payment
                                  id), or FAILED (a new payment id)
  custody return <withdrawal id> [--reason <text>]
                                  return a FAILED (or SEND_UNKNOWN, not in the wallet) withdrawal's
                                  amount to the user's available balance through the ledger
`;

export function formatReconciliation(r: WalletReconciliation): string {
  const state = r.difference === 0n ? 'OK' : `DIFFERS by ${r.difference}`;
  return `wallet ${r.coin}: ${state} (wallet ${r.wallet}, ledger ${r.ledger}, deposits confirming ${r.pendingDeposits}, unowned coins ${r.unowned}; base units)\n`;
}

/** The chains as the server sees them (the devnet, with the configured real wallets). */
export function operatorChains(config: Config, db: Db, secret: string): { chains: ChainRegistry; close(): void } {
  const chia = withChiaWallet(config, devnetRegistry(db, secret));
  const bhd = withBhdNodes(config, chia.chains);
  const burst = withSignumWallet(config, bhd.chains, secret);
  return {
    chains: burst.chains,
    close: () => {
      chia.close();
      bhd.close();
      burst.close();
    },
  };
}

export async function custodyCommand(args: string[], db: Db, chains: ChainRegistry, out: (text: string) => void, err: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { reason: { type: 'string', default: '' } } });
  const [sub, id] = positionals;
  try {
    switch (sub) {
      case 'list': {
        const queue = await custodyQueue(db);
        if (!queue.length) out('no withdrawal waits for the operator\n');
        for (const w of queue) out(`#${w.id} ${w.status} ${w.coin} ${w.received} to ${w.address} payment ${w.payment_id}${w.txid ? ` txid ${w.txid}` : ''}: ${w.reason}\n`);
        const unowned = await unownedTransfers(db);
        for (const u of unowned) out(`unowned coin ${u.coin} ${u.amount} to ${u.address}${u.memo ? ` message ${JSON.stringify(u.memo)}` : ''} txid ${u.txid} height ${u.height}\n`);
        return 0;
      }
      case 'reconcile': {
        const { found, unknown } = await reconcileUnknown(db, chains);
        for (const f of found) out(`#${f}: found in the wallet, goes on as sent\n`);
        for (const u of unknown) out(`#${u}: still not in the wallet (custody resend / return once you are sure it was not sent)\n`);
        const wallets = await reconcileWallets(db, chains);
        if (!wallets.length) out('no real wallet configured: nothing to reconcile\n');
        for (const r of wallets) out(formatReconciliation(r));
        return wallets.some((r) => r.difference !== 0n) ? 1 : 0;
      }
      case 'resend': {
        if (!id) break;
        const outcome = await resendWithdrawal(db, chains, null, id);
        out(outcome === 'found' ? `#${id}: the wallet shows its payment: goes on as sent, nothing resent\n` : `#${id}: queued to be sent again\n`);
        return 0;
      }
      case 'return': {
        if (!id) break;
        await returnWithdrawal(db, chains, null, id, values.reason);
        out(`#${id}: returned to the user's available balance\n`);
        return 0;
      }
    }
  } catch (error) {
    if (isAppError(error)) {
      err(`refused: withdrawal ${id ?? ''} is not waiting for the operator (or the wallet shows its payment)\n`);
      return 1;
    }
    throw error;
  }
  err(`usage:\n${CUSTODY_HELP}`);
  return 2;
}
