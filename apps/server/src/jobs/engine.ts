import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { ChainRegistry } from '../chain/chain.ts';
import type { StakingSource } from '../chain/mass-wallet.ts';
import type { DevnetRegistry } from '../chain/devnet.ts';
import type { Db } from '../db/database.ts';
import type { ReviewSchedule } from '../modules/withdraw/withdraw.service.ts';
import type { ChiaPoolEntry } from '../protocols/chia/setup.ts';
import type { PocPoolEntry } from '../protocols/poc/setup.ts';
import type { Simulation } from '../sim/simulation.ts';
import { jobLocks, orphanedJobs, recordJobRun, recordSchedules } from './jobs.repository.ts';

/** What every job's handler may use: the database, the chains and the settings of the worker. */
export interface JobContext {
  db: Db;
  chains: ChainRegistry;
  /** Present when the chains are the devnet simulator: its blocks and signage points are jobs. */
  devnet?: DevnetRegistry;
  /** The Chia pool protocol endpoints. */
  chia: ChiaPoolEntry[];
  /** The Burst pool protocol's pools (issue 21). */
  poc?: PocPoolEntry[];
  schedule: ReviewSchedule;
  autoPayHourUtc: number;
  exportFileHours: number;
  /** The tick of the frequent jobs (WORKER_INTERVAL_MS). */
  intervalMs: number;
  devnetBlockMs: number;
  devnetChiaSignagePointMs: number;
  /** Present in the process that runs the devnet simulation (npm start: role all, SIMULATOR on). */
  simulation?: Simulation;
  /** Where MASS's locked (staking) revenue is read (issue 22: the job staking-income), with its confirmations and first block. */
  staking?: StakingSource[];
  stakingConfirmations?: number;
  stakingStartHeight?: number;
  /** The message channels' outbox (issue 24): one delivery run. */
  messages?: { deliver: () => Promise<Record<string, number>> };
  logger: FastifyBaseLogger;
}

/**
 * When a job runs: every so many milliseconds, or on a cron line (UTC, minute resolution), or
 * only once when a worker starts. `atStart`: also queued when a worker starts (a day missed
 * while every worker was down; start-up work that must not hold up the server's start).
 */
export type JobSchedule = { everyMs: number } | { cron: string; atStart?: boolean } | { atStart: true };

