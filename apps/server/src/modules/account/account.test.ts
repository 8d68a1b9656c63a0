import type { Envelope } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeUser, countRows, login, loginByEmail, PASSWORD, register, totp, type Mailbox } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser } from '../../../test/browser.ts';
import { linkIn, tokenIn } from '../../../test/mail.ts';
import { mailedApp } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { secretBox } from '../security/secret-box.ts';
import { telegramHash } from '../social/telegram.ts';
import { banUser, createAdmin } from './account.service.ts';

const BOT_TOKEN = '7000001:AAFakeBotTokenForTestsOnly_0123456789';

let db: Db;
let app: ZodApp;
let mail: Mailbox;

beforeAll(async () => {
  ({ db, app, mail } = await mailedApp({ trustProxy: 'true', telegramBotToken: BOT_TOKEN, telegramBotName: 'platter_test_bot' }));
});

/** Rows that a refused registration must not have written. */
async function registrationState() {
  return { users: await countRows(db, 'users'), tokens: await countRows(db, 'account_tokens'), mails: mail.messages.length };
}

const userRow = (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('graphic code', () => {
  it('hands out a session, draws an SVG image for it, and refuses a forged session', async () => {
    const b = browser(app);
    const { data } = await b.get<{ session: string }>('/api/user/requestsession');
    expect(data.session).toMatch(/^[\w-]+\.[\w-]+$/);
    const image = await b.send('GET', `/api/user/verificationcode?session=${encodeURIComponent(data.session)}`);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.body).toMatch(/^<svg/);
    const forged = await b.send('GET', '/api/user/verificationcode?session=abc.def');
    expect(forged.json<Envelope<null>>().code).toBe(1045);
  });
});

