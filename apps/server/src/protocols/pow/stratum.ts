import { AppError, graffitiHex, ironfishHeaderBytes, stratumMessage, stratumSubmitBody, stratumSubscribeBody, targetFromDifficulty, targetHex } from '@platter/domain';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { authenticateKey } from '../../modules/pool/keys.ts';
import { poolProtocol, type PowJob } from './pow.repository.ts';
import { currentJob, solvedHeader, submitSolution, type PowContext } from './pow.service.ts';

/**
 * Iron Fish's stratum (newline-delimited JSON over TCP, `{id, method, body}`), as its pool
 * miners speak it: `mining.subscribe` {version, publicAddress, name} → `mining.subscribed`
 * {clientId, graffiti}, `mining.set_target` {target}, `mining.notify` {miningRequestId,
 * header}; `mining.submit` {miningRequestId, randomness} → `mining.submitted` {id, result,
 * message}. The public address a miner subscribes with is the user's miner API key of the
 * pool: it names the account the shares are credited to. Each connection gets its own graffiti
 * (its search space), written into the header it is sent.
 */

const MAX_LINE = 16 * 1024;
/** Iron Fish's stratum protocol version this server speaks. */
export const STRATUM_VERSION = 1;

interface Client {
  id: number;
  socket: net.Socket;
  buffer: string;
  owner?: { userId: string; pool: string };
  name: string;
  graffitiText: string;
  graffiti: string;
  /** The job this connection was last sent. */
  jobId?: string;
}

export interface StratumServer {
  port: number;
  /** Looks for new work now (a new block, a renewed job) and notifies the miners of a changed job. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export async function startStratum(options: PowContext & { host: string; port: number; logger: FastifyBaseLogger; pollMs?: number }): Promise<StratumServer> {
  const { logger } = options;
  const clients = new Set<Client>();
  const jobs = new Map<string, PowJob>();
  let nextClientId = 1;
  let nextMessageId = 1;

  const send = (client: Client, method: string, body?: unknown) => {
    if (!client.socket.writable) return;
    client.socket.write(`${JSON.stringify({ id: nextMessageId++, method, ...(body === undefined ? {} : { body }) })}\n`);
  };
  const disconnect = (client: Client, message: string) => {
    send(client, 'mining.disconnect', { reason: 'UNKNOWN', message });
    client.socket.end();
  };
  const notify = (client: Client, job: PowJob) => {
    client.jobId = job.id;
    const header = ironfishHeaderBytes(solvedHeader(job, client.graffiti, job.header.randomness));
    send(client, 'mining.notify', { miningRequestId: Number(job.id), header: Buffer.from(header).toString('hex') });
  };
  const jobOf = async (pool: string): Promise<PowJob> => {
    const job = await currentJob(options, pool);
    jobs.set(pool, job);
    return job;
  };

  async function onMessage(client: Client, line: string): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      disconnect(client, 'malformed message');
      return;
    }
    const message = stratumMessage.safeParse(raw);
    if (!message.success) return disconnect(client, 'malformed message');
    switch (message.data.method) {
      case 'mining.subscribe': {
        const body = stratumSubscribeBody.safeParse(message.data.body);
        if (!body.success) return disconnect(client, 'malformed subscribe');
        let owner: { userId: string; pool: string };
        try {
          owner = await authenticateKey(options.db, body.data.publicAddress);
        } catch (error) {
          if (error instanceof AppError) return disconnect(client, 'unknown miner key');
          throw error;
        }
        const pool = await poolProtocol(options.db, owner.pool);
        if (pool.protocol !== 'pow-share') return disconnect(client, 'this key belongs to a pool that takes no proof-of-work shares');
        client.owner = { userId: owner.userId, pool: owner.pool };
        client.name = body.data.name ?? 'default';
        send(client, 'mining.subscribed', { clientId: client.id, graffiti: client.graffitiText });
        const job = await jobOf(owner.pool);
        send(client, 'mining.set_target', { target: targetHex(targetFromDifficulty(job.shareDifficulty)) });
        notify(client, job);
        return;
      }
      case 'mining.submit': {
        const body = stratumSubmitBody.safeParse(message.data.body);
        if (!body.success) return disconnect(client, 'malformed submit');
        if (!client.owner) {
          send(client, 'mining.submitted', { id: message.data.id, result: false, message: 'not subscribed' });
          return;
        }
        const outcome = await submitSolution(options, {
          ...client.owner,
          minerName: client.name,
          jobId: String(body.data.miningRequestId),
          graffiti: client.graffiti,
          randomness: body.data.randomness,
        });
        send(client, 'mining.submitted', outcome.accepted ? { id: message.data.id, result: true } : { id: message.data.id, result: false, message: outcome.reason });
        // A stale job: the miner gets the current one at once.
        if (!outcome.accepted && outcome.reason === 'stale job') await refresh();
        return;
      }
      default:
        return disconnect(client, `unknown method ${message.data.method}`);
    }
  }

  let refreshing: Promise<void> | undefined;
  async function refresh(): Promise<void> {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      for (const pool of new Set([...clients].flatMap((c) => (c.owner ? [c.owner.pool] : [])))) {
        const job = await jobOf(pool);
        for (const client of clients) if (client.owner?.pool === pool && client.jobId !== job.id) notify(client, job);
      }
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  const server = net.createServer((socket) => {
    const graffitiText = `platter.${randomBytes(4).toString('hex')}`;
    const client: Client = { id: nextClientId++, socket, buffer: '', name: 'default', graffitiText, graffiti: graffitiHex(graffitiText) };
    clients.add(client);
    socket.setEncoding('utf8');
    // One message at a time per connection, in order.
    let queue = Promise.resolve();
    socket.on('data', (chunk: string) => {
      client.buffer += chunk;
      if (client.buffer.length > MAX_LINE && !client.buffer.includes('\n')) return disconnect(client, 'message too long');
      const lines = client.buffer.split('\n');
      client.buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === '') continue;
        queue = queue
          .then(() => onMessage(client, line))
          .catch((error: unknown) => {
            logger.error({ err: error }, 'stratum: message failed');
            disconnect(client, 'server error');
          });
      }
    });
    socket.on('close', () => clients.delete(client));
    socket.on('error', () => clients.delete(client));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const timer = setInterval(() => {
    refresh().catch((error: unknown) => logger.error({ err: error }, 'stratum: refresh failed'));
  }, options.pollMs ?? 2000);
  timer.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  logger.info({ port }, 'stratum: listening for proof-of-work miners');
  return {
    port,
    refresh,
    async close() {
      clearInterval(timer);
      for (const client of clients) client.socket.destroy();
      await refreshing?.catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
