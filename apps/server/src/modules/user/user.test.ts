import { beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders, testApp } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { createAdmin } from '../account/account.service.ts';
import { sessionService } from '../session/session.service.ts';

let db: Db;
let app: ZodApp;

async function signedIn(email: string, role: 'admin' | 'support' | 'user' = 'user') {
  await createAdmin(db, email, role, 'pass-word-1');
  const user = await db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirstOrThrow();
  const { token } = await sessionService(db).open(user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { userId: user.id, cookie: `platter_sid=${token}` };
}

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
});

describe('GET /api/user/info', () => {
  it('answers 202 with no data while signed out, in the request language', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/info', headers: { 'accept-language': 'zh-TW' } });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; msg: string; data: unknown }>();
    expect(body).toMatchObject({ code: 202, data: null });
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers 202 for a forged session cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: 'platter_sid=forged' } });
    expect(res.json<{ code: number }>().code).toBe(202);
  });

  it('answers the user info of a signed-in user, without redirect_url for a plain user', async () => {
    const { cookie } = await signedIn('miner@example.com');
    const res = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    const body = res.json<{ code: number; data: Record<string, unknown> }>();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ email: 'miner@example.com', language: 'en', goole_auth: false, ip: '127.0.0.1' });
    expect(body.data.uid).toMatch(/^\d{8}$/);
    expect(body.data).not.toHaveProperty('redirect_url');
    expect(body.data).not.toHaveProperty('role');
  });

  it('carries redirect_url and the role for admins and support', async () => {
    for (const [email, role] of [
      ['boss@example.com', 'admin'],
      ['helper@example.com', 'support'],
    ] as const) {
      const { cookie } = await signedIn(email, role);
      const res = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
      expect(res.json<{ data: { redirect_url?: string; role?: string } }>().data).toMatchObject({ redirect_url: '/admin', role });
    }
  });

  it('stops answering for a banned user', async () => {
    const { cookie, userId } = await signedIn('banned@example.com');
    await db.updateTable('users').set({ status: 'banned' }).where('id', '=', userId).execute();
    const res = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    expect(res.json<{ code: number }>().code).toBe(202);
  });
});

describe('GET /api/user/checkRegister', () => {
  it('answers 200 while registration is open', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/checkRegister' });
    expect(res.json<{ code: number }>().code).toBe(200);
  });

  it('answers the registration-closed code when the setting closes it', async () => {
    const closed = await testApp(db, { registrationOpen: false });
    const res = await closed.inject({ method: 'GET', url: '/api/user/checkRegister', cookies: { h9_lang: 'en' } });
    expect(res.json()).toEqual({ code: 221, msg: 'Registration closed while updating', data: null });
  });
});

describe('POST /api/user/SetLanguage', () => {
  it('refuses a call without the CSRF token and changes nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/SetLanguage', payload: { language: 'ru' } });
    expect(res.json<{ code: number }>().code).toBe(2002);
    expect(res.cookies.find((c) => c.name === 'h9_lang')).toBeUndefined();
  });

  it('refuses a token that does not match its cookie, or a cookie the server did not sign', async () => {
    const headers = await csrfHeaders(app);
    const mismatch = await app.inject({ method: 'POST', url: '/api/user/SetLanguage', headers: { ...headers, 'x-csrf-token': 'other.value' }, payload: { language: 'ru' } });
    expect(mismatch.json<{ code: number }>().code).toBe(2002);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/user/SetLanguage',
      headers: { cookie: 'platter_csrf=abc.def', 'x-csrf-token': 'abc.def' },
      payload: { language: 'ru' },
    });
    expect(forged.json<{ code: number }>().code).toBe(2002);
  });

  it('sets the h9_lang cookie for 365 days and stores the language of a signed-in user', async () => {
    const { cookie, userId } = await signedIn('polyglot@example.com');
    const csrf = await csrfHeaders(app, cookie);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/SetLanguage',
      headers: { ...csrf, cookie: `${csrf.cookie}; ${cookie}` },
      payload: { language: 'ru' },
    });
    const body = res.json<{ code: number; msg: string; data: { language: string } }>();
    expect(body.code).toBe(200);
    expect(body.msg).toMatch(/[\u0400-\u04ff]/);
    const langCookie = res.cookies.find((c) => c.name === 'h9_lang');
    expect(langCookie).toMatchObject({ value: 'ru', maxAge: 365 * 24 * 3600, path: '/' });
    const user = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.language).toBe('ru');
  });

  it('answers an unknown language with the parameter error code', async () => {
    const csrf = await csrfHeaders(app);
    const res = await app.inject({ method: 'POST', url: '/api/user/SetLanguage', headers: csrf, payload: { language: 'de' } });
    expect(res.json<{ code: number; data: { field: string } }>()).toMatchObject({ code: 216, data: { field: 'language' } });
  });

  it('answers a malformed JSON body with the parameter error code, not a 500', async () => {
    const csrf = await csrfHeaders(app);
    const res = await app.inject({ method: 'POST', url: '/api/user/SetLanguage', headers: { ...csrf, 'content-type': 'application/json' }, payload: '{"language":' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ code: number }>().code).toBe(216);
  });
});

describe('POST /api/user/dologout', () => {
  it('answers an empty object and ends the session for good', async () => {
    const { cookie } = await signedIn('leaver@example.com');
    const csrf = await csrfHeaders(app, cookie);
    const res = await app.inject({ method: 'POST', url: '/api/user/dologout', headers: { ...csrf, cookie: `${csrf.cookie}; ${cookie}` } });
    expect(res.json()).toEqual({});
    expect(res.cookies.find((c) => c.name === 'platter_sid')?.value).toBe('');
    const after = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    expect(after.json<{ code: number }>().code).toBe(202);
  });
});
