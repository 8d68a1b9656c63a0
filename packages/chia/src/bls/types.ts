/** Sizes and constants of Chia's BLS (BLS12-381, augmented scheme: G1 public keys, G2 signatures). */
export const SK_SIZE = 32;
export const G1_SIZE = 48;
export const G2_SIZE = 96;
/** Domain separation tag of AugSchemeMPL (IETF BLS signature draft, message augmentation). */
export const AUG_SCHEME_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_';

/**
 * One implementation of Chia's AugSchemeMPL over plain bytes. Verification never throws: a
 * malformed key or signature (wrong length, not on the curve, not in the subgroup) verifies as
 * false. Key and signature producing functions throw on malformed input (that is a caller bug).
 */
export interface BlsBackend {
  readonly name: 'noble' | 'wasm';
  /** Chia's key_gen: HKDF-SHA256 of seed ‖ 0x00 with salt "BLS-SIG-KEYGEN-SALT-", 48 bytes, mod r. Seed ≥ 32 bytes. */
  keyGen(seed: Uint8Array): Uint8Array;
  skToPk(sk: Uint8Array): Uint8Array;
  /** Augmented signature: signs pk ‖ message. */
  sign(sk: Uint8Array, message: Uint8Array): Uint8Array;
  /**
   * Signature of one share of an aggregate key (AugSchemeMPL.sign with prepend_pk): signs
   * prependPk ‖ message, so shares of local, farmer (and taproot) keys sum to a signature that
   * verifies under the plot public key.
   */
  signPrepend(sk: Uint8Array, message: Uint8Array, prependPk: Uint8Array): Uint8Array;
  verify(pk: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
  /** Sum of signatures (G2); throws on a malformed signature. */
  aggregate(signatures: readonly Uint8Array[]): Uint8Array;
  /** Aggregate verification of (pk_i, message_i) pairs; false for no pairs or mismatched lengths. */
  aggregateVerify(pks: readonly Uint8Array[], messages: readonly Uint8Array[], signature: Uint8Array): boolean;
  /** Sum of G1 points (e.g. plot public key = local pk + farmer pk); throws on a malformed point. */
  g1Add(points: readonly Uint8Array[]): Uint8Array;
  /** Whether bytes are a valid compressed G1 point (on the curve, in the subgroup). */
  isValidG1(bytes: Uint8Array): boolean;
  isValidG2(bytes: Uint8Array): boolean;
}

export class BlsInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlsInputError';
  }
}

const P = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;

function bigFrom(bytes: Uint8Array, start: number, end: number): bigint {
  let n = 0n;
  for (let i = start; i < end; i++) n = (n << 8n) | BigInt(bytes[i] ?? 0);
  return n;
}

/**
 * Cheap structural check of a compressed point (ZCash encoding used by Chia): length, the
 * compression flag, the infinity encoding, coordinates below the field modulus. It does not
 * check that the point is on the curve or in the subgroup (the backends do).
 */
export function wellFormedPoint(bytes: Uint8Array, size: typeof G1_SIZE | typeof G2_SIZE): boolean {
  if (!(bytes instanceof Uint8Array) || bytes.length !== size) return false;
  const flags = bytes[0] ?? 0;
  if ((flags & 0x80) === 0) return false; // must be compressed
  const infinity = (flags & 0x40) !== 0;
  if (infinity) {
    if ((flags & 0x3f) !== 0 || (flags & 0x20) !== 0) return false;
    for (let i = 1; i < size; i++) if (bytes[i] !== 0) return false;
    return true;
  }
  const first = bigFrom(bytes, 0, G1_SIZE) & ((1n << 381n) - 1n);
  if (first >= P) return false;
  if (size === G2_SIZE && bigFrom(bytes, G1_SIZE, G2_SIZE) >= P) return false;
  return true;
}

export function isInfinity(bytes: Uint8Array): boolean {
  return ((bytes[0] ?? 0) & 0x40) !== 0;
}
