import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDb, ensureDatabase, withDatabase } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seedRegistries } from '../apps/server/src/db/seed.ts';
import { postTransaction } from '../apps/server/src/ledger/ledger.service.ts';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.ts';

/**
 * `npm run bench`: measured on loopback only, every load bounded in time. Each figure is a
 * ratio to a baseline measured in the same run, so the numbers compare across machines.
 *
 * 1. GET /api/setting/coin (Platter, real database) vs a bare Fastify hello-world. Goal ≥ 0.5.
 * 2. Ledger transfers (balanced transaction, two postings, locked balances, non-negative
 *    check) per second under 8 concurrent clients vs plain single-row UPDATEs, same database.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = 3;

function median<T extends { rps: number }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no runs');
  return middle;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function serve(args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bench/serve.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('LISTENING') && resolve());
    child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  return child;
}

async function load(url: string): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  // warm-up (JIT, caches, connections), then the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-bench-'));
  await fs.chmod(tmp, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg'), port: await freePort(), ephemeral: true, log: () => undefined });
  try {
    await ensureDatabase(pg.url, 'bench');
    const url = withDatabase(pg.url, 'bench');
    const { db } = createDb(url, 2);
    await migrateToLatest(db);
    await seedRegistries(db);
    await db.destroy();

    console.log(`\nPlatter benchmarks — ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION_S} s per run, median of ${ROUNDS} alternating rounds, loopback\n`);

    const barePort = await freePort();
    const appPort = await freePort();
    const bare = await serve(['bare', String(barePort)]);
    const app = await serve(['app', String(appPort), url]);
    // Alternate the two loads and keep the median of each: this machine is noisy.
    const bareRuns: Awaited<ReturnType<typeof load>>[] = [];
    const appRuns: Awaited<ReturnType<typeof load>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRuns.push(await load(`http://127.0.0.1:${barePort}/`));
      appRuns.push(await load(`http://127.0.0.1:${appPort}/api/setting/coin`));
    }
    await stop(bare);
    await stop(app);
    const bareResult = median(bareRuns);
    const appResult = median(appRuns);

    const ratio = appResult.rps / bareResult.rps;
    console.log('| run | req/s | p99 ms | errors | non-2xx |');
    console.log('|---|---|---|---|---|');
    console.log(`| bare Fastify hello-world | ${bareResult.rps.toFixed(0)} | ${bareResult.p99} | ${bareResult.errors} | ${bareResult.non2xx} |`);
    console.log(`| GET /api/setting/coin | ${appResult.rps.toFixed(0)} | ${appResult.p99} | ${appResult.errors} | ${appResult.non2xx} |`);
    console.log(`\nsetting/coin ÷ bare = ${ratio.toFixed(2)} (goal ≥ 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW GOAL'}\n`);
    if (appResult.errors > 0 || appResult.non2xx > 0) process.exitCode = 1;

    await ledgerBench(url);
  } finally {
    await pg.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

const LEDGER_CLIENTS = 8;

/** Runs `op` in a loop on each of `clients` workers for the duration; returns operations per second. */
async function throughput(clients: number, op: (client: number, i: number) => Promise<void>): Promise<number> {
  const until = Date.now() + DURATION_S * 1000;
  const counts = await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let n = 0;
      while (Date.now() < until) await op(client, n++);
      return n;
    }),
  );
  return counts.reduce((a, b) => a + b, 0) / DURATION_S;
}

async function ledgerBench(url: string): Promise<void> {
  const { db } = createDb(url, LEDGER_CLIENTS + 2);
  try {
    await sql`CREATE TABLE IF NOT EXISTS bench_counters (id int PRIMARY KEY, n bigint NOT NULL)`.execute(db);
    await sql`INSERT INTO bench_counters SELECT g, 0 FROM generate_series(0, ${LEDGER_CLIENTS - 1}) g ON CONFLICT DO NOTHING`.execute(db);
    // Two users per client, funded once; each client moves 1 unit back and forth between its pair.
    const pairs: [string, string][] = [];
    for (let c = 0; c < LEDGER_CLIENTS; c++) {
      const ids: string[] = [];
      for (const side of ['a', 'b']) {
        const row = await db
          .insertInto('users')
          .values({ uid: `bench-${c}-${side}-${Date.now()}`, email: `bench-${c}-${side}-${Date.now()}@bench.test`, password_hash: 'x', status: 'active' })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      const [a = '', b = ''] = ids;
      pairs.push([a, b]);
      await fundBench(db, a);
      await fundBench(db, b);
    }
    const ledgerOp = async (client: number, i: number) => {
      const [a, b] = pairs[client] ?? ['', ''];
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      await db.transaction().execute((trx) =>
        postTransaction(trx, {
          kind: 'transfer',
          postings: [
            { account: { kind: 'user', userId: from, coin: 'CHIA', bucket: 'available' }, amount: -1n },
            { account: { kind: 'user', userId: to, coin: 'CHIA', bucket: 'available' }, amount: 1n },
          ],
        }),
      );
    };
    const updateOp = async (client: number) => {
      await db.transaction().execute((trx) => sql`UPDATE bench_counters SET n = n + 1 WHERE id = ${client}`.execute(trx));
    };
    await throughput(LEDGER_CLIENTS, ledgerOp); // warm-up
    const ledgerRuns: { rps: number }[] = [];
    const updateRuns: { rps: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      updateRuns.push({ rps: await throughput(LEDGER_CLIENTS, updateOp) });
      ledgerRuns.push({ rps: await throughput(LEDGER_CLIENTS, ledgerOp) });
    }
    const ledger = median(ledgerRuns).rps;
    const update = median(updateRuns).rps;
    console.log('| run (8 concurrent clients) | per second |');
    console.log('|---|---|');
    console.log(`| single-row UPDATE in a transaction | ${update.toFixed(0)} |`);
    console.log(`| ledger transfer (2 postings) | ${ledger.toFixed(0)} |`);
    console.log(`\nledger transfer ÷ single-row UPDATE = ${(ledger / update).toFixed(2)}\n`);
  } finally {
    await db.destroy();
  }
}

async function fundBench(db: Db, userId: string): Promise<void> {
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      kind: 'deposit',
      postings: [
        { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -1_000_000n },
        { account: { kind: 'user', userId, coin: 'CHIA', bucket: 'available' }, amount: 1_000_000n },
      ],
    }),
  );
}

await main();
