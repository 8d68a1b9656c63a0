import { AppError, parseAmount } from '@platter/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeUser, loginByEmail, PASSWORD, totp } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildAddress, buildUser, credit } from '../../../test/factories.ts';
import { codeIn, testMailServer, tokenIn } from '../../../test/mail.ts';
import { devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { walletService, type Verify } from '../wallet/wallet.service.ts';
import { parseSchedule } from '../withdraw/withdraw.service.ts';

/**
 * The 24-hour lock on withdrawals and transfers (locksWithdrawals): each security change made
 * through the real API, then a real withdrawal and transfer on the ledger. A first second
 * factor leaves money free to move; a password change or reset, and replacing or removing a
 * factor, lock it.
 */

let db: Db;
let app: ZodApp;
let mail: Awaited<ReturnType<typeof testMailServer>>;
let wallet: ReturnType<typeof walletService>;
let receiver: { email: string };

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  app = await testApp(db, { smtpUrl: mail.url });
  // The security verification of the withdrawal itself is the security centre's test; here it passes.
  const verify: Verify = (_userId, _action, _codes, work) => db.transaction().execute(work);
  wallet = walletService({ db, chains: devnetRegistry(db, TEST_SECRET), schedule: parseSchedule('17:00', '+00:00', 0), verify });
  receiver = await buildUser(db);
});

// One code per target and minute: each step starts as if the last code went out long ago.
beforeEach(async () => {
  await db.deleteFrom('message_log').execute();
});

let requests = 0;

/** Whether a withdrawal and a transfer of the user go through now ('locked' when refused with 1038). */
async function moneyMoves(userId: string): Promise<{ withdraw: string; transfer: string }> {
  const outcome = async (work: Promise<unknown>) =>
    work.then(
      () => 'allowed',
      (error: unknown) => (error instanceof AppError && error.errorName === 'WITHDRAW_LOCKED' ? 'locked' : `failed: ${String(error)}`),
    );
  const address = await buildAddress(db, userId);
  requests += 1;
  return {
    withdraw: await outcome(wallet.withdraw(userId, { coin: 'CHIA', address_id: address.id, amount: '1', request_id: `lock-w-${requests}` })),
    transfer: await outcome(wallet.transfer(userId, { coin: 'CHIA', to: receiver.email, amount: '1', request_id: `lock-t-${requests}` })),
  };
}

const ALLOWED = { withdraw: 'allowed', transfer: 'allowed' };
const LOCKED = { withdraw: 'locked', transfer: 'locked' };

async function fundedUser(email: string): Promise<{ b: Browser; userId: string }> {
  const b = browser(app);
  const userId = await activeUser(db, b, mail, email);
  expect((await loginByEmail(b, email)).code).toBe(200);
  await credit(db, userId, 'CHIA', parseAmount('100', 12));
  return { b, userId };
}

async function emailCode(b: Browser, email: string, action: string): Promise<string> {
  await db.deleteFrom('message_log').execute();
  const sent = await b.post('/api/security/sendemailcode', { action });
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  return codeIn(mail.last(email));
}

/** Binds an authenticator through the security centre's calls; answers its seed. */
async function bindAuthenticator(b: Browser, email: string): Promise<string> {
  const { data } = await b.get<{ secret: string }>('/api/security/getgooglesecret');
  const bound = await b.post('/api/security/bindgoogle', { google_code: await totp(data.secret), email_code: await emailCode(b, email, 'bind_google') });
  expect(bound.code, JSON.stringify(bound)).toBe(200);
  return data.secret;
}

