import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shabal256, shabal256Reference, shabal256Words } from './shabal.ts';
import { WasmNonceGenerator } from './wasm.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('Shabal-256: the fast implementations agree with the reference', () => {
  const wasm = new WasmNonceGenerator();

  it('on every length around the 64-byte block boundaries', () => {
    const message = Uint8Array.from({ length: 300 }, (_, i) => (i * 131 + 7) & 0xff);
    for (let length = 0; length <= 300; length++) {
      const m = message.subarray(0, length);
      const expected = hex(shabal256Reference(m));
      expect(hex(shabal256(m)), `length ${length}`).toBe(expected);
      expect(hex(wasm.shabal256(m)), `length ${length} (wasm)`).toBe(expected);
    }
  });

  it('on random messages (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (m) => {
        const expected = hex(shabal256Reference(m));
        return hex(shabal256(m)) === expected && hex(wasm.shabal256(m)) === expected;
      }),
      { numRuns: 200 },
    );
  });

  it('hashes a word range in place without touching its neighbours', () => {
    const words = new Uint32Array(32).fill(0xa5a5a5a5);
    const bytes = new Uint8Array(words.buffer);
    const input = bytes.slice(64, 112);
    shabal256Words(words, 16, 48, words, 4);
    expect(hex(bytes.subarray(16, 48))).toBe(hex(shabal256Reference(input)));
    expect([...words.subarray(0, 4), ...words.subarray(12, 16)].every((w) => w === 0xa5a5a5a5)).toBe(true);
  });

  it('a flipped bit anywhere in the message changes the digest (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), (m, pick) => {
        const bit = pick % (m.length * 8);
        const flipped = Uint8Array.from(m);
        flipped[bit >> 3]! ^= 1 << (bit & 7);
        return hex(shabal256(flipped)) !== hex(shabal256(m));
      }),
      { numRuns: 300 },
    );
  });
});
