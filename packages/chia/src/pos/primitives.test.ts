import { blake3 } from '@noble/hashes/blake3.js';
import { chacha8 } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import { blake3Block } from './blake3.ts';
import { chacha8Block, chacha8State } from './chacha8.ts';
import { bytesFromWords, copyBits, getWide, putWide, wordsFromBytes } from './bits.ts';
import { seededRandom } from './testing.ts';

const random = seededRandom(42);
const randomBytes = (n: number): Uint8Array => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));

describe('pos primitives against @noble', () => {
  it('BLAKE3 of 1..64 bytes matches @noble/hashes', () => {
    const out = new Uint32Array(8);
    for (let length = 1; length <= 64; length++) {
      const input = randomBytes(length);
      const block = new Uint32Array(17);
      block.set(wordsFromBytes(input).subarray(0, 16));
      blake3Block(block, length, out);
      expect(bytesFromWords(out, 32)).toEqual(blake3(input));
    }
  });

  it('ChaCha8 keystream blocks match @noble/ciphers (zero nonce, block counter)', () => {
    const key = randomBytes(32);
    const state = chacha8State(key);
    const out = new Uint32Array(16);
    for (const counter of [0, 1, 7, 1234567, 0xfffffffe]) {
      chacha8Block(state, counter, 0, out, 0);
      const expected = chacha8(key, new Uint8Array(12), new Uint8Array(64), undefined, counter);
      expect(bytesFromWords(out, 64)).toEqual(expected);
    }
  });

  it('reads and writes bit strings most significant bit first', () => {
    const words = new Uint32Array(4);
    putWide(words, 3, 2 ** 50 - 3, 50);
    expect(getWide(words, 3, 50)).toBe(2 ** 50 - 3);
    expect(bytesFromWords(words, 1)).toEqual(new Uint8Array([0b00011111]));
    const copy = new Uint32Array(4);
    copyBits(copy, 5, words, 3, 50);
    expect(getWide(copy, 5, 50)).toBe(2 ** 50 - 3);
  });
});
