import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundAuthenticator, loginByEmail, signedInUser, totp, type Mailbox } from '../../../test/accounts.ts';
import { browser } from '../../../test/browser.ts';
import { codeIn } from '../../../test/mail.ts';
import { mailedApp } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';

let db: Db;
let app: ZodApp;
let mail: Mailbox;

beforeAll(async () => {
  ({ db, app, mail } = await mailedApp({ sessionIdleMinutes: 120 }));
});

const lastSeen = (email: string, minutesAgo: number) =>
  db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(Date.now() - minutesAgo * 60_000) })
    .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
    .execute();

describe('session lifetime', () => {
  it('ends a session unused for SESSION_IDLE_MINUTES; use keeps it alive', async () => {
    const email = 'idle@example.com';
    const b = await signedInUser(app, db, mail, email);
    await lastSeen(email, 100);
    expect((await b.get('/api/user/info')).code).toBe(200);
    // That request counted as use: another 100 minutes later it is still alive.
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`last_seen_at - interval '100 minutes'` })
      .execute();
    expect((await b.get('/api/user/info')).code).toBe(200);
    await lastSeen(email, 121);
    expect((await b.get('/api/user/info')).code).toBe(202);
  });

  it('still ends every session 7 days after sign-in, however busy', async () => {
    const email = 'busy@example.com';
    const b = await signedInUser(app, db, mail, email);
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await b.get('/api/user/info')).code).toBe(202);
  });
});

interface Item {
  id: string;
  device: string;
  ip: string;
  last_seen_at: number;
  current: boolean;
}

describe('sessions in the security centre', () => {
  it('lists the live sessions, ends one, then every other', async () => {
    const email = 'many@example.com';
    const laptop = await signedInUser(app, db, mail, email);
    const phone = browser(app, {
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' },
    });
    const tablet = browser(app);
    expect((await loginByEmail(phone, email)).code).toBe(200);
    expect((await loginByEmail(tablet, email)).code).toBe(200);
    const list = (await laptop.get<Item[]>('/api/security/sessions')).data;
    expect(list).toHaveLength(3);
    expect(list[0]?.current).toBe(true);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const iphone = list.find((s) => /iPhone|iOS|Safari/.test(s.device));
    expect(iphone).toBeDefined();
    expect(iphone?.ip).toBe('127.0.0.1');

    // Another user cannot end it.
    const stranger = await signedInUser(app, db, mail, 'stranger@example.com');
    expect((await stranger.post('/api/security/sessions/end', { id: iphone?.id })).code).toBe(200);
    expect((await phone.get('/api/user/info')).code).toBe(200);
    expect((await stranger.post('/api/security/sessions/end', { id: 'nope' })).code).toBe(216);

    expect((await laptop.post('/api/security/sessions/end', { id: iphone?.id })).code).toBe(200);
    expect((await phone.get('/api/user/info')).code).toBe(202);
    expect((await tablet.get('/api/user/info')).code).toBe(200);
    expect((await laptop.post('/api/security/sessions/endothers')).code).toBe(200);
    expect((await tablet.get('/api/user/info')).code).toBe(202);
    expect((await laptop.get<Item[]>('/api/security/sessions')).data).toHaveLength(1);
  });

  it('ends the other sessions when a second factor is bound or unbound', async () => {
    const email = 'factor@example.com';
    const b = await signedInUser(app, db, mail, email);
    const other = browser(app);
    expect((await loginByEmail(other, email)).code).toBe(200);
    const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const secret = await boundAuthenticator(db, id);
    expect((await loginByEmail(other, email)).code).toBe(1030);
    // Signed in before the authenticator was set in the database: still alive.
    await db.deleteFrom('message_log').execute();
    expect((await b.post('/api/security/sendemailcode', { action: 'unbind_google' })).code).toBe(200);
    const unbound = await b.post('/api/security/unbindgoogle', { email_code: codeIn(mail.last(email)), google_code: await totp(secret) });
    expect(unbound.code).toBe(200);
    expect((await b.get('/api/user/info')).code).toBe(200);
    expect((await other.get('/api/user/info')).code).toBe(202);
  });
});