export interface JobDefinition<P = Record<string, never>> {
  name: string;
  /** From the worker's settings; undefined: the job is not scheduled in this install (still runnable by hand). */
  schedule: (ctx: JobContext) => JobSchedule | undefined;
  payload: z.ZodType<P>;
  /** Attempts after the first failure (with exponential backoff from `retryDelaySeconds`). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Whether this process works the job's queue (default: every worker). */
  runsHere?: (ctx: JobContext) => boolean;
  /** Calls a service; what it returns is logged when it is not empty. */
  handler: (ctx: JobContext, payload: P) => Promise<Record<string, unknown> | void>;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob = JobDefinition<any>;

export function describeSchedule(when: JobSchedule | undefined): string {
  if (!when) return '';
  if ('everyMs' in when) return `every ${when.everyMs}`;
  return 'cron' in when ? `cron ${when.cron}` : 'at start';
}

/** One finished run, for metrics (issue 19): the job's name, success, its duration and how late it started. */
export interface JobFinished {
  name: string;
  ok: boolean;
  seconds: number;
  /** Seconds between the time it was due and the time a worker started it. */
  lag: number;
}
const finishedListeners = new Set<(run: JobFinished) => void>();

/** Calls `listener` after every job run of this process; returns the function that removes it. */
export function onJobFinished(listener: (run: JobFinished) => void): () => void {
  finishedListeners.add(listener);
  return () => finishedListeners.delete(listener);
}

/** Advisory lock class of the jobs: the second key is hashtext(name). */
const JOB_LOCK_CLASS = 7_204_113;
/** How often, and after how long active without its lock, a job counts as lost with its worker. */
const ORPHAN_CHECK_MS = 5000;
const ORPHAN_GRACE_SECONDS = 10;
const QUEUE_OPTIONS = { policy: 'short' as const, expireInSeconds: 15 * 60, retentionDays: 7 };

/** pg-boss on the application's own Kysely pool: one pool per process, test clones work unchanged. */
export function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

export interface JobEngineOptions {
  ctx: JobContext;
  jobs: AnyJob[];
  /** Milliseconds between the checks for interval jobs that are due (default: ctx.intervalMs). */
  tickMs?: number;
}

/**
 * The worker: every job of `jobs` on pg-boss queues in the database. Any number of worker
 * processes run it side by side: a period's job is created once (pg-boss's throttle key per
 * period, its cron monitor per minute), one queued job per name (`short` policy), and a job runs
 * in one process at a time (a session advisory lock per job name, released by PostgreSQL the
 * moment a killed process's connection drops, so another worker takes over at its next tick).
 * A failure is logged with the job's id and retried with backoff; it never stops another job.
 */
export async function startJobEngine(options: JobEngineOptions) {
  const { ctx, jobs } = options;
  const { db, logger } = ctx;
  const byName = new Map(jobs.map((j) => [j.name, j]));
  const boss = new PgBoss({
    db: bossDb(db),
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: true,
    cronWorkerIntervalSeconds: 5,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job engine error'));

  // One connection of the pool holds this process's job locks for its lifetime.
  let releaseLockConnection: () => void = () => undefined;
  const locks = await new Promise<ReturnType<typeof jobLocks>>((resolve, reject) => {
    const held = new Promise<void>((r) => (releaseLockConnection = r));
    db.connection()
      .execute(async (conn) => {
        const onConnection = jobLocks(conn, JOB_LOCK_CLASS);
        resolve(onConnection);
        await held;
        await onConnection.releaseAll();
      })
      .catch((error: unknown) => {
        reject(error as Error);
        logger.error({ err: error }, 'job lock connection lost');
      });
  });

  const workerIds = new Map<string, string>();
  const intervals: { job: AnyJob; everyMs: number; lastSlot: number }[] = [];
  async function setUp(): Promise<void> {
    for (const job of jobs) {
      const retry = { retryLimit: job.retryLimit ?? 3, retryDelay: job.retryDelaySeconds ?? 5, retryBackoff: true };
      const queue = await boss.getQueue(job.name);
      if (queue) await boss.updateQueue(job.name, { name: job.name, ...QUEUE_OPTIONS, ...retry });
      else
        await boss.createQueue(job.name, { name: job.name, ...QUEUE_OPTIONS, ...retry }).catch(async (error: unknown) => {
          if (!(await boss.getQueue(job.name))) throw error; // else created by a concurrent worker
        });
      const when = job.schedule(ctx);
      if (when && 'cron' in when) await boss.schedule(job.name, when.cron, {}, { tz: 'UTC' });
      else await boss.unschedule(job.name);
      if (when && 'everyMs' in when) intervals.push({ job, everyMs: when.everyMs, lastSlot: -1 });
      // Workers starting together queue it once (a throttle slot of five minutes).
      if (when && 'atStart' in when && when.atStart) await boss.send(job.name, {}, { singletonKey: 'at-start', singletonSeconds: 300 });
      if (job.runsHere && !job.runsHere(ctx)) continue;
      const pollingIntervalSeconds = Math.max(0.5, Math.min(5, (when && 'everyMs' in when ? when.everyMs : 5000) / 1000));
      workerIds.set(job.name, await boss.work(job.name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, ([job0]) => runOne(job, job0!)));
    }
    await recordSchedules(
      db,
      jobs.map((job) => ({ name: job.name, schedule: describeSchedule(job.schedule(ctx)) })),
    );
  }

  // Workers starting together set the queues up one after another (concurrent DDL deadlocks).
  await locks.setUpLock();
  try {
    await boss.start();
    await setUp();
  } finally {
    await locks.setUpUnlock();
  }
  async function runOne(job: AnyJob, item: PgBoss.JobWithMetadata<unknown>): Promise<unknown> {
    if (!(await locks.tryJob(job.name))) return { skipped: 'running in another worker' };
    const started = new Date();
    const lag = Math.max(0, (started.getTime() - new Date(item.startAfter).getTime()) / 1000);
    try {
      const payload = job.payload.parse(item.data ?? {});
      const result = await job.handler(ctx, payload);
      const seconds = (Date.now() - started.getTime()) / 1000;
      if (result && Object.keys(result).length > 0) logger.info({ job: job.name, jobId: item.id, ...result }, `job ${job.name} done`);
      await recordJobRun(db, { name: job.name, jobId: item.id, started, seconds, error: null }).catch((error: unknown) => logger.warn({ err: error }, 'job status not recorded'));
      emit({ name: job.name, ok: true, seconds, lag });
      return result ?? {};
    } catch (error) {
      const seconds = (Date.now() - started.getTime()) / 1000;
      logger.error({ err: error, job: job.name, jobId: item.id, attempt: item.retryCount + 1, retryLimit: item.retryLimit }, `job ${job.name} failed`);
      await recordJobRun(db, { name: job.name, jobId: item.id, started, seconds, error: error instanceof Error ? error.message : String(error) }).catch((e: unknown) =>
        logger.warn({ err: e }, 'job status not recorded'),
      );
      emit({ name: job.name, ok: false, seconds, lag });
      throw error;
    } finally {
      await locks.releaseJob(job.name).catch(() => undefined);
    }
  }

  function emit(run: JobFinished): void {
    for (const listener of finishedListeners) {
      try {
        listener(run);
      } catch (error) {
        logger.warn({ err: error }, 'job listener failed');
      }
    }
  }

  let stopped = false;
  let lastOrphanCheck = 0;
  async function tick(): Promise<void> {
    const now = Date.now();
    if (now - lastOrphanCheck >= ORPHAN_CHECK_MS) {
      lastOrphanCheck = now;
      // A job whose worker was killed (SIGKILL, a lost machine) is failed now, so that it is
      // retried by another worker instead of waiting for its expiry.
      for (const orphan of await orphanedJobs(db, JOB_LOCK_CLASS, ORPHAN_GRACE_SECONDS).catch(() => [])) {
        logger.warn({ job: orphan.name, jobId: orphan.id }, `job ${orphan.name} lost its worker; retried`);
        await boss.fail(orphan.name, orphan.id, { message: 'the worker running it stopped' }).catch(() => undefined);
      }
    }
    for (const entry of intervals) {
      const slot = Math.floor(now / entry.everyMs);
      if (slot === entry.lastSlot) continue;
      entry.lastSlot = slot;
      // One job per period whatever the number of workers: the throttle key is the period.
      const id = await boss.send(entry.job.name, {}, { singletonKey: 'every', singletonSeconds: Math.max(1, Math.round(entry.everyMs / 1000)) }).catch((error: unknown) => {
        logger.warn({ err: error, job: entry.job.name }, 'job not queued');
        return null;
      });
      const workerId = workerIds.get(entry.job.name);
      if (id && workerId) boss.notifyWorker(workerId);
    }
  }
  let ticking: Promise<void> | undefined;
  const tickMs = options.tickMs ?? Math.max(250, Math.min(ctx.intervalMs, ...intervals.map((i) => i.everyMs)));
  const timer = setInterval(() => {
    if (stopped || ticking) return;
    ticking = tick().finally(() => (ticking = undefined));
  }, tickMs);
  timer.unref();
  ticking = tick().finally(() => (ticking = undefined));

  return {
    names: () => [...byName.keys()],
    /** Queues `name` now (the operator's `jobs run`, a kick after new work) and wakes this process's worker. */
    async run(name: string, payload: Record<string, unknown> = {}): Promise<string | null> {
      const job = byName.get(name);
      if (!job) throw new Error(`unknown job ${name}`);
      const id = await boss.send(name, job.payload.parse(payload) as object);
      const workerId = workerIds.get(name);
      if (workerId) boss.notifyWorker(workerId);
      return id;
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await ticking;
      // A job still running after 10 s is left to its retry: every job survives a kill -9
      // (workers.process.test.ts), and a stop that outwaits the supervisor's grace ends in SIGKILL anyway.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      releaseLockConnection();
    },
  };
}
export type JobEngine = Awaited<ReturnType<typeof startJobEngine>>;
