import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../test/accounts.ts';
import { testApp } from '../../test/app.ts';
import { browser, type Browser } from '../../test/browser.ts';
import { testDatabase } from '../../test/db.ts';
import type { Db } from '../db/database.ts';
import type { ZodApp } from './types.ts';

let db: Db;
let app: ZodApp;
let user: Browser;
let admin: Browser;
beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
  user = await signedInAs(app, db, 'csrf-user@example.com', 'user');
  admin = await signedInAs(app, db, 'csrf-admin@example.com', 'admin');
});

/** The same route written the ways a URL can be bent: encoded letters, doubled slashes, case, a trailing slash, `;` params. */
function variants(path: string): string[] {
  const [, first, ...rest] = path.split('/');
  const tail = rest.join('/');
  const encodeFirstLetter = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  return [
    `/${encodeFirstLetter(first!)}/${tail}`,
    `/${first}/${encodeFirstLetter(rest[0]!)}/${rest.slice(1).join('/')}`,
    `/${first}/${rest.slice(0, -1).join('/')}/${encodeFirstLetter(rest.at(-1)!)}`,
    `/${first}/${tail}`.replace(/[A-Za-z]$/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    `/${path}`,
    path.replace(`/${rest[0]}/`, `//${rest[0]}//`),
    path.toUpperCase(),
    path.toLowerCase(),
    `${path}/`,
    `${path};x=1`,
    `${path}%3Bx=1`,
    `${path}?a=1`,
    `/./${path.slice(1)}`,
    `${path.replace(`/${rest[0]}/`, `/x/../${rest[0]}/`)}`,
  ];
}

const WRITES: { who: () => Browser; method: 'POST' | 'DELETE'; path: string; body: Record<string, unknown> }[] = [
  { who: () => user, method: 'POST', path: '/api/user/SetLanguage', body: { language: 'ru' } },
  { who: () => user, method: 'POST', path: '/api/assets/transfer', body: { coin: 'CHIA', amount: '1', to: 'someone@example.com' } },
  { who: () => user, method: 'POST', path: '/api/assets/withdraw', body: { coin: 'CHIA', amount: '1', address_id: '1' } },
  { who: () => user, method: 'POST', path: '/api/user/addwithdrawaddress', body: { coin: 'CHIA', address: 'xch1', remark: 'x' } },
  { who: () => admin, method: 'POST', path: '/api/admin/ClearCache', body: {} },
  { who: () => admin, method: 'POST', path: '/api/admin/UpdateBalance', body: { uid: '1', coin: 'CHIA', amount: '1', remark: 'x' } },
];

/** SetLanguage with this session and this token pair (cookie and header); answers the code. */
async function setLanguageWith(session: string, token: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/SetLanguage',
    headers: { cookie: `platter_sid=${session}; platter_csrf=${token}`, 'x-csrf-token': token },
    payload: { language: 'ru' },
  });
  return res.json<{ code: number }>().code;
}

describe('CSRF on the routed path', () => {
  it('refuses every spelling of a state-changing route without the token: the handler never runs (2002 or 404)', async () => {
    const ran: string[] = [];
    for (const write of WRITES) {
      const session = write.who().sessionId!;
      for (const url of [write.path, ...variants(write.path)]) {
        const res = await app.inject({ method: write.method, url, headers: { cookie: `platter_sid=${session}` }, payload: write.body });
        const code = res.statusCode === 404 ? 404 : res.json<{ code: number }>().code;
        if (code !== 2002 && code !== 404) ran.push(`${write.method} ${url} → HTTP ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(ran).toEqual([]);
    const row = await db.selectFrom('users').select('language').where('email', '=', 'csrf-user@example.com').executeTakeFirstOrThrow();
    expect(row.language).not.toBe('ru');
  });

  it('still lets the web client through: cookie and header, on the plain path', async () => {
    const res = await user.post('/api/user/SetLanguage', { language: 'zh' });
    expect(res.code).toBe(200);
  });

  it('binds the token to the session: another browser’s valid token pair does not work with the victim’s session', async () => {
    const attacker = await signedInAs(app, db, 'csrf-attacker@example.com', 'user');
    const stranger = browser(app);
    await stranger.get('/api/user/checkRegister');
    for (const other of [attacker, stranger]) {
      const token = other.jar.get('platter_csrf')!;
      expect(token).toBeTruthy();
      expect(await setLanguageWith(user.sessionId!, token)).toBe(2002);
    }
    // The attacker's pair works for the attacker.
    expect((await attacker.post('/api/user/SetLanguage', { language: 'ru' })).code).toBe(200);
  });

  it('rotates the token at sign-in and sign-out: the token from before no longer works', async () => {
    const b = browser(app);
    await b.get('/api/user/checkRegister');
    const before = b.jar.get('platter_csrf')!;
    await signedInAs(app, db, 'csrf-rotate@example.com', 'user').then(async (signed) => {
      expect(signed.jar.get('platter_csrf')).toBeTruthy();
      expect(await setLanguageWith(signed.sessionId!, before)).toBe(2002);
      const fresh = signed.jar.get('platter_csrf')!;
      expect(fresh).not.toBe(before);
      expect((await signed.post('/api/user/SetLanguage', { language: 'ru' })).code).toBe(200);
      // Sign-out hands out a token of the signed-out browser.
      expect(await signed.post('/api/user/dologout')).toEqual({});
      expect(signed.jar.get('platter_csrf')).not.toBe(fresh);
      expect((await signed.post('/api/user/SetLanguage', { language: 'en' })).code).toBe(200);
    });
  });

  it('leaves the machine calls alone: the miner report and the Chia pool protocol need no token', async () => {
    const report = await app.inject({ method: 'POST', url: '/api/miner/report', headers: { 'x-api-key': 'nope' }, payload: { miners: [] } });
    expect(report.json<{ code: number }>().code).not.toBe(2002);
    const partial = await app.inject({ method: 'POST', url: '/chia/chiapp/partial', payload: {} });
    expect(partial.json<{ error_code?: number }>().error_code).toBeDefined();
  });
});
