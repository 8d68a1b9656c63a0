import { hash } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { accountRepository } from './account.repository.ts';

/** argon2id with OWASP's minimum profile (m = 19 MiB, t = 2, p = 1). */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password that satisfies the spec's rule (6–17 characters, not only digits). */
export function generatePassword(length = 16): string {
  let out = '';
  while (out.length < length) out += ALPHABET[randomInt(ALPHABET.length)];
  return /\D/.test(out) ? out : `a${out.slice(1)}`;
}

async function newUid(db: Db): Promise<string> {
  const repo = accountRepository(db);
  for (;;) {
    const uid = String(randomInt(10_000_000, 100_000_000));
    if (!(await repo.uidExists(uid))) return uid;
  }
}

export type Role = 'user' | 'support' | 'admin';

/** Creates an active back-office account, or promotes and resets an existing one. */
export async function createAdmin(db: Db, email: string, role: Role = 'admin', password = generatePassword()) {
  const repo = accountRepository(db);
  const passwordHash = await hashPassword(password);
  const existing = await repo.findByEmail(email);
  if (existing) {
    await repo.setRoleAndPassword(existing.id, role, passwordHash);
    return { email: existing.email, password, created: false };
  }
  await repo.insertUser({
    uid: await newUid(db),
    email,
    password_hash: passwordHash,
    role,
    status: 'active',
    nickname: 'admin',
  });
  return { email, password, created: true };
}

/**
 * On the first start of an install (no admin yet) creates the admin account and returns its
 * credentials, to be printed once. Several processes starting together create one admin.
 */
export async function ensureFirstAdmin(db: Db, email: string): Promise<{ email: string; password: string } | null> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('platter:first-admin'))`.execute(trx);
    if ((await accountRepository(trx).countByRole('admin')) > 0) return null;
    const { password } = await createAdmin(trx, email);
    return { email, password };
  });
}
