import { adminJobEndpoints, AppError } from '@platter/domain';
import { route } from '../http/route.ts';
import type { Db } from '../db/database.ts';
import { requireRole } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import type { ZodApp } from '../http/types.ts';
import { recordAudit } from '../modules/admin/audit.ts';
import type { sessionService } from '../modules/session/session.service.ts';
import { jobsOverview, queueJob } from './jobs.service.ts';

/** /admin/jobs: the background jobs (last run, last error, next run, failures) and a run or retry button; admins only. */
export function adminJobRoutes(app: ZodApp, deps: { db: Db; sessions: ReturnType<typeof sessionService> }): void {
  const { db, sessions } = deps;
  const admin = { role: 'admin' as const };
  route(app, adminJobEndpoints.getjobs, { config: admin }, async (request) => ok(request, await jobsOverview(db)));
  route(app, adminJobEndpoints.runjob, { config: admin }, async (request) => {
    const actor = await requireRole(sessions, request, 'admin');
    const queued = await queueJob(db, request.body.name);
    if (!queued.known) throw new AppError('INVALID_PARAMETER', { field: 'name', reason: 'unknown job' });
    await recordAudit(db, actor, { action: 'runjob', target: request.body.name, detail: { job_id: queued.id } });
    return ok(request, { queued: queued.id !== null });
  });
}
