/**
 * Chia addresses (chia/util/bech32m.py): a puzzle hash in bech32m with the network's prefix
 * (xch mainnet, txch testnets). The pool takes payout instructions as a puzzle hash, in hex or
 * as an address, as the farmer's client may send either.
 */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generator[i] as number;
  }
  return chk >>> 0;
}

const expandPrefix = (prefix: string) => [...[...prefix].map((c) => c.charCodeAt(0) >> 5), 0, ...[...prefix].map((c) => c.charCodeAt(0) & 31)];

function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    if (value < 0 || value >> from !== 0) return null;
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return null;
  }
  return out;
}

/** encode_puzzle_hash: the address of a 32-byte puzzle hash. */
export function encodePuzzleHash(puzzleHash: Uint8Array, prefix: string): string {
  const data = convertBits([...puzzleHash], 8, 5, true) ?? [];
  const mod = polymod([...expandPrefix(prefix), ...data, 0, 0, 0, 0, 0, 0]) ^ BECH32M_CONST;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${prefix}1${[...data, ...checksum].map((d) => CHARSET[d]).join('')}`;
}

/** decode_puzzle_hash: the prefix and puzzle hash of an address, or null when it is none (bad checksum, not 32 bytes). */
export function decodePuzzleHash(address: string): { prefix: string; puzzleHash: Uint8Array } | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const text = address.toLowerCase();
  const at = text.lastIndexOf('1');
  if (at < 1 || at + 7 > text.length || text.length > 90) return null;
  const prefix = text.slice(0, at);
  const data: number[] = [];
  for (const c of text.slice(at + 1)) {
    const d = CHARSET.indexOf(c);
    if (d < 0) return null;
    data.push(d);
  }
  if (polymod([...expandPrefix(prefix), ...data]) !== BECH32M_CONST) return null;
  const bytes = convertBits(data.slice(0, -6), 5, 8, false);
  if (!bytes || bytes.length !== 32) return null;
  return { prefix, puzzleHash: Uint8Array.from(bytes) };
}
