import { envelopeSchema, loginLogPage, loginLogQuery } from '@platter/domain';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import type { loginLogService } from './login-log.service.ts';

export function loginLogRoutes(app: ZodApp, deps: { sessions: ReturnType<typeof sessionService>; loginLog: ReturnType<typeof loginLogService> }): void {
  app.get(
    '/api/log/login',
    {
      schema: {
        tags: ['log'],
        summary: 'Login history: time, IP, device, approximate location and result of every sign-in attempt, newest first',
        querystring: loginLogQuery,
        response: { 200: envelopeSchema(loginLogPage) },
      },
    },
    async (request) => {
      const user = await requireUser(deps.sessions, request);
      return ok(request, await deps.loginLog.page(user.user_id, request.query, request.lang));
    },
  );
}
