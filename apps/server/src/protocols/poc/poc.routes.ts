import { DEVNET_ONLY_MINING, pocRequestSchema } from '@platter/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { POC_ERRORS, PocProtocolError, type PocPoolService } from './poc.service.ts';

/**
 * The Burst pool protocol's endpoint (issue 21): `GET|POST <path>/<pool>?requestType=…` for
 * each `poc-burst` pool, and `<path>` alone under a host of POC_POOL_HOSTS. Plain JSON as
 * miners expect it (not the platform's envelope); a refusal is HTTP 200 with signum-pool's
 * `{result: message, deadline: null}` plus scavenger's `errorCode` / `errorDescription`.
 * Miners carry no cookie: no CSRF to stop. Submissions are limited per address and plotter id.
 */

function refuse(reply: FastifyReply, status: number, message: string, code: number) {
  return reply.status(status).send({ result: message, deadline: null, errorCode: code, errorDescription: message });
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.slice(0, 256) : undefined;
};

export function pocRoutes(
  app: FastifyInstance,
  deps: {
    pools: ReadonlyMap<string, PocPoolService>;
    path: string;
    hosts: ReadonlyMap<string, string>;
    rateLimit: number;
    /** Pools whose mining is devnet-only (DEVNET_ONLY_MINING), refused with this message (production). */
    refused?: ReadonlyMap<string, string>;
  },
): void {
  void app.register((scope, _options, done) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, csrf: false };
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    // Miners post their fields as a form (or in the query string with an empty body).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, finish) => {
      finish(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof PocProtocolError) return refuse(reply, 200, error.message, error.errorCode);
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status === 429) return refuse(reply, 429, POC_ERRORS.BUSY, 1010);
      if (status >= 400 && status < 500) return refuse(reply, 400, `Bad request: ${error instanceof Error ? error.message : 'invalid'}`, 1000);
      if (error instanceof RangeError) return refuse(reply, 200, POC_ERRORS.NONCE, 1002);
      request.log.error({ err: error }, 'burst pool protocol error');
      return refuse(reply, 500, `Internal error (${request.id})`, 1009);
    });

    const handle = async (request: FastifyRequest, name: string) => {
      const closed = deps.refused?.get(name);
      if (closed) throw new PocProtocolError(closed, 1006);
      const pool = deps.pools.get(name);
      if (!pool) throw new PocProtocolError('Unknown pool', 1006);
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const parsed = pocRequestSchema.safeParse({ ...body, ...(request.query as Record<string, unknown>) });
      if (!parsed.success) throw new PocProtocolError(`Bad request: ${parsed.error.issues[0]?.path.join('.') ?? 'invalid'}`, 1000);
      const fields = parsed.data;
      if (fields.requestType === 'getMiningInfo') return pool.miningInfoAnswer();
      if (fields.requestType === 'submitNonce') {
        return pool.submitNonce(fields, {
          miner: header(request, 'x-miner'),
          minerName: header(request, 'x-minername'),
          capacity: header(request, 'x-capacity'),
          plotfile: header(request, 'x-plotfile'),
        });
      }
      throw new PocProtocolError(POC_ERRORS.REQUEST, 1000);
    };
    const rateLimit = {
      max: deps.rateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => {
        const query = request.query as Record<string, unknown>;
        return `poc:${request.ip}:${typeof query.accountId === 'string' ? query.accountId.slice(0, 24) : ''}`;
      },
    };
    for (const method of ['GET', 'POST'] as const) {
      scope.route({
        method,
        url: `${deps.path}/:pool`,
        config: { rateLimit },
        handler: async (request) => handle(request, (request.params as { pool: string }).pool),
      });
      scope.route({
        method,
        url: deps.path,
        config: { rateLimit },
        handler: async (request) => handle(request, deps.hosts.get(request.host.toLowerCase()) ?? deps.hosts.get(request.hostname.toLowerCase()) ?? ''),
      });
    }
    done();
  });
}

/**
 * The pools whose Burst endpoints refuse miners: in production, those whose mining is
 * devnet-only (DePINC: a Burst nonce never makes a DePINC block since BHDIP009), so a miner is
 * told rather than mining a simulated chain.
 */
export function refusedPocPools(production: boolean): Map<string, string> {
  if (!production) return new Map();
  return new Map(
    Object.keys(DEVNET_ONLY_MINING).map((pool) => [
      pool,
      `Mining is not offered for ${pool}: its chain does not make blocks from Burst nonces (see the pool's README row '${DEVNET_ONLY_MINING[pool] ?? ''}')`,
    ]),
  );
}

/** POC_POOL_HOSTS (`host=pool,…`) as a map. */
export function pocHosts(setting: string | undefined): Map<string, string> {
  const hosts = new Map<string, string>();
  for (const pair of (setting ?? '').split(',').filter(Boolean)) {
    const [host = '', pool = ''] = pair.split('=');
    hosts.set(host.toLowerCase(), pool);
  }
  return hosts;
}
