import type { Envelope } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeUser, PASSWORD } from '../../test/accounts.ts';
import { testApp } from '../../test/app.ts';
import { browser } from '../../test/browser.ts';
import { testDatabase } from '../../test/db.ts';
import { testMailServer } from '../../test/mail.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { ZodApp } from './types.ts';
import { trustProxySetting } from './trust-proxy.ts';

/**
 * Every documented TRUST_PROXY form against forged X-Forwarded-For headers: the client
 * address is the one the trusted proxies saw, whatever the client put in front of it.
 */

let db: Db;
let mail: Awaited<ReturnType<typeof testMailServer>>;

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
});

const CHINA = '114.114.114.114';

async function appWith(trustProxy: string, overrides: Partial<Config> = {}): Promise<ZodApp> {
  return testApp(db, { smtpUrl: mail.url, trustProxy, ...overrides }, { extend: (app) => app.get('/test/ip', (request) => ({ ip: request.ip })) });
}

async function ipSeen(app: ZodApp, socket: string, forwardedFor?: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/test/ip', remoteAddress: socket, ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}) });
  return res.json<{ ip: string }>().ip;
}

async function checkRegister(app: ZodApp, socket: string, forwardedFor: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/user/checkRegister', remoteAddress: socket, headers: { 'x-forwarded-for': forwardedFor } });
  return res.json<Envelope<unknown>>().code;
}

describe('TRUST_PROXY', () => {
  it('false: the socket address, X-Forwarded-For ignored', async () => {
    const app = await appWith('false');
    expect(await ipSeen(app, '203.0.113.5', CHINA)).toBe('203.0.113.5');
    expect(await checkRegister(app, '203.0.113.5', CHINA)).toBe(200);
  });

  it('true: one proxy; the entry it appended, not a forged one in front', async () => {
    const app = await appWith('true');
    expect(await ipSeen(app, '127.0.0.1', `8.8.8.8, ${CHINA}`)).toBe(CHINA);
    expect(await checkRegister(app, '127.0.0.1', `8.8.8.8, ${CHINA}`)).toBe(222);
    expect(await checkRegister(app, '127.0.0.1', `${CHINA}, 8.8.8.8`)).toBe(200);
  });

  it('a hop count: the n-th entry from the right', async () => {
    const one = await appWith('1');
    expect(await ipSeen(one, '127.0.0.1', '198.51.100.9')).toBe('198.51.100.9');
    expect(await checkRegister(one, '127.0.0.1', `8.8.8.8, ${CHINA}`)).toBe(222);
    const two = await appWith('2');
    expect(await ipSeen(two, '10.0.0.2', '1.2.3.4, 198.51.100.9, 10.0.0.1')).toBe('198.51.100.9');
  });

  it('a list of proxy addresses and ranges: trusted entries skipped from the right, a direct client ignored', async () => {
    const app = await appWith('10.0.0.1, 10.1.0.0/16');
    expect(await ipSeen(app, '10.0.0.1', '1.2.3.4, 198.51.100.9, 10.1.2.3')).toBe('198.51.100.9');
    expect(await ipSeen(app, '203.0.113.5', '198.51.100.9')).toBe('203.0.113.5');
    expect(() => trustProxySetting('10.0.0.1, proxy.example')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxySetting('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it('per-IP limits and the login history see the real client, however the header is forged', async () => {
    const app = await appWith('1', { authRateLimit: 3 });
    await activeUser(db, browser(app), mail, 'proxied@example.com');
    const b = browser(app);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await b.post(
        '/api/user/login',
        { method: 'email', email: 'proxied@example.com', password: 'wrong-pass1', session: 'x', captcha: 'abcd' },
        { headers: { 'x-forwarded-for': `192.0.2.${i + 10}, 198.51.100.20` } },
      );
      codes.push(answer.code);
    }
    expect(codes[3]).toBe(230);
    // Two different clients behind the same proxy have their own buckets.
    const other = browser(app, { headers: { 'x-forwarded-for': '198.51.100.21' } });
    const signedIn = await other.post('/api/user/login', { method: 'email', email: 'proxied@example.com', password: PASSWORD, ...(await other.captcha()) });
    expect(signedIn.code).toBe(200);
    const seen = await db.selectFrom('login_attempts').select('ip').where('result', '=', 'success').execute();
    expect(seen.map((r) => r.ip)).toEqual(['198.51.100.21']);
  });
});
