import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DevnetRegistry } from './chain/devnet.ts';
import type { ChainRegistry } from './chain/chain.ts';
import type { Db } from './db/database.ts';
import { runNoticeJobs } from './modules/inmail/inmail.service.ts';
import { confirmBindings } from './modules/pool/plots.ts';
import { applyPendingCredits, settleDue } from './modules/pool/settlement.ts';
import { samplePools } from './modules/pool/views.ts';
import type { ChiaPoolEntry } from './protocols/chia/setup.ts';
import { runAutoPay } from './modules/wallet/autopay.ts';
import { coinsToScan, scanDeposits } from './modules/wallet/deposits.ts';
import { expireExports, runPendingExports } from './modules/exports/exports.service.ts';
import { sendDue, type ReviewSchedule } from './modules/wallet/withdrawals.ts';
import { reconcileUnknown, trackSent } from './modules/wallet/sending.ts';
import { reconcileWallets } from './modules/wallet/reconcile.ts';
import { timedJob, timedSettlement } from './metrics/metrics.ts';

/** How often a real node's pool rewards are claimed (pool-reference collect_pool_rewards_interval). */
const REWARD_CLAIM_MS = 600_000;
/** How often settled days whose crediting stopped half-way are looked for. */
const CREDIT_RESUME_MS = 60_000;
/** The hot wallets' balances against the ledger (README 'Custody'). */
const WALLET_RECONCILE_MS = 10 * 60_000;

/** Advisory lock key of the worker: one process runs the jobs at a time. */
const WORKER_LOCK = 7_204_113;

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
  /** Devnet: milliseconds between simulated Chia signage points. */
  devnetChiaSignagePointMs?: number;
}

/**
 * The background jobs: devnet blocks, deposit scanning and crediting, sending approved
 * withdrawals (exactly once, see withdrawals.ts), the daily settlement of the pools, the
 * pool trend's hourly sample, the daily Auto Pay run, exports and admin notifications to every user. Every
 * job is safe to run twice; the advisory lock only keeps two processes from doing the same work.
 */
