import type { FastifyBaseLogger } from 'fastify';
import type { DevnetRegistry } from './chain/devnet.ts';
import type { ChainRegistry } from './chain/chain.ts';
import type { StakingSource } from './chain/mass-wallet.ts';
import type { Db } from './db/database.ts';
import { onJobFinished, startJobEngine, type AnyJob } from './jobs/engine.ts';
import { recordJobRun } from './metrics/metrics.ts';
import { JOBS } from './jobs/index.ts';
import type { ChiaPoolEntry } from './protocols/chia/setup.ts';
import type { PocPoolEntry } from './protocols/poc/setup.ts';
import type { ReviewSchedule } from './modules/withdraw/withdraw.service.ts';
import type { Simulation } from './sim/simulation.ts';

export interface WorkerOptions {
  db: Db;
  chains: ChainRegistry;
  /** Hours an export file stays downloadable (EXPORT_FILE_HOURS). */
  exportFileHours?: number;
  /** Present when the chains are the devnet simulator: the worker mines its blocks. */
  devnet?: DevnetRegistry;
  schedule: ReviewSchedule;
  autoPayHourUtc: number;
  intervalMs: number;
  devnetBlockMs: number;
  logger: FastifyBaseLogger;
  /** The Chia pool protocol endpoints: their partials are confirmed and farmer updates applied here. */
  chia?: ChiaPoolEntry[];
  /** The Burst pool protocol's pools: their rounds are followed (and devnet chains advanced) here. */
  poc?: PocPoolEntry[];
  /** Devnet: milliseconds between simulated Chia signage points. */
  devnetChiaSignagePointMs?: number;
  /** The devnet simulation of this process (its history and Chia farmers are jobs). */
  simulation?: Simulation;
  /** Where MASS's locked revenue is read (issue 22), its confirmations and first block. */
  staking?: { sources: StakingSource[]; confirmations: number; startHeight?: number };
  /** The message channels' delivery run (issue 24). */
  messages?: { deliver: () => Promise<Record<string, number>> };
  /** The jobs this worker runs (default: every job of jobs/index.ts). */
  jobs?: AnyJob[];
}

/**
 * The background jobs (jobs/: devnet blocks, deposits, sending, custody, settlement, Auto Pay,
 * exports, notifications …) on the PostgreSQL job engine (jobs/engine.ts). Any number of
 * processes (PLATTER_ROLE=worker or all) run it side by side; each period's job runs once.
 */
export async function startWorker(options: WorkerOptions) {
  // Every run of this process's jobs in the Prometheus metrics (runs, failures, duration, lag).
  const unlisten = onJobFinished((run) => recordJobRun({ name: run.name, ok: run.ok, seconds: run.seconds, lagSeconds: run.lag }));
  const engine = await startJobEngine({
    jobs: options.jobs ?? JOBS,
    ctx: {
      db: options.db,
      chains: options.chains,
      ...(options.devnet ? { devnet: options.devnet } : {}),
      chia: options.chia ?? [],
      poc: options.poc ?? [],
      schedule: options.schedule,
      autoPayHourUtc: options.autoPayHourUtc,
      exportFileHours: options.exportFileHours ?? 24,
      intervalMs: options.intervalMs,
      devnetBlockMs: options.devnetBlockMs,
      devnetChiaSignagePointMs: options.devnetChiaSignagePointMs ?? 10_000,
      ...(options.simulation ? { simulation: options.simulation } : {}),
      ...(options.messages ? { messages: options.messages } : {}),
      ...(options.staking
        ? {
            staking: options.staking.sources,
            stakingConfirmations: options.staking.confirmations,
            ...(options.staking.startHeight ? { stakingStartHeight: options.staking.startHeight } : {}),
          }
        : {}),
      logger: options.logger,
    },
  });
  return {
    engine,
    /** Queues the named jobs now (new work for them: an export requested, a notice sent, a devnet payment). */
    kick(...names: string[]): void {
      for (const name of names) void engine.run(name).catch((error: unknown) => options.logger.warn({ err: error, job: name }, 'job not queued'));
    },
    async stop(): Promise<void> {
      unlisten();
      await engine.stop();
    },
  };
}
export type Worker = Awaited<ReturnType<typeof startWorker>>;
