/**
 * Bit strings as chiapos sees them: most significant bit first, packed into 32-bit words
 * (word 0 holds the first 32 bits). Arrays carry one spare word at the end so a read that
 * straddles a word boundary never leaves the array.
 */

/** The `n` bits (0 < n <= 32) starting at bit `pos`, as an unsigned integer. */
export function getBits(words: Uint32Array, pos: number, n: number): number {
  const i = pos >>> 5;
  const off = pos & 31;
  const head = off === 0 ? words[i]! : (words[i]! << off) | (words[i + 1]! >>> (32 - off));
  return n === 32 ? head >>> 0 : head >>> (32 - n);
}

/** ORs the low `n` bits (0 < n <= 32) of `value` in at bit `pos`; the target bits must be zero. */
export function putBits(words: Uint32Array, pos: number, value: number, n: number): void {
  const i = pos >>> 5;
  const off = pos & 31;
  const aligned = n === 32 ? value : value << (32 - n);
  words[i]! |= aligned >>> off;
  if (off + n > 32) words[i + 1]! |= aligned << (32 - off);
}

/** Copies `n` bits from `src` at `srcPos` to `dst` at `dstPos` (target bits must be zero). */
export function copyBits(dst: Uint32Array, dstPos: number, src: Uint32Array, srcPos: number, n: number): void {
  while (n >= 32) {
    putBits(dst, dstPos, getBits(src, srcPos, 32), 32);
    dstPos += 32;
    srcPos += 32;
    n -= 32;
  }
  if (n > 0) putBits(dst, dstPos, getBits(src, srcPos, n), n);
}

/** A value of up to 53 bits at `pos` (x values go up to k = 50 bits). */
export function getWide(words: Uint32Array, pos: number, n: number): number {
  if (n <= 32) return getBits(words, pos, n);
  return getBits(words, pos, n - 32) * 0x1_0000_0000 + getBits(words, pos + n - 32, 32);
}

/** Writes a value of up to 53 bits at `pos`. */
export function putWide(words: Uint32Array, pos: number, value: number, n: number): void {
  if (n <= 32) {
    putBits(words, pos, value, n);
    return;
  }
  putBits(words, pos, Math.floor(value / 0x1_0000_0000), n - 32);
  putBits(words, pos + n - 32, value >>> 0, 32);
}

export function byteSwap(x: number): number {
  return ((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24);
}

/** Big-endian words (plus a spare zero word) from bytes; a partial last word is zero-padded. */
export function wordsFromBytes(bytes: Uint8Array): Uint32Array {
  const words = new Uint32Array(((bytes.length + 3) >>> 2) + 1);
  for (let i = 0; i < bytes.length; i++) words[i >>> 2]! |= bytes[i]! << (24 - 8 * (i & 3));
  return words;
}

/** The first `byteLength` bytes of big-endian words. */
export function bytesFromWords(words: Uint32Array, byteLength: number, out = new Uint8Array(byteLength), outOffset = 0): Uint8Array {
  for (let i = 0; i < byteLength; i++) out[outOffset + i] = words[i >>> 2]! >>> (24 - 8 * (i & 3));
  return out;
}
