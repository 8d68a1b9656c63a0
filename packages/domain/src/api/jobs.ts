import { z } from 'zod';
import { text } from './text.ts';

/** A background job as the back office shows it (/admin/jobs; CLI `jobs`). */
export const jobOverviewSchema = z.object({
  name: text(),
  /** `every <ms>`, `cron <line>` (UTC), or '' when it runs only by hand. */
  schedule: text(),
  last_run_at: text().nullable(),
  last_ok: z.boolean().nullable(),
  last_seconds: z.number().nullable(),
  last_error: text().nullable(),
  last_error_at: text().nullable(),
  next_run_at: text().nullable(),
  /** Failures since the last success. */
  failures: z.number().int(),
  runs: z.number().int(),
  queued: z.number().int(),
});
export type JobOverview = z.infer<typeof jobOverviewSchema>;

/** POST /api/admin/runjob: queue a job now (run it, or retry it after a failure). */
export const runJobBody = z.object({ name: text().regex(/^[a-z0-9-]{1,64}$/) });
export type RunJobBody = z.infer<typeof runJobBody>;
