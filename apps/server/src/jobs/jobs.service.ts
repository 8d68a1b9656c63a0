import cronParser from 'cron-parser';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database.ts';
import { bossDb } from './engine.ts';
import { listJobStatus, queuedJobs } from './jobs.repository.ts';

/** One job as the operator sees it (CLI `jobs`, /admin/jobs). */
export interface JobOverview {
  name: string;
  schedule: string;
  last_run_at: string | null;
  last_ok: boolean | null;
  last_seconds: number | null;
  last_error: string | null;
  last_error_at: string | null;
  next_run_at: string | null;
  /** Failures since the last success. */
  failures: number;
  runs: number;
  queued: number;
}

/** When the job runs next: a queued job's due time, else its schedule from its last run. */
export function nextRun(schedule: string, lastStarted: Date | null, queuedAt: Date | null, now = new Date()): Date | null {
  if (queuedAt) return queuedAt;
  if (schedule.startsWith('every ')) {
    const ms = Number(schedule.slice(6));
    return lastStarted ? new Date(Math.max(now.getTime(), lastStarted.getTime() + ms)) : now;
  }
  if (schedule.startsWith('cron ')) return cronParser.parseExpression(schedule.slice(5), { tz: 'UTC', currentDate: now }).next().toDate();
  return null;
}

export async function jobsOverview(db: Db, now = new Date()): Promise<JobOverview[]> {
  const queued = new Map((await queuedJobs(db)).map((q) => [q.name, q]));
  return (await listJobStatus(db)).map((row) => ({
    name: row.name,
    schedule: row.schedule,
    last_run_at: row.last_finished_at?.toISOString() ?? null,
    last_ok: row.last_ok,
    last_seconds: row.last_seconds,
    last_error: row.last_error,
    last_error_at: row.last_error_at?.toISOString() ?? null,
    next_run_at: nextRun(row.schedule, row.last_started_at, queued.get(row.name)?.next_at ?? null, now)?.toISOString() ?? null,
    failures: row.failures,
    runs: Number(row.runs),
    queued: queued.get(row.name)?.queued ?? 0,
  }));
}

/** Queues `name` now for the workers (the operator's run or retry); known false: no worker has such a job. */
export async function queueJob(db: Db, name: string): Promise<{ known: boolean; id: string | null }> {
  if (!(await listJobStatus(db)).some((row) => row.name === name)) return { known: false, id: null };
  const boss = new PgBoss({ db: bossDb(db), schema: 'pgboss', migrate: false, supervise: false, schedule: false });
  await boss.start();
  try {
    return { known: true, id: await boss.send(name, {}, { singletonKey: 'operator', singletonSeconds: 1 }) };
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}
