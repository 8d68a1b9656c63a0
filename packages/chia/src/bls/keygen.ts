import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import { BlsInputError, SK_SIZE } from './types.ts';

/** Order r of the BLS12-381 groups. */
export const CURVE_ORDER = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
const KEYGEN_SALT = new TextEncoder().encode('BLS-SIG-KEYGEN-SALT-');

/**
 * Chia's key_gen (bls-signatures HDKeys::KeyGen): one HKDF-SHA256 round over seed ‖ 0x00 with the
 * salt "BLS-SIG-KEYGEN-SALT-" and info I2OSP(48, 2), 48 output bytes reduced mod r.
 */
export function keyGenScalar(seed: Uint8Array): bigint {
  if (!(seed instanceof Uint8Array) || seed.length < 32) throw new BlsInputError('key_gen seed must be at least 32 bytes');
  const ikm = new Uint8Array(seed.length + 1);
  ikm.set(seed);
  const okm = hkdf(sha256, ikm, KEYGEN_SALT, Uint8Array.of(0, 48), 48);
  return bytesToNumberBE(okm) % CURVE_ORDER;
}

export function keyGenBytes(seed: Uint8Array): Uint8Array {
  return numberToBytesBE(keyGenScalar(seed), SK_SIZE);
}

export function skScalar(sk: Uint8Array): bigint {
  if (!(sk instanceof Uint8Array) || sk.length !== SK_SIZE) throw new BlsInputError('a secret key is 32 bytes');
  const n = bytesToNumberBE(sk);
  if (n >= CURVE_ORDER) throw new BlsInputError('secret key is not below the curve order');
  return n;
}
