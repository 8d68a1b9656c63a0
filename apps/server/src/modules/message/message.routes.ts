import { adminMessageEndpoints, messageEndpoints } from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import type { MessageService } from './message.service.ts';

interface Deps {
  sessions: ReturnType<typeof sessionService>;
  messages: MessageService;
  /** Starts a delivery run now (a dead letter queued again). */
  kickDelivery: () => void;
}

/** Message channels and event settings (spec doc 2 §7 'Message channels'). */
export function messageRoutes(app: ZodApp, deps: Deps): void {
  const { sessions, messages } = deps;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, messageEndpoints.eventList, {}, async (request) => ok(request, await messages.eventList(await signedIn(request))));
  route(app, messageEndpoints.channelList, {}, async (request) => ok(request, await messages.channelList(await signedIn(request))));
  route(app, messageEndpoints.bindChannel, {}, async (request) => ok(request, await messages.bind(await signedIn(request), request.body)));
  route(app, messageEndpoints.requestVerifyChannel, {}, async (request) => ok(request, await messages.requestVerify(await signedIn(request), request.body, request.lang)));
  route(app, messageEndpoints.setEventChannel, {}, async (request) => {
    await messages.setEventChannel(await signedIn(request), request.body);
    return ok(request, null);
  });
  route(app, messageEndpoints.unsetEventChannel, {}, async (request) => {
    await messages.unsetEventChannel(await signedIn(request), request.body);
    return ok(request, null);
  });
  route(app, messageEndpoints.cancelChannel, {}, async (request) => {
    await messages.cancel(await signedIn(request), request.body.id);
    return ok(request, null);
  });
}

/** The back office's delivery list and the retry of a dead letter (admin and support). */
export function adminMessageRoutes(app: ZodApp, deps: Deps): void {
  const { sessions, messages } = deps;
  const support = { role: 'support' as const };
  route(app, adminMessageEndpoints.deliveryList, { config: support }, async (request) => {
    await requireRole(sessions, request, 'support');
    return ok(request, await messages.deliveries(request.query));
  });
  route(app, adminMessageEndpoints.retryDelivery, { config: support }, async (request) => {
    await messages.retry(await requireRole(sessions, request, 'support'), request.body.id);
    deps.kickDelivery();
    return ok(request, null);
  });
}
