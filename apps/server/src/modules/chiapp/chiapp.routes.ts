import { chiappBindQuery, chiappInfoQuery, chiappInfoSchema, chiappLauncherSchema, chiappLogoutBody, envelopeSchema } from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import type { ChiappService } from './chiapp.service.ts';

/** The Chia-style pool app calls (spec doc 2 §7): GET info, GET bind, POST dologout. */
export function chiappRoutes(app: ZodApp, deps: { sessions: ReturnType<typeof sessionService>; chiapp: ChiappService }): void {
  const { sessions, chiapp } = deps;
  const tags = ['chiapp'];
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  app.get(
    '/api/chiapp/info',
    {
      schema: {
        tags,
        summary:
          'The user’s plot NFT launchers in a Chia PP pool: points, total points, estimated size, difficulty, joined or not; with launcher_id also that launcher and its binding data (valid 24 hours)',
        querystring: chiappInfoQuery,
        response: { 200: envelopeSchema(chiappInfoSchema) },
      },
    },
    async (request) => ok(request, await chiapp.info(await signedIn(request), request.query)),
  );
  app.get(
    '/api/chiapp/bind',
    {
      schema: {
        tags,
        summary: 'Binds a launcher to the user: the binding data’s key with its signature by the owner or authentication key, or the grant of the farmer’s login link',
        querystring: chiappBindQuery,
        response: { 200: envelopeSchema(chiappLauncherSchema) },
      },
    },
    async (request) => ok(request, await chiapp.bind(await signedIn(request), request.query)),
  );
  app.post(
    '/api/chiapp/dologout',
    { schema: { tags, summary: 'Unbinds a launcher from the user', body: chiappLogoutBody, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await chiapp.logout(await signedIn(request), request.body);
      return ok(request, null);
    },
  );
}
