import type { LoginLogItem } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeUser, loginByEmail } from '../../../test/accounts.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { mailedApp } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let db: Db;
let app: ZodApp;
let me: Browser;

beforeAll(async () => {
  const opened = await mailedApp({ trustProxy: 'true' });
  ({ db, app } = opened);
  const { mail } = opened;
  await activeUser(db, browser(app), mail, 'historian@example.com');
  await activeUser(db, browser(app), mail, 'bystander@example.com');
  // A failure from an iPhone in the US, a success from a local Chrome, one of another user.
  await loginByEmail(browser(app, { headers: { 'user-agent': SAFARI_IPHONE, 'x-forwarded-for': '8.8.8.8' } }), 'historian@example.com', 'wrong-pass1');
  me = browser(app, { headers: { 'user-agent': CHROME_LINUX } });
  await loginByEmail(me, 'historian@example.com');
  await loginByEmail(browser(app), 'bystander@example.com');
});

describe('GET /api/log/login', () => {
  it('lists the account’s attempts newest first: time, IP, device, location and result', async () => {
    const answer = await me.get<{ list: LoginLogItem[]; total: number }>('/api/log/login');
    expect(answer.code).toBe(200);
    expect(answer.data.total).toBe(2);
    const [latest, earlier] = answer.data.list;
    expect(latest).toMatchObject({ ip: '127.0.0.1', device: 'Chrome on Linux', location: 'Local network', country_code: '', method: 'email', result: 'success' });
    expect(earlier).toMatchObject({ ip: '8.8.8.8', device: 'Safari on iOS', location: 'United States', country_code: 'US', result: 'wrong_password' });
    expect(latest?.time).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('names the location in the interface language', async () => {
    me.jar.set('h9_lang', 'zh');
    const answer = await me.get<{ list: LoginLogItem[] }>('/api/log/login');
    me.jar.delete('h9_lang');
    expect(answer.data.list.map((i) => i.location)).toEqual(['區域網路', '美國']);
  });

  it('pages with page and count', async () => {
    const second = await me.get<{ list: LoginLogItem[]; total: number }>('/api/log/login?page=2&count=1');
    expect(second.data.total).toBe(2);
    expect(second.data.list.map((i) => i.result)).toEqual(['wrong_password']);
    expect((await me.get<{ list: unknown[] }>('/api/log/login?page=3&count=1')).data.list).toEqual([]);
  });

  it('answers a count outside 1 to 200 with 209, a page below 1 with 208, a non-number with 216', async () => {
    for (const count of ['0', '201', '-5']) expect((await me.get(`/api/log/login?count=${count}`)).code, count).toBe(209);
    expect((await me.get('/api/log/login?count=200')).code).toBe(200);
    expect((await me.get('/api/log/login?page=0')).code).toBe(208);
    expect((await me.get('/api/log/login?count=many')).code).toBe(216);
  });

  it('shows the personal centre the sign-in before this one', async () => {
    const b = browser(app, { headers: { 'user-agent': CHROME_LINUX } });
    await loginByEmail(b, 'historian@example.com');
    const info = await b.get<{ last_login: { ip: string; location: string; device: string } | null }>('/api/user/info');
    expect(info.data.last_login).toMatchObject({ ip: '127.0.0.1', location: 'Local network', device: 'Chrome on Linux' });
  });
});
