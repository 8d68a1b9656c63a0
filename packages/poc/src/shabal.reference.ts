/**
 * Shabal-256, the plain reference (Bresson et al., SHA-3 round 2; the variant Burst/PoC uses
 * is standard Shabal-256 as in sphlib). Written for reading, not speed: state in arrays, the
 * permutation as loops. The fast implementation (shabal.ts) is checked against this one.
 *
 * State: A (12 words), B and C (16 words), a 64-bit block counter W. Per 64-byte block M:
 *   B += M; A[0..1] ^= W; P(A, B, C, M); C -= M; swap(B, C); W++.
 * Final block: pad 0x80 then zeros, the same step without C -= M / W++, then three more
 * permutations (swap, A ^= W, P). The digest is B[8..15], little-endian.
 */

const u32 = (x: number) => x >>> 0;
const rotl = (x: number, n: number) => u32((x << n) | (x >>> (32 - n)));

interface State {
  a: number[];
  b: number[];
  c: number[];
  /** Block counter, low and high 32-bit halves. */
  wLow: number;
  wHigh: number;
}

function permute(s: State, m: readonly number[]): void {
  const { a, b, c } = s;
  for (let i = 0; i < 16; i++) b[i] = rotl(b[i]!, 17);
  for (let j = 0; j < 3; j++) {
    for (let i = 0; i < 16; i++) {
      const k = (16 * j + i) % 12;
      const prev = (16 * j + i + 11) % 12;
      const aNew = u32(Math.imul(u32(a[k]! ^ Math.imul(rotl(a[prev]!, 15), 5) ^ c[(8 - i + 16) % 16]!), 3) ^ b[(i + 13) % 16]! ^ (b[(i + 9) % 16]! & ~b[(i + 6) % 16]!) ^ m[i]!);
      a[k] = aNew;
      b[i] = u32(~(rotl(b[i]!, 1) ^ aNew));
    }
  }
  for (let j = 0; j < 36; j++) {
    const k = 11 - (j % 12);
    a[k] = u32(a[k]! + c[(((6 - j) % 16) + 16) % 16]!);
  }
}

function block(s: State, m: readonly number[], final: boolean): void {
  for (let i = 0; i < 16; i++) s.b[i] = u32(s.b[i]! + m[i]!);
  s.a[0] = u32(s.a[0]! ^ s.wLow);
  s.a[1] = u32(s.a[1]! ^ s.wHigh);
  permute(s, m);
  if (final) return;
  for (let i = 0; i < 16; i++) s.c[i] = u32(s.c[i]! - m[i]!);
  [s.b, s.c] = [s.c, s.b];
  s.wLow = u32(s.wLow + 1);
  if (s.wLow === 0) s.wHigh = u32(s.wHigh + 1);
}

function words(bytes: Uint8Array, offset: number): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, 64);
  return Array.from({ length: 16 }, (_, i) => view.getUint32(i * 4, true));
}

/** The initial state of Shabal-256: two prefix blocks (256..271, 272..287) from zero with W = -1, 0. */
function initialState(): State {
  const s: State = { a: new Array<number>(12).fill(0), b: new Array<number>(16).fill(0), c: new Array<number>(16).fill(0), wLow: 0xffffffff, wHigh: 0xffffffff };
  block(
    s,
    Array.from({ length: 16 }, (_, i) => 256 + i),
    false,
  );
  block(
    s,
    Array.from({ length: 16 }, (_, i) => 272 + i),
    false,
  );
  return s;
}

const IV = initialState();

export function shabal256Reference(message: Uint8Array): Uint8Array {
  const s: State = { a: [...IV.a], b: [...IV.b], c: [...IV.c], wLow: IV.wLow, wHigh: IV.wHigh };
  let offset = 0;
  for (; offset + 64 <= message.length; offset += 64) block(s, words(message, offset), false);
  const last = new Uint8Array(64);
  last.set(message.subarray(offset));
  last[message.length - offset] = 0x80;
  const m = words(last, 0);
  block(s, m, true);
  for (let i = 0; i < 3; i++) {
    [s.b, s.c] = [s.c, s.b];
    s.a[0] = u32(s.a[0]! ^ s.wLow);
    s.a[1] = u32(s.a[1]! ^ s.wHigh);
    permute(s, m);
  }
  const out = new Uint8Array(32);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) view.setUint32(i * 4, s.b[8 + i]!, true);
  return out;
}

/** The IV words (A, B, C) for the fast implementation, computed once from the definition. */
export function shabal256InitialWords(): { a: readonly number[]; b: readonly number[]; c: readonly number[] } {
  return { a: [...IV.a], b: [...IV.b], c: [...IV.c] };
}
