import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileWat } from '../scripts/compile-wat.ts';
import { source } from '../scripts/generate-shabal.ts';
import { wat } from '../scripts/generate-wat.ts';
import { SHABAL_WASM_BASE64 } from './wasm/shabal.wasm.ts';

describe('the committed generated code', () => {
  it('is exactly what the generator and wat2wasm build from the project source (npm run build:wasm -w @platter/poc)', async () => {
    expect(fs.readFileSync(new URL('./wasm/shabal.wat', import.meta.url), 'utf8')).toBe(wat);
    expect(await compileWat(wat)).toBe(SHABAL_WASM_BASE64);
  });

  it('the unrolled TypeScript Shabal-256 is what its generator writes', () => {
    expect(fs.readFileSync(new URL('./shabal.fast.ts', import.meta.url), 'utf8')).toBe(source);
  });
});
