import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNonceGenerator } from './deadline.ts';
import { parseCsv, verifyVectors } from './vectors.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const FILES = ['shabal256_vectors.csv', 'poc_scoop_gensig_vectors.csv', 'poc_deadline_vectors.csv', 'pool_capacity_estimate_vectors.csv', 'signum_deadline_transforms.csv'];

describe.each(FILES)('every row of %s matches exactly', (file) => {
  const csv = fixture(file);
  const ids = parseCsv(csv).map((row) => row.id!);

  it('has rows', () => {
    expect(ids.length).toBeGreaterThan(0);
  });

  describe.each(['wasm', 'js'] as const)('nonces built by the %s generator', (backend) => {
    const checks = verifyVectors(csv, createNonceGenerator(backend));
    it.each(ids)('%s', (id) => {
      const mine = checks.filter((c) => c.id === id);
      expect(mine.length).toBeGreaterThan(0);
      for (const c of mine) expect(c.ok, `${c.field}: expected ${c.expected}, computed ${c.actual}`).toBe(true);
    });
  });
});

describe('verifyVectors', () => {
  it('fails a row whose expected value was altered (the checker really compares)', () => {
    const csv = fixture('poc_deadline_vectors.csv').replace('76595641219705', '76595641219706');
    const bad = verifyVectors(csv).filter((c) => !c.ok);
    expect(bad).toEqual([{ id: 'signumj-1', field: 'deadline', expected: '76595641219706', actual: '76595641219705', ok: false }]);
  });

  it('refuses a file that is not a PoC vector file', () => {
    expect(() => verifyVectors('a,b\n1,2\n')).toThrow(/not a PoC vector file/);
  });

  it('reads quoted fields with commas and doubled quotes', () => {
    expect(parseCsv('id,note\r\nx,"a, ""b"""\r\n')).toEqual([{ id: 'x', note: 'a, "b"' }]);
  });
});
