import { base58, base64urlnopad, bech32, bech32m, createBase58check } from '@scure/base';
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { jubjub } from '@noble/curves/misc.js';
import { parseSignumAccount, signumAccountIdOfKey, signumExtendedKey, signumRsDecode, signumRsEncode } from './signum.ts';

/**
 * Each coin's address checked as its chain checks it, not by a pattern alone: a mistyped
 * character is refused as the user types, not after the withdrawal's review when the wallet
 * refuses to send. The rule of a coin is a property of the registry (`ADDRESS_RULES`, keyed
 * by the registry's coin type); a coin without one (added by an operator) keeps its pattern.
 */
export type AddressRule =
  /** bech32 / bech32m (BIP-173 / BIP-350) with this prefix and payload length in bytes. */
  | { kind: 'bech32' | 'bech32m'; prefix: string; bytes: number }
  /** Base58Check (double SHA-256 checksum) of a version byte and a 20-byte hash. */
  | { kind: 'base58check' }
  /** Signum: Reed-Solomon `S-…` (or the older `BURST-…`), or the numeric account id. */
  | { kind: 'signum' }
  /** SS58 (Substrate) with this network prefix: base58 of prefix, 32-byte key and a BLAKE2b checksum. */
  | { kind: 'ss58'; prefix: number }
  /** Arweave: the base64url (unpadded, canonical) of a 32-byte SHA-256; no checksum exists. */
  | { kind: 'arweave' }
  /** Iron Fish: 32 bytes of hex that must be a point of Jubjub's prime-order subgroup; no checksum exists. */
  | { kind: 'ironfish' };

export const ADDRESS_RULES: Readonly<Record<string, AddressRule>> = {
  CHIA: { kind: 'bech32m', prefix: 'xch', bytes: 32 },
  CHIA_TEST: { kind: 'bech32m', prefix: 'txch', bytes: 32 },
  BHD: { kind: 'base58check' },
  LHD: { kind: 'base58check' },
  HDD: { kind: 'base58check' },
  XHD: { kind: 'base58check' },
  DEPINC: { kind: 'base58check' },
  BURST: { kind: 'signum' },
  // MASS: segwit-style bech32 (BIP-173), witness version 0 and a 32-byte script hash.
  MASS: { kind: 'bech32', prefix: 'ms', bytes: 32 },
  AR: { kind: 'arweave' },
  IRONFISH: { kind: 'ironfish' },
  IRONFISH_TEST: { kind: 'ironfish' },
  // Spacemesh: bech32 (BIP-173) of a 24-byte account address.
  SPACEMESH: { kind: 'bech32', prefix: 'sm', bytes: 24 },
  // Aleo: bech32m of a 32-byte address (a curve point's x coordinate).
  ALEO: { kind: 'bech32m', prefix: 'aleo', bytes: 32 },
  ALEO_TEST: { kind: 'bech32m', prefix: 'aleo', bytes: 32 },
  // Autonomys: SS58 with the network prefix 6094 ("su…").
  AUTONOMYS: { kind: 'ss58', prefix: 6094 },
};

const base58check = createBase58check(sha256);
const SS58_PRE = new TextEncoder().encode('SS58PRE');

function tryOr<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}

/** bech32 family: the right prefix, a good checksum, the payload's length (segwit: version byte then program). */
function bech32Valid(rule: { kind: 'bech32' | 'bech32m'; prefix: string; bytes: number }, address: string): boolean {
  const codec = rule.kind === 'bech32' ? bech32 : bech32m;
  return tryOr(() => {
    const decoded = codec.decode(address as `${string}1${string}`, 200);
    if (decoded.prefix !== rule.prefix || address !== address.toLowerCase()) return false;
    // A segwit-style address (MASS) carries the witness version as its first 5-bit word.
    const words = rule.prefix === 'ms' ? decoded.words.slice(1) : decoded.words;
    if (rule.prefix === 'ms' && decoded.words[0] !== 0) return false;
    return codec.fromWords(words).length === rule.bytes;
  }, false);
}

