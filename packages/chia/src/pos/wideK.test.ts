import { blake3 } from '@noble/hashes/blake3.js';
import { __TESTS } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { qualityString } from './chiapos.ts';
import { F1, Fx, META_WORDS, VECTOR_LENS, type Y } from './fx.ts';
import { seededRandom } from './testing.ts';

/**
 * The fast F1/Fx keep y (up to 56 bits) and x (up to 50 bits) in uint32 halves and doubles.
 * For k above 32 no reference proofs exist here, so they are checked against a plain bigint
 * transcription of the chiapos definitions (bit strings as bigint, @noble ChaCha8 and BLAKE3).
 */
const random = seededRandom(50);
function randomBits(bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(Math.floor(random() * 65536));
  return v & ((1n << BigInt(bits)) - 1n);
}
const mask = (bits: number): bigint => (1n << BigInt(bits)) - 1n;
const toBig = (bytes: Uint8Array): bigint => bytes.reduce((v, b) => (v << 8n) | BigInt(b), 0n);
const fromY = (y: Y): bigint => (BigInt(y.hi) << 32n) | BigInt(y.lo);

/** Left-aligned words of a `bits`-long bigint. */
function toWords(value: bigint, bits: number, words: Uint32Array, offset: number): void {
  const padded = value << BigInt(META_WORDS * 32 - bits);
  for (let i = 0; i < META_WORDS; i++) words[offset + i] = Number((padded >> BigInt((META_WORDS - 1 - i) * 32)) & 0xffffffffn);
}
function fromWords(words: Uint32Array, offset: number, bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < META_WORDS; i++) v = (v << 32n) | BigInt(words[offset + i]!);
  return v >> BigInt(META_WORDS * 32 - bits);
}

function referenceF1(k: number, plotId: Uint8Array, x: bigint): bigint {
  const key = new Uint8Array(32);
  key[0] = 1;
  key.set(plotId.subarray(0, 31), 1);
  const position = x * BigInt(k);
  const block = position / 512n;
  const offset = position % 512n;
  // @noble's ChaCha core with 8 rounds: word 12 is the counter, words 13–15 the "nonce", so the
  // 64-bit block counter of the djb layout is (low word, then the high word as the first nonce word)
  const sigma = new Uint32Array(new TextEncoder().encode('expand 32-byte k').buffer);
  const keyWords = new Uint32Array(key.buffer);
  const keystream = (counter: bigint): Uint8Array => {
    const out = new Uint32Array(16);
    __TESTS.chachaCore(sigma, keyWords, Uint32Array.of(Number(counter >> 32n), 0, 0), out, Number(counter & 0xffffffffn), 8);
    return new Uint8Array(out.buffer);
  };
  const stream = new Uint8Array([...keystream(block), ...keystream(block + 1n)]);
  const bits = (toBig(stream) >> (1024n - offset - BigInt(k))) & mask(k);
  return (bits << 6n) | (x >> BigInt(k - 6));
}

function referenceFx(k: number, t: number, y: bigint, l: bigint, r: bigint): { y: bigint; meta: bigint } {
  const a = VECTOR_LENS[t]! * k;
  const total = k + 6 + 2 * a;
  const bytes = Math.ceil(total / 8);
  let input = (((y << BigInt(a)) | l) << BigInt(a)) | r;
  input <<= BigInt(bytes * 8 - total);
  const inputBytes = Uint8Array.from({ length: bytes }, (_, i) => Number((input >> BigInt((bytes - 1 - i) * 8)) & 0xffn));
  const digest = toBig(blake3(inputBytes));
  const out = t < 7 ? VECTOR_LENS[t + 1]! * k : 0;
  const meta = t < 4 ? (l << BigInt(a)) | r : t < 7 ? (digest >> BigInt(256 - (k + 6) - out)) & mask(out) : 0n;
  return { y: digest >> BigInt(256 - (k + 6)), meta };
}

