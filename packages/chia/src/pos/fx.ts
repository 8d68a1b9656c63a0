import { chacha8Block, chacha8State } from './chacha8.ts';
import { blake3Block } from './blake3.ts';
import { copyBits, getBits, putBits } from './bits.ts';

/**
 * The chiapos functions shared by the verifier and the dev plotter: F1 (ChaCha8 keystream),
 * F2..F7 (BLAKE3 of y ‖ metadata), and the matching rule between adjacent BC buckets.
 *
 * y values have k + 6 bits (up to 56 for k = 50), so they travel as two uint32 halves
 * (hi, lo) rather than bigint; x values (k <= 50 bits) fit a double exactly.
 */
export const K_EXTRA_BITS = 6;
export const K_B = 119;
export const K_C = 127;
export const K_BC = K_B * K_C;
/** Metadata length (times k) carried out of table t, indexed by t + 1. */
export const VECTOR_LENS = [0, 0, 1, 2, 4, 4, 3, 2] as const;
/** Words per metadata value: at most 4k bits = 200 for k = 50, plus a spare word. */
export const META_WORDS = 8;

const TWO_32 = 0x1_0000_0000;

/** A scratch result of F1 / Fx: the y halves. */
export interface Y {
  hi: number;
  lo: number;
}

/** Bucket index and remainder of y = hi * 2^32 + lo by kBC, exact without bigint. */
export function bucketOf(hi: number, lo: number): number {
  if (hi === 0) return Math.floor(lo / K_BC);
  const qh = Math.floor(hi / K_BC);
  const t = (hi - qh * K_BC) * TWO_32 + lo;
  return qh * TWO_32 + Math.floor(t / K_BC);
}

export function remainderOf(hi: number, lo: number): number {
  if (hi === 0) return lo % K_BC;
  return ((hi % K_BC) * TWO_32 + lo) % K_BC;
}

/**
 * The chiapos match between a left y in bucket b and a right y in bucket b + 1 (remainders
 * rl, rr): for the one m ≡ rr/kC − rl/kC (mod kB), m < 64 and rr%kC − rl%kC ≡ (2m + b%2)² (mod kC).
 */
export function remaindersMatch(parity: number, rl: number, rr: number): boolean {
  // both quotients are in 0..kB−1, so one correction brings m into 0..kB−1
  const dj = Math.floor(rr / K_C) - Math.floor(rl / K_C);
  const m = dj < 0 ? dj + K_B : dj;
  if (m >= 1 << K_EXTRA_BITS) return false;
  const c = 2 * m + parity;
  return ((rr % K_C) - (rl % K_C) - c * c) % K_C === 0;
}

/** F1 for one plot: y = ChaCha8 keystream bits [x·k, x·k + k) ‖ the top 6 bits of x. */
export class F1 {
  readonly k: number;
  readonly state: Uint32Array;
  private readonly blocks = new Uint32Array(33);

  constructor(k: number, plotId: Uint8Array) {
    this.k = k;
    const key = new Uint8Array(32);
    key[0] = 1; // the table index, then the first 31 bytes of the plot id
    key.set(plotId.subarray(0, 31), 1);
    this.state = chacha8State(key);
  }

