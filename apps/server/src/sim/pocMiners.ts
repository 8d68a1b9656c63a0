import { POOL_SEEDS } from '@platter/domain';
import { createNonceGenerator } from '@platter/poc';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { pocDevnet } from '../chain/poc-devnet.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { simulatorRepository } from './simulator.repository.ts';
import { bindSourceAddress, listSourceAddresses } from '../modules/pointing/pointing.service.ts';
import { devnetPocPoolAddress } from '../protocols/poc/setup.ts';
import { devnetAddress } from '../chain/devnet.ts';
import { MemoryPlot } from './pocPlot.ts';

/** The pools of the Burst pool protocol (their simulated farms mine over HTTP, not through reports). */
export const POC_POOLS: ReadonlySet<string> = new Set(POOL_SEEDS.filter((p) => p.protocol === 'poc-burst').map((p) => p.type));

interface Farm {
  userId: string;
  email: string;
  pool: string;
  coin: string;
  miners: { name: string; version: string }[];
}

interface SimPocMiner {
  farm: Farm;
  name: string;
  version: string;
  plot: MemoryPlot;
  /** The height it last submitted for. */
  height: number;
}

const u64Of = (...parts: string[]) => createHash('sha256').update(parts.join(':')).digest().readBigUInt64BE(0);

/**
 * How many nonces (4–8) the simulated miner `index` of a user's farm in pools of `kind` (ECO,
 * CO) plots: the same on every start, so the history (simulator.ts) shows the capacity the
 * live miners mine with.
 */
export function pocPlotNonces(userEmail: string, kind: string, index: number): number {
  return 4 + Number(u64Of(`${userEmail}:${kind}:${index}`, 'count') % 5n);
}

/**
 * The simulator's BHD-family miners (issue 21): each simulated miner of a `poc-burst` pool has a
 * small real PoC2 plot (4–8 nonces of its own plotter id, built once in memory) and speaks the
 * Burst pool protocol over HTTP like scavenger: it polls getMiningInfo, reads its scoop of the
 * new round and submits its best nonce under the target deadline with X-Miner, X-Minername and
 * X-Capacity. A user's plotter mines every merged coin (BHD, LHD, HDD, XHD pools of the same
 * kind share it); it is registered with each pool as bound earlier and bound on each chain to
 * the pool's address (mined into the next block). The pool recomputes every deadline.
 */
