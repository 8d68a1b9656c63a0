import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/ports.ts';
import { startEmbeddedPostgres, traversableBy } from './embedded.ts';

const fixture = path.resolve(import.meta.dirname, '../../test/fixtures/hold-embedded.ts');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-embedded-'));
  await fs.chmod(dir, 0o755);
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

function holdInChild(dataDir: string, port: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\S+)/.exec(out);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`fixture exited ${code}: ${out}`)));
  });
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps data across a clean stop and start', async () => {
    const dir = await tempDir();
    const port = await freePort();
    const logs: string[] = [];
    const first = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port, log: (l) => logs.push(l) });
    await query(first.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
    await first.stop();
    const second = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port, log: (l) => logs.push(l) });
    cleanups.push(() => second.stop());
    expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
    expect(second.url).toBe(first.url); // same generated password
  });

  it('recovers after its Platter process was killed with SIGKILL, stopping the leftover server', async () => {
    const dir = await tempDir();
    const port = await freePort();
    const dataDir = path.join(dir, 'pg');
    const { child, url } = await holdInChild(dataDir, port);
    await query(url, 'CREATE TABLE survived (v int); INSERT INTO survived VALUES (7)');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    // postgres is still running, owned by a dead process
    await expect(query(url, 'SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
    const logs: string[] = [];
    const restarted = await startEmbeddedPostgres({ dataDir, port, ephemeral: true, log: (l) => logs.push(l) });
    cleanups.push(() => restarted.stop());
    expect(restarted.owned).toBe(true);
    expect(logs.some((l) => l.includes('left running by a previous Platter process'))).toBe(true);
    expect(await query(restarted.url, 'SELECT v FROM survived')).toEqual([{ v: 7 }]);
  });

  it('shares the server of a Platter process that is still alive instead of stopping it', async () => {
    const dir = await tempDir();
    const port = await freePort();
    const dataDir = path.join(dir, 'pg');
    const { child, url } = await holdInChild(dataDir, port);
    cleanups.push(async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      const again = await startEmbeddedPostgres({ dataDir, port, log: () => undefined });
      await again.stop();
    });
    const shared = await startEmbeddedPostgres({ dataDir, port, log: () => undefined });
    expect(shared.owned).toBe(false);
    expect(shared.url).toBe(url);
    await expect(query(shared.url, 'SELECT 2 AS two')).resolves.toEqual([{ two: 2 }]);
    await shared.stop(); // not ours: must leave it running
    await expect(query(url, 'SELECT 3 AS three')).resolves.toEqual([{ three: 3 }]);
  });

  it('removes a stale postmaster.pid whose process is gone', async () => {
    const dir = await tempDir();
    const port = await freePort();
    const dataDir = path.join(dir, 'pg');
    const first = await startEmbeddedPostgres({ dataDir, port, ephemeral: true, log: () => undefined });
    await first.stop();
    await fs.writeFile(path.join(dataDir, 'postmaster.pid'), '999999\n');
    const logs: string[] = [];
    const second = await startEmbeddedPostgres({ dataDir, port, ephemeral: true, log: (l) => logs.push(l) });
    cleanups.push(() => second.stop());
    expect(logs.some((l) => l.includes('stale postmaster.pid'))).toBe(true);
    await expect(query(second.url, 'SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
  });
});

describe('running as root from a folder the postgres user cannot enter', () => {
  it.runIf(process.getuid?.() === 0)('moves the data to a reachable folder, says so, and works', async () => {
    const dir = await tempDir();
    const home = path.join(dir, 'home');
    await fs.mkdir(home, { mode: 0o700 });
    await fs.chmod(home, 0o700);
    const notices: string[] = [];
    const db = await startEmbeddedPostgres({
      dataDir: path.join(home, 'checkout', '.data', 'pg'),
      port: await freePort(),
      ephemeral: true,
      log: () => undefined,
      notice: (line) => notices.push(line),
    });
    cleanups.push(async () => {
      await db.stop();
      await fs.rm(db.dataDir, { recursive: true, force: true });
      await fs.rm(`${db.dataDir}.password`, { force: true });
    });
    expect(db.dataDir.startsWith('/var/lib/platter/data-')).toBe(true);
    expect(notices.some((n) => n.includes('cannot reach') && n.includes(db.dataDir))).toBe(true);
    await expect(query(db.url, 'SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
  });
});

describe('traversableBy', () => {
  it('sees a mode-700 folder owned by someone else as closed', async () => {
    const dir = await tempDir();
    const closed = path.join(dir, 'closed');
    await fs.mkdir(path.join(closed, 'inside'), { recursive: true });
    await fs.chmod(closed, 0o700);
    const stranger = { uid: 12345, gid: 12345 };
    expect(await traversableBy(path.join(closed, 'inside'), stranger)).toBe(false);
    expect(await traversableBy(dir, stranger)).toBe(true);
    const owner = await fs.stat(closed);
    expect(await traversableBy(path.join(closed, 'inside'), { uid: owner.uid, gid: owner.gid })).toBe(true);
  });
});
