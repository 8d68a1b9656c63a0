import { AppError, adminExportEndpoints, userExportEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { applyListExport, listExportFile, listExportStatus, type ExportScope } from './exports.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  /** Starts building an export now (the worker would pick it up too). */
  kickExports?: () => void;
}

/**
 * ApplyForDownload, GetDownloadStatus and DownloadExcel (spec doc 2 §7) under one prefix:
 * /api/pool for the user's own data views, /api/admin for the back office's lists.
 */
function exportRoutes(app: ZodApp, deps: Deps, scope: ExportScope, who: (request: FastifyRequest) => Promise<string>): void {
  const { db } = deps;
  // Both have the same shape; the list names differ (checked again by the service).
  const endpoints = (scope === 'user' ? userExportEndpoints : adminExportEndpoints) as unknown as typeof adminExportEndpoints;
  // The back office's exports are reads: support staff's too (the back-office guard checks it).
  const config: FastifyContextConfig = scope === 'admin' ? { role: 'support' } : {};

  route(app, endpoints.applyForDownload, { config }, async (request) => {
    const userId = await who(request);
    const { list, format, ...filters } = request.body;
    const job = await applyListExport(db, { userId, scope, list, format, filters });
    deps.kickExports?.();
    return ok(request, job);
  });
  route(app, endpoints.applyForDownloadRead, { config }, async () => {
    throw new AppError('EXPORT_USE_POST');
  });
  route(app, endpoints.getDownloadStatus, { config }, async (request) => ok(request, await listExportStatus(db, await who(request), scope, request.query.id)));
  route(app, endpoints.downloadExcel, { config }, async (request, reply) => {
    const file = await listExportFile(db, await who(request), scope, request.query.id);
    return reply
      .header('content-type', file.type)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('content-length', String(file.content.length))
      .header('cache-control', 'no-store')
      .send(file.content);
  });
}

export function userExportRoutes(app: ZodApp, deps: Deps): void {
  exportRoutes(app, deps, 'user', async (request) => (await requireUser(deps.sessions, request)).user_id);
}

/** Admins and support staff (reading a list is theirs; an export is a read). */
export function adminExportRoutes(app: ZodApp, deps: Deps): void {
  exportRoutes(app, deps, 'admin', async (request) => (await requireRole(deps.sessions, request, 'support')).id);
}