/** The SS58 network prefix of its one or two leading bytes, and how many bytes it took. */
function ss58Prefix(bytes: Uint8Array): [number, number] {
  const first = bytes[0]!;
  if (first < 64) return [first, 1];
  const second = bytes[1]!;
  return [((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8), 2];
}

function ss58Checksum(data: Uint8Array): Uint8Array {
  const input = new Uint8Array(SS58_PRE.length + data.length);
  input.set(SS58_PRE);
  input.set(data, SS58_PRE.length);
  return blake2b(input, { dkLen: 64 }).subarray(0, 2);
}

function ss58Valid(prefix: number, address: string): boolean {
  return tryOr(() => {
    const bytes = base58.decode(address);
    const [network, length] = ss58Prefix(bytes);
    if (network !== prefix || bytes.length !== length + 32 + 2) return false;
    const checksum = ss58Checksum(bytes.subarray(0, length + 32));
    return checksum[0] === bytes[length + 32] && checksum[1] === bytes[length + 33];
  }, false);
}

/** An SS58 address of a 32-byte public key (the devnet makes them). */
export function ss58Encode(prefix: number, key: Uint8Array): string {
  const head = prefix < 64 ? [prefix] : [((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b11) << 6)];
  const data = new Uint8Array([...head, ...key]);
  return base58.encode(new Uint8Array([...data, ...ss58Checksum(data)]));
}

function signumValid(address: string): boolean {
  if (/^\d{1,20}$/.test(address)) return BigInt(address) < 2n ** 64n;
  const rs = /^(?:S|BURST)-(.+)$/.exec(address);
  return rs !== null && signumRsDecode(rs[1]!) !== null;
}

function ironfishValid(address: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(address)) return false;
  return tryOr(() => {
    const point = jubjub.Point.fromHex(address);
    return !point.is0() && point.isTorsionFree();
  }, false);
}

/** True when the address passes the coin's rule (no rule: true, the pattern decides alone). */
export function addressChecksumValid(coinType: string, address: string): boolean {
  const rule = ADDRESS_RULES[coinType];
  if (!rule) return true;
  switch (rule.kind) {
    case 'bech32':
    case 'bech32m':
      return bech32Valid(rule, address);
    case 'base58check':
      return tryOr(() => base58check.decode(address).length === 21, false);
    case 'signum':
      return signumValid(address);
    case 'ss58':
      return ss58Valid(rule.prefix, address);
    case 'arweave':
      return tryOr(() => base64urlnopad.decode(address).length === 32 && base64urlnopad.encode(base64urlnopad.decode(address)) === address, false);
    case 'ironfish':
      return ironfishValid(address);
  }
}

/** The address book's and the binding's one check: the coin's pattern and its chain's rule. */
export function addressValid(coin: { type: string; addressPattern: string }, address: string): boolean {
  return new RegExp(coin.addressPattern).test(address) && addressChecksumValid(coin.type, address);
}

/**
 * A valid address of the coin made from 32 bytes (a hash, a key): what the devnet hands out
 * and tests use, passing both the pattern and the chain's rule. A coin without a rule gets
 * bech32m with its lower-case type as prefix.
 */
export function addressFromBytes(coinType: string, bytes: Uint8Array): string {
  const key = bytes.subarray(0, 32);
  const rule = ADDRESS_RULES[coinType] ?? { kind: 'bech32m', prefix: `${coinType.toLowerCase().replace(/_/g, '')}dev`, bytes: 32 };
  switch (rule.kind) {
    case 'bech32':
    case 'bech32m': {
      const codec = rule.kind === 'bech32' ? bech32 : bech32m;
      const words = codec.toWords(key.subarray(0, rule.bytes));
      return codec.encode(rule.prefix, rule.prefix === 'ms' ? [0, ...words] : words, 200);
    }
    case 'base58check':
      // P2SH (version 5: the '3…' addresses the BHD family's pools take).
      return base58check.encode(new Uint8Array([5, ...key.subarray(0, 20)]));
    case 'signum': {
      let id = 0n;
      for (const byte of key.subarray(0, 8)) id = (id << 8n) | BigInt(byte);
      return `S-${signumRsEncode(id)}`;
    }
    case 'ss58':
      return ss58Encode(rule.prefix, key);
    case 'arweave':
      return base64urlnopad.encode(key);
    case 'ironfish': {
      let scalar = 0n;
      for (const byte of key) scalar = (scalar << 8n) | BigInt(byte);
      return jubjub.Point.BASE.multiply((scalar % (jubjub.Point.Fn.ORDER - 1n)) + 1n).toHex();
    }
  }
}

export { signumRsEncode, signumRsDecode } from './signum.ts';

/**
 * A Signum account id from any form the node accepts (numeric, `S-…`, `BURST-…`, `TS-…`, no
 * prefix, or the extended address with its public key, checked against the id), or undefined.
 */
export function signumAccountId(text: string | undefined): bigint | undefined {
  return parseSignumAccount(text, (key) => signumAccountIdOfKey(key, sha256));
}

/** The public key (hex) of an extended Signum address (`S-…-<key>`), checked against its id; undefined for any other form. */
export function signumPublicKeyOf(text: string): string | undefined {
  return signumExtendedKey(text, (key) => signumAccountIdOfKey(key, sha256));
}

/** A Signum account id written as the node writes it: `S-XXXX-XXXX-XXXX-XXXXX`. */
export function signumAddressOf(id: bigint): string {
  return `S-${signumRsEncode(id)}`;
}
