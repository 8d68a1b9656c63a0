import { coinQuery, coinSettingSchema, envelopeSchema, poolInfoSchema, poolQuery, serverLineSchema } from '@platter/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { SettingService } from './setting.service.ts';

/** Sends an envelope serialised ahead of time (the zod serialiser would redo the work). */
function sendPrebuilt(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}

export function settingRoutes(app: ZodApp, settings: SettingService): void {
  app.get(
    '/api/setting/coin',
    {
      schema: {
        tags: ['setting'],
        summary: 'Coin settings: every coin of the registry, or one by type',
        querystring: coinQuery,
        response: { 200: envelopeSchema(z.array(coinSettingSchema)) },
      },
    },
    async (request, reply) => {
      if (!request.query.type) {
        const snapshot = await settings.current();
        return sendPrebuilt(reply as FastifyReply, snapshot.coinEnvelope[request.lang]);
      }
      return ok(request, await settings.coins({ type: request.query.type }));
    },
  );

  app.get(
    '/api/setting/pool',
    {
      schema: {
        tags: ['setting'],
        summary: 'Pool info: the enabled pools, optionally by pool kind or coin',
        querystring: poolQuery,
        response: { 200: envelopeSchema(z.array(poolInfoSchema)) },
      },
    },
    async (request, reply) => {
      if (!request.query.pool_type && !request.query.coin) {
        const snapshot = await settings.current();
        return sendPrebuilt(reply as FastifyReply, snapshot.poolEnvelope[request.lang]);
      }
      return ok(request, await settings.pools(request.query));
    },
  );

  app.get(
    '/api/setting/lines',
    {
      schema: {
        tags: ['setting'],
        summary: 'Server lines by region, with the address for the ping check',
        response: { 200: envelopeSchema(z.array(serverLineSchema)) },
      },
    },
    async (request) => ok(request, await settings.lines()),
  );

  app.get(
    '/api/setting/ping',
    { schema: { tags: ['setting'], summary: 'Ping target for the line check', response: { 200: envelopeSchema(z.object({ t: z.number() })) } } },
    async (request) => ok(request, { t: Date.now() }),
  );
}
