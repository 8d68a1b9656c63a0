import { meetsTarget } from '@platter/domain';
import { blake3 } from '@noble/hashes/blake3.js';
import net from 'node:net';

/**
 * An Iron Fish pool miner over stratum (the simulator's miners, and the tests' client): it
 * subscribes, keeps the latest job and target it is sent, searches randomness (the first 8 bytes
 * of the header, big-endian) for a hash that meets the target, and submits what it finds.
 */

export interface StratumMessage {
  id: number;
  method: string;
  body?: Record<string, unknown>;
}

export interface StratumMiner {
  /** Every message the pool has sent, in order. */
  readonly received: StratumMessage[];
  /** The job and target now (after subscription). */
  readonly work: { miningRequestId: number; header: Buffer; target: bigint } | undefined;
  /** The next message of `method` after the `skip` already seen (waits for it). */
  next(method: string, timeoutMs?: number): Promise<StratumMessage>;
  send(method: string, body?: unknown): number;
  /** Submits a randomness for a job; answers the pool's mining.submitted. */
  submit(miningRequestId: number, randomness: string): Promise<{ result: boolean; message?: string }>;
  /** Searches up to `maxHashes` randomness values from `start`; the first meeting `target` (default the pool's). */
  search(start: bigint, maxHashes: number, target?: bigint): { randomness: string; hash: Buffer } | undefined;
  close(): void;
}

export const randomnessHex = (value: bigint) => value.toString(16).padStart(16, '0');

export async function connectMiner(host: string, port: number, subscribe: { publicAddress: string; name?: string }): Promise<StratumMiner> {
  const socket = net.connect(port, host);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.setEncoding('utf8');
  const received: StratumMessage[] = [];
  const waiters: { method: string; from: number; resolve: (m: StratumMessage) => void }[] = [];
  const consumed = new Map<string, number>();
  let work: StratumMiner['work'];
  let target = 0n;
  let buffer = '';
  let nextId = 1;
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      const message = JSON.parse(line) as StratumMessage;
      received.push(message);
      if (message.method === 'mining.set_target') target = BigInt(`0x${String(message.body?.['target'])}`);
      if (message.method === 'mining.notify')
        work = { miningRequestId: Number(message.body?.['miningRequestId']), header: Buffer.from(String(message.body?.['header']), 'hex'), target };
      for (const waiter of [...waiters]) {
        if (waiter.method === message.method && received.length - 1 >= waiter.from) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    }
  });
  socket.on('error', () => undefined);

  const send = (method: string, body?: unknown) => {
    const id = nextId++;
    socket.write(`${JSON.stringify({ id, method, body })}\n`);
    return id;
  };
  const next = (method: string, timeoutMs = 10_000): Promise<StratumMessage> => {
    const from = consumed.get(method) ?? 0;
    const found = received.findIndex((m, i) => i >= from && m.method === method);
    const take = (index: number) => {
      consumed.set(method, index + 1);
      return received[index] as StratumMessage;
    };
    if (found >= 0) return Promise.resolve(take(found));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        method,
        from,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(take(received.indexOf(m)));
        },
      });
    });
  };
  send('mining.subscribe', { version: 1, publicAddress: subscribe.publicAddress, ...(subscribe.name ? { name: subscribe.name } : {}) });
  return {
    received,
    get work() {
      return work ? { ...work, target } : undefined;
    },
    next,
    send,
    async submit(miningRequestId, randomness) {
      const id = send('mining.submit', { miningRequestId, randomness });
      for (;;) {
        const answer = await next('mining.submitted');
        if (answer.body?.['id'] === id)
          return { result: answer.body['result'] === true, ...(typeof answer.body['message'] === 'string' ? { message: answer.body['message'] } : {}) };
      }
    },
    search(start, maxHashes, wanted) {
      if (!work) return undefined;
      const header = Buffer.from(work.header);
      const goal = wanted ?? target;
      for (let i = 0n; i < BigInt(maxHashes); i++) {
        header.writeBigUInt64BE((start + i) & 0xffff_ffff_ffff_ffffn, 0);
        const hash = Buffer.from(blake3(header));
        if (meetsTarget(hash, goal)) return { randomness: randomnessHex(start + i), hash };
      }
      return undefined;
    },
    close() {
      socket.destroy();
    },
  };
}
