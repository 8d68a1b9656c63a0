import { AppError, adminApplyDownloadQuery, downloadStatusQuery, envelopeSchema, listExportSchema, userApplyDownloadQuery } from '@platter/domain';
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
  const prefix = scope === 'user' ? '/api/pool' : '/api/admin';
  const tags = [scope === 'user' ? 'pool' : 'admin'];
  // The back office's exports are reads: support staff's too (the back-office guard checks it).
  const config: FastifyContextConfig = scope === 'admin' ? { role: 'support' } : {};
  // Both have the same shape; the list names differ (checked again by the service).
  const lists = (scope === 'user' ? userApplyDownloadQuery : adminApplyDownloadQuery) as unknown as typeof adminApplyDownloadQuery;

  // Applying creates work (a job, an audit entry, a file), so it is a POST under CSRF; the
  // spec's GET answers EXPORT_USE_POST (2007) and changes nothing.
  app.post(
    `${prefix}/ApplyForDownload`,
    {
      config,
      schema: {
        tags,
        summary: 'Applies for an export of a list (CSV or XLSX) with the list’s filters as shown; once every ten minutes per list (2005)',
        body: lists,
        response: { 200: envelopeSchema(listExportSchema) },
      },
    },
    async (request) => {
      const userId = await who(request);
      const { list, format, ...filters } = request.body;
      const job = await applyListExport(db, { userId, scope, list, format, filters });
      deps.kickExports?.();
      return ok(request, job);
    },
  );
  app.get(
    `${prefix}/ApplyForDownload`,
    { config, schema: { tags, summary: 'The spec’s GET of ApplyForDownload: answers 2007 (apply with POST); nothing is created' } },
    async () => {
      throw new AppError('EXPORT_USE_POST');
    },
  );
  app.get(
    `${prefix}/GetDownloadStatus`,
    {
      config,
      schema: {
        tags,
        summary: 'Status and progress (0 to 100) of an export; expired once its file is removed',
        querystring: downloadStatusQuery,
        response: { 200: envelopeSchema(listExportSchema) },
      },
    },
    async (request) => ok(request, await listExportStatus(db, await who(request), scope, request.query.id)),
  );
  app.get(
    `${prefix}/DownloadExcel`,
    { config, schema: { tags, summary: 'The finished export file (CSV or XLSX); 2006 while it is not ready, 10006 once expired', querystring: downloadStatusQuery } },
    async (request, reply) => {
      const file = await listExportFile(db, await who(request), scope, request.query.id);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('content-length', String(file.content.length))
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
}

export function userExportRoutes(app: ZodApp, deps: Deps): void {
  exportRoutes(app, deps, 'user', async (request) => (await requireUser(deps.sessions, request)).user_id);
}

/** Admins and support staff (reading a list is theirs; an export is a read). */
export function adminExportRoutes(app: ZodApp, deps: Deps): void {
  exportRoutes(app, deps, 'admin', async (request) => (await requireRole(deps.sessions, request, 'support')).id);
}
