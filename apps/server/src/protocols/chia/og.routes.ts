import { ogProofRequestSchema, ogSignagePointsQuerySchema } from '@platter/chia';
import { AppError, MINER_NAME_PATTERN } from '@platter/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { authenticateKey } from '../../modules/pool/keys.ts';
import { hex, parse, proofFields, protocolErrors } from './chia.routes.ts';
import { PoolProtocolError } from './proof.ts';
import type { ChiaOgService } from './og.service.ts';

/**
 * The OG pool's endpoints for the harvester-side proxy, under /api/miner/og/<pool> and with the
 * user's miner API key (header x-api-key) like the proxy tool's report: plain JSON as the Chia
 * pool protocol answers, failures as `{error_code, error_message}` with its codes.
 */

/** An API key failure as the protocol's code: an unknown, revoked or other pool's key is an unknown farmer. */
function keyError(error: unknown): PoolProtocolError | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.errorName === 'ACCESS_FORBIDDEN') return new PoolProtocolError('FARMER_NOT_KNOWN', 'Unknown or revoked miner API key for this pool (header x-api-key).');
  return new PoolProtocolError('REQUEST_FAILED', 'The pool is not open.');
}

function minerName(name: string | undefined): string | undefined {
  if (name !== undefined && !MINER_NAME_PATTERN.test(name)) throw new PoolProtocolError('REQUEST_FAILED', 'Bad request: miner name: printable, at most 64 characters');
  return name;
}

export function chiaOgRoutes(app: FastifyInstance, deps: { db: Db; service: ChiaOgService; prefix: string }): void {
  const { db, service } = deps;
  const pool = service.settings.pool;

  async function owner(request: FastifyRequest): Promise<{ userId: string }> {
    const header = request.headers['x-api-key'];
    const key = await authenticateKey(db, typeof header === 'string' ? header : undefined);
    if (key.pool !== pool) throw new AppError('ACCESS_FORBIDDEN');
    return { userId: key.userId };
  }

  void app.register(
    (scope, _options, done) => {
      protocolErrors(scope, keyError);

      scope.get('/signage_points', async (request) => {
        const query = parse(ogSignagePointsQuerySchema, request.query);
        return service.signagePoints(await owner(request), minerName(query.miner));
      });

      // The proxy signs with its API key and carries no cookie: no CSRF to stop.
      scope.post('/proof', { config: { csrf: false } }, async (request) => {
        const received = Date.now();
        const body = parse(ogProofRequestSchema, request.body);
        const who = await owner(request);
        return service.submitProof(
          who,
          {
            miner: minerName(body.miner) ?? body.miner,
            localPublicKey: hex(body.local_public_key),
            proofOfSpace: proofFields(body.proof_of_space),
            spHash: hex(body.sp_hash),
            endOfSubSlot: body.end_of_sub_slot,
            signature: hex(body.signature),
          },
          received,
        );
      });
      done();
    },
    { prefix: deps.prefix },
  );
}
