import { AppError, type Envelope } from '@platter/domain';
import { generate } from 'otplib';
import pino from 'pino';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeUser, countRows, loginByEmail, PASSWORD, totp } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { codeIn, testMailServer } from '../../../test/mail.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { createMessaging } from '../messaging/messaging.service.ts';
import { devMailboxTelegram } from '../messaging/telegram-bot.ts';
import { sessionService } from '../session/session.service.ts';
import { telegramHash, telegramProvider } from '../social/telegram.ts';
import { assertWithdrawalAllowed, securityService, type SecurityService } from './security.service.ts';

const BOT_TOKEN = '7000001:AAFakeBotTokenForTestsOnly_0123456789';

let db: Db;
let app: ZodApp;
let mail: Awaited<ReturnType<typeof testMailServer>>;
let service: SecurityService;

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  // The lock after repeated failures has its own test file (verification-limits.test.ts).
  const overrides = { smtpUrl: mail.url, telegramBotToken: BOT_TOKEN, telegramBotName: 'platter_test_bot', securityMaxFailures: 100 };
  // Telegram is played by the dev mailbox's sender here (a configured bot always uses the Bot API).
  const telegramPeer = devMailboxTelegram(db);
  app = await testApp(db, overrides, { messaging: { telegram: telegramPeer } });
  // The service as later features (withdrawal, address book, watcher) use it.
  const config = loadConfig({}, { nodeEnv: 'test', ...overrides });
  const logger = pino({ level: 'silent' });
  const messaging = await createMessaging({ config, db, logger, overrides: { telegram: telegramPeer } });
  service = securityService({
    db,
    secret: TEST_SECRET,
    limits: { maxFailures: config.securityMaxFailures, lockMinutes: config.securityLockMinutes },
    messaging,
    sessions: sessionService(db),
    telegram: telegramProvider({ botToken: BOT_TOKEN }),
    siteTitle: 'Platter',
    publicUrl: config.publicUrl,
    logger,
  });
});

// One code per target and minute: each test starts as if the last code went out long ago.
beforeEach(async () => {
  await db.deleteFrom('message_log').execute();
});

async function signedInUser(email: string): Promise<{ b: Browser; userId: string }> {
  const b = browser(app);
  const userId = await activeUser(db, b, mail, email);
  expect((await loginByEmail(b, email)).code).toBe(200);
  return { b, userId };
}

async function emailCode(b: Browser, email: string, action: string): Promise<string> {
  await db.deleteFrom('message_log').execute();
  const sent = await b.post<{ type: string; to: string }>('/api/security/sendemailcode', { action });
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  return codeIn(mail.last(email));
}

async function devMessages(b: Browser, to: string) {
  return (await b.get<{ text: string; channel: string }[]>(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).data;
}

const userRow = (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function failsWith(promise: Promise<unknown>, name: string): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected ${name}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).errorName).toBe(name);
  return error as AppError;
}

describe('signed out', () => {
  it('answers 202 to every security call', async () => {
    const b = browser(app);
    for (const url of [
      '/api/security/getsecurityverification?action=withdraw',
      '/api/security/getgooglesecret',
      '/api/security/sendphonecode?action=withdraw',
      '/api/security/requestsession',
      '/api/log/login',
    ]) {
      expect((await b.get(url)).code, url).toBe(202);
    }
    expect((await b.post('/api/security/ModifyPassword', { old_password: 'a', new_password: 'abcdef1', confirm_password: 'abcdef1' })).code).toBe(202);
  });

  it('refuses a state change without the CSRF token (2002)', async () => {
    const { b, userId } = await signedInUser('csrf@example.com');
    const before = await userRow(userId);
    const answer = await b.post('/api/security/ModifyPassword', { old_password: PASSWORD, new_password: 'other-pass9', confirm_password: 'other-pass9' }, { csrf: false });
    expect(answer.code).toBe(2002);
    expect((await userRow(userId)).password_hash).toBe(before.password_hash);
  });
});

describe('countries', () => {
  it('serves about 230 countries with Traditional Chinese names and 00 dial prefixes', async () => {
    const { data } = await browser(app).get<{ english_name: string; chinese_name: string; country_code: string; phone_code: string }[]>('/api/security/countries');
    expect(data.length).toBeGreaterThanOrEqual(220);
    expect(data.length).toBeLessThanOrEqual(240);
    expect(data.find((c) => c.country_code === 'CN')).toEqual({ english_name: 'China', chinese_name: '中國', country_code: 'CN', phone_code: '0086' });
    expect(data.find((c) => c.country_code === 'US')?.phone_code).toBe('001');
    expect(data.find((c) => c.country_code === 'TW')?.chinese_name).toBe('臺灣');
  });
});

