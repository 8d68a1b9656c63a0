import { shabal256Words } from './shabal.fast.ts';
import { LITTLE_ENDIAN_HOST } from './shabal.ts';
import { shabal256Reference } from './shabal.reference.ts';

/** Burst plot geometry: a nonce is 4096 scoops of 64 bytes (two 32-byte hashes each). */
export const SCOOPS_PER_NONCE = 4096;
export const SCOOP_BYTES = 64;
export const HASH_BYTES = 32;
export const NONCE_BYTES = SCOOPS_PER_NONCE * SCOOP_BYTES; // 262,144
/** Each plot hash covers at most the 4096 bytes after it. */
export const HASH_CAP = 4096;
/** Shabal-256 calls to build one nonce: 8192 plot hashes and the final hash over it all. */
export const HASHES_PER_NONCE = NONCE_BYTES / HASH_BYTES + 1;

export type PocVersion = 1 | 2;

const U64_MAX = (1n << 64n) - 1n;

/** An unsigned 64-bit integer (account id, nonce, height, base target) or a RangeError. */
export function u64(value: bigint | number | string, name = 'value'): bigint {
  let v: bigint;
  try {
    v = BigInt(value);
  } catch {
    throw new RangeError(`${name} is not an integer`);
  }
  if (v < 0n || v > U64_MAX) throw new RangeError(`${name} is outside 0..2^64-1`);
  return v;
}

/** Bytes hashed to build one nonce (the sum of every Shabal-256 input length), for benchmarks. */
export function bytesHashedPerNonce(): number {
  let total = NONCE_BYTES + 16; // the final hash
  for (let i = NONCE_BYTES; i > 0; i -= HASH_BYTES) total += Math.min(NONCE_BYTES + 16 - i, HASH_CAP);
  return total;
}

/** Builds nonces and reads scoops; one instance per thread (each keeps one 256 KiB buffer). */
export interface NonceGenerator {
  readonly backend: 'wasm' | 'js';
  scoop(accountId: bigint, nonce: bigint, scoop: number, version: PocVersion): Uint8Array;
  /** The whole nonce (262,144 bytes) in the given PoC layout. */
  nonce(accountId: bigint, nonce: bigint, version: PocVersion): Uint8Array;
}

/**
 * The TypeScript generator (unrolled Shabal-256 in shabal.fast.ts), one reusable buffer.
 * Plot seed be64(accountId) ‖ be64(nonce) after the nonce; 8192 hashes backwards, hash k over
 * the min(4096, remaining) bytes after it; then every byte XORed with the hash of the whole.
 * PoC1 scoop n = bytes [64n, 64n + 64); PoC2 takes its second half from scoop 4095 − n.
 */
export class JsNonceGenerator implements NonceGenerator {
  readonly backend = 'js' as const;
  private readonly words = new Uint32Array(NONCE_BYTES / 4 + 4);
  private readonly view = new DataView(this.words.buffer);
  private readonly final = new Uint32Array(8);

  constructor() {
    if (!LITTLE_ENDIAN_HOST) throw new Error('JsNonceGenerator needs a little-endian host (use generateNonceReference)');
  }

  /** The nonce's plot hashes (before the final XOR) into the buffer; the final hash into `final`. */
  private build(accountId: bigint, nonce: bigint): void {
    const { words } = this;
    this.view.setBigUint64(NONCE_BYTES, u64(accountId, 'accountId'), false);
    this.view.setBigUint64(NONCE_BYTES + 8, u64(nonce, 'nonce'), false);
    for (let i = NONCE_BYTES; i > 0; i -= HASH_BYTES) {
      const length = NONCE_BYTES + 16 - i;
      shabal256Words(words, i >>> 2, length < HASH_CAP ? length : HASH_CAP, words, (i - HASH_BYTES) >>> 2);
    }
    shabal256Words(words, 0, NONCE_BYTES + 16, this.final, 0);
  }

  scoop(accountId: bigint, nonce: bigint, scoop: number, version: PocVersion): Uint8Array {
    checkScoop(scoop);
    this.build(accountId, nonce);
    const out = new Uint32Array(16);
    const first = scoop * 16; // word index of scoop n
    const second = (version === 2 ? SCOOPS_PER_NONCE - 1 - scoop : scoop) * 16 + 8;
    for (let k = 0; k < 8; k++) {
      out[k] = this.words[first + k]! ^ this.final[k]!;
      out[8 + k] = this.words[second + k]! ^ this.final[k]!;
    }
    return new Uint8Array(out.buffer);
  }

  nonce(accountId: bigint, nonce: bigint, version: PocVersion): Uint8Array {
    this.build(accountId, nonce);
    const out = new Uint32Array(NONCE_BYTES / 4);
    for (let i = 0; i < out.length; i++) out[i] = this.words[i]! ^ this.final[i & 7]!;
    if (version === 2) poc1ToPoc2(new Uint8Array(out.buffer));
    return new Uint8Array(out.buffer);
  }
}

export function checkScoop(scoop: number): void {
  if (!Number.isInteger(scoop) || scoop < 0 || scoop >= SCOOPS_PER_NONCE) throw new RangeError('scoop is outside 0..4095');
}

/** PoC1 → PoC2 in place: the second hash of scoop n swapped with that of scoop 4095 − n. */
export function poc1ToPoc2(nonce: Uint8Array): void {
  for (let n = 0; n < SCOOPS_PER_NONCE / 2; n++) {
    const a = n * SCOOP_BYTES + HASH_BYTES;
    const b = (SCOOPS_PER_NONCE - 1 - n) * SCOOP_BYTES + HASH_BYTES;
    const tmp = nonce.slice(a, a + HASH_BYTES);
    nonce.copyWithin(a, b, b + HASH_BYTES);
    nonce.set(tmp, b);
  }
}

/** The plain reference: byte arrays and the reference Shabal-256, written as the definition reads. */
export function generateNonceReference(accountId: bigint, nonce: bigint, version: PocVersion): Uint8Array {
  const data = new Uint8Array(NONCE_BYTES + 16);
  const view = new DataView(data.buffer);
  view.setBigUint64(NONCE_BYTES, u64(accountId, 'accountId'), false);
  view.setBigUint64(NONCE_BYTES + 8, u64(nonce, 'nonce'), false);
  for (let i = NONCE_BYTES; i > 0; i -= HASH_BYTES) {
    const length = Math.min(NONCE_BYTES + 16 - i, HASH_CAP);
    data.set(shabal256Reference(data.subarray(i, i + length)), i - HASH_BYTES);
  }
  const final = shabal256Reference(data);
  const out = new Uint8Array(NONCE_BYTES);
  for (let i = 0; i < NONCE_BYTES; i++) out[i] = data[i]! ^ final[i % HASH_BYTES]!;
  if (version === 2) poc1ToPoc2(out);
  return out;
}

/** Scoop n of a whole nonce (as returned by NonceGenerator.nonce or generateNonceReference). */
export function scoopOf(nonce: Uint8Array, scoop: number): Uint8Array {
  checkScoop(scoop);
  return nonce.slice(scoop * SCOOP_BYTES, (scoop + 1) * SCOOP_BYTES);
}
