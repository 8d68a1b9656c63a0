import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A job's state as the operator sees it (`npm run platter -- jobs`, /admin/jobs). */
export interface JobStatusRow {
  name: string;
  /** `every <ms>`, `cron <line>` or '' (run by hand only). */
  schedule: string;
  last_started_at: Date | null;
  last_finished_at: Date | null;
  last_ok: boolean | null;
  last_seconds: number | null;
  last_error: string | null;
  last_error_at: Date | null;
  last_job_id: string | null;
  /** Failures since the last success. */
  failures: number;
  runs: string;
  total_failures: string;
}

/** Records one run of `name` (error null: it succeeded). */
export async function recordJobRun(db: Db, run: { name: string; jobId: string; started: Date; seconds: number; error: string | null }): Promise<void> {
  const ok = run.error === null;
  await sql`
    INSERT INTO job_status (name, last_started_at, last_finished_at, last_ok, last_seconds, last_error, last_error_at, last_job_id, failures, runs, total_failures)
    VALUES (${run.name}, ${run.started}, now(), ${ok}, ${run.seconds}, ${run.error}, ${ok ? null : sql`now()`}, ${run.jobId}, ${ok ? 0 : 1}, 1, ${ok ? 0 : 1})
    ON CONFLICT (name) DO UPDATE SET
      last_started_at = EXCLUDED.last_started_at,
      last_finished_at = EXCLUDED.last_finished_at,
      last_ok = EXCLUDED.last_ok,
      last_seconds = EXCLUDED.last_seconds,
      last_error = COALESCE(EXCLUDED.last_error, job_status.last_error),
      last_error_at = COALESCE(EXCLUDED.last_error_at, job_status.last_error_at),
      last_job_id = EXCLUDED.last_job_id,
      failures = CASE WHEN EXCLUDED.last_ok THEN 0 ELSE job_status.failures + 1 END,
      runs = job_status.runs + 1,
      total_failures = job_status.total_failures + EXCLUDED.total_failures`.execute(db);
}

/** The schedules a worker runs the jobs on (written at every worker's start). */
export async function recordSchedules(db: Db, schedules: { name: string; schedule: string }[]): Promise<void> {
  for (const { name, schedule } of schedules) {
    await sql`INSERT INTO job_status (name, schedule) VALUES (${name}, ${schedule}) ON CONFLICT (name) DO UPDATE SET schedule = EXCLUDED.schedule`.execute(db);
  }
}

export async function listJobStatus(db: Db): Promise<JobStatusRow[]> {
  const result = await sql<JobStatusRow>`SELECT * FROM job_status ORDER BY name`.execute(db);
  return result.rows;
}

/** Jobs of `name` waiting in the queue (created or retry), and when the earliest is due. */
export async function queuedJobs(db: Db): Promise<{ name: string; queued: number; next_at: Date | null }[]> {
  const result = await sql<{ name: string; queued: number; next_at: Date | null }>`
    SELECT name, count(*)::int AS queued, min(start_after) AS next_at
    FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`.execute(db);
  return result.rows;
}

/** Whether a job of `name` is queued or running (any worker). */
export async function jobPending(db: Db, name: string): Promise<boolean> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND state IN ('created', 'retry', 'active')`.execute(db);
  return (result.rows[0]?.n ?? 0) > 0;
}

/** The cron lines pg-boss keeps per job name. */
export async function cronSchedules(db: Db): Promise<{ name: string; cron: string }[]> {
  const result = await sql<{ name: string; cron: string }>`SELECT name, cron FROM pgboss.schedule`.execute(db);
  return result.rows;
}

/**
 * Jobs pg-boss has as active for more than `graceSeconds` while no database session holds their
 * lock: the worker running them was killed (its connection, and so its lock, went with it).
 */
export async function orphanedJobs(db: Db, lockClass: number, graceSeconds: number): Promise<{ name: string; id: string }[]> {
  const result = await sql<{ name: string; id: string }>`
    SELECT j.name, j.id::text AS id FROM pgboss.job j
    WHERE j.state = 'active' AND j.started_on < now() - make_interval(secs => ${graceSeconds})
      AND NOT EXISTS (
        SELECT 1 FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.classid = ${lockClass}::oid AND l.objid = hashtext(j.name)::oid AND l.objsubid = 2 AND l.granted)`.execute(db);
  return result.rows;
}

/**
 * The job engine's advisory locks, on the one connection that holds them for the process's
 * lifetime (session locks of class `lockClass`): key 0 serialises the workers' set-up (their
 * concurrent DDL deadlocks), and a job's name hashed keeps its runs one at a time across
 * workers.
 */
export function jobLocks(conn: Db, lockClass: number) {
  return {
    setUpLock: async () => {
      await sql`SELECT pg_advisory_lock(${lockClass}, 0)`.execute(conn);
    },
    setUpUnlock: async () => {
      await sql`SELECT pg_advisory_unlock(${lockClass}, 0)`.execute(conn);
    },
    /** Whether this process now runs the job (false: another worker does). */
    tryJob: async (name: string) => (await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${lockClass}, hashtext(${name})) AS locked`.execute(conn)).rows[0]?.locked === true,
    releaseJob: async (name: string) => {
      await sql`SELECT pg_advisory_unlock(${lockClass}, hashtext(${name}))`.execute(conn);
    },
    releaseAll: async () => {
      await sql`SELECT pg_advisory_unlock_all()`.execute(conn);
    },
  };
}
