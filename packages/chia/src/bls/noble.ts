import { bls12_381 } from '@noble/curves/bls12-381.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { keyGenBytes, skScalar } from './keygen.ts';
import { AUG_SCHEME_DST, BlsInputError, G1_SIZE, G2_SIZE, isInfinity, wellFormedPoint, type BlsBackend } from './types.ts';

const sigs = bls12_381.longSignatures;
const G1 = bls12_381.G1.Point;
const G2 = bls12_381.G2.Point;
type G1Point = ReturnType<typeof G1.fromBytes>;
type G2Point = ReturnType<typeof G2.fromBytes>;

function g1(bytes: Uint8Array): G1Point | null {
  if (!wellFormedPoint(bytes, G1_SIZE)) return null;
  try {
    const point = G1.fromBytes(bytes);
    point.assertValidity();
    return point;
  } catch {
    return null;
  }
}

function g2(bytes: Uint8Array): G2Point | null {
  if (!wellFormedPoint(bytes, G2_SIZE)) return null;
  try {
    const point = sigs.Signature.fromBytes(bytes);
    point.assertValidity();
    return point;
  } catch {
    return null;
  }
}

function augHash(pk: Uint8Array, message: Uint8Array): G2Point {
  return sigs.hash(concatBytes(pk, message), AUG_SCHEME_DST);
}

function aggregateVerify(pks: readonly Uint8Array[], messages: readonly Uint8Array[], signature: Uint8Array): boolean {
  if (pks.length === 0 || pks.length !== messages.length) return false;
  const sig = g2(signature);
  if (!sig) return false;
  const items: { message: G2Point; publicKey: G1Point }[] = [];
  for (let i = 0; i < pks.length; i++) {
    const pkBytes = pks[i] as Uint8Array;
    const message = messages[i];
    const pk = g1(pkBytes);
    if (!pk || isInfinity(pkBytes) || !(message instanceof Uint8Array)) return false;
    items.push({ message: augHash(pkBytes, message), publicKey: pk });
  }
  try {
    return items.length === 1 ? sigs.verify(sig, items[0]!.message, items[0]!.publicKey) : sigs.verifyBatch(sig, items);
  } catch {
    return false;
  }
}

/** Pure-JS AugSchemeMPL on @noble/curves: the slow reference the WASM build is checked against. */
export const nobleBackend: BlsBackend = {
  name: 'noble',
  keyGen: keyGenBytes,
  skToPk(sk) {
    skScalar(sk);
    return sigs.getPublicKey(sk).toBytes(true);
  },
  sign(sk, message) {
    skScalar(sk);
    const pk = sigs.getPublicKey(sk).toBytes(true);
    return sigs.Signature.toBytes(sigs.sign(augHash(pk, message), sk));
  },
  signPrepend(sk, message, prependPk) {
    skScalar(sk);
    if (!g1(prependPk)) throw new BlsInputError('malformed G1 point');
    return sigs.Signature.toBytes(sigs.sign(augHash(prependPk, message), sk));
  },
  verify(pk, message, signature) {
    return aggregateVerify([pk], [message], signature);
  },
  aggregate(signatures) {
    let sum = G2.ZERO;
    for (const bytes of signatures) {
      const point = g2(bytes);
      if (!point) throw new BlsInputError('malformed G2 signature');
      sum = sum.add(point);
    }
    return sigs.Signature.toBytes(sum);
  },
  aggregateVerify,
  g1Add(points) {
    let sum = G1.ZERO;
    for (const bytes of points) {
      const point = g1(bytes);
      if (!point) throw new BlsInputError('malformed G1 point');
      sum = sum.add(point);
    }
    return sum.toBytes(true);
  },
  isValidG1: (bytes) => g1(bytes) !== null,
  isValidG2: (bytes) => g2(bytes) !== null,
};