  /** f1(x) into `y`. */
  evaluate(x: number, y: Y): void {
    const k = this.k;
    // bit position x·k split so every product stays below 2^53
    const xHi = Math.floor(x / TWO_32);
    const lowProduct = (x - xHi * TWO_32) * k; // < 2^38
    const offset = lowProduct % 512;
    const block = xHi * k * 0x80_0000 + (lowProduct - offset) / 512; // xHi·k·2^32/512 + ...
    const blockHi = Math.floor(block / TWO_32);
    const blockLo = block - blockHi * TWO_32;
    chacha8Block(this.state, blockLo, blockHi, this.blocks, 0);
    if (offset + k > 512) chacha8Block(this.state, (blockLo + 1) >>> 0, blockLo === 0xffffffff ? blockHi + 1 : blockHi, this.blocks, 16);
    const extra = Math.floor(x / 2 ** (k - K_EXTRA_BITS));
    // y has k + 6 bits: keystream bits then the extra bits
    if (k + K_EXTRA_BITS <= 32) {
      y.hi = 0;
      y.lo = ((getBits(this.blocks, offset, k) << K_EXTRA_BITS) | extra) >>> 0;
    } else {
      // low 32 bits of y are the last 26 keystream bits and the 6 extra bits
      y.hi = getBits(this.blocks, offset, k + K_EXTRA_BITS - 32);
      y.lo = ((getBits(this.blocks, offset + k + K_EXTRA_BITS - 32, 32 - K_EXTRA_BITS) << K_EXTRA_BITS) | extra) >>> 0;
    }
  }
}

/**
 * Fx for tables 2..7: hashes y_left ‖ meta_left ‖ meta_right with BLAKE3; the new y is the top
 * k + 6 bits of the digest, the new metadata is meta_left ‖ meta_right for tables 2–3 and the
 * next kVectorLens[t+1]·k digest bits for tables 4–6 (table 7 carries none).
 */
export class Fx {
  readonly k: number;
  readonly table: number;
  /** metadata bits of each input (out of table t − 1) and of the output */
  readonly inBits: number;
  readonly outBits: number;
  private readonly block = new Uint32Array(17);
  private readonly digest = new Uint32Array(9);

  constructor(k: number, table: number) {
    if (table < 2 || table > 7) throw new RangeError('Fx tables are 2..7');
    this.k = k;
    this.table = table;
    this.inBits = VECTOR_LENS[table]! * k;
    this.outBits = table < 7 ? VECTOR_LENS[table + 1]! * k : 0;
  }

  /**
   * Evaluates f_t(yl, metaL, metaR): metaL/metaR are left-aligned bit strings at word offsets
   * lOff/rOff of `meta`; writes y and (for t < 7) the output metadata at word `outOff` of `outMeta`.
   */
  evaluate(yHi: number, yLo: number, meta: Uint32Array, lOff: number, rOff: number, y: Y, outMeta: Uint32Array | null, outOff: number): void {
    const { k, block, digest, inBits } = this;
    const yBits = k + K_EXTRA_BITS;
    block.fill(0);
    if (yBits <= 32) putBits(block, 0, yLo, yBits);
    else {
      putBits(block, 0, yHi, yBits - 32);
      putBits(block, yBits - 32, yLo, 32);
    }
    copyBits(block, yBits, meta, lOff * 32, inBits);
    copyBits(block, yBits + inBits, meta, rOff * 32, inBits);
    const totalBits = yBits + 2 * inBits;
    blake3Block(block, (totalBits + 7) >>> 3, digest);
    if (yBits <= 32) {
      y.hi = 0;
      y.lo = getBits(digest, 0, yBits);
    } else {
      y.hi = getBits(digest, 0, yBits - 32);
      y.lo = getBits(digest, yBits - 32, 32);
    }
    if (outMeta === null || this.outBits === 0) return;
    const words = (this.outBits + 31) >>> 5;
    for (let i = 0; i < words; i++) outMeta[outOff + i] = 0;
    if (this.table < 4) copyBits(outMeta, outOff * 32, block, yBits, 2 * inBits);
    else copyBits(outMeta, outOff * 32, digest, yBits, this.outBits);
  }
}

/** A k-bit x as a left-aligned metadata value at word `off`. */
export function putX(meta: Uint32Array, off: number, x: number, k: number): void {
  meta[off] = 0;
  if (k > 32) meta[off + 1] = 0;
  if (k <= 32) putBits(meta, off * 32, x, k);
  else {
    putBits(meta, off * 32, Math.floor(x / TWO_32), k - 32);
    putBits(meta, off * 32 + k - 32, x >>> 0, 32);
  }
}
