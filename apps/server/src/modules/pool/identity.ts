import { ed25519 } from '@noble/curves/ed25519.js';
import { verify as verifySr25519 } from '@scure/sr25519';

/**
 * Checks an identity's signature of a message (issue 18: a user registers an identity only with
 * proof they control its key): Ed25519 for Spacemesh node ids, sr25519 (Schnorrkel, as Substrate
 * signs raw bytes) for Autonomys reward keys. Keys and signatures are hex.
 */
export function verifyIdentitySignature(scheme: 'ed25519' | 'sr25519', publicKey: string, message: string, signature: string): boolean {
  const key = Buffer.from(publicKey, 'hex');
  const sig = Buffer.from(signature, 'hex');
  if (key.length !== 32 || sig.length !== 64) return false;
  const bytes = new TextEncoder().encode(message);
  try {
    return scheme === 'ed25519' ? ed25519.verify(sig, bytes, key) : verifySr25519(bytes, sig, key);
  } catch {
    // Not a point on the curve, a malformed signature: not a proof.
    return false;
  }
}
