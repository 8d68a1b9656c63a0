import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeUser, boundAuthenticator, loginByEmail, PASSWORD, totp, type Mailbox } from '../../../test/accounts.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { codeIn, tokenIn } from '../../../test/mail.ts';
import { mailedApp } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';

/**
 * Guessing a second factor: failures count per account and purpose across every factor, a
 * right code does not survive a failed check, and too many failures lock sensitive actions.
 */

let db: Db;
let app: ZodApp;
let mail: Mailbox;

beforeAll(async () => {
  ({ db, app, mail } = await mailedApp({ securityMaxFailures: 5, securityLockMinutes: 30, smsPerAccountPerDay: 3, smsPerPrefixPerHour: 5, smsGlobalPerHour: 7 }));
});

beforeEach(async () => {
  await db.deleteFrom('message_log').execute();
});

const userRow = (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A signed-in user with an authenticator bound (its seed sealed as the server seals it). */
async function withAuthenticator(email: string): Promise<{ b: Browser; userId: string; secret: string }> {
  const b = browser(app);
  const userId = await activeUser(db, b, mail, email);
  expect((await loginByEmail(b, email)).code).toBe(200);
  const secret = await boundAuthenticator(db, userId);
  return { b, userId, secret };
}

async function emailCode(b: Browser, email: string, action: string): Promise<string> {
  await db.deleteFrom('message_log').execute();
  const sent = await b.post('/api/security/sendemailcode', { action });
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  return codeIn(mail.last(email));
}

const wrongOf = (code: string) => (code === '000000' ? '000001' : '000000');

describe('security verification', () => {
  it('voids a right e-mail code when the authenticator code fails', async () => {
    const email = 'guesser@example.com';
    const { b, userId, secret } = await withAuthenticator(email);
    const code = await emailCode(b, email, 'unbind_google');
    const right = await totp(secret);
    expect((await b.post('/api/security/unbindgoogle', { email_code: code, google_code: wrongOf(right) })).code).toBe(1015);
    // The e-mail code that matched is used up with the failed attempt: no further guesses on it.
    expect((await b.post('/api/security/unbindgoogle', { email_code: code, google_code: right })).code).toBe(1013);
    expect((await userRow(userId)).google_secret).not.toBeNull();
  });

  it('locks sensitive actions after 5 failures of any factor, with the right codes refused too', async () => {
    const email = 'locked@example.com';
    const { b, userId, secret } = await withAuthenticator(email);
    for (let i = 0; i < 4; i++) {
      const code = await emailCode(b, email, 'unbind_google');
      const answer = await b.post(
        '/api/security/unbindgoogle',
        i % 2 ? { email_code: wrongOf(code), google_code: await totp(secret) } : { email_code: code, google_code: '123456' },
      );
      expect(answer.code, `attempt ${i + 1}`).toBe(i % 2 ? 1013 : 1015);
    }
    const code = await emailCode(b, email, 'unbind_google');
    const fifth = await b.post<{ until: number }>('/api/security/unbindgoogle', { email_code: code, google_code: '123456' });
    expect(fifth.code).toBe(230);
    expect(fifth.data.until).toBeGreaterThan(Date.now() / 1000 + 29 * 60);
    // Locked: no more codes are sent, and the right codes change nothing, for any action.
    expect((await b.post('/api/security/sendemailcode', { action: 'unbind_google' })).code).toBe(230);
    expect((await b.post('/api/security/unbindgoogle', { email_code: code, google_code: await totp(secret) })).code).toBe(230);
    expect((await b.post('/api/security/sendemailcode', { action: 'withdraw' })).code).toBe(230);
    expect((await userRow(userId)).google_secret).not.toBeNull();

    // After the lock: the count starts again and the right codes work.
    await db
      .updateTable('users')
      .set({ security_locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', userId)
      .execute();
    const fresh = await emailCode(b, email, 'unbind_google');
    expect((await b.post('/api/security/unbindgoogle', { email_code: fresh, google_code: await totp(secret) })).code).toBe(200);
  });
});

describe('password change', () => {
  it('needs the authenticator code when one is bound', async () => {
    const email = 'pw-2fa@example.com';
    const { b, userId, secret } = await withAuthenticator(email);
    const before = (await userRow(userId)).password_hash;
    const body = { old_password: PASSWORD, new_password: 'next-pass2', confirm_password: 'next-pass2' };
    expect(await b.post('/api/security/ModifyPassword', body)).toMatchObject({ code: 231, data: { missing: ['google'] } });
    expect((await b.post('/api/security/ModifyPassword', { ...body, google_code: wrongOf(await totp(secret)) })).code).toBe(1015);
    expect((await userRow(userId)).password_hash).toBe(before);
    expect((await b.post('/api/security/ModifyPassword', { ...body, google_code: await totp(secret) })).code).toBe(200);
    expect((await loginByEmail(browser(app), email, 'next-pass2')).code).toBe(1030);
  });

  it('limits old-password guesses per account: the 5th wrong one locks, then even the right one is refused', async () => {
    const email = 'pw-guess@example.com';
    const b = browser(app);
    const userId = await activeUser(db, b, mail, email);
    expect((await loginByEmail(b, email)).code).toBe(200);
    const guess = (old: string) => b.post('/api/security/ModifyPassword', { old_password: old, new_password: 'next-pass2', confirm_password: 'next-pass2' });
    for (let i = 0; i < 4; i++) expect((await guess(`guess-pass${i}`)).code).toBe(1008);
    expect((await guess('guess-pass9')).code).toBe(230);
    expect((await guess(PASSWORD)).code).toBe(230);
    expect((await loginByEmail(browser(app), email)).code).toBe(200);
    expect((await userRow(userId)).security_changed_at).toBeNull();
  });

  it('voids reset links mailed before the change', async () => {
    const email = 'pw-reset@example.com';
    const b = browser(app);
    await activeUser(db, b, mail, email);
    expect((await loginByEmail(b, email)).code).toBe(200);
    expect((await b.post('/api/user/forgotpassword', { email, ...(await b.captcha()) })).code).toBe(200);
    const token = tokenIn(mail.last(email), '/request/reset');
    expect((await b.post('/api/security/ModifyPassword', { old_password: PASSWORD, new_password: 'next-pass2', confirm_password: 'next-pass2' })).code).toBe(200);
    const reset = await browser(app).post('/api/user/resetpassword', { token, password: 'third-pass3', confirm_password: 'third-pass3' });
    expect(reset.code).toBe(228);
    expect((await loginByEmail(browser(app), email, 'next-pass2')).code).toBe(200);
  });
});

describe('SMS pumping', () => {
  const signedIn = async (email: string) => {
    const b = browser(app);
    const userId = await activeUser(db, b, mail, email);
    expect((await loginByEmail(b, email)).code).toBe(200);
    return { b, userId };
  };
  const sendTo = (b: Browser, nationality: string, phone: string) => b.get(`/api/security/sendphonecode?action=change_phone&nationality=${nationality}&phone=${phone}`);
  const smsTo = async (to: string) => (await db.selectFrom('dev_mailbox').select('id').where('recipient', '=', to).execute()).length;

  it('answers a number another account has like a free one, sends it nothing, and tells only after its code', async () => {
    const owner = await signedIn('owner@example.com');
    await db.updateTable('users').set({ nationality: 'US', phone_code: '001', phone: '2025550199' }).where('id', '=', owner.userId).execute();
    const { b } = await signedIn('prober@example.com');
    const taken = await sendTo(b, 'US', '2025550199');
    const free = await sendTo(b, 'US', '2025550198');
    expect(taken).toMatchObject({ code: 200, data: { type: 'sms', to: '+1 202*****99' } });
    expect(free.code).toBe(200);
    expect(await smsTo('+12025550199')).toBe(0);
    expect(await smsTo('+12025550198')).toBe(1);
    const email = await emailCode(b, 'prober@example.com', 'change_phone');
    expect((await b.post('/api/security/modifyphone', { nationality: 'US', phone: '2025550199', sms_code: '123456', email_code: email })).code).toBe(1014);
  });

  it('holds the per-account, per-prefix and platform budgets', async () => {
    await db.deleteFrom('message_log').execute();
    const one = await signedIn('pump1@example.com');
    for (const n of ['01', '02', '03']) expect((await sendTo(one.b, 'US', `20255502${n}`)).code).toBe(200);
    expect((await sendTo(one.b, 'US', '2025550204')).code).toBe(230);
    const two = await signedIn('pump2@example.com');
    for (const n of ['05', '06']) expect((await sendTo(two.b, 'US', `20255502${n}`)).code).toBe(200);
    expect((await sendTo(two.b, 'CA', '6135550107')).code).toBe(230);
    expect((await sendTo(two.b, 'GB', '7700900108')).code).toBe(200);
    const three = await signedIn('pump3@example.com');
    expect((await sendTo(three.b, 'GB', '7700900109')).code).toBe(200);
    expect((await sendTo(three.b, 'DE', '15123456710')).code).toBe(230);
  });
});
