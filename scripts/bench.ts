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

/**
 * `npm run bench`: measured on loopback only, every load bounded in time. Each figure is a
 * ratio to a baseline measured in the same run, so the numbers compare across machines.
 *
 * 1. GET /api/setting/coin (Platter, real database) vs a bare Fastify hello-world. Goal ≥ 0.5.
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
  } finally {
    await pg.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

await main();
