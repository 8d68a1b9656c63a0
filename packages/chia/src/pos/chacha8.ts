/**
 * ChaCha8 keystream blocks as chiapos's F1 uses them: the original (djb) layout with a 64-bit
 * block counter in words 12–13 and a zero IV in words 14–15. Written out on 32-bit words so
 * one block costs no allocation; checked against @noble/ciphers in the tests.
 */

import { byteSwap as swap } from './bits.ts';

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

/** The 16-word initial state for a 32-byte key; words 12–15 (counter, IV) left zero. */
export function chacha8State(key: Uint8Array): Uint32Array {
  if (key.length !== 32) throw new RangeError('ChaCha8 key must be 32 bytes');
  const state = new Uint32Array(16);
  state.set(SIGMA);
  for (let i = 0; i < 8; i++) {
    state[4 + i] = (key[4 * i]! | (key[4 * i + 1]! << 8) | (key[4 * i + 2]! << 16) | (key[4 * i + 3]! << 24)) >>> 0;
  }
  return state;
}

/**
 * Keystream block number `counterHi * 2^32 + counterLo`, written as 16 BIG-endian words at
 * `out[outOffset..]` (so the bytes the C code writes little-endian read in order bit by bit).
 */
export function chacha8Block(state: Uint32Array, counterLo: number, counterHi: number, out: Uint32Array, outOffset: number): void {
  const j0 = state[0]!,
    j1 = state[1]!,
    j2 = state[2]!,
    j3 = state[3]!;
  const j4 = state[4]!,
    j5 = state[5]!,
    j6 = state[6]!,
    j7 = state[7]!;
  const j8 = state[8]!,
    j9 = state[9]!,
    j10 = state[10]!,
    j11 = state[11]!;
  const j12 = counterLo | 0,
    j13 = counterHi | 0,
    j14 = state[14]!,
    j15 = state[15]!;
  let x0 = j0,
    x1 = j1,
    x2 = j2,
    x3 = j3,
    x4 = j4,
    x5 = j5,
    x6 = j6,
    x7 = j7;
  let x8 = j8,
    x9 = j9,
    x10 = j10,
    x11 = j11,
    x12 = j12,
    x13 = j13,
    x14 = j14,
    x15 = j15;
  let t: number;
  for (let r = 0; r < 8; r += 2) {
    // column round
    x0 = (x0 + x4) | 0;
    t = x12 ^ x0;
    x12 = (t << 16) | (t >>> 16);
    x8 = (x8 + x12) | 0;
    t = x4 ^ x8;
    x4 = (t << 12) | (t >>> 20);
    x0 = (x0 + x4) | 0;
    t = x12 ^ x0;
    x12 = (t << 8) | (t >>> 24);
    x8 = (x8 + x12) | 0;
    t = x4 ^ x8;
    x4 = (t << 7) | (t >>> 25);
    x1 = (x1 + x5) | 0;
    t = x13 ^ x1;
    x13 = (t << 16) | (t >>> 16);
    x9 = (x9 + x13) | 0;
    t = x5 ^ x9;
    x5 = (t << 12) | (t >>> 20);
    x1 = (x1 + x5) | 0;
    t = x13 ^ x1;
    x13 = (t << 8) | (t >>> 24);
    x9 = (x9 + x13) | 0;
    t = x5 ^ x9;
    x5 = (t << 7) | (t >>> 25);
    x2 = (x2 + x6) | 0;
    t = x14 ^ x2;
    x14 = (t << 16) | (t >>> 16);
    x10 = (x10 + x14) | 0;
    t = x6 ^ x10;
    x6 = (t << 12) | (t >>> 20);
    x2 = (x2 + x6) | 0;
    t = x14 ^ x2;
    x14 = (t << 8) | (t >>> 24);
    x10 = (x10 + x14) | 0;
    t = x6 ^ x10;
    x6 = (t << 7) | (t >>> 25);
    x3 = (x3 + x7) | 0;
    t = x15 ^ x3;
    x15 = (t << 16) | (t >>> 16);
    x11 = (x11 + x15) | 0;
    t = x7 ^ x11;
    x7 = (t << 12) | (t >>> 20);
    x3 = (x3 + x7) | 0;
    t = x15 ^ x3;
    x15 = (t << 8) | (t >>> 24);
    x11 = (x11 + x15) | 0;
    t = x7 ^ x11;
    x7 = (t << 7) | (t >>> 25);
    // diagonal round
    x0 = (x0 + x5) | 0;
    t = x15 ^ x0;
    x15 = (t << 16) | (t >>> 16);
    x10 = (x10 + x15) | 0;
    t = x5 ^ x10;
    x5 = (t << 12) | (t >>> 20);
    x0 = (x0 + x5) | 0;
    t = x15 ^ x0;
    x15 = (t << 8) | (t >>> 24);
    x10 = (x10 + x15) | 0;
    t = x5 ^ x10;
    x5 = (t << 7) | (t >>> 25);
    x1 = (x1 + x6) | 0;
    t = x12 ^ x1;
    x12 = (t << 16) | (t >>> 16);
    x11 = (x11 + x12) | 0;
    t = x6 ^ x11;
    x6 = (t << 12) | (t >>> 20);
    x1 = (x1 + x6) | 0;
    t = x12 ^ x1;
    x12 = (t << 8) | (t >>> 24);
    x11 = (x11 + x12) | 0;
    t = x6 ^ x11;
    x6 = (t << 7) | (t >>> 25);
    x2 = (x2 + x7) | 0;
    t = x13 ^ x2;
    x13 = (t << 16) | (t >>> 16);
    x8 = (x8 + x13) | 0;
    t = x7 ^ x8;
    x7 = (t << 12) | (t >>> 20);
    x2 = (x2 + x7) | 0;
    t = x13 ^ x2;
    x13 = (t << 8) | (t >>> 24);
    x8 = (x8 + x13) | 0;
    t = x7 ^ x8;
    x7 = (t << 7) | (t >>> 25);
    x3 = (x3 + x4) | 0;
    t = x14 ^ x3;
    x14 = (t << 16) | (t >>> 16);
    x9 = (x9 + x14) | 0;
    t = x4 ^ x9;
    x4 = (t << 12) | (t >>> 20);
    x3 = (x3 + x4) | 0;
    t = x14 ^ x3;
    x14 = (t << 8) | (t >>> 24);
    x9 = (x9 + x14) | 0;
    t = x4 ^ x9;
    x4 = (t << 7) | (t >>> 25);
  }
  const o = outOffset;
  out[o] = swap(x0 + j0);
  out[o + 1] = swap(x1 + j1);
  out[o + 2] = swap(x2 + j2);
  out[o + 3] = swap(x3 + j3);
  out[o + 4] = swap(x4 + j4);
  out[o + 5] = swap(x5 + j5);
  out[o + 6] = swap(x6 + j6);
  out[o + 7] = swap(x7 + j7);
  out[o + 8] = swap(x8 + j8);
  out[o + 9] = swap(x9 + j9);
  out[o + 10] = swap(x10 + j10);
  out[o + 11] = swap(x11 + j11);
  out[o + 12] = swap(x12 + j12);
  out[o + 13] = swap(x13 + j13);
  out[o + 14] = swap(x14 + j14);
  out[o + 15] = swap(x15 + j15);
}
