import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginByEmail, PASSWORD, signedInUser } from '../../../test/accounts.ts';
import { browser } from '../../../test/browser.ts';
import { buildUser, mailedApp } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { unbindGoogle, unbindPhone } from '../admin/users.service.ts';

/**
 * The in-site message of a security change (issue 20) is written in the change's own
 * transaction: when that transaction fails to commit, neither the change nor its message
 * remains; when it commits, there is exactly one message. The failed commit is a real one: a
 * deferred constraint trigger on `users` that refuses the commit of a change to a "doomed" user
 * (it fires at COMMIT, after the change and its message were both written).
 */

let db: Db;
let app: ZodApp;
let mail: Awaited<ReturnType<typeof mailedApp>>['mail'];

beforeAll(async () => {
  ({ db, app, mail } = await mailedApp());
  await sql`CREATE TABLE doomed_users (id bigint PRIMARY KEY)`.execute(db);
  await sql`
    CREATE FUNCTION refuse_doomed_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM doomed_users WHERE id = NEW.id) THEN RAISE EXCEPTION 'the commit failed (test)'; END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER refuse_doomed_commit AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_doomed_commit()`.execute(db);
});

const doom = (userId: string) => sql`INSERT INTO doomed_users VALUES (${userId})`.execute(db);
const spare = (userId: string) => sql`DELETE FROM doomed_users WHERE id = ${userId}`.execute(db);

/** The changes named by the user's security messages, oldest first. */
async function told(userId: string): Promise<string[]> {
  const rows = await db.selectFrom('inmail_messages').select(['params']).where('user_id', '=', userId).where('event', '=', 'security_changed').orderBy('id').execute();
  return rows.map((r) => (r.params as { change: string }).change);
}

describe('a security change’s message', () => {
  it('a password change that fails to commit leaves no message and the old password; one that commits leaves exactly one', async () => {
    const email = 'pw-message@example.com';
    const b = await signedInUser(app, db, mail, email);
    const { id: userId } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const change = { old_password: PASSWORD, new_password: 'next-pass2', confirm_password: 'next-pass2' };

    await doom(userId);
    expect((await b.post('/api/security/ModifyPassword', change)).code).not.toBe(200);
    expect(await told(userId)).toEqual([]);
    await spare(userId);
    // (Signing in writes the user's row too: it waits until the user is spared.)
    expect((await loginByEmail(browser(app), email)).code).toBe(200);

    expect((await b.post('/api/security/ModifyPassword', change)).code).toBe(200);
    expect(await told(userId)).toEqual(['password_changed']);
    expect((await loginByEmail(browser(app), email, 'next-pass2')).code).toBe(200);
  });

  it('the back office’s removal of an authenticator or a phone: no message when it rolls back, exactly one when it commits', async () => {
    const user = await buildUser(db);
    await db.updateTable('users').set({ google_secret: 'sealed-secret', phone_code: '1', phone: '2025550123', nationality: 'US' }).where('id', '=', user.id).execute();

    await doom(user.id);
    await expect(unbindGoogle(db, 'cli', user.uid)).rejects.toThrow('the commit failed (test)');
    await expect(unbindPhone(db, 'cli', user.uid)).rejects.toThrow('the commit failed (test)');
    expect(await told(user.id)).toEqual([]);
    const kept = await db.selectFrom('users').select(['google_secret', 'phone']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ google_secret: 'sealed-secret', phone: '2025550123' });

    await spare(user.id);
    await unbindGoogle(db, 'cli', user.uid);
    await unbindPhone(db, 'cli', user.uid);
    expect(await told(user.id)).toEqual(['google_unbound', 'phone_changed']);
  });
});
