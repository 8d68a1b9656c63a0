import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';

/**
 * The job engine's own tables (pg-boss, schema `pgboss`), created with the rest of the schema so
 * that every database the migrations reach — `npm start`, the CLI, each test file's clone of the
 * template — has them before a worker starts. Later pg-boss versions migrate their own schema
 * when a worker starts (`migrate: true`); this only creates it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // pg-boss wraps its plan in BEGIN … COMMIT; the migration already runs in a transaction.
  const plan = PgBoss.getConstructionPlans('pgboss')
    .replace(/^\s*BEGIN;/, '')
    .replace(/COMMIT;\s*$/, '');
  await sql.raw(plan).execute(db);
  // What the operator sees per job (`npm run platter -- jobs`, /admin/jobs): one row per job name,
  // written by the worker after each run.
  await sql`
    CREATE TABLE job_status (
      name text PRIMARY KEY,
      schedule text NOT NULL DEFAULT '',
      last_started_at timestamptz,
      last_finished_at timestamptz,
      last_ok boolean,
      last_seconds double precision,
      last_error text,
      last_error_at timestamptz,
      last_job_id text,
      failures integer NOT NULL DEFAULT 0,
      runs bigint NOT NULL DEFAULT 0,
      total_failures bigint NOT NULL DEFAULT 0
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS job_status`.execute(db);
  await sql`DROP SCHEMA IF EXISTS pgboss CASCADE`.execute(db);
}
