import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { testMailServer } from '../../../test/mail.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';

let db: Db;
let app: ZodApp;
let mail: Awaited<ReturnType<typeof testMailServer>>;

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  app = await testApp(db, { smtpUrl: mail.url, sessionIdleMinutes: 120 });
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
    await db.updateTable('sessions').set({ last_seen_at: sql<Date>`last_seen_at - interval '100 minutes'` }).execute();
    expect((await b.get('/api/user/info')).code).toBe(200);
    await lastSeen(email, 121);
    expect((await b.get('/api/user/info')).code).toBe(202);
  });

  it('still ends every session 7 days after sign-in, however busy', async () => {
    const email = 'busy@example.com';
    const b = await signedInUser(app, db, mail, email);
    await db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await b.get('/api/user/info')).code).toBe(202);
  });
});
