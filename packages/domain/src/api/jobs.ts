import { z } from 'zod';

/** A background job as the back office shows it (/admin/jobs; CLI `jobs`). */
export const jobOverviewSchema = z.object({
  name: z.string(),
  /** `every <ms>`, `cron <line>` (UTC), or '' when it runs only by hand. */
  schedule: z.string(),
  last_run_at: z.string().nullable(),
  last_ok: z.boolean().nullable(),
  last_seconds: z.number().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  /** Failures since the last success. */
  failures: z.number().int(),
  runs: z.number().int(),
  queued: z.number().int(),
});
export type JobOverview = z.infer<typeof jobOverviewSchema>;

/** POST /api/admin/runjob: queue a job now (run it, or retry it after a failure). */
export const runJobBody = z.object({ name: z.string().regex(/^[a-z0-9-]{1,64}$/) });
export type RunJobBody = z.infer<typeof runJobBody>;
