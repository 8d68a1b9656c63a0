import { ERR, K32_BYTES, WATCH_LIST_MAX } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundAuthenticator, signedInAs, totp, unusedTotp } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { codeIn, testMailServer } from '../../../test/mail.ts';
import { verifiedWork } from '../../../test/shares.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { keyedHash, secretBox } from '../security/secret-box.ts';
import { newSecurityKey } from './watcher.service.ts';

/**
 * The watcher over HTTP (issue 25): the owner's security key, a watcher's add with the owner's
 * key and authenticator code, every read of the watched user's pool data, and every way it is
 * refused — never authorised, revoked, after the key's rotation, another user's uid.
 */

let db: Db;
let app: ZodApp;
let mail: Awaited<ReturnType<typeof testMailServer>>;
let alice: Browser;
let bob: Browser;
let carol: Browser;
const ids: Record<string, { id: string; uid: string }> = {};
let aliceSeed = '';

const EMAIL = { alice: 'watch-alice@example.com', bob: 'watch-bob@example.com', carol: 'watch-carol@example.com' };

async function userOf(email: string) {
  return db.selectFrom('users').select(['id', 'uid']).where('email', '=', email).executeTakeFirstOrThrow();
}

async function emailCode(b: Browser, email: string): Promise<string> {
  await db.deleteFrom('message_log').execute();
  const sent = await b.post('/api/security/sendemailcode', { action: 'watcher' });
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  return codeIn(mail.last(email));
}

/** A key made for a user directly, as the server seals and hashes it (owners of the limit test). */
async function keyFor(userId: string, allowRemoveOffline = false): Promise<string> {
  const key = newSecurityKey();
  await db
    .insertInto('security_keys')
    .values({
      user_id: userId,
      key_sealed: secretBox(TEST_SECRET, 'security-key').seal(key),
      key_hash: keyedHash(TEST_SECRET, 'security-key')(key),
      allow_remove_offline: allowRemoveOffline,
    })
    .execute();
  return key;
}

/** Every watcher read of a uid's data, with the code each answered. */
async function readCodes(b: Browser, uid: string): Promise<Record<string, number>> {
  const q = `uid=${encodeURIComponent(uid)}&pool=chia`;
  const urls = {
    Summary: `/api/observer/Summary?${q}`,
    Miner: `/api/observer/Miner?${q}`,
    miningincomerecord: `/api/observer/miningincomerecord?${q}`,
    miningdetail: `/api/observer/miningdetail?${q}`,
    share: `/api/observer/share?${q}`,
    GetPlots: `/api/observer/GetPlots?${q}`,
  };
  const codes: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls)) codes[name] = (await b.get(url)).code;
  codes.RemoveAllOfflineMiners = (await b.post('/api/observer/RemoveAllOfflineMiners', { uid, pool: 'chia' })).code;
  return codes;
}

const all = (code: number) => ({ Summary: code, Miner: code, miningincomerecord: code, miningdetail: code, share: code, GetPlots: code, RemoveAllOfflineMiners: code });

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  app = await testApp(db, { smtpUrl: mail.url });
  alice = await signedInAs(app, db, EMAIL.alice, 'user');
  bob = await signedInAs(app, db, EMAIL.bob, 'user');
  carol = await signedInAs(app, db, EMAIL.carol, 'user');
  for (const [name, email] of Object.entries(EMAIL)) ids[name] = await userOf(email);
  // Alice mines in the chia pool: two miners (one offline since yesterday), verified work, a plot.
  const key = (await alice.post<{ key: string }>('/api/pool/apikey', { pool: 'chia' })).data.key;
  const now = Math.floor(Date.now() / 1000);
  const report = await app.inject({
    method: 'POST',
    url: '/api/miner/report',
    headers: { 'x-api-key': key },
    payload: {
      miners: [
        { name: 'alice-rig', version: '1.0', capacity: String(K32_BYTES * 10n) },
        { name: 'alice-old', version: '1.0', capacity: String(K32_BYTES) },
      ],
      plots: [{ plot_id: 'a'.repeat(64), size: String(K32_BYTES), files: 1, signed: true }],
    },
  });
  expect(report.json<{ code: number }>().code).toBe(200);
  await db
    .updateTable('miners')
    .set({ last_seen_at: new Date(Date.now() - 86_400_000) })
    .where('user_id', '=', ids.alice!.id)
    .where('name', '=', 'alice-old')
    .execute();
  await verifiedWork(db, { userId: ids.alice!.id, pool: 'chia', miner: 'alice-rig', difficulty: 300, at: new Date((now - 60) * 1000) });
});

