import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/test/ports.ts';

/**
 * Platter as `npm start` runs it (main.ts, embedded PostgreSQL, the devnet), on free ports and a
 * throw-away data folder: the browser tests' server and the start-up and Lighthouse benches.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

export { freePort };

/** The simulator's demo farmer as main.ts prints it. */
export const DEMO_FARMER = /Demo farmer[^\n]*\n[^\n]*e-mail:\s+(\S+)[^\n]*\n[^\n]*password:\s+(\S+)/;

export interface PlatterProcess {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with what `match` finds in the output once it finds something; rejects on exit or after `timeoutMs`. */
  waitFor<T>(match: (output: string) => T | undefined, timeoutMs: number): Promise<T>;
  /** SIGINT, then SIGKILL after `graceMs`; removes the data folder. The exit code, or 'killed'. */
  stop(graceMs?: number): Promise<number | null | 'killed'>;
}

export async function spawnPlatter(env: Record<string, string>, dataDirPrefix = 'platter-'): Promise<PlatterProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), dataDirPrefix));
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PLATTER_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      // Iron Fish's stratum on a free port too, so two checkouts can run at once.
      STRATUM_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      for (const listener of listeners) listener();
      resolve(code);
    }),
  );
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    waitFor<T>(match: (output: string) => T | undefined, timeoutMs: number) {
      return new Promise<T>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        const timer = setTimeout(() => (done(), reject(new Error(`Platter did not start in ${timeoutMs / 1000} s:\n${output}`))), timeoutMs);
        const check = () => {
          const found = match(output);
          if (found !== undefined) return (done(), resolve(found));
          if (exitCode !== undefined) return (done(), reject(new Error(`Platter exited with ${String(exitCode)} during start:\n${output}`)));
        };
        listeners.add(check);
        check();
      });
    },
    async stop(graceMs = 30_000) {
      if (exitCode === undefined) child.kill('SIGINT');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'killed'>((resolve) => (timer = setTimeout(() => resolve('killed'), graceMs)));
      const code = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (code === 'killed') {
        child.kill('SIGKILL');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