describe('authenticator, phone and security level', () => {
  let b: Browser;
  let userId: string;
  let secret: string;
  const email = 'guard@example.com';

  beforeAll(async () => {
    ({ b, userId } = await signedInUser(email));
  });

  it('starts low, needing the e-mail code only', async () => {
    expect((await b.get('/api/user/info')).data).toMatchObject({ security_level: 'low', goole_auth: false, sms: false, telegram: false, withdraw_locked_until: 0 });
    const answer = await b.get('/api/security/getsecurityverification?action=withdraw');
    expect(answer.data).toEqual({ action: 'withdraw', methods: ['email'], email: 'gua***@example.com', phone: '', telegram: '' });
    expect((await b.get('/api/security/getsecurityverification?action=fly')).code).toBe(216);
  });

  it('sends e-mail codes at most once a minute per address (1022)', async () => {
    const sent = await b.post('/api/security/sendemailcode', { action: 'withdraw' });
    expect(sent).toMatchObject({ code: 200, data: { type: 'email', to: 'gua***@example.com', expires_in: 600, resend_in: 60 } });
    expect(codeIn(mail.last(email))).toMatch(/^\d{6}$/);
    const before = await countRows(db, 'verification_codes');
    expect((await b.post('/api/security/sendemailcode', { action: 'address' })).code).toBe(1022);
    expect(await countRows(db, 'verification_codes')).toBe(before);
  });

  it('binds the authenticator: pending secret with QR, pre-check, then the code plus the e-mail code', async () => {
    const created = await b.get<{ secret: string; otpauth_url: string; qrcode: string }>('/api/security/getgooglesecret');
    expect(created.code).toBe(200);
    secret = created.data.secret;
    expect(created.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/Platter:guard%40example\.com\?secret=/);
    expect(created.data.qrcode).toMatch(/^data:image\/png;base64,/);
    expect((await userRow(userId)).google_pending_secret).not.toContain(secret);

    expect((await b.post('/api/security/prevalidationgooglesecret', { google_code: '000000' })).code).toBe(1015);
    expect((await b.post('/api/security/prevalidationgooglesecret', { google_code: '12345' })).code).toBe(1044);
    expect(await b.post('/api/security/prevalidationgooglesecret', { google_code: await totp(secret) })).toMatchObject({ code: 200, data: { valid: true } });

    const missing = await b.post('/api/security/bindgoogle', { google_code: await totp(secret) });
    expect(missing).toMatchObject({ code: 231, data: { methods: ['email', 'google'], missing: ['email'] } });
    const code = await emailCode(b, email, 'bind_google');
    const wrongEmail = await b.post('/api/security/bindgoogle', { google_code: await totp(secret), email_code: code === '000000' ? '000001' : '000000' });
    expect(wrongEmail.code).toBe(1013);
    const wrongGoogle = await b.post('/api/security/bindgoogle', { google_code: '000000', email_code: code });
    expect(wrongGoogle.code).toBe(1015);
    expect((await userRow(userId)).google_secret).toBeNull();
    // The failed authenticator check used the right e-mail code up too.
    expect((await b.post('/api/security/bindgoogle', { google_code: await totp(secret), email_code: code })).code).toBe(1013);

    const bound = await b.post('/api/security/bindgoogle', { google_code: await totp(secret), email_code: await emailCode(b, email, 'bind_google') });
    expect(bound.code).toBe(200);
    const row = await userRow(userId);
    expect(row.google_secret).not.toBeNull();
    expect(row.google_pending_secret).toBeNull();
    // A first second factor does not lock withdrawals (locksWithdrawals).
    expect(row.security_changed_at).toBeNull();
    const info = (await b.get<{ goole_auth: boolean; security_level: string; withdraw_locked_until: number }>('/api/user/info')).data;
    expect(info).toMatchObject({ goole_auth: true, security_level: 'middle', withdraw_locked_until: 0 });
    expect(mail.last(email).subject).toContain('authenticator app was bound');
    expect((await b.get('/api/security/getgooglesecret')).code).toBe(1016);
    await assertWithdrawalAllowed(db, userId);
  });

  it('refuses the bound authenticator’s code from the step used at binding (replay)', async () => {
    await db.deleteFrom('message_log').execute();
    await b.post('/api/security/sendemailcode', { action: 'withdraw' });
    const code = codeIn(mail.last(email));
    const usedStep = Number((await userRow(userId)).google_last_step);
    expect(usedStep).toBeGreaterThan(0);
    const sameStep = await generate({ secret, epoch: usedStep * 30 });
    await failsWith(service.verifySecurity(userId, 'withdraw', { email_code: code, google_code: sameStep }), 'GOOGLE_FAILED');
    // The failed check voided the e-mail code that matched: a fresh one and the next step pass.
    await failsWith(service.verifySecurity(userId, 'withdraw', { email_code: code, google_code: await generate({ secret, epoch: (usedStep + 1) * 30 }) }), 'EMAIL_CODE_ERROR');
    const fresh = await emailCode(b, email, 'withdraw');
    await service.verifySecurity(userId, 'withdraw', { email_code: fresh, google_code: await generate({ secret, epoch: (usedStep + 1) * 30 }) });
  });

  it('binds a phone: the new number’s SMS code plus the e-mail and authenticator codes', async () => {
    const cn = await b.get('/api/security/sendphonecode?action=change_phone&nationality=CN&phone=12345');
    expect(cn.code).toBe(1043);
    expect((await b.get('/api/security/sendphonecode?action=withdraw')).code).toBe(1046);
    const crossSite = await b.get('/api/security/sendphonecode?action=change_phone&nationality=US&phone=2025550100', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.code).toBe(218);

    const sent = await b.get('/api/security/sendphonecode?action=change_phone&nationality=US&phone=2025550100');
    expect(sent).toMatchObject({ code: 200, data: { type: 'sms', to: '+1 202*****00' } });
    const [sms] = await devMessages(b, '+12025550100');
    expect(sms?.channel).toBe('sms');
    const smsCode = codeIn(sms ?? { text: '' });
    const emailCodeValue = await emailCode(b, email, 'change_phone');

    await db.updateTable('users').set({ google_last_step: null }).where('id', '=', userId).execute();
    const wrong = await b.post('/api/security/modifyphone', {
      nationality: 'US',
      phone: '2025550100',
      sms_code: smsCode === '000000' ? '000001' : '000000',
      email_code: emailCodeValue,
      google_code: await totp(secret, 1),
    });
    expect(wrong.code).toBe(1014);
    expect((await userRow(userId)).phone).toBeNull();
    const noGoogle = await b.post('/api/security/modifyphone', { nationality: 'US', phone: '2025550100', sms_code: smsCode, email_code: emailCodeValue });
    expect(noGoogle).toMatchObject({ code: 231, data: { missing: ['google'] } });

    await db.updateTable('users').set({ google_last_step: null }).where('id', '=', userId).execute();
    // The failed check used the right e-mail code up: a fresh one.
    const done = await b.post('/api/security/modifyphone', {
      nationality: 'us',
      phone: '202 555 0100',
      sms_code: smsCode,
      email_code: await emailCode(b, email, 'change_phone'),
      google_code: await totp(secret),
    });
    expect(done.code).toBe(200);
    expect(await userRow(userId)).toMatchObject({ nationality: 'US', phone_code: '001', phone: '2025550100' });
    expect((await b.get('/api/user/info')).data).toMatchObject({ sms: true, phone: '+1 202*****00', nationality: 'US', phone_code: '001', security_level: 'high' });
    expect((await b.get('/api/security/getsecurityverification?action=withdraw')).data).toMatchObject({ methods: ['email', 'sms', 'google'], phone: '+1 202*****00' });
    // Changing the phone does not ask the old one (it may be lost).
    expect((await b.get<{ methods: string[] }>('/api/security/getsecurityverification?action=change_phone')).data.methods).toEqual(['email', 'google']);
    expect((await b.get('/api/security/sendphonecode?action=change_phone&nationality=US&phone=2025550100')).code).toBe(1026);
  });

  it('does not tell another user that the number is registered (no 1003 before its code)', async () => {
    const other = await signedInUser('copycat@example.com');
    expect((await other.b.get('/api/security/sendphonecode?action=change_phone&nationality=CA&phone=2025550100')).code).toBe(200);
  });

  it('uses each e-mail and SMS code once, for its own action only', async () => {
    await db.updateTable('users').set({ google_last_step: null }).where('id', '=', userId).execute();
    const emailValue = await emailCode(b, email, 'withdraw');
    await db.deleteFrom('message_log').execute();
    await b.get('/api/security/sendphonecode?action=withdraw');
    const [sms] = await devMessages(b, '+12025550100');
    const smsValue = codeIn(sms ?? { text: '' });
    await failsWith(service.verifySecurity(userId, 'address', { email_code: emailValue, sms_code: smsValue, google_code: await totp(secret) }), 'EMAIL_CODE_ERROR');
    await service.verifySecurity(userId, 'withdraw', { email_code: emailValue, sms_code: smsValue, google_code: await totp(secret) });
    await failsWith(service.verifySecurity(userId, 'withdraw', { email_code: emailValue, sms_code: smsValue, google_code: await totp(secret, 1) }), 'EMAIL_CODE_ERROR');
    const missing = await failsWith(service.verifySecurity(userId, 'withdraw', { email_code: emailValue }), 'VERIFICATION_REQUIRED');
    expect(missing.data).toMatchObject({ missing: ['sms', 'google'] });
  });

  it('expires codes after 10 minutes and after 5 wrong tries', async () => {
    await db.updateTable('users').set({ google_last_step: null }).where('id', '=', userId).execute();
    const value = await emailCode(b, email, 'watcher');
    await db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('action', '=', 'watcher')
      .execute();
    await failsWith(service.verifySecurity(userId, 'watcher', { email_code: value, sms_code: '123456', google_code: await totp(secret) }), 'VERIFICATION_CODE_EXPIRED');
    const fresh = await emailCode(b, email, 'watcher');
    const wrong = fresh === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await failsWith(service.verifySecurity(userId, 'watcher', { email_code: wrong, sms_code: '123456', google_code: '123456' }), 'EMAIL_CODE_ERROR');
    await failsWith(service.verifySecurity(userId, 'watcher', { email_code: fresh, sms_code: '123456', google_code: '123456' }), 'VERIFICATION_CODE_EXPIRED');
  });

  it('unbinds the authenticator with every bound factor’s code', async () => {
    await db.updateTable('users').set({ google_last_step: null }).where('id', '=', userId).execute();
    const emailValue = await emailCode(b, email, 'unbind_google');
    await db.deleteFrom('message_log').execute();
    await b.get('/api/security/sendphonecode?action=unbind_google');
    const [sms] = await devMessages(b, '+12025550100');
    const answer = await b.post('/api/security/unbindgoogle', { email_code: emailValue, sms_code: codeIn(sms ?? { text: '' }), google_code: await totp(secret) });
    expect(answer.code).toBe(200);
    expect((await b.get('/api/user/info')).data).toMatchObject({ goole_auth: false, security_level: 'middle' });
    await failsWith(assertWithdrawalAllowed(db, userId), 'WITHDRAW_LOCKED');
    expect((await b.post('/api/security/unbindgoogle', { email_code: '123456' })).code).toBe(1017);
  });
});