export function pocMiners(options: { db: Db; config: Config; secret: string; baseUrl: string; farms: readonly Farm[]; logger: FastifyBaseLogger }): { round: () => Promise<void> } {
  const { db, config, logger } = options;
  const farms = options.farms.filter((f) => POC_POOLS.has(f.pool));
  let miners: SimPocMiner[] | undefined;
  const plots = new Map<string, MemoryPlot>();
  const generator = createNonceGenerator();

  async function plotOf(userEmail: string, kind: string, index: number): Promise<MemoryPlot> {
    const key = `${userEmail}:${kind}:${index}`;
    let plot = plots.get(key);
    if (!plot) {
      const plotterId = u64Of(String(config.simulatorSeed), 'poc-plotter', key);
      const count = pocPlotNonces(userEmail, kind, index);
      // Built nonce by nonce, the server answering in between (each nonce is ~90 ms of hashing).
      const parts: MemoryPlot[] = [];
      for (let i = 0; i < count; i++) {
        parts.push(new MemoryPlot(plotterId, BigInt(i), 1, generator));
        await yieldToLoop();
      }
      plot = MemoryPlot.join(parts);
      plots.set(key, plot);
    }
    return plot;
  }

  async function start(): Promise<SimPocMiner[]> {
    const kinds = new Map((await simulatorRepository.pools(db)).map((p) => [p.type, p.pool_type]));
    const made: SimPocMiner[] = [];
    for (const farm of farms) {
      const devnet = pocDevnet(db, farm.coin, { secret: options.secret, blockSeconds: config.devnetPocBlockSeconds, networkNonces: config.devnetPocNetworkNonces, scale: 8 });
      const address = devnetPocPoolAddress(options.secret, farm.coin, farm.pool);
      const bound = new Set((await devnet.plotterBindings(address)).map((b) => b.plotterId));
      for (const [index, miner] of farm.miners.entries()) {
        const plot = await plotOf(farm.email, kinds.get(farm.pool) ?? 'ECO', index);
        if (!bound.has(plot.plotterId)) await devnet.bindPlotter(plot.plotterId, address);
        await simulatorRepository.insertPlot(db, {
          user_id: farm.userId,
          pool: farm.pool,
          plot_id: plot.plotterId.toString(),
          bind_address: address,
          bind_status: 'CONFIRMED',
          bind_sent_at: new Date(),
          confirmed_at: new Date(),
          size_bytes: BigInt(plot.bytes),
          file_count: 1,
          signing: 'signed',
        });
        made.push({ farm, name: miner.name, version: `scavenger ${miner.version}`, plot, height: 0 });
      }
    }
    logger.info({ miners: made.length, plots: plots.size }, 'simulator: BHD-family miners started');
    await coinOwner().catch((error: unknown) => logger.warn({ err: error }, 'simulator: the coin owner did not point'));
    return made;
  }

  /**
   * A coin owner (issue 22): the first BHD farm's user binds a source address of its own and
   * points 1000 BHD from it to the BHD pool's address (the binding's verification); the
   * `pointing` job confirms the binding and records the pointing. Once per database.
   */
  async function coinOwner(): Promise<void> {
    const farm = farms.find((f) => f.coin === 'BHD');
    if (!farm) return;
    if ((await listSourceAddresses(db, farm.userId, 'BHD', { page: 1, count: 1 })).total > 0) return;
    const devnet = pocDevnet(db, 'BHD', { secret: options.secret, blockSeconds: config.devnetPocBlockSeconds, networkNonces: config.devnetPocNetworkNonces, scale: 8 });
    // The coin's pointing chain: its first pool's address (pointingChainsOf).
    const poolAddress = devnetPocPoolAddress(options.secret, 'BHD', POOL_SEEDS.find((p) => p.coin === 'BHD' && p.protocol === 'poc-burst')?.type ?? 'bhd');
    const source = devnetAddress(options.secret, 'BHD', `coin-owner:${farm.email}`);
    await bindSourceAddress(db, new Map([['BHD', { coin: 'BHD', chain: devnet, poolAddress, devnet }]]), farm.userId, {
      coin: 'BHD',
      source_address: source,
      remark: 'simulated cold wallet',
    });
    await devnet.sendPoint(source, poolAddress, 1000n * 10n ** 8n);
    logger.info({ user: farm.email, source }, 'simulator: a coin owner points to the BHD pool');
  }

  async function mine(miner: SimPocMiner): Promise<void> {
    const url = `${options.baseUrl}${config.pocPoolPath}/${miner.farm.pool}`;
    const info = (await (await fetch(`${url}?requestType=getMiningInfo`)).json()) as { height: number; generationSignature: string; baseTarget: string; targetDeadline: number };
    if (!info.generationSignature || info.height === miner.height) return;
    miner.height = info.height;
    const best = miner.plot.deadlines({ generationSignature: info.generationSignature, height: info.height, baseTarget: BigInt(info.baseTarget) })[0];
    if (!best || best.deadline > BigInt(info.targetDeadline)) return;
    const query = new URLSearchParams({
      requestType: 'submitNonce',
      accountId: miner.plot.plotterId.toString(),
      nonce: best.nonce.toString(),
      blockheight: String(info.height),
      secretPhrase: '',
    });
    const answer = (await (
      await fetch(`${url}?${query.toString()}`, {
        method: 'POST',
        headers: {
          'X-Miner': miner.version,
          'X-Minername': miner.name,
          'X-Capacity': (miner.plot.bytes / 2 ** 30).toFixed(6),
          'X-Plotfile': `${miner.plot.plotterId}_0_${miner.plot.count}`,
          'X-Deadline': best.deadline.toString(),
        },
      })
    ).json()) as { result: string; deadline: number | null };
    if (answer.result !== 'success' && answer.result !== 'Reward recipient not set to pool') {
      logger.warn({ pool: miner.farm.pool, miner: miner.name, result: answer.result }, 'simulator: nonce refused');
    }
  }

  return {
    async round() {
      miners ??= await start();
      for (const miner of miners) await mine(miner).catch((error: unknown) => logger.warn({ err: error, pool: miner.farm.pool }, 'simulator: nonce not answered'));
    },
  };
}