describe('registration by e-mail', () => {
  const valid = () => ({ email: 'newcomer@example.com', password: PASSWORD, confirm_password: PASSWORD, agreement: true });

  it.each([
    ['an e-mail in the wrong format', { email: 'not-an-email' }, 1036],
    ['a password under 6 characters', { password: 'ab1', confirm_password: 'ab1' }, 1028],
    ['a password over 17 characters', { password: 'abcdefghij12345678', confirm_password: 'abcdefghij12345678' }, 1028],
    ['a password of digits only', { password: '12345678', confirm_password: '12345678' }, 1028],
    ['the password entered differently twice', { confirm_password: 'other-pass1' }, 1029],
    ['no agreement to the miners agreement and privacy policy', { agreement: false }, 1033],
    ['the agreement missing', { agreement: undefined }, 1033],
    ['a graphic code in the wrong format', { captcha: 'a!' }, 225],
    ['a wrong graphic code', { captcha: 'zzzz' }, 226],
  ])('refuses %s with its code and writes nothing', async (_name, change, code) => {
    const b = browser(app);
    const before = await registrationState();
    const captcha = await b.captcha();
    const body: Record<string, unknown> = { ...valid(), ...captcha, ...change };
    if ('agreement' in change && change.agreement === undefined) delete body.agreement;
    const answer = await b.post('/api/user/register', body);
    expect(answer.code).toBe(code);
    expect(await registrationState()).toEqual(before);
  });

  it('uses a graphic code once: the same answer fails the second time', async () => {
    const b = browser(app);
    const captcha = await b.captcha();
    const first = await b.post('/api/user/register', { ...valid(), ...captcha, email: 'captcha-once@example.com' });
    expect(first.code).toBe(200);
    const before = await registrationState();
    const again = await b.post('/api/user/register', { ...valid(), ...captcha, email: 'captcha-twice@example.com' });
    expect(again.code).toBe(226);
    expect(await registrationState()).toEqual(before);
  });

  it('refuses while registration is closed (221) and writes nothing', async () => {
    const closed = await testApp(db, { smtpUrl: mail.url, registrationOpen: false });
    const b = browser(closed);
    const before = await registrationState();
    const answer = await b.post('/api/user/register', { ...valid(), session: 'x.y', captcha: 'abcd' });
    expect(answer).toMatchObject({ code: 221, data: null });
    expect(await registrationState()).toEqual(before);
  });

  it('refuses a mainland-China address (222) behind a trusted proxy, on the check and on registration', async () => {
    const b = browser(app, { headers: { 'x-forwarded-for': '114.114.114.114' } });
    expect((await b.get('/api/user/checkRegister')).code).toBe(222);
    const before = await registrationState();
    const answer = await b.post('/api/user/register', { ...valid(), ...(await b.captcha()) });
    expect(answer.code).toBe(222);
    expect(await registrationState()).toEqual(before);
    // Hong Kong is not mainland China; a US address registers too.
    const us = browser(app, { headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect((await us.get('/api/user/checkRegister')).code).toBe(200);
  });

  it('ignores X-Forwarded-For when the proxy is not trusted', async () => {
    const direct = await testApp(db, { smtpUrl: mail.url });
    const b = browser(direct, { headers: { 'x-forwarded-for': '114.114.114.114' } });
    expect((await b.get('/api/user/checkRegister')).code).toBe(200);
  });

  it('creates a pending user and mails an activation link (in the request language)', async () => {
    const b = browser(app, { headers: { 'accept-language': 'ru-RU' } });
    const answer = await register(b, 'Pending.User@Example.com');
    expect(answer.code).toBe(200);
    expect(answer.data).toBeNull();
    const user = await userRow('Pending.User@Example.com');
    expect(user).toMatchObject({ status: 'pending', language: 'ru', role: 'user' });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const message = mail.last('pending.user@example.com');
    expect(message.subject).toMatch(/[\u0400-\u04ff]/);
    expect(linkIn(message, '/register/activate')).toMatch(/^http:\/\/localhost:8080\/register\/activate\?token=[\w-]{40,}$/);
  });

  it('answers a registered address exactly like a new one, and mails a notice instead of a link', async () => {
    await createAdmin(db, 'known@example.com', 'user', 'known-pass1');
    const users = await countRows(db, 'users');
    const tokens = await countRows(db, 'account_tokens');
    const b = browser(app);
    const known = await b.send('POST', '/api/user/register', { ...valid(), email: 'known@example.com', ...(await b.captcha()) }, { headers: {} });
    const unknown = await b.send('POST', '/api/user/register', { ...valid(), email: 'unknown-yet@example.com', ...(await b.captcha()) });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(await countRows(db, 'users')).toBe(users + 1);
    expect(await countRows(db, 'account_tokens')).toBe(tokens + 1);
    const notice = mail.last('known@example.com');
    expect(notice.subject).toContain('someone tried to register');
    expect(notice.text).not.toContain('/register/activate');
    expect(linkIn(notice, '/request/forgot')).toBeTruthy();
    // The known account's password is unchanged.
    expect((await loginByEmail(browser(app), 'known@example.com', 'known-pass1')).code).toBe(200);
  });

  it('throttles mails to one address: a second registration within a minute is 1022, whether or not it exists', async () => {
    const b = browser(app);
    expect((await register(b, 'hasty@example.com')).code).toBe(200);
    const before = await registrationState();
    expect((await register(b, 'hasty@example.com')).code).toBe(1022);
    expect((await register(b, 'known@example.com')).code).toBe(1022);
    expect(await registrationState()).toEqual(before);
  });
});

describe('activation', () => {
  it('activates once; the reused link fails (227); the account signs in afterwards', async () => {
    const b = browser(app);
    await register(b, 'activate-me@example.com');
    const token = tokenIn(mail.last('activate-me@example.com'), '/register/activate');
    expect((await loginByEmail(b, 'activate-me@example.com')).code).toBe(1031);
    const first = await b.post('/api/user/activate', { token });
    expect(first).toMatchObject({ code: 200, data: { email: 'activate-me@example.com' } });
    expect(await userRow('activate-me@example.com')).toMatchObject({ status: 'active' });
    expect((await b.post('/api/user/activate', { token })).code).toBe(227);
    expect((await loginByEmail(b, 'activate-me@example.com')).code).toBe(200);
  });

  it('never lets a second registration of a pending address choose its password', async () => {
    const email = 'pending-twice@example.com';
    expect((await register(browser(app), email)).code).toBe(200);
    await db.deleteFrom('message_log').execute();
    expect((await register(browser(app), email, { password: 'attacker-pw9', confirm_password: 'attacker-pw9' })).code).toBe(200);
    // The owner of the mailbox follows the newest mail, whatever it offers.
    const newest = mail.last(email);
    const owner = browser(app);
    const activation = /\/register\/activate/.test(newest.text);
    if (activation) expect((await owner.post('/api/user/activate', { token: tokenIn(newest, '/register/activate') })).code).toBe(200);
    else expect((await owner.post('/api/user/resetpassword', { token: tokenIn(newest, '/request/reset'), password: 'owners-pw7', confirm_password: 'owners-pw7' })).code).toBe(200);
    expect(await userRow(email)).toMatchObject({ status: 'active' });
    expect((await loginByEmail(browser(app), email, 'attacker-pw9')).code).toBe(1041);
  });

  it('answers an expired link with 229 and leaves the account pending', async () => {
    const b = browser(app);
    await register(b, 'too-late@example.com');
    const token = tokenIn(mail.last('too-late@example.com'), '/register/activate');
    await db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'activate')
      .where('used_at', 'is', null)
      .execute();
    expect((await b.post('/api/user/activate', { token })).code).toBe(229);
    expect(await userRow('too-late@example.com')).toMatchObject({ status: 'pending', activated_at: null });
  });

  it('answers an unknown link with 227 and a malformed one with 1021', async () => {
    const b = browser(app);
    expect((await b.post('/api/user/activate', { token: 'A'.repeat(43) })).code).toBe(227);
    expect((await b.post('/api/user/activate', { token: 'short' })).code).toBe(1021);
  });

  it('tells "not activated" only after the right password', async () => {
    const b = browser(app);
    await register(b, 'not-yet@example.com');
    const wrong = await loginByEmail(b, 'not-yet@example.com', 'wrong-pass1');
    const nobody = await loginByEmail(b, 'nobody-here@example.com', 'wrong-pass1');
    expect(wrong).toEqual(nobody);
    expect(wrong.code).toBe(1041);
    expect((await loginByEmail(b, 'not-yet@example.com')).code).toBe(1031);
  });

  it('re-registering an unactivated address mails a link to set a password (which activates), keeping the first password until then', async () => {
    const b = browser(app);
    await register(b, 'second-try@example.com');
    const first = tokenIn(mail.last('second-try@example.com'), '/register/activate');
    await db.deleteFrom('message_log').execute();
    await register(b, 'second-try@example.com', { password: 'other-pass2', confirm_password: 'other-pass2' });
    const reset = tokenIn(mail.last('second-try@example.com'), '/request/reset');
    expect((await b.post('/api/user/resetpassword', { token: reset, password: 'third-pass3', confirm_password: 'third-pass3' })).code).toBe(200);
    expect((await loginByEmail(b, 'second-try@example.com', 'third-pass3')).code).toBe(200);
    expect((await loginByEmail(browser(app), 'second-try@example.com', 'other-pass2')).code).toBe(1041);
    // The first link, once the account is active, does nothing.
    expect((await b.post('/api/user/activate', { token: first })).code).toBe(227);
  });
});

describe('sign-in', () => {
  let userId: string;
  beforeAll(async () => {
    userId = await activeUser(db, browser(app), mail, 'signer@example.com');
  });

  it('signs in by e-mail: user info, a new HttpOnly session cookie, last login recorded', async () => {
    const b = browser(app, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36' } });
    const res = await b.send('POST', '/api/user/login', { method: 'email', email: 'SIGNER@example.com', password: PASSWORD, ...(await b.captcha()) });
    const body = res.json<Envelope<Record<string, unknown>>>();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ email: 'signer@example.com', security_level: 'low', goole_auth: false, sms: false });
    const cookie = res.cookies.find((c) => c.name === 'platter_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await userRow('signer@example.com')).last_login_at).toBeInstanceOf(Date);
    expect((await b.get('/api/user/info')).code).toBe(200);
  });

  it('gives a new session id at every sign-in and ends the one presented', async () => {
    const b = browser(app);
    await loginByEmail(b, 'signer@example.com');
    const first = b.sessionId;
    await loginByEmail(b, 'signer@example.com');
    const second = b.sessionId;
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const old = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: `platter_sid=${first}` } });
    expect(old.json<Envelope<null>>().code).toBe(202);
    expect((await b.get('/api/user/info')).code).toBe(200);
  });

  it('signs in by account name once one is set, and by phone with its nationality', async () => {
    const b = browser(app);
    await loginByEmail(b, 'signer@example.com');
    expect((await b.post('/api/user/setaccount', { account: 'Signer_01' })).code).toBe(200);
    await db.updateTable('users').set({ nationality: 'US', phone_code: '001', phone: '2025550123' }).where('id', '=', userId).execute();
    const other = browser(app);
    expect((await login(other, { method: 'account', account: 'signer_01', password: PASSWORD })).code).toBe(200);
    expect((await login(other, { method: 'phone', nationality: 'us', phone: '202-555-0123', password: PASSWORD })).code).toBe(200);
    // Canada shares the +1 prefix: the same number. Under another prefix it is another number.
    expect((await login(other, { method: 'phone', nationality: 'CA', phone: '2025550123', password: PASSWORD })).code).toBe(200);
    expect((await login(other, { method: 'phone', nationality: 'GB', phone: '2025550123', password: PASSWORD })).code).toBe(1041);
    expect((await login(other, { method: 'account', account: 'short', password: PASSWORD })).code).toBe(1007);
  });

  it('answers a wrong password, an unknown e-mail and an unknown account with the same text', async () => {
    const b = browser(app);
    const answers = [
      await loginByEmail(b, 'signer@example.com', 'wrong-pass1'),
      await loginByEmail(b, 'nobody@example.com', 'wrong-pass1'),
      await login(b, { method: 'account', account: 'nobody_here', password: 'wrong-pass1' }),
    ];
    for (const answer of answers) expect(answer).toEqual({ code: 1041, msg: 'Account or password is incorrect', data: null });
    expect(b.sessionId).toBeUndefined();
  });

  it('refuses a sign-in without the CSRF token: no session, no attempt recorded', async () => {
    const b = browser(app);
    const attempts = await countRows(db, 'login_attempts');
    const answer = await b.post('/api/user/login', { method: 'email', email: 'signer@example.com', password: PASSWORD, ...(await b.captcha()) }, { csrf: false });
    expect(answer.code).toBe(2002);
    expect(b.sessionId).toBeUndefined();
    expect(await countRows(db, 'login_attempts')).toBe(attempts);
  });
});