describe('change password', () => {
  it('checks old, new and confirm; signs out other sessions; locks withdrawals 24 hours', async () => {
    const { b, userId } = await signedInUser('changer@example.com');
    const other = browser(app);
    await loginByEmail(other, 'changer@example.com');
    const before = await userRow(userId);
    const attempts: [Record<string, string>, number][] = [
      [{ old_password: 'wrong-pass1', new_password: 'next-pass2', confirm_password: 'next-pass2' }, 1008],
      [{ old_password: PASSWORD, new_password: PASSWORD, confirm_password: PASSWORD }, 1009],
      [{ old_password: PASSWORD, new_password: 'next-pass2', confirm_password: 'next-pass3' }, 1029],
      [{ old_password: PASSWORD, new_password: '12345678', confirm_password: '12345678' }, 1028],
    ];
    for (const [body, code] of attempts) expect((await b.post('/api/security/ModifyPassword', body)).code, JSON.stringify(body)).toBe(code);
    const unchanged = await userRow(userId);
    expect(unchanged.password_hash).toBe(before.password_hash);
    expect(unchanged.security_changed_at).toBeNull();
    await assertWithdrawalAllowed(db, userId);

    expect((await b.post('/api/security/ModifyPassword', { old_password: PASSWORD, new_password: 'next-pass2', confirm_password: 'next-pass2' })).code).toBe(200);
    expect((await b.get('/api/user/info')).code).toBe(200);
    expect((await other.get('/api/user/info')).code).toBe(202);
    expect((await loginByEmail(browser(app), 'changer@example.com')).code).toBe(1041);
    expect((await loginByEmail(browser(app), 'changer@example.com', 'next-pass2')).code).toBe(200);
    expect(mail.last('changer@example.com').subject).toContain('password was changed');
    // The bell tells it too (issue 20's event messages), once.
    const told = await db.selectFrom('inmail_messages').select(['params']).where('user_id', '=', userId).where('event', '=', 'security_changed').execute();
    expect(told.map((m) => (m.params as { change: string }).change)).toEqual(['password_changed']);

    const locked = await failsWith(assertWithdrawalAllowed(db, userId), 'WITHDRAW_LOCKED');
    expect((locked.data as { until: number }).until).toBeGreaterThan(Date.now() / 1000 + 23.9 * 3600);
    await db
      .updateTable('users')
      .set({ security_changed_at: new Date(Date.now() - 24 * 3600_000 - 1000) })
      .where('id', '=', userId)
      .execute();
    await assertWithdrawalAllowed(db, userId);
  });
});

