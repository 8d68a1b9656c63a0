import { authenticatedQuerySchema, postFarmerRequestSchema, postPartialRequestSchema, putFarmerRequestSchema, type proofOfSpaceSchema } from '@platter/chia';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { POOL_ERROR } from './constants.ts';
import { PoolProtocolError, type ChiaPoolService } from './chia.service.ts';
import { countedPartial } from '../../metrics/metrics.ts';
import type { ProofOfSpaceFields } from './primitives.ts';

/**
 * The pool protocol's HTTP endpoints under the pool's base path (e.g. /chia/chiapp): plain
 * JSON as the Chia farmer expects (not the platform's envelope), failures as
 * `{error_code, error_message}` with HTTP 200 like the reference pool.
 */

function fail(reply: FastifyReply, code: number, message: string) {
  return reply.status(200).send({ error_code: code, error_message: message });
}

export const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
export const hexOrNull = (bytes: Uint8Array | null) => (bytes === null ? null : hex(bytes));

/** A parsed proof of space as the service takes it (hex without 0x). */
export function proofFields(pos: z.infer<typeof proofOfSpaceSchema>): ProofOfSpaceFields {
  return {
    challenge: hex(pos.challenge),
    poolPublicKey: hexOrNull(pos.pool_public_key),
    poolContractPuzzleHash: hexOrNull(pos.pool_contract_puzzle_hash),
    plotPublicKey: hex(pos.plot_public_key),
    size: pos.size,
    proof: hex(pos.proof),
  };
}

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PoolProtocolError('REQUEST_FAILED', `Bad request: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'}`);
  }
  return parsed.data;
}

/** The protocol's error answers in a route scope: coded failures, 4xx as 16, the rest as 8 (logged). */
export function protocolErrors(scope: FastifyInstance, map: (error: unknown) => PoolProtocolError | undefined = () => undefined): void {
  scope.setErrorHandler((error, request, reply) => {
    const coded = error instanceof PoolProtocolError ? error : map(error);
    if (coded) return fail(reply, coded.errorCode, coded.message);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) return fail(reply, POOL_ERROR.REQUEST_FAILED, `Bad request: ${error instanceof Error ? error.message : 'invalid'}`);
    request.log.error({ err: error }, 'chia pool protocol error');
    return fail(reply, POOL_ERROR.SERVER_EXCEPTION, `Internal error (${request.id})`);
  });
}

export function chiaPoolRoutes(app: FastifyInstance, deps: { service: ChiaPoolService; prefix: string }): void {
  const { service } = deps;
  void app.register(
    (scope, _options, done) => {
      // Farmers sign their calls with their keys and carry no cookie: no CSRF to stop.
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, csrf: false };
      });
      protocolErrors(scope);
      // Farmers and GUIs on other origins read pool_info (the reference allows any origin).
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('access-control-allow-origin', '*');
      });

      scope.get('/pool_info', async () => service.poolInfo());

      scope.get('/farmer', async (request) => {
        const q = parse(authenticatedQuerySchema, request.query);
        return service.getFarmer({ launcherId: hex(q.launcher_id), token: q.authentication_token, signature: hex(q.signature) });
      });

      scope.post('/farmer', async (request) => {
        const body = parse(postFarmerRequestSchema, request.body);
        const p = body.payload;
        return service.postFarmer(
          {
            launcherId: hex(p.launcher_id),
            authenticationToken: p.authentication_token,
            authenticationPublicKey: hex(p.authentication_public_key),
            payoutInstructions: p.payout_instructions,
            suggestedDifficulty: p.suggested_difficulty,
          },
          hex(body.signature),
        );
      });

      scope.put('/farmer', async (request) => {
        const body = parse(putFarmerRequestSchema, request.body);
        const p = body.payload;
        return service.putFarmer(
          {
            launcherId: hex(p.launcher_id),
            authenticationToken: p.authentication_token,
            authenticationPublicKey: hexOrNull(p.authentication_public_key),
            payoutInstructions: p.payout_instructions,
            suggestedDifficulty: p.suggested_difficulty,
          },
          hex(body.signature),
        );
      });

      // Counted accepted, or refused by the protocol's error code (platter_chia_partials_*).
      scope.post('/partial', async (request) =>
        countedPartial(service.settings.pool, async () => {
          const received = Date.now();
          const body = parse(postPartialRequestSchema, request.body);
          const p = body.payload;
          return service.postPartial(
            {
              launcherId: hex(p.launcher_id),
              authenticationToken: p.authentication_token,
              proofOfSpace: proofFields(p.proof_of_space),
              spHash: hex(p.sp_hash),
              endOfSubSlot: p.end_of_sub_slot,
              harvesterId: hex(p.harvester_id),
            },
            hex(body.aggregate_signature),
            received,
          );
        }),
      );

      // The farmer's login link: a valid signature opens the web app, which binds the launcher.
      scope.get('/login', async (request, reply) => {
        const q = parse(authenticatedQuerySchema, request.query);
        const { grant, launcherId } = await service.login({ launcherId: hex(q.launcher_id), token: q.authentication_token, signature: hex(q.signature) });
        const target = `${service.settings.loginRedirect}?launcher_id=0x${launcherId}&login=${encodeURIComponent(grant)}`;
        return reply.redirect(target, 302);
      });
      done();
    },
    { prefix: deps.prefix },
  );
}