describe('the security key and the watcher', () => {
  let aliceKey = '';
  let authId = '';

  it('is made in the security centre with the security verification; without an authenticator nobody can be added', async () => {
    expect((await alice.get('/api/security/securitykey')).data).toEqual({ key: null, created_at: null, allow_remove_offline: false, google_bound: false, watchers: 0 });
    expect((await alice.post('/api/security/securitykey', {})).code).toBe(ERR.VERIFICATION_REQUIRED);
    const made = await alice.post<{ key: string; allow_remove_offline: boolean }>('/api/security/securitykey', { email_code: await emailCode(alice, EMAIL.alice) });
    expect(made.code).toBe(200);
    aliceKey = made.data.key;
    expect(aliceKey).toMatch(/^psk_[A-Za-z0-9_-]{32}$/);
    // Shown again (sealed, not only hashed), never stored in the clear.
    expect((await alice.get<{ key: string }>('/api/security/securitykey')).data.key).toBe(aliceKey);
    const row = await db.selectFrom('security_keys').selectAll().where('user_id', '=', ids.alice!.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(aliceKey.slice(4));
    // No authenticator yet: the add fails as a failed verification.
    expect((await bob.post('/api/observer/add', { key: aliceKey, google_code: '123456' })).code).toBe(ERR.WATCH_VERIFY_FAILED);
    aliceSeed = await boundAuthenticator(db, ids.alice!.id);
    expect((await alice.get<{ google_bound: boolean }>('/api/security/securitykey')).data.google_bound).toBe(true);
  });

  it('adds a watched user only with their key and a current code of theirs; not oneself', async () => {
    expect((await bob.get('/api/observer/RequestVerify')).data).toEqual({ max: WATCH_LIST_MAX, count: 0, needs: ['security_key', 'google_code'] });
    const wrongCode = (await totp(aliceSeed, 10)) === '000000' ? '111111' : '000000';
    expect((await bob.post('/api/observer/add', { key: aliceKey, google_code: wrongCode })).code).toBe(ERR.WATCH_VERIFY_FAILED);
    expect((await bob.post('/api/observer/add', { key: `psk_${'x'.repeat(32)}`, google_code: await totp(aliceSeed) })).code).toBe(ERR.WATCH_VERIFY_FAILED);
    expect((await bob.post('/api/observer/add', { key: 'not a key', google_code: '123456' })).code).toBe(ERR.WATCH_VERIFY_FAILED);
    expect((await bob.post('/api/observer/add', { key: aliceKey, google_code: '12x' })).code).toBe(ERR.CODE_FORMAT);
    expect((await alice.post('/api/observer/add', { key: aliceKey, google_code: await totp(aliceSeed) })).code).toBe(ERR.WATCHER_SELF);
    const added = await bob.post<{ uid: string; pools: string[]; allow_remove_offline: boolean; since: number }>('/api/observer/add', {
      key: aliceKey,
      google_code: await unusedTotp(db, ids.alice!.id, aliceSeed),
    });
    expect(added.code, JSON.stringify(added)).toBe(200);
    expect(added.data).toMatchObject({ uid: ids.alice!.uid, pools: ['chia'], allow_remove_offline: false });
    expect(Math.abs(added.data.since - Date.now() / 1000)).toBeLessThan(60);
    const list = await bob.get<{ list: { uid: string; name: string }[]; total: number; max: number }>('/api/observer/list');
    expect(list.data).toMatchObject({ total: 1, max: 30, list: [{ uid: ids.alice!.uid, name: expect.any(String) }] });
    expect((await bob.get<{ count: number }>('/api/observer/RequestVerify')).data.count).toBe(1);
    // The owner sees who watches them and since when.
    const auths = await alice.get<{ list: { id: string; uid: string; since: number }[]; total: number }>('/api/observer/AuthList');
    expect(auths.data).toMatchObject({ total: 1, list: [{ uid: ids.bob!.uid, since: added.data.since }] });
    authId = auths.data.list[0]!.id;
    expect((await alice.get<{ watchers: number }>('/api/security/securitykey')).data.watchers).toBe(1);
  });

  it('reads the watched user’s pool data as the owner sees it, without balances or addresses', async () => {
    const own = await alice.get<Record<string, unknown>>('/api/dashboard/summary?pool=chia');
    const watched = await bob.get<Record<string, unknown>>(`/api/observer/Summary?uid=${ids.alice!.uid}&pool=chia`);
    expect(watched.code).toBe(200);
    const { pending: _p, available: _a, ...shown } = own.data;
    expect(watched.data).toEqual(shown);
    expect(watched.data).not.toHaveProperty('available');
    expect(watched.data).toMatchObject({ online: 1, offline: 1, points_24h: '300' });
    for (const [path, ownPath] of [
      ['Miner', '/api/pool/miner'],
      ['miningincomerecord', '/api/pool/miningincomerecord'],
      ['miningdetail', '/api/pool/miningdetail'],
      ['share', '/api/pool/share'],
    ] as const) {
      const theirs = await bob.get(`/api/observer/${path}?uid=${ids.alice!.uid}&pool=chia`);
      expect(theirs.code, path).toBe(200);
      expect(theirs.data, path).toEqual((await alice.get(`${ownPath}?pool=chia`)).data);
    }
    const miners = await bob.get<{ list: { name: string }[] }>(`/api/observer/Miner?uid=${ids.alice!.uid}&pool=chia&status=offline`);
    expect(miners.data.list.map((m) => m.name)).toEqual(['alice-old']);
    const plots = await bob.get<{ list: Record<string, unknown>[]; counters: unknown }>(`/api/observer/GetPlots?uid=${ids.alice!.uid}&pool=chia`);
    const ownPlots = await alice.get<{ list: Record<string, unknown>[]; counters: unknown }>('/api/pool/GetPlots?pool=chia');
    expect(plots.data.counters).toEqual(ownPlots.data.counters);
    expect(plots.data.list).toEqual(ownPlots.data.list.map(({ bind_address: _b, ...p }) => p));
    expect(plots.data.list.every((p) => !('bind_address' in p))).toBe(true);
    // Offline miners stay: alice did not grant their removal.
    expect((await bob.post('/api/observer/RemoveAllOfflineMiners', { uid: ids.alice!.uid, pool: 'chia' })).code).toBe(ERR.ACCESS_FORBIDDEN);
  });

  it('refuses every read of a user who never authorised the caller, or an unknown uid', async () => {
    expect(await readCodes(bob, ids.carol!.uid)).toEqual(all(ERR.ACCESS_FORBIDDEN));
    expect(await readCodes(bob, '99999999999')).toEqual(all(ERR.ACCESS_FORBIDDEN));
    // Carol reads alice's data by her uid: she is not authorised.
    expect(await readCodes(carol, ids.alice!.uid)).toEqual(all(ERR.ACCESS_FORBIDDEN));
    // And the watcher's own uid is no way in either.
    expect(await readCodes(carol, ids.bob!.uid)).toEqual(all(ERR.ACCESS_FORBIDDEN));
    // Signed out: 202.
    expect((await browser(app).get(`/api/observer/Summary?uid=${ids.alice!.uid}&pool=chia`)).code).toBe(ERR.NOT_LOGGED_IN);
    expect((await browser(app).get('/api/observer/list')).code).toBe(ERR.NOT_LOGGED_IN);
  });

  it('ends when the owner revokes it (and only the owner can); the watcher is refused from then on', async () => {
    expect((await carol.post('/api/observer/RemoveAuth', { id: authId })).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect((await bob.post('/api/observer/RemoveAuth', { id: authId })).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect((await bob.get(`/api/observer/Summary?uid=${ids.alice!.uid}&pool=chia`)).code).toBe(200);
    expect((await alice.post('/api/observer/RemoveAuth', { id: authId })).code).toBe(200);
    expect((await alice.post('/api/observer/RemoveAuth', { id: authId })).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect(await readCodes(bob, ids.alice!.uid)).toEqual(all(ERR.ACCESS_FORBIDDEN));
    expect((await bob.get<{ total: number }>('/api/observer/list')).data.total).toBe(0);
    expect((await alice.get<{ total: number }>('/api/observer/AuthList')).data.total).toBe(0);
    const row = await db.selectFrom('watch_authorizations').select(['revoked_by']).where('id', '=', authId).executeTakeFirstOrThrow();
    expect(row.revoked_by).toBe('owner');
  });

  it('ends for every watcher when the owner makes a new key; the old key adds no one, the new one carries its grant', async () => {
    const again = await bob.post('/api/observer/add', { key: aliceKey, google_code: await unusedTotp(db, ids.alice!.id, aliceSeed) });
    expect(again.code, JSON.stringify(again)).toBe(200);
    expect((await bob.get(`/api/observer/Miner?uid=${ids.alice!.uid}&pool=chia`)).code).toBe(200);
    const rotated = await alice.post<{ key: string; allow_remove_offline: boolean; watchers: number }>('/api/security/securitykey', {
      email_code: await emailCode(alice, EMAIL.alice),
      google_code: await unusedTotp(db, ids.alice!.id, aliceSeed),
      allow_remove_offline: true,
    });
    expect(rotated.code, JSON.stringify(rotated)).toBe(200);
    expect(rotated.data).toMatchObject({ allow_remove_offline: true, watchers: 0 });
    expect(rotated.data.key).not.toBe(aliceKey);
    // Replacing the key is a security change: the owner is told in-site (written with it) and by e-mail; making the first one was not.
    const told = await db.selectFrom('inmail_messages').select('params').where('user_id', '=', ids.alice!.id).where('event', '=', 'security_changed').execute();
    expect(told.map((r) => (r.params as { change: string }).change).filter((c) => c === 'security_key_replaced')).toHaveLength(1);
    expect(mail.last(EMAIL.alice).subject).toMatch(/security key was replaced/);
    expect(await readCodes(bob, ids.alice!.uid)).toEqual(all(ERR.ACCESS_FORBIDDEN));
    expect((await bob.post('/api/observer/add', { key: aliceKey, google_code: await totp(aliceSeed) })).code).toBe(ERR.WATCH_VERIFY_FAILED);
    const added = await bob.post<{ allow_remove_offline: boolean }>('/api/observer/add', { key: rotated.data.key, google_code: await unusedTotp(db, ids.alice!.id, aliceSeed) });
    expect(added.data).toMatchObject({ allow_remove_offline: true });
    const removed = await bob.post<{ removed: number }>('/api/observer/RemoveAllOfflineMiners', { uid: ids.alice!.uid, pool: 'chia' });
    expect(removed).toMatchObject({ code: 200, data: { removed: 1 } });
    expect((await alice.get<{ offline: number }>('/api/pool/miner?pool=chia')).data.offline).toBe(0);
    // Each authenticator step works once: this test may wait for the next ones.
  }, 120_000);

  it('ends when the watcher removes the user from their list', async () => {
    expect((await bob.post('/api/observer/remove', { uid: ids.carol!.uid })).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect((await bob.post('/api/observer/remove', { uid: ids.alice!.uid })).code).toBe(200);
    expect((await bob.post('/api/observer/remove', { uid: ids.alice!.uid })).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect(await readCodes(bob, ids.alice!.uid)).toEqual(all(ERR.ACCESS_FORBIDDEN));
    expect((await alice.get<{ total: number }>('/api/observer/AuthList')).data.total).toBe(0);
  });

  it('holds the watch list at 30', async () => {
    const owners = [];
    for (let i = 0; i <= WATCH_LIST_MAX; i++) {
      const owner = await buildUser(db);
      owners.push({ ...owner, key: await keyFor(owner.id), seed: await boundAuthenticator(db, owner.id) });
    }
    for (const owner of owners.slice(0, WATCH_LIST_MAX)) {
      const answer = await carol.post('/api/observer/add', { key: owner.key, google_code: await totp(owner.seed) });
      expect(answer.code, JSON.stringify(answer)).toBe(200);
    }
    const last = owners[WATCH_LIST_MAX]!;
    expect((await carol.post('/api/observer/add', { key: last.key, google_code: await totp(last.seed) })).code).toBe(ERR.WATCHER_LIMIT);
    expect((await carol.get<{ total: number }>('/api/observer/list')).data.total).toBe(WATCH_LIST_MAX);
    // Adding one already watched again is no new entry.
    const first = owners[0]!;
    expect((await carol.post('/api/observer/add', { key: first.key, google_code: await totp(first.seed, 1) })).code).toBe(200);
    expect((await carol.get<{ total: number }>('/api/observer/list')).data.total).toBe(WATCH_LIST_MAX);
  });

  it('answers bad input with the catalogue’s codes, never a 5xx', async () => {
    const gets: [string, number][] = [
      ['/api/observer/Summary?uid=%00&pool=chia', ERR.INVALID_PARAMETER],
      ['/api/observer/Summary?uid=abc&pool=chia', ERR.INVALID_PARAMETER],
      [`/api/observer/Summary?uid=${ids.alice!.uid}&pool=nope!`, ERR.POOL_NOT_FOUND],
      [`/api/observer/Miner?uid=${ids.alice!.uid}&pool=chia&count=500`, ERR.COUNT_OUT_OF_RANGE],
      ['/api/observer/AuthList?count=0', ERR.COUNT_OUT_OF_RANGE],
      [`/api/observer/share?uid=${ids.alice!.uid}&pool=chia&hours=100000`, ERR.INVALID_PARAMETER],
    ];
    for (const [url, code] of gets) expect((await bob.get(url)).code, url).toBe(code);
    const posts: [string, unknown, number][] = [
      ['/api/observer/add', { key: 'psk_\u0000', google_code: '123456' }, ERR.INVALID_PARAMETER],
      ['/api/observer/add', {}, ERR.WATCH_VERIFY_FAILED],
      ['/api/observer/remove', { uid: 'x'.repeat(300) }, ERR.INVALID_PARAMETER],
      ['/api/observer/RemoveAuth', { id: '1'.repeat(30) }, ERR.INVALID_PARAMETER],
      ['/api/observer/RemoveAllOfflineMiners', { uid: ids.alice!.uid, pool: '' }, ERR.POOL_NOT_FOUND],
      ['/api/security/securitykey', { allow_remove_offline: 'yes' }, ERR.INVALID_PARAMETER],
    ];
    for (const [url, body, code] of posts) expect((await bob.post(url, body)).code, `${url} ${JSON.stringify(body)}`).toBe(code);
  });
});
