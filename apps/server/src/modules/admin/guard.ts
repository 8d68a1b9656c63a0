import type { StaffRole } from '@platter/domain';
import type { FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler, onSendAsyncHookHandler, RouteOptions } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireRole } from '../../http/auth.ts';
import { clientRequestId } from '../../http/request-id.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { adminRequestContext, auditedRequest, recordAudit } from './audit.ts';

/** Every back-office call lives under this prefix. */
export const ADMIN_PREFIX = '/api/admin/';

/**
 * Spec doc 2 §7 lists five back-office writes as GET calls (auditwithdrawbalance,
 * auditcancelwithdrawbalance, AddBanner, UpdateBanner, RemoveBanner): here their writes are POST
 * and their GETs read or refuse (issue 20), so no GET writes.
 */
const WRITES_BY_GET = new Set<string>();

export interface AdminRoute {
  method: string;
  url: string;
  /** The least role the call needs. */
  role: StaffRole;
  /** Changes something: it must leave an audit entry. */
  write: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every admin route registered, with its role and whether it writes (the authorisation matrix reads it). */
    adminRoutes: AdminRoute[];
  }
}

export function isAdminWrite(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  return WRITES_BY_GET.has(url.slice(url.lastIndexOf('/') + 1));
}

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/** What a write asked for, for an audit entry written on its behalf (secrets left out, size bounded). */
function requestSummary(request: FastifyRequest): Record<string, unknown> {
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const kept = Object.fromEntries(Object.entries(body).filter(([key]) => !/password|code|secret|token/i.test(key)));
  const text = JSON.stringify(kept);
  return { method: request.method, path: request.url.split('?')[0], body: text.length > 4000 ? `${text.slice(0, 4000)}…` : kept };
}

/**
 * Registers the back office's guard before any route: every route under /api/admin/ gets the
 * role check (`config.role`, 'admin' when not said) ahead of its body validation, so a refused
 * caller learns nothing about the call; and every successful write that wrote no audit entry
 * of its own gets one written for it (a call added later cannot slip past the log).
 */
export function registerAdminGuard(app: ZodApp, deps: { db: Db; sessions: ReturnType<typeof sessionService> }): void {
  const routes: AdminRoute[] = [];
  app.decorate('adminRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(ADMIN_PREFIX)) return;
    const role: StaffRole = route.config?.role ?? 'admin';
    const methods = asArray(route.method).filter((m) => m !== 'HEAD');
    const write = methods.some((m) => isAdminWrite(m, route.url));
    for (const method of methods) routes.push({ method, url: route.url, role, write: isAdminWrite(method, route.url) });
    const check: onRequestAsyncHookHandler = async (request) => {
      await requireRole(deps.sessions, request, role);
    };
    // The rest of the request (hooks, handler) runs with its address and id at hand for the log.
    const context: onRequestHookHandler = (request, _reply, done) =>
      adminRequestContext.run({ ip: request.ip, requestId: request.id, clientRequestId: clientRequestId(request.raw) }, done);
    route.onRequest = [context, check, ...asArray(route.onRequest)];
    if (!write) return;
    const ensureAudited: onSendAsyncHookHandler = async (request, reply, payload) => {
      if (reply.statusCode !== 200 || typeof payload !== 'string' || !payload.startsWith('{"code":200,')) return payload;
      if (await auditedRequest(deps.db, request.id)) return payload;
      const actor = await requireRole(deps.sessions, request, role);
      request.log.warn({ url: route.url }, 'admin write without its own audit entry: recorded generically');
      await recordAudit(deps.db, actor, { action: route.url.slice(ADMIN_PREFIX.length), target: '', detail: requestSummary(request) });
      return payload;
    };
    route.onSend = [...asArray(route.onSend), ensureAudited];
  });
}
