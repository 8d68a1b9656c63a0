import type { Db } from '../db/database.ts';
import { jobsOverview, queueJob } from '../jobs/jobs.service.ts';

export const JOBS_HELP = `  jobs                            every background job: last run, last error, next run, failures since
                                  the last success (as the workers recorded them)
  jobs run <name>                 queue that job now; a running worker takes it up
`;

/** `npm run platter -- jobs [run <name>]`. */
export async function jobsCommand(args: string[], db: Db, out: (text: string) => void, err: (text: string) => void): Promise<number> {
  const [sub, name] = args;
  if (sub === 'run') {
    if (!name) {
      err('jobs run needs a job name (npm run platter -- jobs lists them)\n');
      return 2;
    }
    const queued = await queueJob(db, name);
    if (!queued.known) {
      err(`unknown job: ${name} (npm run platter -- jobs lists them; a worker must have started once)\n`);
      return 2;
    }
    out(queued.id ? `${name}: queued (job ${queued.id})\n` : `${name}: already queued\n`);
    return 0;
  }
  if (sub !== undefined) {
    err(`unknown jobs command: ${sub}\n${JOBS_HELP}`);
    return 2;
  }
  const jobs = await jobsOverview(db);
  if (jobs.length === 0) {
    out('no job has run yet: start a worker (npm start, or PLATTER_ROLE=worker)\n');
    return 0;
  }
  const rows = [['job', 'schedule', 'last run', 'ok', 'next run', 'failures', 'last error']];
  for (const j of jobs) {
    rows.push([
      j.name,
      j.schedule || '(by hand)',
      j.last_run_at ?? '-',
      j.last_ok === null ? '-' : j.last_ok ? 'yes' : 'NO',
      j.next_run_at ?? '-',
      String(j.failures),
      j.last_error ? `${j.last_error_at ?? ''} ${j.last_error}`.slice(0, 120) : '-',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  out(`${rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n')}\n`);
  return jobs.some((j) => j.failures > 0) ? 1 : 0;
}
