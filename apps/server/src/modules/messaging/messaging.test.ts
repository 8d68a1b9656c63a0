import type { Envelope } from '@platter/domain';
import http from 'node:http';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import { browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { linkIn, testMailServer } from '../../../test/mail.ts';
import { devHelpers, loadConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { sessionService } from '../session/session.service.ts';
import pino from 'pino';
import { createMessaging } from './messaging.service.ts';
import { decodeEncodedWords, decodeQuotedPrintable, parseMail } from './mime.ts';
import { httpGatewaySms } from './sms.ts';
import { botApiSender } from './telegram-bot.ts';

let db: Db;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

/** A local HTTP server recording requests (the SMS gateway, the Bot API). */
async function recorder(answer: (body: string) => { status: number; json: unknown }) {
  const requests: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      const { status, json } = answer(body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, requests };
}

describe('MIME reading', () => {
  it('decodes quoted-printable with soft breaks and UTF-8, and RFC 2047 words', () => {
    expect(decodeQuotedPrintable('a=3Db=\r\nc =E4=B8=AD').toString('utf8')).toBe('a=bc 中');
    expect(decodeEncodedWords('=?UTF-8?Q?=D0=9F=D1=80=D0=B8_?= =?UTF-8?B?5Lit5paH?=')).toBe('При 中文');
  });

  it('reads what nodemailer writes: subject, text and HTML parts, long links intact', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const link = `https://example.com/register/activate?token=${'x'.repeat(90)}`;
    const info = await transport.sendMail({ from: 'a@b.c', to: 'Ann <ann@example.com>', subject: '啟用您的帳號 — activate', text: `Ссылка:\n\n${link}\n`, html: '<p>Привет</p>' });
    const parsed = parseMail((info.message as Buffer).toString('utf8'));
    expect(parsed.subject).toBe('啟用您的帳號 — activate');
    expect(parsed.to).toBe('Ann <ann@example.com>');
    expect(linkIn(parsed, '/register/activate')).toBe(link);
    expect(parsed.text).toContain('Ссылка:');
    expect(parsed.html).toBe('<p>Привет</p>');
  });
});

describe('development mail catcher and dev mailbox', () => {
  it('catches the mails of a server without SMTP_URL and shows them in GET /api/dev/mailbox', async () => {
    const app = await testApp(db);
    const b = browser(app);
    expect((await register(b, 'Caught@Example.com')).code).toBe(200);
    const list = await b.get<{ channel: string; to: string; subject: string; text: string; html: string; created_at: number }[]>('/api/dev/mailbox?to=caught@example.com');
    expect(list.code).toBe(200);
    expect(list.data).toHaveLength(1);
    const [message] = list.data;
    expect(message).toMatchObject({ channel: 'email', subject: 'Platter: activate your account' });
    expect(message?.to.toLowerCase()).toBe('caught@example.com');
    expect(linkIn(message ?? { text: '' }, '/register/activate')).toMatch(/token=/);
    expect(message?.html).toContain('<a href="http://localhost:8080/register/activate?token=');
    expect(message?.created_at).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('is not there in production (404), nor is the captcha helper', async () => {
    const mail = await testMailServer();
    const app = await testApp(db, { nodeEnv: 'production', smtpUrl: mail.url });
    for (const url of ['/api/dev/mailbox', '/api/dev/captcha?session=x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('development helpers: never by default', () => {
  const DEV_URLS = ['/api/dev/mailbox', '/api/dev/captcha?session=x', '/api/dev/devnet/send'];
  const status = async (app: Awaited<ReturnType<typeof testApp>>, url: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    (await app.inject({ method: url.endsWith('/send') ? 'POST' : 'GET', url, ...options })).statusCode;

  it('is one rule of the settings: on only off production and on loopback, unless DEV_HELPERS says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', nodeEnv: 'development', devHelpers: 'auto' });
    expect(devHelpers(loadConfig({}))).toEqual({ enabled: true, anyClient: false });
    expect(devHelpers(loadConfig({ HOST: '0.0.0.0' }))).toEqual({ enabled: false, anyClient: false });
    expect(devHelpers(loadConfig({ HOST: '::1' }))).toEqual({ enabled: true, anyClient: false });
    expect(devHelpers(loadConfig({ HOST: '0.0.0.0', DEV_HELPERS: 'true' }))).toEqual({ enabled: true, anyClient: true });
    expect(devHelpers(loadConfig({ DEV_HELPERS: 'false' })).enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(devHelpers(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' })).enabled).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_HELPERS: 'true' })).toThrow(/DEV_HELPERS/);
  });

  it('answers a client on another machine, or one relayed by a proxy, 404 as if absent; a local client is served', async () => {
    const app = await testApp(db);
    for (const url of DEV_URLS) {
      expect(await status(app, url, { remoteAddress: '203.0.113.7' }), url).toBe(404);
      expect(await status(app, url, { remoteAddress: '::ffff:198.51.100.4' }), url).toBe(404);
      expect(await status(app, url, { headers: { 'x-forwarded-for': '203.0.113.7' } }), url).toBe(404);
      expect(await status(app, url, { headers: { forwarded: 'for=203.0.113.7' } }), url).toBe(404);
    }
    expect(await status(app, '/api/%64ev/mailbox', { remoteAddress: '203.0.113.7' })).toBe(404);
    expect(await status(app, '/api/dev/mailbox')).toBe(200);
    expect(await status(app, '/api/dev/mailbox', { remoteAddress: '::1' })).toBe(200);
    // Whatever the proxy setting: a forged X-Forwarded-For cannot make a remote client local.
    const proxied = await testApp(db, { trustProxy: 'true' });
    expect(await status(proxied, '/api/dev/mailbox', { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } })).toBe(404);
  });

  it('is off when the server listens on every interface (unless DEV_HELPERS=true): no dev routes, no graphic-code answers kept', async () => {
    const app = await testApp(db, { host: '0.0.0.0' });
    for (const url of DEV_URLS) expect(await status(app, url), url).toBe(404);
    const b = browser(app);
    const { data } = await b.get<{ session: string }>('/api/user/requestsession');
    expect((await b.send('GET', `/api/user/verificationcode?session=${data.session}`)).headers['content-type']).toContain('image/svg+xml');
    expect(await db.selectFrom('dev_mailbox').select('id').where('recipient', '=', `captcha:${data.session}`).execute()).toEqual([]);
    const demo = await testApp(db, { host: '0.0.0.0', devHelpers: 'true' });
    expect(await status(demo, '/api/dev/mailbox', { remoteAddress: '203.0.113.7' })).toBe(200);
  });

  it('never puts Telegram codes in the dev mailbox when a bot token is set', async () => {
    const bot = await recorder(() => ({ status: 200, json: { ok: true } }));
    const config = loadConfig({}, { nodeEnv: 'development', telegramBotToken: '123456:AAbbCCddEEffGGhhIIjjKKllMMnnOO' });
    const messaging = await createMessaging({ config, db, logger: pino({ level: 'silent' }) });
    try {
      expect(messaging.telegramAvailable).toBe(true);
      // Not the dev mailbox: the Bot API (unreachable from here, so the send fails).
      await expect(messaging.telegram('777000', 'code 123456')).rejects.toThrow();
      expect(await db.selectFrom('dev_mailbox').select('id').where('recipient', '=', 'telegram:777000').execute()).toEqual([]);
    } finally {
      await messaging.close();
    }
    expect(bot.requests).toEqual([]);
  }, 15_000);
});

describe('SMS gateway adapter', () => {
  it('POSTs {to, text} as JSON with the bearer token, and fails on an error status', async () => {
    let fail = false;
    const gateway = await recorder(() => (fail ? { status: 500, json: { error: 'down' } } : { status: 200, json: { ok: true } }));
    const sms = httpGatewaySms(`${gateway.url}/send`, 'gw-token');
    await sms.send('+8613800138000', 'code 123456');
    expect(gateway.requests[0]).toMatchObject({ url: '/send', body: JSON.stringify({ to: '+8613800138000', text: 'code 123456' }) });
    expect(gateway.requests[0]?.headers.authorization).toBe('Bearer gw-token');
    expect(gateway.requests[0]?.headers['content-type']).toBe('application/json');
    fail = true;
    await expect(sms.send('+1', 'x')).rejects.toThrow('HTTP 500');
  });

  it('delivers through the gateway when SMS_GATEWAY_URL is set', async () => {
    const gateway = await recorder(() => ({ status: 200, json: { ok: true } }));
    const mail = await testMailServer();
    const app = await testApp(db, { smtpUrl: mail.url, smsGatewayUrl: `${gateway.url}/sms`, smsGatewayToken: 't' });
    const b = browser(app);
    await db.insertInto('users').values({ uid: '90000001', email: 'sms@example.com', password_hash: 'x', status: 'active' }).execute();
    const user = await db.selectFrom('users').select('id').where('email', '=', 'sms@example.com').executeTakeFirstOrThrow();
    const { token } = await sessionService(db).open(user.id, { ip: '127.0.0.1', userAgent: 'test' });
    b.jar.set('platter_sid', token);
    const sent = await b.get<Envelope<unknown>>('/api/security/sendphonecode?action=change_phone&nationality=CN&phone=13800138000');
    expect(sent.code).toBe(200);
    const request = gateway.requests.at(-1);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ to: '+8613800138000' });
    expect((JSON.parse(request?.body ?? '{}') as { text: string }).text).toMatch(/\b\d{6}\b/);
  });
});

describe('Telegram Bot API adapter', () => {
  it('calls sendMessage with the chat id and text, and reports a refusal', async () => {
    const api = await recorder((body) =>
      (JSON.parse(body) as { chat_id: string }).chat_id === '1'
        ? { status: 200, json: { ok: true, result: {} } }
        : { status: 403, json: { ok: false, description: 'Forbidden: bot was blocked by the user' } },
    );
    const bot = botApiSender('123:ABC', api.url);
    await bot.send('1', 'your code 654321');
    expect(api.requests[0]).toMatchObject({ url: '/bot123:ABC/sendMessage', body: JSON.stringify({ chat_id: '1', text: 'your code 654321' }) });
    await expect(bot.send('2', 'x')).rejects.toThrow('bot was blocked');
  });
});