describe('banned users', () => {
  it('ends the sessions of a banned user at once and refuses sign-in (after the right password only)', async () => {
    const b = browser(app);
    const userId = await activeUser(db, b, mail, 'rogue@example.com');
    await loginByEmail(b, 'rogue@example.com');
    expect((await b.get('/api/user/info')).code).toBe(200);
    await banUser(db, userId);
    expect((await b.get('/api/user/info')).code).toBe(202);
    const revoked = await db.selectFrom('sessions').select('revoked_at').where('user_id', '=', userId).execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);
    expect((await loginByEmail(b, 'rogue@example.com')).code).toBe(1032);
    expect((await loginByEmail(b, 'rogue@example.com', 'wrong-pass1')).code).toBe(1041);
    expect((await b.get('/api/user/info')).code).toBe(202);
  });
});

describe('second factor at sign-in', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  beforeAll(async () => {
    const userId = await activeUser(db, browser(app), mail, 'twofa@example.com');
    await db
      .updateTable('users')
      .set({ google_secret: secretBox(TEST_SECRET, 'totp').seal(secret) })
      .where('id', '=', userId)
      .execute();
  });

  it('asks for the authenticator code (1030 with a challenge), then signs in with it', async () => {
    const b = browser(app);
    const first = await loginByEmail(b, 'twofa@example.com');
    expect(first).toMatchObject({ code: 1030, data: { methods: ['google'] } });
    expect(b.sessionId).toBeUndefined();
    const challenge = (first.data as { challenge: string }).challenge;
    expect((await b.post('/api/user/login/verify', { challenge, code: '000000' })).code).toBe(1015);
    const done = await b.post('/api/user/login/verify', { challenge, code: await totp(secret) });
    expect(done).toMatchObject({ code: 200, data: { email: 'twofa@example.com', goole_auth: true } });
    expect(b.sessionId).toBeDefined();
    // The challenge is used up.
    expect((await b.post('/api/user/login/verify', { challenge, code: await totp(secret, 1) })).code).toBe(1045);
  });

  it('refuses a code from a time step already used (replay), accepts the next step', async () => {
    const b = browser(app);
    const used = await totp(secret, 1);
    await db.updateTable('users').set({ google_last_step: null }).where('email', '=', 'twofa@example.com').execute();
    const one = await loginByEmail(b, 'twofa@example.com');
    expect((await b.post('/api/user/login/verify', { challenge: (one.data as { challenge: string }).challenge, code: used })).code).toBe(200);
    const two = await loginByEmail(b, 'twofa@example.com');
    const challenge = (two.data as { challenge: string }).challenge;
    expect((await b.post('/api/user/login/verify', { challenge, code: used })).code).toBe(1015);
    expect((await b.post('/api/user/login/verify', { challenge, code: await totp(secret, 0) })).code).toBe(1015);
    await db.updateTable('users').set({ google_last_step: null }).where('email', '=', 'twofa@example.com').execute();
    expect((await b.post('/api/user/login/verify', { challenge, code: await totp(secret, 0) })).code).toBe(200);
  });

  it('gives up a challenge after 5 wrong codes', async () => {
    const b = browser(app);
    const answer = await loginByEmail(b, 'twofa@example.com');
    const challenge = (answer.data as { challenge: string }).challenge;
    for (let i = 0; i < 5; i++) expect((await b.post('/api/user/login/verify', { challenge, code: '111111' })).code).toBe(1015);
    await db.updateTable('users').set({ google_last_step: null }).where('email', '=', 'twofa@example.com').execute();
    expect((await b.post('/api/user/login/verify', { challenge, code: await totp(secret) })).code).toBe(1045);
  });
});

