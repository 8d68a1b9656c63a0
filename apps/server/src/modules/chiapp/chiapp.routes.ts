import { chiappEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import type { ChiappService } from './chiapp.service.ts';

/** The Chia-style pool app calls (spec doc 2 §7): GET info, GET bind, POST dologout. */
export function chiappRoutes(app: ZodApp, deps: { sessions: ReturnType<typeof sessionService>; chiapp: ChiappService }): void {
  const { sessions, chiapp } = deps;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, chiappEndpoints.info, {}, async (request) => ok(request, await chiapp.info(await signedIn(request), request.query)));
  route(app, chiappEndpoints.bind, {}, async (request) => ok(request, await chiapp.bind(await signedIn(request), request.query)));
  route(app, chiappEndpoints.dologout, {}, async (request) => {
    await chiapp.logout(await signedIn(request), request.body);
    return ok(request, null);
  });
}
