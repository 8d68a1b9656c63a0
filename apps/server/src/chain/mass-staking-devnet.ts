import { createHash } from 'node:crypto';
import { stakingPosition } from '@platter/domain';
import type { Db } from '../db/database.ts';
import { stakingRepository as repo } from '../modules/mortgage/staking.repository.ts';
import type { StakingSource } from './mass-wallet.ts';

/** The devnet pool's MASS staking address: the position whose rewards are the pool's locked revenue. */
export const DEVNET_MASS_STAKING_ADDRESS = 'ms1qpdevnetplatterpoolstakingposition';

/**
 * The devnet's MASS staking chain (issue 22): the blocks the simulator wrote into
 * `devnet_staking_blocks` (sim/staking.ts), read as a MassNet wallet would answer them — each
 * block's paid positions in rank order, the pool's among them on the days it ranks within the
 * paid ranks.
 */
export function devnetStakingSource(db: Db, coin = 'MASS', addresses: readonly string[] = [DEVNET_MASS_STAKING_ADDRESS]): StakingSource {
  const ours = new Set(addresses);
  return {
    coin,
    kind: 'devnet',
    async bestHeight() {
      return Number((await repo.devnetBest(db, coin)) ?? 0);
    },
    status() {
      return Promise.resolve({ syncing: false, chainId: null });
    },
    invalidAddresses() {
      return Promise.resolve([]);
    },
    async block(height) {
      const rows = await repo.devnetBlock(db, coin, height);
      const first = rows[0];
      if (!first) throw new RangeError(`devnet ${coin} staking block ${height} does not exist`);
      return {
        height,
        time: first.block_time,
        // The devnet's chain never reorganises: a block's hash is made from its height.
        hash: devnetBlockHash(coin, height),
        previousHash: height > 1 ? devnetBlockHash(coin, height - 1) : '',
        rewards: rows
          .filter((r) => ours.has(r.address))
          .map((r) => ({ address: r.address, rank: stakingPosition(r.chain_rank), profit: BigInt(r.profit_units), staked: BigInt(r.staked_units) })),
      };
    },
  };
}

function devnetBlockHash(coin: string, height: number): string {
  return createHash('sha256').update(`devnet-staking:${coin}:${height}`).digest('hex');
}
