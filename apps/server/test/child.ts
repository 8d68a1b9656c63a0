import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/**
 * A worker of its own for a test to kill: a Node process running `script` (a module body, its
 * TypeScript through tsx), stdout piped for the markers it prints, stderr shown with the test's.
 */
export function spawnScript(script: string): ChildProcessByStdio<null, Readable, null> {
  return spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
}
