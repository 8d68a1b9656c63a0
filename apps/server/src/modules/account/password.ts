import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

/** argon2id with OWASP's minimum profile (m = 19 MiB, t = 2, p = 1). */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** False for a wrong password or an unreadable hash. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password that satisfies the spec's rule (6–17 characters, not only digits). */
export function generatePassword(length = 16): string {
  let out = '';
  while (out.length < length) out += ALPHABET[randomInt(ALPHABET.length)];
  return /\D/.test(out) ? out : `a${out.slice(1)}`;
}
