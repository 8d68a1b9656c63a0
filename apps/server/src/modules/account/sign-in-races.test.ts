import { beforeAll, describe, expect, it } from 'vitest';
import { activeUser, boundAuthenticator, loginByEmail, PASSWORD, totp, type Mailbox } from '../../../test/accounts.ts';
import { browser } from '../../../test/browser.ts';
import { mailedApp } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';

/** The sign-in limits hold when the guesses arrive all at once. */

let db: Db;
let app: ZodApp;
let mail: Mailbox;

beforeAll(async () => {
  ({ db, app, mail } = await mailedApp());
});

const failuresOf = async (userId: string, result: 'wrong_password' | 'second_factor_failed') =>
  Number(
    (
      await db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('result', '=', result)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('parallel sign-in guesses', () => {
  it('gives 30 parallel verifications of one challenge 5 guesses at most', async () => {
    const email = 'racer@example.com';
    const b = browser(app);
    const userId = await activeUser(db, b, mail, email);
    const secret = await boundAuthenticator(db, userId);
    const first = await loginByEmail(b, email);
    expect(first.code).toBe(1030);
    const challenge = (first.data as { challenge: string }).challenge;
    const right = await totp(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const answers = await Promise.all(Array.from({ length: 30 }, () => browser(app).post('/api/user/login/verify', { challenge, code: wrong })));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 1015).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 1015).every((c) => c === 1045)).toBe(true);
    expect(await failuresOf(userId, 'second_factor_failed')).toBeLessThanOrEqual(5);
  }, 60_000);

  it('holds the 100-an-hour account limit against 30 parallel wrong passwords', async () => {
    const email = 'flood@example.com';
    const b = browser(app);
    const userId = await activeUser(db, b, mail, email);
    const earlier = Array.from({ length: 95 }, () => ({ user_id: userId, identifier_hash: 'x', method: 'email', ip: '192.0.2.1', result: 'wrong_password' as const }));
    await db.insertInto('login_attempts').values(earlier).execute();
    const forms = await Promise.all(Array.from({ length: 30 }, async () => ({ b: browser(app), form: await b.captcha() })));
    const answers = await Promise.all(forms.map(({ b: other, form }) => other.post('/api/user/login', { method: 'email', email, password: 'wrong-pass1', ...form })));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 1041).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 1041).every((c) => c === 1050)).toBe(true);
    expect(await failuresOf(userId, 'wrong_password')).toBeLessThanOrEqual(100);
    // The right password is refused too while the limit holds.
    expect((await loginByEmail(browser(app), email, PASSWORD)).code).toBe(1050);
  }, 60_000);
});
