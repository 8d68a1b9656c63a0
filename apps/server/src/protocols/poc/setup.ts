import { COIN_SEEDS, POOL_SEEDS } from '@platter/domain';
import { type PocVerifierPool, type Submission } from '@platter/poc';
import type { PocChain } from '../../chain/poc.ts';
import { pocDevnet, type PocDevnet } from '../../chain/poc-devnet.ts';
import { devnetAddress } from '../../chain/devnet.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { pocPoolService, type PocPoolService } from './poc.service.ts';

export interface PocPoolEntry {
  pool: string;
  coin: string;
  service: PocPoolService;
  chain: PocChain;
  /** Present on the devnet: the simulated chain the worker advances (shared by the coin's pools). */
  devnet?: PocDevnet;
  /** The URL miners enter (`<public url><path>/<pool>`). */
  url: string;
}

/** The devnet pool's address on its coin's chain (stable for a given secret and pool). */
export function devnetPocPoolAddress(secret: string, coin: string, pool: string): string {
  return devnetAddress(secret, coin, `poc-pool:${pool}`);
}

/**
 * One Burst pool protocol endpoint per `poc-burst` pool (bhd, lhd, hdd, xhd and their
 * cooperation pools, burst, depinc), each on its coin's devnet chain (one chain per coin, shared
 * by its pools) with its own address; the deadlines are recomputed in `verifier`'s worker
 * threads. A real node's adapter (chain/bhd-rpc.ts) replaces the devnet chain per coin.
 */
export function pocPools(deps: {
  config: Config;
  db: Db;
  secret: string;
  verifier: Pick<PocVerifierPool, 'deadline'>;
  /** The coins with a real node (chain/bhd-wallet.ts): its PocChain and the address its pools mine to. */
  nodes?: { pocChain(coin: string): PocChain | undefined; poolAddress(coin: string): string | undefined };
}): Map<string, PocPoolEntry> {
  const { config, db, secret } = deps;
  const verify = (s: Submission) => deps.verifier.deadline(s);
  const devnets = new Map<string, PocDevnet>();
  const entries = new Map<string, PocPoolEntry>();
  for (const seed of POOL_SEEDS.filter((p) => p.protocol === 'poc-burst')) {
    const real = deps.nodes?.pocChain(seed.coin);
    let devnet = real ? undefined : devnets.get(seed.coin);
    if (!real && !devnet) {
      devnet = pocDevnet(db, seed.coin, {
        secret,
        blockSeconds: config.devnetPocBlockSeconds,
        networkNonces: config.devnetPocNetworkNonces,
        scale: coinScale(seed.coin),
        verify,
      });
      devnets.set(seed.coin, devnet);
    }
    const chain = (real ?? devnet) as PocChain;
    const service = pocPoolService({
      db,
      chain,
      verify,
      settings: {
        pool: seed.type,
        coin: seed.coin,
        address: (real && deps.nodes?.poolAddress(seed.coin)) || devnetPocPoolAddress(secret, seed.coin, seed.type),
        targetDeadline: BigInt(config.pocTargetDeadline),
        estimateMinRounds: config.pocEstimateMinRounds,
        estimateShown: config.pocEstimateShown,
      },
    });
    entries.set(seed.type, { pool: seed.type, coin: seed.coin, service, chain, ...(devnet ? { devnet } : {}), url: `${config.publicUrl}${config.pocPoolPath}/${seed.type}` });
  }
  return entries;
}

/** The coin's scale from the registry (the devnet's block reward in base units). */
function coinScale(coin: string): number {
  return COIN_SEEDS.find((c) => c.type === coin)?.scale ?? 8;
}
