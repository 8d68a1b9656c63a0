import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { systemBalance } from '../../ledger/ledger.service.ts';
import { allCoinRules } from '../coins/coins.ts';
import { walletRepository } from './wallet.repository.ts';

/**
 * The hot wallet against the ledger (issue 15 item 5). The ledger's `chain` account runs
 * negative by the custody it says the platform holds; the wallet's balance (confirmed coins
 * less its pending sends) must equal that plus the deposits seen but not credited yet
 * (confirming) and the coins received to no user's address. Any other difference is drift: a payment or a fee
 * the ledger does not know, or a booking the wallet never made.
 */
export interface WalletReconciliation {
  coin: string;
  wallet: bigint;
  /** What the ledger says is held on chain (minus the `chain` account's balance). */
  ledger: bigint;
  /** Deposits recorded and not credited yet (they are in the wallet, not yet in the ledger). */
  pendingDeposits: bigint;
  /** Coins received to no user's deposit address (unowned_transfers): the operator decides. */
  unowned: bigint;
  /** wallet − ledger − pending deposits − unowned coins: 0 when they agree. */
  difference: bigint;
}

/** Checks one coin's wallet (when its adapter has a real wallet) and records the check. */
export async function reconcileWallet(db: Db, chains: ChainRegistry, coin: string): Promise<WalletReconciliation | undefined> {
  const adapter = chains.adapter(coin);
  if (!adapter.balance) return undefined;
  const wallet = await adapter.balance();
  const ledger = -(await systemBalance(db, 'chain', coin));
  const pendingDeposits = await walletRepository.pendingDepositTotal(db, coin);
  const unowned = await walletRepository.unownedTotal(db, coin);
  const checked = { coin, wallet, ledger, pendingDeposits, unowned, difference: wallet - ledger - pendingDeposits - unowned };
  await walletRepository.recordReconciliation(db, checked);
  return checked;
}

/** Every coin whose chain adapter is a real wallet. */
export async function reconcileWallets(db: Db, chains: ChainRegistry): Promise<WalletReconciliation[]> {
  const coins = (await allCoinRules(db)).map((c) => c.type).sort();
  const out: WalletReconciliation[] = [];
  for (const type of coins) {
    const checked = await reconcileWallet(db, chains, type);
    if (checked) out.push(checked);
  }
  return out;
}

/** The latest check per coin, for the operator. */
export async function latestReconciliations(db: Db) {
  return walletRepository.latestReconciliations(db);
}

/** Coins received to no user's deposit address, for the operator (`custody list`). */
export function unownedTransfers(db: Db) {
  return walletRepository.unownedTransfers(db);
}
