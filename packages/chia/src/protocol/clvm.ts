import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';

/**
 * The little of CLVM the pool needs: the serialised format, tree hashes (sha256tree) and the
 * hash of a curried puzzle from its module hash and argument hashes alone
 * (chia/wallet/util/curry_and_treehash.py), so no CLVM interpreter is required.
 */

export type SExp = Uint8Array | readonly [SExp, SExp];

export const isAtom = (node: SExp): node is Uint8Array => node instanceof Uint8Array;

export function atomTreeHash(atom: Uint8Array): Uint8Array {
  return sha256(concatBytes(Uint8Array.of(1), atom));
}

export function pairTreeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(concatBytes(Uint8Array.of(2), left, right));
}

/** sha256tree of a CLVM value. */
export function treeHash(node: SExp): Uint8Array {
  return isAtom(node) ? atomTreeHash(node) : pairTreeHash(treeHash(node[0]), treeHash(node[1]));
}

export class ClvmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClvmError';
  }
}

/** Parses CLVM's serialised format (0xff pair, 0x80 nil, length-prefixed atoms). */
export function deserializeClvm(bytes: Uint8Array): SExp {
  let at = 0;
  const take = (n: number): Uint8Array => {
    if (at + n > bytes.length) throw new ClvmError('unexpected end of CLVM data');
    const out = bytes.subarray(at, at + n);
    at += n;
    return out;
  };
  const atom = (first: number): Uint8Array => {
    if (first === 0x80) return new Uint8Array(0);
    if (first < 0x80) return Uint8Array.of(first);
    let bit = 0x80;
    let prefix = 0;
    while (first & bit) {
      prefix++;
      bit >>= 1;
    }
    if (prefix > 5) throw new ClvmError('atom length prefix too long');
    let length = first & (0xff >> (prefix + 1));
    for (const byte of take(prefix - 1)) length = length * 256 + byte;
    return take(length).slice();
  };
  const read = (): SExp => {
    const first = take(1)[0] as number;
    if (first === 0xff) {
      const left = read();
      return [left, read()];
    }
    return atom(first);
  };
  const out = read();
  if (at !== bytes.length) throw new ClvmError('trailing bytes after CLVM value');
  return out;
}

/** CLVM's serialised format of a value (the inverse of deserializeClvm). */
export function serializeClvm(node: SExp): Uint8Array {
  const out: number[] = [];
  const write = (value: SExp): void => {
    if (!isAtom(value)) {
      out.push(0xff);
      write(value[0]);
      write(value[1]);
      return;
    }
    const n = value.length;
    if (n === 0) out.push(0x80);
    else if (n === 1 && (value[0] as number) < 0x80) out.push(value[0] as number);
    else if (n < 0x40) out.push(0x80 | n);
    else if (n < 0x2000) out.push(0xc0 | (n >> 8), n & 0xff);
    else if (n < 0x100000) out.push(0xe0 | (n >> 16), (n >> 8) & 0xff, n & 0xff);
    else if (n < 0x8000000) out.push(0xf0 | (n >> 24), (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
    else throw new ClvmError('atom too long');
    if (!(n === 1 && (value[0] as number) < 0x80)) for (const byte of value) out.push(byte);
  };
  write(node);
  return Uint8Array.from(out);
}

/** clvm.casts.int_from_bytes: a two's complement big-endian atom as an integer. */
export function intFromBytes(atom: Uint8Array): bigint {
  if (atom.length === 0) return 0n;
  let v = 0n;
  for (const byte of atom) v = (v << 8n) | BigInt(byte);
  if ((atom[0] as number) & 0x80) v -= 1n << BigInt(atom.length * 8);
  return v;
}

/** clvm.casts.int_to_bytes: the shortest two's complement big-endian encoding; 0 is the empty atom. */
export function intToBytes(value: bigint | number): Uint8Array {
  let v = BigInt(value);
  if (v === 0n) return new Uint8Array(0);
  const out: number[] = [];
  const negative = v < 0n;
  while (true) {
    out.unshift(Number(v & 0xffn));
    v >>= 8n;
    const top = out[0] as number;
    if (!negative && v === 0n && (top & 0x80) === 0) break;
    if (negative && v === -1n && (top & 0x80) !== 0) break;
  }
  return Uint8Array.from(out);
}

const Q = Uint8Array.of(1);
const A = Uint8Array.of(2);
const C = Uint8Array.of(4);
const NIL = new Uint8Array(0);
const Q_HASH = atomTreeHash(Q);
const A_HASH = atomTreeHash(A);
const C_HASH = atomTreeHash(C);
const NIL_HASH = atomTreeHash(NIL);
const ONE_HASH = atomTreeHash(Q);

/** Tree hash of (q . mod): what curry_and_treehash starts from. */
export function quotedModHash(modHash: Uint8Array): Uint8Array {
  return pairTreeHash(Q_HASH, modHash);
}

function curriedValuesHash(argHashes: readonly Uint8Array[]): Uint8Array {
  let acc = ONE_HASH;
  for (let i = argHashes.length - 1; i >= 0; i--) {
    acc = pairTreeHash(C_HASH, pairTreeHash(pairTreeHash(Q_HASH, argHashes[i] as Uint8Array), pairTreeHash(acc, NIL_HASH)));
  }
  return acc;
}

/** Tree hash of MOD curried with arguments, from the module hash and the arguments' tree hashes. */
export function curryTreeHash(modHash: Uint8Array, argHashes: readonly Uint8Array[]): Uint8Array {
  return pairTreeHash(A_HASH, pairTreeHash(quotedModHash(modHash), pairTreeHash(curriedValuesHash(argHashes), NIL_HASH)));
}

/** The curried program itself: (a (q . MOD) (c (q . arg1) (c (q . arg2) ... 1))). */
export function curry(mod: SExp, args: readonly SExp[]): SExp {
  let env: SExp = Q; // the atom 1: the environment of the curried program
  for (let i = args.length - 1; i >= 0; i--)
    env = [
      C,
      [
        [Q, args[i] as SExp],
        [env, NIL],
      ],
    ];
  return [
    A,
    [
      [Q, mod],
      [env, NIL],
    ],
  ];
}

/** A proper CLVM list (a0 a1 ...). */
export function clvmList(items: readonly SExp[]): SExp {
  let out: SExp = NIL;
  for (let i = items.length - 1; i >= 0; i--) out = [items[i] as SExp, out];
  return out;
}
