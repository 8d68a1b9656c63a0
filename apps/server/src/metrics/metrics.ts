import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (README 'Metrics'). One registry per process: the HTTP
 * hook, the worker, the pool protocols and the report route record into it with the one-line
 * calls below; `/metrics` (metrics.routes.ts) refreshes the gauges read from the database and
 * the connection pool at scrape time, then answers the text format. Label values are bounded:
 * routes are routed patterns, never raw URLs.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'platter_' });

export const httpDuration = new Histogram({
  name: 'platter_http_request_duration_seconds',
  help: 'HTTP requests by method, routed pattern (never the raw URL) and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const jobRuns = new Counter({ name: 'platter_job_runs_total', help: 'Background job runs, failed or not.', labelNames: ['job'] as const, registers: [registry] });
export const jobFailures = new Counter({ name: 'platter_job_failures_total', help: 'Background job runs that failed.', labelNames: ['job'] as const, registers: [registry] });
export const jobDuration = new Histogram({
  name: 'platter_job_duration_seconds',
  help: 'How long a background job run took.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
  registers: [registry],
});
export const jobLag = new Gauge({
  name: 'platter_job_lag_seconds',
  help: 'Seconds between when the last run of a job was due and when it started.',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const withdrawalsByStatus = new Gauge({
  name: 'platter_withdrawals',
  help: 'Withdrawals in the database by status (read at scrape time).',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const chiaPartialsAccepted = new Counter({
  name: 'platter_chia_partials_accepted_total',
  help: 'Chia pool protocol partials accepted at POST /partial.',
  labelNames: ['pool'] as const,
  registers: [registry],
});
export const chiaPartialsRejected = new Counter({
  name: 'platter_chia_partials_rejected_total',
  help: 'Chia pool protocol partials refused at POST /partial, by the protocol error code.',
  labelNames: ['pool', 'error_code'] as const,
  registers: [registry],
});

export const sharesIngested = new Counter({
  name: 'platter_shares_ingested_total',
  help: 'Shares stored for the settlement, by pool and source (report: the proxy tool; chia: confirmed partials).',
  labelNames: ['pool', 'source'] as const,
  registers: [registry],
});

export const settlementDuration = new Histogram({
  name: 'platter_settlement_duration_seconds',
  help: 'How long a daily settlement run took (the runs that settled at least one pool day).',
  buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
  registers: [registry],
});

export const ledgerCheckProblems = new Gauge({ name: 'platter_ledger_check_problems', help: 'Problems found by the last `ledger check` (0: green).', registers: [registry] });
export const ledgerCheckTimestamp = new Gauge({
  name: 'platter_ledger_check_timestamp_seconds',
  help: 'When the last `ledger check` ran (Unix seconds; 0: never).',
  registers: [registry],
});

export const dbPoolConnections = new Gauge({
  name: 'platter_db_pool_connections',
  help: "This process's database pool: total, idle and waiting (clients queued for a connection).",
  labelNames: ['state'] as const,
  registers: [registry],
});

/** One finished run of a background job (the worker loop today; the job engine's onJobFinished hook). */
export function recordJobRun(run: { name: string; ok: boolean; seconds: number; lagSeconds?: number }): void {
  jobRuns.inc({ job: run.name });
  if (!run.ok) jobFailures.inc({ job: run.name });
  jobDuration.observe({ job: run.name }, run.seconds);
  if (run.lagSeconds !== undefined) jobLag.set({ job: run.name }, Math.max(0, run.lagSeconds));
}

/** The daily settlement, timed when it settled anything (an idle check is not a settlement). */
export async function timedSettlement<T extends unknown[]>(work: () => Promise<T>): Promise<T> {
  const stop = settlementDuration.startTimer();
  const settled = await work();
  if (settled.length > 0) stop();
  return settled;
}

/** A POST /partial answered: accepted, or refused with the protocol's error code. */
export async function countedPartial<T>(pool: string, work: () => Promise<T>): Promise<T> {
  try {
    const answer = await work();
    chiaPartialsAccepted.inc({ pool });
    return answer;
  } catch (error) {
    const code = (error as { errorCode?: unknown }).errorCode;
    chiaPartialsRejected.inc({ pool, error_code: typeof code === 'number' ? String(code) : 'other' });
    throw error;
  }
}

export function recordSharesIngested(pool: string, source: 'report' | 'chia' | (string & {}), count: number): void {
  if (count > 0) sharesIngested.inc({ pool, source }, count);
}
