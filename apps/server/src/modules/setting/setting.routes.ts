import { settingEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyReply } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { SettingService } from './setting.service.ts';

/** Sends an envelope serialised ahead of time (the zod serialiser would redo the work). */
function sendPrebuilt(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}

export function settingRoutes(app: ZodApp, settings: SettingService): void {
  route(app, settingEndpoints.coin, {}, async (request, reply) => {
    if (!request.query.type) {
      const snapshot = await settings.current();
      return sendPrebuilt(reply as FastifyReply, snapshot.coinEnvelope[request.lang]);
    }
    return ok(request, await settings.coins({ type: request.query.type }));
  });

  route(app, settingEndpoints.pool, {}, async (request, reply) => {
    if (!request.query.pool_type && !request.query.coin) {
      const snapshot = await settings.current();
      return sendPrebuilt(reply as FastifyReply, snapshot.poolEnvelope[request.lang]);
    }
    return ok(request, await settings.pools(request.query));
  });

  route(app, settingEndpoints.lines, {}, async (request) => ok(request, await settings.lines()));

  route(app, settingEndpoints.ping, {}, async (request) => ok(request, { t: Date.now() }));
}