async function smsCode(b: Browser, query: string, to: string): Promise<string> {
  await db.deleteFrom('message_log').execute();
  expect((await b.get(`/api/security/sendphonecode?${query}`)).code).toBe(200);
  const messages = (await b.get<{ text: string }[]>(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).data;
  return codeIn(messages[0] ?? { text: '' });
}

async function setPhone(b: Browser, email: string, phone: string, googleSecret?: string) {
  const sms = await smsCode(b, `action=change_phone&nationality=US&phone=${phone}`, `+1${phone}`);
  const google = googleSecret ? { google_code: await totp(googleSecret, 1) } : {};
  const answer = await b.post('/api/security/modifyphone', { nationality: 'US', phone, sms_code: sms, email_code: await emailCode(b, email, 'change_phone'), ...google });
  expect(answer.code, JSON.stringify(answer)).toBe(200);
}

describe('the 24-hour lock on withdrawals and transfers', () => {
  it('does not follow a first authenticator: withdrawals and transfers stay open; unbinding it locks them', async () => {
    const email = 'first-factor@example.com';
    const { b, userId } = await fundedUser(email);
    const secret = await bindAuthenticator(b, email);
    expect((await b.get('/api/user/info')).data).toMatchObject({ goole_auth: true, withdraw_locked_until: 0 });
    expect(await moneyMoves(userId)).toEqual(ALLOWED);
    // The notice of the binding says nothing of a lock.
    expect(mail.last(email).subject).toContain('authenticator app was bound');
    expect(mail.last(email).text).not.toContain('locked for 24 hours');

    const unbound = await b.post('/api/security/unbindgoogle', { email_code: await emailCode(b, email, 'unbind_google'), google_code: await totp(secret, 1) });
    expect(unbound.code, JSON.stringify(unbound)).toBe(200);
    expect(mail.last(email).text).toContain('locked for 24 hours');
    expect((await b.get<{ withdraw_locked_until: number }>('/api/user/info')).data.withdraw_locked_until).toBeGreaterThan(Date.now() / 1000 + 23.9 * 3600);
    expect(await moneyMoves(userId)).toEqual(LOCKED);
    // Binding one again inside the lock does not end it.
    await db.updateTable('users').set({ google_last_step: null }).where('id', '=', userId).execute();
    await bindAuthenticator(b, email);
    expect(await moneyMoves(userId)).toEqual(LOCKED);
  });

  it('does not follow a first phone; replacing the phone locks', async () => {
    const email = 'first-phone@example.com';
    const { b, userId } = await fundedUser(email);
    await setPhone(b, email, '2025550161');
    expect((await b.get('/api/user/info')).data).toMatchObject({ sms: true, withdraw_locked_until: 0 });
    expect(await moneyMoves(userId)).toEqual(ALLOWED);
    // Replacing it asks the new number's code and the e-mail code (not the old phone's).
    await setPhone(b, email, '2025550162');
    expect(await moneyMoves(userId)).toEqual(LOCKED);
  });

  it('follows a password change', async () => {
    const email = 'new-password@example.com';
    const { b, userId } = await fundedUser(email);
    expect(await moneyMoves(userId)).toEqual(ALLOWED);
    expect((await b.post('/api/security/ModifyPassword', { old_password: PASSWORD, new_password: 'next-pass2', confirm_password: 'next-pass2' })).code).toBe(200);
    expect(await moneyMoves(userId)).toEqual(LOCKED);
  });

  it('follows a password reset from a mailed link', async () => {
    const email = 'reset-lock@example.com';
    const { b, userId } = await fundedUser(email);
    expect((await b.post('/api/user/forgotpassword', { email, ...(await b.captcha()) })).code).toBe(200);
    const token = tokenIn(mail.last(email), '/request/reset');
    expect((await browser(app).post('/api/user/resetpassword', { token, password: 'fresh-pass1', confirm_password: 'fresh-pass1' })).code).toBe(200);
    expect(await moneyMoves(userId)).toEqual(LOCKED);
  });

  it('ends 24 hours after the change', async () => {
    const email = 'lock-ends@example.com';
    const { b, userId } = await fundedUser(email);
    expect((await b.post('/api/security/ModifyPassword', { old_password: PASSWORD, new_password: 'next-pass2', confirm_password: 'next-pass2' })).code).toBe(200);
    expect(await moneyMoves(userId)).toEqual(LOCKED);
    await db
      .updateTable('users')
      .set({ security_changed_at: new Date(Date.now() - 24 * 3600_000 - 1000) })
      .where('id', '=', userId)
      .execute();
    expect(await moneyMoves(userId)).toEqual(ALLOWED);
  });
});