describe('Telegram binding and codes', () => {
  const widget = (id: number) => {
    const data: Record<string, string | number> = { id, first_name: 'Bo', username: 'bo_farmer', auth_date: Math.floor(Date.now() / 1000) };
    return { ...data, hash: telegramHash(BOT_TOKEN, data) };
  };

  it('binds Telegram with the e-mail code, then asks and sends Telegram codes; signs in with it', async () => {
    const { b, userId } = await signedInUser('messenger@example.com');
    expect((await b.post('/api/security/bindtelegram', { telegram: { ...widget(777), hash: 'b'.repeat(64) } })).code).toBe(1048);
    expect((await b.post('/api/security/bindtelegram', { telegram: widget(777) })).code).toBe(231);
    expect(await countRows(db, 'social_bindings')).toBe(0);
    const code = await emailCode(b, 'messenger@example.com', 'bind_telegram');
    expect((await b.post('/api/security/bindtelegram', { telegram: widget(777), email_code: code })).code).toBe(200);
    expect((await b.get('/api/user/info')).data).toMatchObject({ telegram: true, telegram_name: '@bo_farmer', security_level: 'middle' });
    expect((await userRow(userId)).security_changed_at).toBeNull();
    expect((await b.get<{ methods: string[] }>('/api/security/getsecurityverification?action=address')).data.methods).toEqual(['email', 'telegram']);

    const sent = await b.get('/api/security/requestverify?action=address&type=telegram');
    expect(sent).toMatchObject({ code: 200, data: { type: 'telegram', to: '@bo_farmer' } });
    const [message] = await devMessages(b, 'telegram:777');
    const tgCode = codeIn(message ?? { text: '' });
    const emailValue = await emailCode(b, 'messenger@example.com', 'address');
    await service.verifySecurity(userId, 'address', { email_code: emailValue, telegram_code: tgCode });

    const again = await signedInUser('messenger2@example.com');
    const code2 = await emailCode(again.b, 'messenger2@example.com', 'bind_telegram');
    expect((await again.b.post('/api/security/bindtelegram', { telegram: widget(777), email_code: code2 })).code).toBe(1039);
    expect((await b.post('/api/security/bindtelegram', { telegram: widget(778), email_code: code2 })).code).toBe(1039);

    const tg = browser(app);
    expect((await tg.post('/api/user/telegramlogin', widget(777))).data).toMatchObject({ email: 'messenger@example.com' });
  });

  it('is answered 1047 for Telegram codes when no bot is configured', async () => {
    const plain = await testApp(db, { smtpUrl: mail.url });
    const b = browser(plain);
    await loginByEmail(b, 'messenger@example.com');
    expect((await b.get('/api/security/requestverify?action=address&type=telegram')).code).toBe(1047);
    // Without a bot the Telegram factor is not asked for.
    expect((await b.get<{ methods: string[] }>('/api/security/getsecurityverification?action=address')).data.methods).toEqual(['email']);
  });
});

describe('codes per target and day', () => {
  it('refuses the 11th code to one address in a day (1023)', async () => {
    const { b } = await signedInUser('chatty@example.com');
    for (let i = 0; i < 10; i++) {
      await db
        .updateTable('message_log')
        .set({ created_at: new Date(Date.now() - 3600_000) })
        .execute();
      expect((await b.post<Envelope<unknown>>('/api/security/sendemailcode', { action: 'withdraw' })).code).toBe(200);
    }
    await db
      .updateTable('message_log')
      .set({ created_at: new Date(Date.now() - 3600_000) })
      .execute();
    expect((await b.post('/api/security/sendemailcode', { action: 'withdraw' })).code).toBe(1023);
  });
});
