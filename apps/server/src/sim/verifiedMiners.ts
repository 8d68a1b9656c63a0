import { identityScheme } from '@platter/domain';
import { ed25519 } from '@noble/curves/ed25519.js';
import { getPublicKey as sr25519PublicKey, secretFromSeed, sign as sr25519Sign } from '@scure/sr25519';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { devnetRegistry } from '../chain/devnet.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { simulatorRepository } from './simulator.repository.ts';
import { registerNode, registrationMessage } from '../modules/pool/register.ts';
import { connectMiner, type StratumMiner } from '../protocols/pow/miner.ts';

/**
 * The simulator's verified work (issue 18): Iron Fish miners that really mine — they connect
 * to the stratum with their farm's API key, search randomness with BLAKE3 against the pool's
 * share target and submit what they find — and Spacemesh / Autonomys identities registered with
 * their keys' signatures, to which the devnet pays rewards that the worker credits.
 */

interface Farm {
  userId: string;
  email: string;
  pool: string;
  coin: string;
  key: string;
  miners: { name: string }[];
}

/** Hashes each simulated Iron Fish miner tries per second (JavaScript BLAKE3 on a shared machine). */
const HASHES_PER_SECOND = 400;
const ROUND_MS = 250;
/** Average seconds between the devnet's rewards to one simulated identity. */
const REWARD_SECONDS = 300;

const seedOf = (...parts: string[]) => createHash('sha256').update(parts.join(':')).digest();

function identityKey(scheme: 'ed25519' | 'sr25519', seed: Uint8Array) {
  if (scheme === 'ed25519') {
    const secret = seed.slice(0, 32);
    return { id: Buffer.from(ed25519.getPublicKey(secret)).toString('hex'), sign: (m: string) => Buffer.from(ed25519.sign(new TextEncoder().encode(m), secret)).toString('hex') };
  }
  const secret = secretFromSeed(seed.slice(0, 32));
  return { id: Buffer.from(sr25519PublicKey(secret)).toString('hex'), sign: (m: string) => Buffer.from(sr25519Sign(secret, new TextEncoder().encode(m))).toString('hex') };
}

export function startVerifiedMiners(options: { db: Db; seed: number; logger: FastifyBaseLogger }, farms: readonly Farm[]): { stop: () => Promise<void> } {
  const { db, logger } = options;
  const config = loadConfig();
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const devnet = devnetRegistry(db, 'platter-simulator');
  const timers: NodeJS.Timeout[] = [];
  const miners: StratumMiner[] = [];
  let stopped = false;

  async function mine(farm: Farm, name: string): Promise<void> {
    const miner = await connectMiner(host, config.stratumPort, { publicAddress: farm.key, name });
    miners.push(miner);
    let next = BigInt(seedOf(String(options.seed), farm.email, name).readUInt32BE(0)) << 24n;
    let busy = false;
    const timer = setInterval(() => {
      if (busy || stopped || !miner.work) return;
      busy = true;
      const work = miner.work;
      const tries = Math.round((HASHES_PER_SECOND * ROUND_MS) / 1000);
      const found = miner.search(next, tries);
      next += BigInt(tries);
      if (!found) {
        busy = false;
        return;
      }
      next = BigInt(`0x${found.randomness}`) + 1n;
      miner
        .submit(work.miningRequestId, found.randomness)
        .then((answer) => {
          if (!answer.result && answer.message !== 'stale job') logger.warn({ pool: farm.pool, miner: name, message: answer.message }, 'simulator: share refused');
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'simulator: share not answered'))
        .finally(() => {
          busy = false;
        });
    }, ROUND_MS);
    timer.unref();
    timers.push(timer);
  }

  async function registerIdentities(farm: Farm, scheme: 'ed25519' | 'sr25519'): Promise<string[]> {
    const ids: string[] = [];
    for (const miner of farm.miners) {
      const key = identityKey(scheme, seedOf(String(options.seed), farm.email, farm.pool, miner.name));
      const known = await simulatorRepository.hasSignedPlot(db, farm.pool, key.id);
      if (!known) {
        const signature = key.sign(await registrationMessage(db, farm.userId, farm.pool, key.id));
        await registerNode(db, farm.userId, { pool: farm.pool, node_id: key.id, size: '0', signature });
      }
      ids.push(key.id);
    }
    return ids;
  }

  const started = (async () => {
    const pools = await simulatorRepository.pools(db);
    const protocolOf = new Map(pools.map((p) => [p.type, p.protocol]));
    const identities: { coin: string; id: string }[] = [];
    for (const farm of farms) {
      const protocol = protocolOf.get(farm.pool);
      if (protocol === 'pow-share' && config.stratumPort > 0) {
        for (const m of farm.miners) {
          await mine(farm, m.name).catch((error: unknown) => logger.warn({ err: error, pool: farm.pool }, 'simulator: no stratum to mine on'));
        }
      }
      const scheme = identityScheme(farm.coin);
      if (protocol === 'onchain-reward' && scheme) {
        for (const id of await registerIdentities(farm, scheme)) identities.push({ coin: farm.coin, id });
      }
    }
    if (identities.length > 0) {
      const scales = new Map((await simulatorRepository.coinScales(db)).map((c) => [c.type, c.scale]));
      const timer = setInterval(() => {
        void (async () => {
          for (const identity of identities) {
            if (stopped || Math.random() >= 10 / REWARD_SECONDS) continue;
            const scale = scales.get(identity.coin) ?? 9;
            // About one coin, varied: what a smesher's ATX or a farmer's solution earns.
            const amount = (10n ** BigInt(scale) * BigInt(50 + Math.floor(Math.random() * 100))) / 100n;
            await devnet.payIdentityReward(identity.coin, identity.id, amount);
          }
        })().catch((error: unknown) => logger.warn({ err: error }, 'simulator: identity rewards failed'));
      }, 10_000);
      timer.unref();
      timers.push(timer);
    }
    logger.info({ miners: miners.length, identities: identities.length }, 'simulator: verified miners and identities started');
  })().catch((error: unknown) => logger.error({ err: error }, 'simulator: verified miners failed to start'));

  return {
    async stop() {
      stopped = true;
      await started;
      for (const timer of timers) clearInterval(timer);
      for (const miner of miners) miner.close();
    },
  };
}