describe('F1 and Fx for k above 32 (wide values without bigint)', () => {
  it.each([33, 40, 50])('F1 matches a bigint transcription for k = %i, including 64-bit block counters', (k) => {
    const plotId = Uint8Array.from({ length: 32 }, () => Math.floor(random() * 256));
    const f1 = new F1(k, plotId);
    const y: Y = { hi: 0, lo: 0 };
    // x whose k bits straddle keystream blocks 2^32·h + 0xffffffff and the next (the carry into the high word)
    const straddling: bigint[] = [];
    for (let h = 0n; h < 3n; h++) {
      const end = ((h << 32n) + 0x1_0000_0000n) * 512n;
      const x = (end - BigInt(k) + 1n + BigInt(k) - 1n) / BigInt(k);
      if (x * BigInt(k) < end && x * BigInt(k) + BigInt(k) > end && x <= mask(k)) straddling.push(x);
    }
    // block numbers reach 2^32 only from k = 37 (k · 2^k >= 2^41)
    expect(straddling.length > 0).toBe(k >= 37);
    const xs = [0n, mask(k), ...straddling, ...Array.from({ length: 60 }, () => randomBits(k))];
    for (const x of xs) {
      f1.evaluate(Number(x), y);
      expect(fromY(y), `x = ${x}`).toBe(referenceF1(k, plotId, x));
    }
  });

  it.each([33, 40, 50])('F2..F7 match a bigint transcription for k = %i', (k) => {
    for (let t = 2; t <= 7; t++) {
      const fx = new Fx(k, t);
      const a = VECTOR_LENS[t]! * k;
      const meta = new Uint32Array(3 * META_WORDS + 1);
      const y: Y = { hi: 0, lo: 0 };
      for (let n = 0; n < 30; n++) {
        const yl = randomBits(k + 6);
        const l = randomBits(a);
        const r = randomBits(a);
        meta.fill(0);
        toWords(l, a, meta, 0);
        toWords(r, a, meta, META_WORDS);
        fx.evaluate(Number(yl >> 32n), Number(yl & 0xffffffffn), meta, 0, META_WORDS, y, meta, 2 * META_WORDS);
        const expected = referenceFx(k, t, yl, l, r);
        expect(fromY(y), `t ${t}`).toBe(expected.y);
        if (t < 7) expect(fromWords(meta, 2 * META_WORDS, VECTOR_LENS[t + 1]! * k), `t ${t} metadata`).toBe(expected.meta);
      }
    }
  });

  it.each([33, 40, 50])('the quality string matches a bigint transcription for k = %i', (k) => {
    for (let n = 0; n < 20; n++) {
      const xs = Array.from({ length: 64 }, () => randomBits(k));
      const challenge = Uint8Array.from({ length: 32 }, () => Math.floor(random() * 256));
      // plot ordering: at each level the run whose values, compared from the last one back, are smaller goes first
      let runs = xs.map((x) => [x]);
      while (runs.length > 1) {
        const next: bigint[][] = [];
        for (let i = 0; i < runs.length; i += 2) {
          const [l, r] = [runs[i]!, runs[i + 1]!];
          let leftFirst = false;
          for (let j = l.length - 1; j >= 0; j--) {
            if (l[j]! !== r[j]!) {
              leftFirst = l[j]! < r[j]!;
              break;
            }
          }
          next.push(leftFirst ? [...l, ...r] : [...r, ...l]);
        }
        runs = next;
      }
      const q = (challenge[31]! & 31) * 2;
      const bytes = Math.ceil((2 * k) / 8);
      const pair = ((runs[0]![q]! << BigInt(k)) | runs[0]![q + 1]!) << BigInt(bytes * 8 - 2 * k);
      const input = new Uint8Array([...challenge, ...Array.from({ length: bytes }, (_, i) => Number((pair >> BigInt((bytes - 1 - i) * 8)) & 0xffn))]);
      expect(qualityString(k, xs.map(Number), challenge)).toEqual(sha256(input));
    }
  });
});
