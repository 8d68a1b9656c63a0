import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The JSON of the frame's answer shapes (scripts/answer-shapes.ts) for a config's `define`
 * (vite.config.ts, vitest.config.ts): derived from the domain's schemas in a child process under
 * tsx, because the configs' loader does not read the domain package's TypeScript.
 */
export function answerShapesJson(): string {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const script = path.join(import.meta.dirname, 'answer-shapes.ts');
  return execFileSync(process.execPath, ['--import', tsx, script], { encoding: 'utf8', maxBuffer: 16 << 20 });
}
