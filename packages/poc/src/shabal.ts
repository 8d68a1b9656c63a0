import { shabal256Words } from './shabal.fast.ts';
import { shabal256Reference } from './shabal.reference.ts';

export { shabal256Words } from './shabal.fast.ts';
export { shabal256Reference } from './shabal.reference.ts';

/** The fast path reads message bytes as little-endian 32-bit words straight from memory. */
export const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Shabal-256 of a byte string (the fast implementation; the reference on a big-endian host). */
export function shabal256(message: Uint8Array): Uint8Array {
  if (!LITTLE_ENDIAN_HOST) return shabal256Reference(message);
  const words = new Uint32Array((message.length + 3) >>> 2);
  new Uint8Array(words.buffer).set(message);
  const out = new Uint32Array(8);
  shabal256Words(words, 0, message.length, out, 0);
  return new Uint8Array(out.buffer);
}