export function startWorker(options: WorkerOptions) {
  const { db, chains, devnet, logger } = options;
  let lastBlock = Date.now();
  let lastSignagePoint = 0;
  let lastRewardClaim = 0;
  let lastCreditResume = 0;
  let lastWalletCheck = 0;
  // The settlement runs once per UTC day (and at start, for any day missed while down); the
  // trend takes one sample per hour.
  let settledFor = '';
  let sampledHour = -1;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  // When the round now waiting was asked for (the timer or a kick): its lag is measured from here.
  let kickedAt = Date.now();

  async function runJobs(): Promise<void> {
    if (devnet && Date.now() - lastBlock >= options.devnetBlockMs) {
      lastBlock = Date.now();
      await devnet.tick();
    }
    await timedJob('deposits', async () => {
      for (const coin of await coinsToScan(db)) {
        const { credited } = await scanDeposits(db, chains, coin);
        if (credited) logger.info({ coin, credited }, 'deposits credited');
      }
    });
    await timedJob('bindings', () => confirmBindings(db, chains));
    await timedJob('chia', runChiaJobs);
    const sent = await timedJob('withdrawals-send', () => sendDue(db, chains));
    if (sent) logger.info({ sent }, 'withdrawals sent');
    // Custody: accepted payments followed to SENT (or FAILED); sends of unknown outcome looked
    // for, never resent (README 'Custody').
    const tracked = await trackSent(db, chains);
    if (tracked.confirmed || tracked.failed) logger.info(tracked, 'withdrawals confirmed or failed on chain');
    const unknown = await reconcileUnknown(db, chains);
    if (unknown.found.length) logger.info({ found: unknown.found }, 'sends of unknown outcome found in the wallet');
    if (unknown.unknown.length) logger.warn({ withdrawals: unknown.unknown }, 'sends of unknown outcome wait for the operator (npm run platter -- custody list)');
    if (Date.now() - lastWalletCheck >= WALLET_RECONCILE_MS) {
      lastWalletCheck = Date.now();
      for (const r of await reconcileWallets(db, chains)) {
        if (r.difference !== 0n) logger.error({ coin: r.coin, wallet: String(r.wallet), ledger: String(r.ledger), pendingDeposits: String(r.pendingDeposits), unowned: String(r.unowned), difference: String(r.difference) }, 'hot wallet differs from the ledger');
      }
    }
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    if (settledFor !== today) {
      const settled = await timedJob('settlement', () => timedSettlement(() => settleDue(db, now)));
      settledFor = today;
      if (settled.length) logger.info({ days: settled.map((s) => `${s.pool}:${s.day}:${s.status}`) }, 'pool days settled');
    }
    // A settlement interrupted between its chunks (a restart, a failed chunk): its remaining
    // credits move at the next check, once a minute rather than every tick.
    if (Date.now() - lastCreditResume >= CREDIT_RESUME_MS) {
      lastCreditResume = Date.now();
      const resumed = await applyPendingCredits(db);
      if (resumed) logger.info({ credits: resumed }, 'settlement credits resumed');
    }
    const hour = Math.floor(now.getTime() / 3600_000);
    if (sampledHour !== hour) {
      await samplePools(db, now);
      sampledHour = hour;
    }
    // After the settlement: the day's income is in pending earnings for Auto Pay.
    const paid = await timedJob('autopay', () => runAutoPay(db, options.schedule, options.autoPayHourUtc));
    if (paid.length) logger.info({ runs: paid.length }, 'Auto Pay ran');
    await timedJob('exports', () => runPendingExports({ db, chains }, options.exportFileHours ?? 24));
    await expireExports(db);
    // Notifications to every user: resumed after a restart from the last committed batch.
    const notices = await timedJob('notices', () => runNoticeJobs(db));
    if (notices.delivered) logger.info(notices, 'notifications delivered');
  }

  /** Chia: the devnet's signage points, confirmed partials, farmer updates after their cool-down. */
  async function runChiaJobs(): Promise<void> {
    const chia = options.chia ?? [];
    if (devnet && Date.now() - lastSignagePoint >= (options.devnetChiaSignagePointMs ?? 10_000)) {
      lastSignagePoint = Date.now();
      for (const coin of new Set(chia.map((c) => c.coin))) {
        const node = chia.find((c) => c.coin === coin)?.devnet;
        if (node) {
          await node.signagePoint();
          await node.prune();
        }
      }
    }
    for (const entry of chia) {
      const { confirmed, rejected } = await entry.service.confirmDue();
      if (confirmed || rejected) logger.info({ pool: entry.pool, confirmed, rejected }, 'chia partials confirmed');
      await entry.service.applyUpdates();
    }
    // A real node: the members' pool rewards claimed every ten minutes (the reference pool's interval).
    if (Date.now() - lastRewardClaim >= REWARD_CLAIM_MS) {
      lastRewardClaim = Date.now();
      for (const entry of chia) {
        const recorded = await entry.service.collectRewards((error, launcherId) => logger.warn({ err: error, pool: entry.pool, launcherId }, 'chia pool reward not claimed'));
        if (recorded) logger.info({ pool: entry.pool, blocks: recorded }, 'chia pool rewards claimed');
      }
    }
  }

  async function once(dueAt: number): Promise<void> {
    await db.connection().execute(async (conn) => {
      const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${WORKER_LOCK}) AS locked`.execute(conn);
      if (!lock.rows[0]?.locked) return;
      try {
        await timedJob('worker-round', runJobs, dueAt);
      } finally {
        await sql`SELECT pg_advisory_unlock(${WORKER_LOCK})`.execute(conn);
      }
    });
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      if (!again) kickedAt = Date.now();
      again = true;
      return;
    }
    kickedAt = Date.now();
    running = (async () => {
      do {
        again = false;
        try {
          await once(kickedAt);
        } catch (error) {
          logger.error({ err: error }, 'worker run failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  }

  const timer = setInterval(kick, options.intervalMs);
  timer.unref();
  return {
    kick,
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type Worker = ReturnType<typeof startWorker>;
