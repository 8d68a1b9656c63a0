import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { chiaPrimitives } from '../protocols/chia/primitives.impl.ts';
import { chiaFarmers } from './chiaFarmers.ts';
import { chiaOgFarmers } from './chiaOgFarmers.ts';
import { pocMiners } from './pocMiners.ts';
import { makeHistory, prepareFarms, simulatedUsers, startSimulator, type SimFarm, type SimulatorOptions } from './simulator.ts';

/**
 * The devnet simulation of a `npm start` (role all, devnet, SIMULATOR on), as the start-up and
 * the jobs use it. Nothing slow runs before the server listens: main.ts makes the farmers'
 * accounts (the demo's password is printed once) and, once listening, their farms and the live
 * reports; the history is the job `simulator-history` and the Chia PP and OG farmers are the job
 * `simulator-chia-farmers` (their start — joining the pool, plotting in worker threads — in its
 * first run). Both jobs run in this process only: the farms' API keys live in its memory.
 */
export interface Simulation {
  /** The farmers' accounts; the demo farmer's credentials when made now (first start). */
  prepareUsers(): Promise<{ email: string; password: string } | null>;
  /** Once the server listens at `baseUrl`: the farms (keys, addresses, plots), then the live reports. */
  start(baseUrl: string): Promise<void>;
  /** The job simulator-history: the pools whose history it made. */
  makeHistory(): Promise<string[]>;
  /** The job simulator-chia-farmers: one round of the Chia PP and OG farmers (they start in the first). */
  chiaFarmersRound(): Promise<{ waiting: string } | undefined>;
  /** The job simulator-poc-miners: one round of the BHD-family miners (their plots are built in the first). */
  pocMinersRound(): Promise<{ waiting: string } | undefined>;
  stop(): Promise<void>;
}

export function createSimulation(deps: { config: Config; db: Db; secret: string; logger: FastifyBaseLogger }): Simulation {
  const { config, db, logger } = deps;
  const options: SimulatorOptions = {
    db,
    baseUrl: '',
    seed: config.simulatorSeed,
    pools: config.simulatorPools.split(','),
    tickSeconds: config.simulatorTickSeconds,
    blockSeconds: config.simulatorBlockSeconds,
    backfillDays: config.simulatorBackfillDays,
    logger,
  };
  let userIds: string[] = [];
  let farms: SimFarm[] | undefined;
  let baseUrl = '';
  let live: { stop: () => Promise<void> } | undefined;
  let crypto: Awaited<ReturnType<typeof chiaPrimitives>> | undefined;
  let farmers: { round: () => Promise<void> }[] | undefined;
  let round: Promise<unknown> | undefined;
  let poc: { round: () => Promise<void> } | undefined;
  let pocRound: Promise<unknown> | undefined;
  let stopped = false;

  return {
    async prepareUsers() {
      const { users, demo } = await simulatedUsers(db);
      userIds = users.map((u) => u.id);
      return demo;
    },

    async start(url) {
      baseUrl = url;
      const prepared = await prepareFarms({ ...options, baseUrl }, (await simulatedUsers(db)).users);
      if (stopped) return;
      farms = prepared;
      live = startSimulator({ ...options, baseUrl }, prepared);
    },

    makeHistory: () => makeHistory(options),

    async chiaFarmersRound() {
      if (stopped) return { waiting: 'stopping' };
      if (!farms) return { waiting: 'the simulation starts once the server listens' };
      if (!farmers) {
        crypto ??= await chiaPrimitives({ blsThreads: 1 });
        farmers = [
          // Chia PP: simulated farmers speaking the real pool protocol (real keys, real proofs).
          chiaFarmers({ db, config, secret: deps.secret, crypto, baseUrl, userIds, logger }),
          // Chia OG: simulated harvester proxies submitting verified proofs with the users' API keys.
          chiaOgFarmers({ config, crypto, baseUrl, keys: farms.filter((f) => f.pool === 'chia').map((f) => f.key), logger }),
        ];
      }
      const current = Promise.all(farmers.map((f) => f.round()));
      round = current.catch(() => undefined);
      await current;
      return undefined;
    },

    async pocMinersRound() {
      if (stopped) return { waiting: 'stopping' };
      if (!farms) return { waiting: 'the simulation starts once the server listens' };
      poc ??= pocMiners({ db, config, secret: deps.secret, baseUrl, farms, logger });
      const current = poc.round();
      pocRound = current.catch(() => undefined);
      await current;
      return undefined;
    },

    async stop() {
      stopped = true;
      await live?.stop();
      await round;
      await pocRound;
      await crypto?.close();
    },
  };
}
