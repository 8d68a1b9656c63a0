import { byteSwap } from './bits.ts';

/**
 * BLAKE3 of an input of 1..64 bytes: a single chunk of a single block, so one compression with
 * CHUNK_START | CHUNK_END | ROOT and the first 32 bytes of output. Every Fx input of chiapos fits
 * (at most 9k + 6 = 456 bits for k = 50). Works on 32-bit words without allocating; checked
 * against @noble/hashes in the tests.
 */

const IV0 = 0x6a09e667, IV1 = 0xbb67ae85, IV2 = 0x3c6ef372, IV3 = 0xa54ff53a;
const IV4 = 0x510e527f, IV5 = 0x9b05688c, IV6 = 0x1f83d9ab, IV7 = 0x5be0cd19;
const FLAGS: number = 1 | 2 | 8; // CHUNK_START | CHUNK_END | ROOT

/** Message word order for each of the 7 rounds (the permutation applied round after round). */
const SCHEDULE = (() => {
  const permutation = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];
  const out = new Uint8Array(7 * 16);
  let order = Array.from({ length: 16 }, (_, i) => i);
  for (let r = 0; r < 7; r++) {
    out.set(order, r * 16);
    order = permutation.map((p) => order[p]!);
  }
  return out;
})();

const m = new Uint32Array(16);

/**
 * Hashes `byteLength` bytes given as 16 big-endian words (`block`, zero past the input) and
 * writes the 32-byte digest as 8 big-endian words into `out`.
 */
export function blake3Block(block: Uint32Array, byteLength: number, out: Uint32Array): void {
  for (let i = 0; i < 16; i++) m[i] = byteSwap(block[i]!);
  let v0 = IV0, v1 = IV1, v2 = IV2, v3 = IV3, v4 = IV4, v5 = IV5, v6 = IV6, v7 = IV7;
  let v8 = IV0, v9 = IV1, v10 = IV2, v11 = IV3;
  let v12 = 0, v13 = 0, v14 = byteLength, v15 = FLAGS;
  let t: number;
  for (let r = 0; r < 7 * 16; r += 16) {
    const s = SCHEDULE;
    // columns
    v0 = (v0 + v4 + m[s[r]!]!) | 0; t = v12 ^ v0; v12 = (t >>> 16) | (t << 16);
    v8 = (v8 + v12) | 0; t = v4 ^ v8; v4 = (t >>> 12) | (t << 20);
    v0 = (v0 + v4 + m[s[r + 1]!]!) | 0; t = v12 ^ v0; v12 = (t >>> 8) | (t << 24);
    v8 = (v8 + v12) | 0; t = v4 ^ v8; v4 = (t >>> 7) | (t << 25);
    v1 = (v1 + v5 + m[s[r + 2]!]!) | 0; t = v13 ^ v1; v13 = (t >>> 16) | (t << 16);
    v9 = (v9 + v13) | 0; t = v5 ^ v9; v5 = (t >>> 12) | (t << 20);
    v1 = (v1 + v5 + m[s[r + 3]!]!) | 0; t = v13 ^ v1; v13 = (t >>> 8) | (t << 24);
    v9 = (v9 + v13) | 0; t = v5 ^ v9; v5 = (t >>> 7) | (t << 25);
    v2 = (v2 + v6 + m[s[r + 4]!]!) | 0; t = v14 ^ v2; v14 = (t >>> 16) | (t << 16);
    v10 = (v10 + v14) | 0; t = v6 ^ v10; v6 = (t >>> 12) | (t << 20);
    v2 = (v2 + v6 + m[s[r + 5]!]!) | 0; t = v14 ^ v2; v14 = (t >>> 8) | (t << 24);
    v10 = (v10 + v14) | 0; t = v6 ^ v10; v6 = (t >>> 7) | (t << 25);
    v3 = (v3 + v7 + m[s[r + 6]!]!) | 0; t = v15 ^ v3; v15 = (t >>> 16) | (t << 16);
    v11 = (v11 + v15) | 0; t = v7 ^ v11; v7 = (t >>> 12) | (t << 20);
    v3 = (v3 + v7 + m[s[r + 7]!]!) | 0; t = v15 ^ v3; v15 = (t >>> 8) | (t << 24);
    v11 = (v11 + v15) | 0; t = v7 ^ v11; v7 = (t >>> 7) | (t << 25);
    // diagonals
    v0 = (v0 + v5 + m[s[r + 8]!]!) | 0; t = v15 ^ v0; v15 = (t >>> 16) | (t << 16);
    v10 = (v10 + v15) | 0; t = v5 ^ v10; v5 = (t >>> 12) | (t << 20);
    v0 = (v0 + v5 + m[s[r + 9]!]!) | 0; t = v15 ^ v0; v15 = (t >>> 8) | (t << 24);
    v10 = (v10 + v15) | 0; t = v5 ^ v10; v5 = (t >>> 7) | (t << 25);
    v1 = (v1 + v6 + m[s[r + 10]!]!) | 0; t = v12 ^ v1; v12 = (t >>> 16) | (t << 16);
    v11 = (v11 + v12) | 0; t = v6 ^ v11; v6 = (t >>> 12) | (t << 20);
    v1 = (v1 + v6 + m[s[r + 11]!]!) | 0; t = v12 ^ v1; v12 = (t >>> 8) | (t << 24);
    v11 = (v11 + v12) | 0; t = v6 ^ v11; v6 = (t >>> 7) | (t << 25);
    v2 = (v2 + v7 + m[s[r + 12]!]!) | 0; t = v13 ^ v2; v13 = (t >>> 16) | (t << 16);
    v8 = (v8 + v13) | 0; t = v7 ^ v8; v7 = (t >>> 12) | (t << 20);
    v2 = (v2 + v7 + m[s[r + 13]!]!) | 0; t = v13 ^ v2; v13 = (t >>> 8) | (t << 24);
    v8 = (v8 + v13) | 0; t = v7 ^ v8; v7 = (t >>> 7) | (t << 25);
    v3 = (v3 + v4 + m[s[r + 14]!]!) | 0; t = v14 ^ v3; v14 = (t >>> 16) | (t << 16);
    v9 = (v9 + v14) | 0; t = v4 ^ v9; v4 = (t >>> 12) | (t << 20);
    v3 = (v3 + v4 + m[s[r + 15]!]!) | 0; t = v14 ^ v3; v14 = (t >>> 8) | (t << 24);
    v9 = (v9 + v14) | 0; t = v4 ^ v9; v4 = (t >>> 7) | (t << 25);
  }
  out[0] = byteSwap(v0 ^ v8); out[1] = byteSwap(v1 ^ v9); out[2] = byteSwap(v2 ^ v10); out[3] = byteSwap(v3 ^ v11);
  out[4] = byteSwap(v4 ^ v12); out[5] = byteSwap(v5 ^ v13); out[6] = byteSwap(v6 ^ v14); out[7] = byteSwap(v7 ^ v15);
}