describe('Telegram sign-in', () => {
  function widget(id: number, authDate = Math.floor(Date.now() / 1000), token = BOT_TOKEN) {
    const data: Record<string, string | number> = { id, first_name: 'Ann', username: 'ann_miner', auth_date: authDate };
    return { ...data, hash: telegramHash(token, data) };
  }

  it('lists the enabled providers', async () => {
    const b = browser(app);
    expect((await b.get('/api/user/socialproviders')).data).toEqual({ telegram: { enabled: true, bot_name: 'platter_test_bot' }, wechat: { enabled: false, app_id: '' } });
  });

  it('signs in the account that has the Telegram id bound; refuses an unbound one (1040)', async () => {
    const b = browser(app);
    const userId = await activeUser(db, b, mail, 'tg@example.com');
    expect((await b.post('/api/user/telegramlogin', widget(4242))).code).toBe(1040);
    await db.insertInto('social_bindings').values({ user_id: userId, provider: 'telegram', subject: '4242', display_name: '@ann_miner' }).execute();
    const answer = await b.post('/api/user/telegramlogin', widget(4242, Math.floor(Date.now() / 1000) - 1));
    expect(answer).toMatchObject({ code: 200, data: { email: 'tg@example.com', telegram: true, telegram_name: '@ann_miner', security_level: 'middle' } });
    expect(b.sessionId).toBeDefined();
  });

  it('accepts login data a few minutes old at most, and each payload once', async () => {
    const fresh = widget(4242, Math.floor(Date.now() / 1000) - 10);
    const b = browser(app);
    expect((await b.post('/api/user/telegramlogin', fresh)).code).toBe(200);
    expect((await browser(app).post('/api/user/telegramlogin', fresh)).code).toBe(1048);
    expect((await browser(app).post('/api/user/telegramlogin', widget(4242, Math.floor(Date.now() / 1000) - 6 * 60))).code).toBe(1020);
  });

  it('lets the browser load Telegram’s widget: its script and frame origins, nothing wider', async () => {
    const csp = String((await browser(app).send('GET', '/api/user/socialproviders')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://telegram.org;");
    expect(csp).toContain('frame-src https://oauth.telegram.org;');
    expect(csp).not.toMatch(/\*|https:(?!\/\/(oauth\.)?telegram\.org)/);
  });

  it('refuses a wrong hash (1048), data signed by another bot (1048) and data older than a day (1020)', async () => {
    const b = browser(app);
    expect((await b.post('/api/user/telegramlogin', { ...widget(4242), hash: 'a'.repeat(64) })).code).toBe(1048);
    expect((await b.post('/api/user/telegramlogin', widget(4242, undefined, '7000002:AAOtherBotTokenForTests_0123456789'))).code).toBe(1048);
    expect((await b.post('/api/user/telegramlogin', { ...widget(4242), first_name: 'Eve' })).code).toBe(1048);
    expect((await b.post('/api/user/telegramlogin', widget(4242, Math.floor(Date.now() / 1000) - 2 * 86400))).code).toBe(1020);
    expect(b.sessionId).toBeUndefined();
  });

  it('is disabled without a bot token (1047), and WeChat without its settings', async () => {
    const plain = await testApp(db, { smtpUrl: mail.url });
    const b = browser(plain);
    expect((await b.post('/api/user/telegramlogin', widget(4242))).code).toBe(1047);
    const { state } = (await b.get<{ state: string }>('/api/user/wechatstate')).data;
    expect((await b.post('/api/user/wechatlogin', { code: 'abc', state })).code).toBe(1047);
    expect((await b.get('/api/user/socialproviders')).data).toMatchObject({ telegram: { enabled: false }, wechat: { enabled: false } });
  });
});

describe('WeChat sign-in', () => {
  it('needs the OAuth state this browser was given, once', async () => {
    const wechat = await testApp(db, { smtpUrl: mail.url, wechatAppId: 'wx0000000000000000', wechatAppSecret: 'test-secret' });
    const b = browser(wechat);
    expect(await b.post('/api/user/wechatlogin', { code: 'abc' })).toMatchObject({ code: 216, data: { field: 'state' } });
    const given = await b.send('GET', '/api/user/wechatstate');
    const cookie = given.cookies.find((c) => c.name === 'platter_wechat_state');
    expect(cookie).toMatchObject({ httpOnly: true });
    const { state } = given.json<Envelope<{ state: string }>>().data;
    // A state issued to another browser (a login-CSRF link) is refused before any exchange.
    const other = browser(wechat);
    const otherState = (await other.get<{ state: string }>('/api/user/wechatstate')).data.state;
    expect((await b.post('/api/user/wechatlogin', { code: 'abc', state: otherState })).code).toBe(1048);
    // That attempt used this browser's state up too.
    expect((await b.post('/api/user/wechatlogin', { code: 'abc', state })).code).toBe(1048);
    expect((await browser(wechat).post('/api/user/wechatlogin', { code: 'abc', state })).code).toBe(1048);
  });
});

describe('forgot and reset password', () => {
  it('answers known and unknown e-mails identically and mails each', async () => {
    await activeUser(db, browser(app), mail, 'forgetful@example.com');
    const b = browser(app);
    const known = await b.send('POST', '/api/user/forgotpassword', { email: 'forgetful@example.com', ...(await b.captcha()) });
    const unknown = await b.send('POST', '/api/user/forgotpassword', { email: 'stranger@example.com', ...(await b.captcha()) });
    expect(known.body).toBe(unknown.body);
    expect(known.json<Envelope<null>>()).toMatchObject({ code: 200, data: null });
    expect(linkIn(mail.last('forgetful@example.com'), '/request/reset')).toBeTruthy();
    const strangerMail = mail.last('stranger@example.com');
    expect(strangerMail.text).toContain('there is no account');
    expect(strangerMail.text).not.toContain('/request/reset');
  });

  it('resets once: new password works, old does not, every session ends, withdrawals lock; reuse is 228', async () => {
    const b = browser(app);
    await loginByEmail(b, 'forgetful@example.com');
    const token = tokenIn(mail.last('forgetful@example.com'), '/request/reset');
    const anon = browser(app);
    const before = await userRow('forgetful@example.com');
    expect((await anon.post('/api/user/resetpassword', { token, password: 'fresh-pass1', confirm_password: 'other-pass1' })).code).toBe(1029);
    expect((await anon.post('/api/user/resetpassword', { token, password: '1234567', confirm_password: '1234567' })).code).toBe(1028);
    expect((await userRow('forgetful@example.com')).password_hash).toBe(before.password_hash);
    expect((await anon.post('/api/user/resetpassword', { token, password: 'fresh-pass1', confirm_password: 'fresh-pass1' })).code).toBe(200);
    expect((await b.get('/api/user/info')).code).toBe(202);
    const after = await userRow('forgetful@example.com');
    expect(after.security_changed_at).toBeInstanceOf(Date);
    expect((await loginByEmail(anon, 'forgetful@example.com')).code).toBe(1041);
    const signedIn = await loginByEmail(anon, 'forgetful@example.com', 'fresh-pass1');
    expect(signedIn.code).toBe(200);
    expect((signedIn.data as { withdraw_locked_until: number }).withdraw_locked_until).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    expect((await anon.post('/api/user/resetpassword', { token, password: 'third-pass1', confirm_password: 'third-pass1' })).code).toBe(228);
    expect(mail.last('forgetful@example.com').subject).toContain('password was reset');
  });

  it('answers an expired reset link with 229 and changes nothing', async () => {
    const b = browser(app);
    await activeUser(db, b, mail, 'slow-reset@example.com');
    await b.post('/api/user/forgotpassword', { email: 'slow-reset@example.com', ...(await b.captcha()) });
    const token = tokenIn(mail.last('slow-reset@example.com'), '/request/reset');
    await db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null)
      .execute();
    const before = await userRow('slow-reset@example.com');
    expect((await b.post('/api/user/resetpassword', { token, password: 'fresh-pass1', confirm_password: 'fresh-pass1' })).code).toBe(229);
    const after = await userRow('slow-reset@example.com');
    expect(after.password_hash).toBe(before.password_hash);
    expect(after.security_changed_at).toBeNull();
  });
});

describe('brute force', () => {
  it('refuses the 101st sign-in of the hour after 100 failures, even with the right password and from fresh addresses', async () => {
    await activeUser(db, browser(app), mail, 'target@example.com');
    for (let i = 0; i < 100; i++) {
      const b = browser(app, { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      expect((await loginByEmail(b, 'target@example.com', `wrong-pass${i}`)).code).toBe(1041);
    }
    const b = browser(app, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    const answer = await loginByEmail(b, 'target@example.com');
    expect(answer.code).toBe(1050);
    expect(b.sessionId).toBeUndefined();
    // An hour later the account signs in again.
    await db
      .updateTable('login_attempts')
      .set({ created_at: new Date(Date.now() - 3601_000) })
      .execute();
    expect((await loginByEmail(b, 'target@example.com')).code).toBe(200);
  }, 60_000);

  it('limits sign-in calls per IP (230)', async () => {
    const limited = await testApp(db, { smtpUrl: mail.url, authRateLimit: 2 });
    const b = browser(limited);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await b.post('/api/user/login', { method: 'email', email: 'x@example.com', password: 'x', session: 's', captcha: 'abcd' })).code);
    expect(codes).toEqual([226, 226, 230]);
  });
});

describe('profile', () => {
  it('sets an account name (6 to 16, unique) and a nickname (required)', async () => {
    const b = browser(app);
    await activeUser(db, b, mail, 'profile@example.com');
    await loginByEmail(b, 'profile@example.com');
    expect((await b.post('/api/user/setaccount', { account: 'abc' })).code).toBe(1007);
    expect((await b.post('/api/user/setaccount', { account: 'a'.repeat(17) })).code).toBe(1007);
    expect((await b.post('/api/user/setaccount', { account: '1abcdefg' })).code).toBe(1027);
    expect((await b.post('/api/user/setaccount', { account: 'SIGNER_01' })).code).toBe(1002);
    expect((await userRow('profile@example.com')).account).toBeNull();
    expect((await b.post('/api/user/setaccount', { account: 'profile_1' })).code).toBe(200);
    expect((await b.post('/api/user/nickname', { nickname: '   ' })).code).toBe(1037);
    expect((await b.post('/api/user/nickname', { nickname: 'Disk Farmer' })).code).toBe(200);
    expect((await b.get('/api/user/info')).data).toMatchObject({ account: 'profile_1', nickname: 'Disk Farmer' });
    expect((await browser(app).post('/api/user/nickname', { nickname: 'x' })).code).toBe(202);
  });
});

describe('API documentation', () => {
  it('publishes every account, security and log call in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const calls = {
      get: [
        '/api/user/requestsession',
        '/api/user/verificationcode',
        '/api/user/socialproviders',
        '/api/security/requestsession',
        '/api/security/requestverify',
        '/api/security/sendphonecode',
        '/api/security/getgooglesecret',
        '/api/security/getsecurityverification',
        '/api/security/countries',
        '/api/log/login',
      ],
      post: [
        '/api/user/register',
        '/api/user/activate',
        '/api/user/login',
        '/api/user/login/verify',
        '/api/user/telegramlogin',
        '/api/user/forgotpassword',
        '/api/user/resetpassword',
        '/api/user/setaccount',
        '/api/user/nickname',
        '/api/security/prevalidationgooglesecret',
        '/api/security/bindgoogle',
        '/api/security/modifyphone',
        '/api/security/sendemailcode',
        '/api/security/ModifyPassword',
        '/api/security/bindtelegram',
      ],
    };
    for (const [method, paths] of Object.entries(calls)) for (const path of paths) expect(doc.paths[path], `${method} ${path}`).toHaveProperty(method);
  });
});
