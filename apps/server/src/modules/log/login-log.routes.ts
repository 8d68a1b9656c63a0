import { loginLogEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import type { loginLogService } from './login-log.service.ts';

export function loginLogRoutes(app: ZodApp, deps: { sessions: ReturnType<typeof sessionService>; loginLog: ReturnType<typeof loginLogService> }): void {
  route(app, loginLogEndpoints.login, {}, async (request) => {
    const user = await requireUser(deps.sessions, request);
    return ok(request, await deps.loginLog.page(user.user_id, request.query, request.lang));
  });
}
