import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../src/db/database.ts';

/** Inserts a real, active user row (password hash is a placeholder: not for sign-in tests). */
export async function buildUser(db: Db, overrides: { email?: string; role?: 'user' | 'support' | 'admin' } = {}) {
  const tag = randomBytes(4).toString('hex');
  return db
    .insertInto('users')
    .values({
      uid: String(randomInt(10_000_000, 100_000_000)),
      email: overrides.email ?? `user-${tag}@example.com`,
      password_hash: '$argon2id$placeholder',
      role: overrides.role ?? 'user',
      status: 'active',
    })
    .returning(['id', 'uid', 'email'])
    .executeTakeFirstOrThrow();
}
