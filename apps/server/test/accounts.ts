import { sql } from 'kysely';
import { generate } from 'otplib';
import type { Db } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import type { ZodApp } from '../src/http/types.ts';
import { createAdmin } from '../src/modules/account/account.service.ts';
import { secretBox } from '../src/modules/security/secret-box.ts';
import { newTotpSecret } from '../src/modules/security/totp.ts';
import { TEST_SECRET } from './app.ts';
import { browser, type Browser } from './browser.ts';
import { tokenIn, type testMailServer } from './mail.ts';

/** Helpers of the account and security tests: real registrations through the API. */

export const PASSWORD = 'miner-pass1';

export type Mailbox = Awaited<ReturnType<typeof testMailServer>>;

export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function register(b: Browser, email: string, overrides: Record<string, unknown> = {}) {
  return b.post('/api/user/register', { email, password: PASSWORD, confirm_password: PASSWORD, agreement: true, ...(await b.captcha()), ...overrides });
}

/** Registers and activates through the e-mailed link; returns the user's id. */
export async function activeUser(db: Db, b: Browser, mail: Mailbox, email: string): Promise<string> {
  const answer = await register(b, email);
  if (answer.code !== 200) throw new Error(`register ${email}: ${JSON.stringify(answer)}`);
  const activated = await b.post('/api/user/activate', { token: tokenIn(mail.last(email), '/register/activate') });
  if (activated.code !== 200) throw new Error(`activate ${email}: ${JSON.stringify(activated)}`);
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

export async function login(b: Browser, body: Record<string, unknown>) {
  return b.post<Record<string, unknown>>('/api/user/login', { ...(await b.captcha()), ...body });
}

export async function loginByEmail(b: Browser, email: string, password = PASSWORD) {
  return login(b, { method: 'email', email, password });
}

/** An authenticator code `stepsAhead` time steps from now (0: the current one). */
export function totp(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** A browser signed in as a user registered and activated through the API, with a back-office role when given. */
export async function signedInUser(app: ZodApp, db: Db, mail: Mailbox, email: string, role?: 'admin' | 'support'): Promise<Browser> {
  const b = browser(app);
  await activeUser(db, b, mail, email);
  if (role) {
    await db.updateTable('users').set({ role }).where('email', '=', email).execute();
    await loginStaff(db, b, email);
    return b;
  }
  const answer = await loginByEmail(b, email);
  if (answer.code !== 200) throw new Error(`login ${email}: ${JSON.stringify(answer)}`);
  return b;
}

/** A browser signed in as an account made like the operator's CLI makes one, with the given role (staff with an authenticator). */
export async function signedInAs(app: ZodApp, db: Db, email: string, role: 'user' | 'support' | 'admin'): Promise<Browser> {
  await createAdmin(db, email, role, PASSWORD);
  const b = browser(app);
  if (role !== 'user') {
    await loginStaff(db, b, email);
    return b;
  }
  const answer = await loginByEmail(b, email, PASSWORD);
  if (answer.code !== 200) throw new Error(`login ${email}: ${JSON.stringify(answer)}`);
  return b;
}

/** Authenticator seeds of the accounts these helpers bound one to, per database and user id. */
const seeds = new WeakMap<Db, Map<string, string>>();

/** The account's authenticator seed: one is bound (directly, as the server seals it) unless these helpers bound one before. */
export async function authenticatorOf(db: Db, userId: string): Promise<string> {
  const ofDb = seeds.get(db) ?? new Map<string, string>();
  seeds.set(db, ofDb);
  let seed = ofDb.get(userId);
  if (!seed) {
    seed = await boundAuthenticator(db, userId);
    ofDb.set(userId, seed);
  }
  return seed;
}

/**
 * An authenticator code the server has not accepted yet: each time step works once per account
 * (replay), and the current and next steps are accepted, so a third sign-in within 30 s waits
 * for the next step.
 */
export async function unusedTotp(db: Db, userId: string, secret: string): Promise<string> {
  for (;;) {
    const row = await db.selectFrom('users').select('google_last_step').where('id', '=', userId).executeTakeFirstOrThrow();
    const last = row.google_last_step === null ? -1 : Number(row.google_last_step);
    const now = Math.floor(Date.now() / 30_000);
    const step = [now, now + 1].find((s) => s > last);
    if (step !== undefined) return generate({ secret, epoch: step * 30 });
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 50));
  }
}

/**
 * Signs a back-office account in as the back office needs it: with an authenticator (bound
 * first when it has none), answering the sign-in's second step with a fresh code.
 */
export async function loginStaff(db: Db, b: Browser, email: string, password = PASSWORD): Promise<void> {
  const { id } = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  const secret = await authenticatorOf(db, id);
  const first = await loginByEmail(b, email, password);
  if (first.code !== 1030) throw new Error(`login ${email}: ${JSON.stringify(first)}`);
  const { challenge } = first.data as { challenge: string };
  const answer = await b.post('/api/user/login/verify', { challenge, code: await unusedTotp(db, id, secret) });
  if (answer.code !== 200) throw new Error(`login ${email} (second step): ${JSON.stringify(answer)}`);
}

/** Binds an authenticator to the user directly (its seed sealed as the server seals it); answers the seed. */
export async function boundAuthenticator(db: Db, userId: string): Promise<string> {
  const secret = newTotpSecret();
  await db
    .updateTable('users')
    .set({ google_secret: secretBox(TEST_SECRET, 'totp').seal(secret) })
    .where('id', '=', userId)
    .execute();
  return secret;
}
