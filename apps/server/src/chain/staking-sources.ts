import { massWalletConfig, type Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { devnetStakingSource } from './mass-staking-devnet.ts';
import { massWalletStaking, type StakingSource } from './mass-wallet.ts';

/** Where MASS's locked revenue is read (the job staking-income): the wallet of MASS_WALLET_URL, else the devnet's staking chain. */
export function stakingSources(config: Config, db: Db): StakingSource[] {
  const wallet = massWalletConfig(config);
  return [wallet ? massWalletStaking(wallet) : devnetStakingSource(db)];
}
