import { sha256 } from '@noble/hashes/sha2.js';
import { F1, Fx, K_EXTRA_BITS, META_WORDS, bucketOf, putX, remaindersMatch, remainderOf, type Y } from './fx.ts';
import { getWide, putWide, bytesFromWords } from './bits.ts';

/**
 * Proof-of-space verification for chiapos (v1) plots, written from the chiapos specification:
 * the 64 x values of a proof (proof ordering) are run through F1 and then F2..F7, every pair
 * must match (adjacent BC buckets, the kB/kC rule), and the top k bits of f7 must equal the
 * top k bits of the challenge. The quality string is sha256(challenge ‖ two adjacent x values
 * of the proof in plot ordering), picked by the challenge's last 5 bits.
 */

/** Consensus limits (chia-blockchain MIN_PLOT_SIZE / MAX_PLOT_SIZE). */
export const MIN_K = 32;
export const MAX_K = 50;
/** The smallest k the reference verifier accepts; for test plots only. */
export const MIN_K_SMALL = 18;

export type VerifyResult = { ok: true; quality: Uint8Array } | { ok: false; reason: string };

/** Per-k Fx evaluators, built once. */
const fxCache = new Map<number, Fx[]>();
function fxFor(k: number): Fx[] {
  let fx = fxCache.get(k);
  if (!fx) {
    fx = [];
    for (let t = 2; t <= 7; t++) fx[t] = new Fx(k, t);
    fxCache.set(k, fx);
  }
  return fx;
}

// scratch buffers: verification is synchronous, so one set serves every call
const xs = new Float64Array(64);
const plotOrder = new Float64Array(64);
const proofWords = new Uint32Array(2 * MAX_K + 1);
const challengeWords = new Uint32Array(9);
const yHi = new Uint32Array(64);
const yLo = new Uint32Array(64);
const meta = new Uint32Array(64 * META_WORDS + 1);
const y: Y = { hi: 0, lo: 0 };
let lastF1: F1 | null = null;
let lastPlotId = new Uint8Array(32);

function f1For(k: number, plotId: Uint8Array): F1 {
  if (lastF1 && lastF1.k === k && equalBytes(lastPlotId, plotId)) return lastF1;
  lastF1 = new F1(k, plotId);
  lastPlotId = plotId.slice();
  return lastF1;
}

/** Big-endian words of `bytes` into a scratch array (a length that is a multiple of 4). */
function loadWords(words: Uint32Array, bytes: Uint8Array): void {
  const n = bytes.length >>> 2;
  for (let i = 0, j = 0; i < n; i++, j += 4) words[i] = ((bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!) >>> 0;
  words[n] = 0;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface ChiaposProofInput {
  plotId: Uint8Array;
  k: number;
  challenge: Uint8Array;
  proof: Uint8Array;
  allowSmallK?: boolean;
}

/** Checks shapes and limits; returns a reason or null. */
function shapeProblem({ plotId, k, challenge, proof, allowSmallK }: ChiaposProofInput): string | null {
  if (!(plotId instanceof Uint8Array) || plotId.length !== 32) return 'plot id must be 32 bytes';
  if (!(challenge instanceof Uint8Array) || challenge.length !== 32) return 'challenge must be 32 bytes';
  const minK = allowSmallK ? MIN_K_SMALL : MIN_K;
  if (!Number.isInteger(k) || k < minK || k > MAX_K) return `k must be an integer from ${minK} to ${MAX_K}, got ${k}`;
  if (!(proof instanceof Uint8Array) || proof.length !== 8 * k) return `proof must be ${8 * k} bytes (64 x values of ${k} bits), got ${proof?.length}`;
  return null;
}

export function verifyChiaposProof(input: ChiaposProofInput): VerifyResult {
  const problem = shapeProblem(input);
  if (problem) return { ok: false, reason: problem };
  const { plotId, k, challenge, proof } = input;
  const f1 = f1For(k, plotId);
  loadWords(proofWords, proof);
  for (let i = 0; i < 64; i++) {
    const x = getWide(proofWords, i * k, k);
    xs[i] = x;
    f1.evaluate(x, y);
    yHi[i] = y.hi;
    yLo[i] = y.lo;
    putX(meta, i * META_WORDS, x, k);
  }
  const fx = fxFor(k);
  // each table halves the entries; outputs overwrite inputs already consumed
  for (let t = 2, n = 64; t <= 7; t++, n >>= 1) {
    const f = fx[t]!;
    for (let i = 0; i < n; i += 2) {
      const bl = bucketOf(yHi[i]!, yLo[i]!);
      const br = bucketOf(yHi[i + 1]!, yLo[i + 1]!);
      if (br !== bl + 1 || !remaindersMatch(bl % 2, remainderOf(yHi[i]!, yLo[i]!), remainderOf(yHi[i + 1]!, yLo[i + 1]!))) {
        return { ok: false, reason: `table ${t}: entries ${i} and ${i + 1} do not match` };
      }
      f.evaluate(yHi[i]!, yLo[i]!, meta, i * META_WORDS, (i + 1) * META_WORDS, y, t < 7 ? meta : null, (i >> 1) * META_WORDS);
      yHi[i >> 1] = y.hi;
      yLo[i >> 1] = y.lo;
    }
  }
  // f7 has k + 6 bits; its top k bits must be the challenge's
  const f7Top = yHi[0]! * 2 ** (32 - K_EXTRA_BITS) + (yLo[0]! >>> K_EXTRA_BITS);
  loadWords(challengeWords, challenge);
  if (f7Top !== getWide(challengeWords, 0, k)) return { ok: false, reason: 'f7 does not match the challenge' };
  return { ok: true, quality: qualityString(k, xs, challenge) };
}

/**
 * The quality string of a valid proof: the proof (64 x values in proof ordering) is put in
 * plot ordering — at each level the half whose largest value (then next largest, ...) is
 * smaller goes first — and sha256(challenge ‖ x[q] ‖ x[q+1]) taken, q = 2 · (last 5 bits of
 * the challenge).
 */
export function qualityString(k: number, proofXs: ArrayLike<number>, challenge: Uint8Array): Uint8Array {
  const order = plotOrder;
  for (let i = 0; i < 64; i++) order[i] = proofXs[i]!;
  for (let size = 1; size < 64; size *= 2) {
    for (let start = 0; start < 64; start += 2 * size) {
      if (!leftFirst(order, start, size)) {
        for (let i = start; i < start + size; i++) {
          const left = order[i]!;
          order[i] = order[i + size]!;
          order[i + size] = left;
        }
      }
    }
  }
  const q = (challenge[31]! & 31) << 1;
  const words = new Uint32Array(((2 * k + 31) >>> 5) + 1);
  putWide(words, 0, order[q]!, k);
  putWide(words, k, order[q + 1]!, k);
  const input = new Uint8Array(32 + ((2 * k + 7) >>> 3));
  input.set(challenge, 0);
  bytesFromWords(words, input.length - 32, input, 32);
  return sha256(input);
}

/** chiapos CompareProofBits: true when the left run sorts before the right, from the last value back. */
function leftFirst(order: Float64Array, start: number, size: number): boolean {
  for (let i = size - 1; i >= 0; i--) {
    const l = order[start + i]!;
    const r = order[start + size + i]!;
    if (l < r) return true;
    if (l > r) return false;
  }
  return false;
}
