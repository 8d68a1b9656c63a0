import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../paths.ts';
import { runCli } from './run.ts';

// Nogrod burstmath_test.go: asserted deadline 924072458 (PoC2); the PoC1 row is the harness's
const NOGROD = ['2a0757c8af2aa43b29515c872385ede31d0742b1ea29b93a1a8c38a11b8a37a0', '41189', '10282355196851764065', '6729', '18325193796'];
const fixture = (name: string) => fromRoot(`packages/poc/src/fixtures/${name}`);

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

describe('platter poc deadline', () => {
  it('prints the scoop, the hit and, last, the deadline of a PoC2 submission (the upstream vector)', async () => {
    expect(await run(['poc', 'deadline', ...NOGROD])).toEqual({ code: 0, out: 'poc2\nscoop 30\nhit 16933806889884032376\ndeadline 924072458\n' });
  });

  it('computes the PoC1 layout with --poc1', async () => {
    expect(await run(['poc', 'deadline', ...NOGROD, '--poc1'])).toEqual({ code: 0, out: 'poc1\nscoop 30\nhit 9382489619911606787\ndeadline 511999475\n' });
  });

  it('refuses malformed arguments with exit 2 and says which', async () => {
    const [genSig, height, account, nonce, baseTarget] = NOGROD as [string, string, string, string, string];
    expect(await run(['poc', 'deadline', genSig, height, account, '18446744073709551616', baseTarget])).toEqual({
      code: 2,
      out: 'nonce must be a whole number from 0 to 18446744073709551615, got 18446744073709551616\n',
    });
    expect((await run(['poc', 'deadline', genSig, height, 'BURST-ABCD', nonce, baseTarget])).out).toMatch(/^accountId must be a whole number/);
    expect((await run(['poc', 'deadline', genSig, '1.5', account, nonce, baseTarget])).out).toMatch(/^height must be a whole number/);
    expect(await run(['poc', 'deadline', genSig, '-1', account, nonce, baseTarget])).toMatchObject({ code: 2, out: expect.stringMatching(/Unknown option '-1'/) });
    expect((await run(['poc', 'deadline', genSig.slice(2), height, account, nonce, baseTarget])).out).toBe('the generation signature must be 64 hex digits\n');
    expect(await run(['poc', 'deadline', genSig, height, account, nonce, '0'])).toEqual({ code: 2, out: 'baseTarget must be positive\n' });
    expect((await run(['poc', 'deadline', genSig, height, account, nonce])).code).toBe(2);
    expect((await run(['poc', 'frobnicate'])).code).toBe(2);
  });
});

describe('platter poc verify-vectors', () => {
  it.each(['shabal256_vectors.csv', 'poc_scoop_gensig_vectors.csv', 'poc_deadline_vectors.csv', 'pool_capacity_estimate_vectors.csv', 'signum_deadline_transforms.csv'])(
    'passes every row of %s',
    async (name) => {
      const { code, out } = await run(['poc', 'verify-vectors', fixture(name)]);
      expect(out).not.toMatch(/FAIL/);
      expect(out).toMatch(/\n\d+ checks, 0 failed\n$/);
      expect(code).toBe(0);
    },
  );

  it('exits 1 and names the row when a vector does not match', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poc-vectors-'));
    try {
      const file = path.join(dir, 'tampered.csv');
      fs.writeFileSync(file, fs.readFileSync(fixture('shabal256_vectors.csv'), 'utf8').replace('10e237979a', '10e237979b'));
      const { code, out } = await run(['poc', 'verify-vectors', file]);
      expect(code).toBe(1);
      expect(out).toContain('FAIL sh-2 shabal256: expected 10e237979b');
      expect(out).toMatch(/\n5 checks, 1 failed\n$/);
      fs.writeFileSync(file, 'a,b\n1,2\n');
      expect(await run(['poc', 'verify-vectors', file])).toEqual({ code: 2, out: `cannot check ${file}: not a PoC vector file (columns: a, b)\n` });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect((await run(['poc', 'verify-vectors', '/nonexistent/vectors.csv'])).code).toBe(2);
  });

  // Two processes (tsx starts slowly on a loaded machine): the in-process cases above cover the rest.
  it('exits 2 on a bad argument and 1 on a vector that does not match, as a process', { timeout: 90_000 }, () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', fromRoot('apps/server/src/cli.ts'), 'poc', ...args], { encoding: 'utf8', cwd: fromRoot('.') });
    const [genSig, height, account, , baseTarget] = NOGROD as [string, string, string, string, string];
    const beyond = cli('deadline', genSig, height, account, '18446744073709551616', baseTarget);
    // The refusal on stderr, nothing on stdout for a script to take as a deadline.
    expect([beyond.status, beyond.stdout, beyond.stderr]).toEqual([2, '', 'nonce must be a whole number from 0 to 18446744073709551615, got 18446744073709551616\n']);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poc-vectors-'));
    try {
      const file = path.join(dir, 'deadlines.csv');
      const rows = fs.readFileSync(fixture('poc_deadline_vectors.csv'), 'utf8');
      // One deadline (signumj-1's) a second off.
      expect(rows).toContain(',76595641219705,');
      fs.writeFileSync(file, rows.replace(',76595641219705,', ',76595641219706,'));
      const tampered = cli('verify-vectors', file);
      expect(tampered.status).toBe(1);
      expect(tampered.stdout).toMatch(/^FAIL signumj-1 deadline/m);
      expect(tampered.stdout).toMatch(/ 1 failed\n$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the operator the exit code and output as a process; the last line is the deadline', () => {
    const cli = spawnSync(process.execPath, ['--import', 'tsx', fromRoot('apps/server/src/cli.ts'), 'poc', 'deadline', ...NOGROD], { encoding: 'utf8', cwd: fromRoot('.') });
    expect(cli.status).toBe(0);
    expect(cli.stdout.trimEnd().split('\n').at(-1)).toBe('deadline 924072458');
  });
});
