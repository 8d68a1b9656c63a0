import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../paths.ts';
import { runCli } from './run.ts';

// the first reference vector of packages/chia (a k = 21 plot made by chiapos)
const [plotId, k, challenge, proof, quality] = fs
  .readFileSync(fromRoot('packages/chia/src/pos/fixtures/chiapos-k21-proofs.csv'), 'utf8')
  .split('\n')[0]!
  .split(',')
  .map((s) => s.trim()) as [string, string, string, string, string];

async function run(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  // Results and refusals in one text, as a terminal shows them.
  const code = await runCli(
    args,
    (t) => (out += t),
    (t) => (out += t),
  );
  return { code, out };
}

describe('platter chia verify-proof', () => {
  it('prints the quality string of a valid proof and exits 0 (small k allowed by flag)', async () => {
    expect(await run(['chia', 'verify-proof', plotId, k, challenge, proof, '--allow-small-k'])).toEqual({ code: 0, out: `${quality}\n` });
    expect(await run(['chia', 'verify-proof', `0x${plotId}`, k, `0x${challenge}`, `0x${proof}`, '--allow-small-k'])).toEqual({ code: 0, out: `${quality}\n` });
  });

  it('exits 1 with a one-line reason for a proof that does not verify', async () => {
    const flipped = (proof[0] === '0' ? '1' : '0') + proof.slice(1);
    const bad = await run(['chia', 'verify-proof', plotId, k, challenge, flipped, '--allow-small-k']);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/^invalid proof: .+\n$/);
    // consensus size rule without the flag
    expect(await run(['chia', 'verify-proof', plotId, k, challenge, proof])).toEqual({ code: 1, out: 'invalid proof: k must be an integer from 32 to 50, got 21\n' });
  });

  it('refuses malformed arguments with exit 2', async () => {
    expect((await run(['chia', 'verify-proof', plotId, k, challenge])).code).toBe(2);
    expect((await run(['chia', 'verify-proof', 'xyz', k, challenge, proof])).code).toBe(2);
    expect((await run(['chia', 'verify-proof', plotId, 'twenty', challenge, proof])).code).toBe(2);
    expect((await run(['chia', 'frobnicate'])).code).toBe(2);
  });

  it('gives the operator the exit code and output as a process', () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', fromRoot('apps/server/src/cli.ts'), 'chia', 'verify-proof', ...args], { encoding: 'utf8', cwd: fromRoot('.') });
    const ok = cli([plotId, k, challenge, proof, '--allow-small-k']);
    expect([ok.status, ok.stdout]).toEqual([0, `${quality}\n`]);
    const bad = cli([plotId, k, challenge.replace(/^./, (c) => (c === 'f' ? 'e' : 'f')), proof, '--allow-small-k']);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/^invalid proof: /);
  });
});
