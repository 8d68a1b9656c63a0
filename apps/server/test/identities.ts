import { ed25519 } from '@noble/curves/ed25519.js';
import { getPublicKey as sr25519PublicKey, secretFromSeed, sign as sr25519Sign } from '@scure/sr25519';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Browser } from './browser.ts';

/** Keys of on-chain-reward identities (a Spacemesh node's Ed25519, an Autonomys farmer's sr25519) and their registration over HTTP. */

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export const edKey = () => {
  const secret = ed25519.utils.randomSecretKey();
  return { id: hex(ed25519.getPublicKey(secret)), sign: (m: string) => hex(ed25519.sign(new TextEncoder().encode(m), secret)) };
};

export const srKey = () => {
  const secret = secretFromSeed(randomBytes(32));
  return { id: hex(sr25519PublicKey(secret)), sign: (m: string) => hex(sr25519Sign(secret, new TextEncoder().encode(m))) };
};

export type IdentityKey = ReturnType<typeof edKey>;

/** Registers `key` with the pool for the signed-in user, signing the pool's message with `signer`. */
export async function registerIdentity(b: Browser, pool: string, key: IdentityKey, signer: IdentityKey = key) {
  const data = await b.get<{ message: string; scheme: string }>(`/api/pool/registerdata?pool=${pool}&node_id=${key.id}`);
  expect(data.code).toBe(200);
  return b.post<{ plot_id: string; post_status: string }>('/api/pool/register', { pool, node_id: key.id, signature: signer.sign(data.data.message) });
}
