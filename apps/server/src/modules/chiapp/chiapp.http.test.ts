import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, loginByEmail } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { testMailServer } from '../../../test/mail.ts';
import { chiaDevnet } from '../../chain/chia-devnet.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { simulatedFarmer, type Send } from '../../protocols/chia/farmer.ts';
import { chiaPrimitives } from '../../protocols/chia/primitives.impl.ts';
import { devnetTargetPuzzleHash } from '../../protocols/chia/setup.ts';
import { SELF_POOLING } from '../../protocols/chia/constants.ts';

/**
 * The platform side of the Chia pool (GET /api/chiapp/info, /api/chiapp/bind, POST
 * /api/chiapp/dologout): binding a launcher through the farmer's login link and through the
 * signed binding data, the launcher data the points page shows, unbinding.
 */

let db: Db;
let app: ZodApp;
let alice: Browser;
let bob: Browser;
let crypto: Awaited<ReturnType<typeof chiaPrimitives>>;

beforeAll(async () => {
  ({ db } = await testDatabase());
  const mail = await testMailServer();
  app = await testApp(db, { smtpUrl: mail.url });
  crypto = await chiaPrimitives({ blsThreads: 1 });
  afterAll(() => crypto.close());
  alice = browser(app);
  bob = browser(app);
  await activeUser(db, alice, mail, 'alice@example.com');
  await activeUser(db, bob, mail, 'bob@example.com');
  expect((await loginByEmail(alice, 'alice@example.com')).code).toBe(200);
  expect((await loginByEmail(bob, 'bob@example.com')).code).toBe(200);
});

/** The pool protocol through the app (the farmer's client talking to /chia/chiapp). */
const send: Send = async (method, path, body) => {
  const res = await app.inject({ method, url: `/chia/chiapp${path}`, ...(body === undefined ? {} : { payload: body as object }) });
  const location = res.headers.location;
  return { status: res.statusCode, body: res.body.startsWith('{') ? (res.json() as Record<string, unknown>) : {}, ...(typeof location === 'string' ? { location } : {}) };
};

async function joinedFarmer(seed: string) {
  const farmer = simulatedFarmer({
    seed,
    crypto,
    node: chiaDevnet(db, 'CHIA'),
    targetPuzzleHash: devnetTargetPuzzleHash(TEST_SECRET, 'chiapp'),
    poolUrl: 'http://localhost/chia/chiapp',
    send,
    k: 18,
    difficultyConstantFactor: 10_052_721_566_054n,
  });
  await farmer.setSingleton();
  expect((await farmer.postFarmer()).body).toHaveProperty('welcome_message');
  return farmer;
}

describe('binding a launcher', () => {
  it('through the farmer’s login link: a valid signature opens the points page, the signed-in user binds', async () => {
    const farmer = await joinedFarmer('login-link');
    // A login link with a bad signature answers the protocol's error, no redirect.
    const bad = await send('GET', `/login?${farmer.loginQuery().replace(/signature=0x[0-9a-f]{2}/, 'signature=0x00')}`);
    expect(bad.body).toMatchObject({ error_code: expect.any(Number) });
    const res = await farmer.login();
    expect(res.status).toBe(302);
    const url = new URL(res.location ?? '', 'http://localhost');
    expect(url.pathname).toBe('/center/chiapp');
    const grant = url.searchParams.get('login') ?? '';
    expect(url.searchParams.get('launcher_id')).toBe(`0x${farmer.launcherId}`);

    const bound = await alice.get(`/api/chiapp/bind?pool=chiapp&launcher_id=0x${farmer.launcherId}&login=${encodeURIComponent(grant)}`);
    expect(bound).toMatchObject({ code: 200, data: { launcher_id: `0x${farmer.launcherId}`, bound: 'mine', joined: true, difficulty: '10' } });
    // A grant is used once; and the launcher is Alice's now (a login link never re-binds it).
    expect((await alice.get(`/api/chiapp/bind?pool=chiapp&launcher_id=0x${farmer.launcherId}&login=${encodeURIComponent(grant)}`)).code).toBe(11106);
    expect((await bob.get(`/api/chiapp/bind?pool=chiapp&launcher_id=0x${farmer.launcherId}&login=${encodeURIComponent(grant)}`)).code).toBe(11103);

    const info = await alice.get<{ launchers: { launcher_id: string; bound: string }[] }>('/api/chiapp/info?pool=chiapp');
    expect(info.data.launchers.map((l) => l.launcher_id)).toEqual([`0x${farmer.launcherId}`]);
    // Bob sees it bound to someone else.
    const lookup = await bob.get<{ lookup: { bound: string } }>(`/api/chiapp/info?pool=chiapp&launcher_id=0x${farmer.launcherId}`);
    expect(lookup.data.lookup.bound).toBe('other');
  });

  it('a bound launcher changes owner only with the owner key: a replayed login link or the authentication key cannot take it', async () => {
    const farmer = await joinedFarmer('replayed-link');
    const grantOf = async () => new URL((await farmer.login()).location ?? '', 'http://localhost').searchParams.get('login') ?? '';
    const bindWith = (who: typeof alice, grant: string) => who.get(`/api/chiapp/bind?pool=chiapp&launcher_id=0x${farmer.launcherId}&login=${encodeURIComponent(grant)}`);
    expect(await bindWith(alice, await grantOf())).toMatchObject({ code: 200, data: { bound: 'mine' } });
    // The same /login link opened again (it stays valid for minutes) by someone else: refused, Alice keeps it.
    expect((await bindWith(bob, await grantOf())).code).toBe(11103);
    // Alice opening it again is fine.
    expect(await bindWith(alice, await grantOf())).toMatchObject({ code: 200, data: { bound: 'mine' } });
    // The binding data signed with the authentication key: refused too.
    const form = await bob.get<{ bind_data: { key: string; message: string } }>(`/api/chiapp/info?pool=chiapp&launcher_id=0x${farmer.launcherId}`);
    const { key, message } = form.data.bind_data;
    expect((await bob.get(`/api/chiapp/bind?pool=chiapp&launcher_id=${farmer.launcherId}&key=${key}&signature=${farmer.signWithAuthenticationKey(message)}`)).code).toBe(11103);
    const owner = await db.selectFrom('chia_farmers').select('user_id').where('launcher_id', '=', farmer.launcherId).executeTakeFirstOrThrow();
    expect(owner.user_id).not.toBeNull();
    // Signed with the plot NFT's owner key: the owner moves it.
    expect(await bob.get(`/api/chiapp/bind?pool=chiapp&launcher_id=${farmer.launcherId}&key=${key}&signature=${farmer.signWithOwnerKey(message)}`)).toMatchObject({
      code: 200,
      data: { bound: 'mine' },
    });
    const moved = await db.selectFrom('chia_farmers').select('user_id').where('launcher_id', '=', farmer.launcherId).executeTakeFirstOrThrow();
    expect(moved.user_id).not.toBe(owner.user_id);
  });

  it('through the binding form: the binding data signed with the owner key, valid once and for 24 hours', async () => {
    const farmer = await joinedFarmer('binding-form');
    const info = await bob.get<{ bind_data: { key: string; message: string; expires_at: number }; lookup: { bound: string } | null }>(
      `/api/chiapp/info?pool=chiapp&launcher_id=0x${farmer.launcherId}`,
    );
    expect(info.data.lookup?.bound).toBe('none');
    const { key, message, expires_at } = info.data.bind_data;
    expect(expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(24 * 3600 - 60);
    expect(message).toContain(`0x${farmer.launcherId}`);

    // Signed by another key: refused (11105); the data stays usable.
    const stranger = simulatedFarmer({
      seed: 'someone-else',
      crypto,
      node: chiaDevnet(db, 'CHIA'),
      targetPuzzleHash: '00'.repeat(32),
      poolUrl: '',
      send,
      k: 18,
      difficultyConstantFactor: 1n,
    });
    expect((await bob.get(`/api/chiapp/bind?pool=chiapp&launcher_id=${farmer.launcherId}&key=${key}&signature=${stranger.signWithOwnerKey(message)}`)).code).toBe(11105);
    // Alice cannot use Bob's binding data.
    expect((await alice.get(`/api/chiapp/bind?pool=chiapp&launcher_id=${farmer.launcherId}&key=${key}&signature=${farmer.signWithOwnerKey(message)}`)).code).toBe(11106);
    const ok = await bob.get(`/api/chiapp/bind?pool=chiapp&launcher_id=${farmer.launcherId}&key=${key}&signature=${farmer.signWithOwnerKey(message)}`);
    expect(ok).toMatchObject({ code: 200, data: { bound: 'mine' } });
    expect((await bob.get(`/api/chiapp/bind?pool=chiapp&launcher_id=${farmer.launcherId}&key=${key}&signature=${farmer.signWithOwnerKey(message)}`)).code).toBe(11106);

    // Expired binding data is refused: fetched again it works.
    const again = await bob.get<{ bind_data: { key: string; message: string } }>(`/api/chiapp/info?pool=chiapp&launcher_id=0x${farmer.launcherId}`);
    await db
      .updateTable('chia_bind_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', again.data.bind_data.key)
      .execute();
    expect(
      (
        await bob.get(
          `/api/chiapp/bind?pool=chiapp&launcher_id=${farmer.launcherId}&key=${again.data.bind_data.key}&signature=${farmer.signWithOwnerKey(again.data.bind_data.message)}`,
        )
      ).code,
    ).toBe(11106);
  });

  it('shows Not Joined with the leave time after the plot NFT leaves, and unbinds with dologout', async () => {
    const farmer = await joinedFarmer('leaver');
    const info = await alice.get<{ bind_data: { key: string; message: string } }>(`/api/chiapp/info?pool=chiapp&launcher_id=${farmer.launcherId}`);
    expect(
      (
        await alice.get(
          `/api/chiapp/bind?pool=chiapp&launcher_id=${farmer.launcherId}&key=${info.data.bind_data.key}&signature=${farmer.signWithOwnerKey(info.data.bind_data.message)}`,
        )
      ).code,
    ).toBe(200);
    await farmer.setSingleton({ state: SELF_POOLING, target_puzzle_hash: '44'.repeat(32) });
    const mine = await alice.get<{ launchers: { launcher_id: string; joined: boolean; leave_time: number | null }[] }>('/api/chiapp/info?pool=chiapp');
    const left = mine.data.launchers.find((l) => l.launcher_id === `0x${farmer.launcherId}`);
    expect(left).toMatchObject({ joined: false });
    expect(left?.leave_time).toBeGreaterThan(0);
    // Rejoining makes it Joined again.
    await farmer.setSingleton();
    const back = await alice.get<{ launchers: { launcher_id: string; joined: boolean; leave_time: number | null }[] }>('/api/chiapp/info?pool=chiapp');
    expect(back.data.launchers.find((l) => l.launcher_id === `0x${farmer.launcherId}`)).toMatchObject({ joined: true, leave_time: null });

    expect((await bob.post('/api/chiapp/dologout', { pool: 'chiapp', launcher_id: farmer.launcherId })).code).toBe(11104);
    expect((await alice.post('/api/chiapp/dologout', { pool: 'chiapp', launcher_id: farmer.launcherId })).code).toBe(200);
    const after = await alice.get<{ launchers: { launcher_id: string }[] }>('/api/chiapp/info?pool=chiapp');
    expect(after.data.launchers.some((l) => l.launcher_id === `0x${farmer.launcherId}`)).toBe(false);
  });

  it('refuses signed-out callers and bad input with the catalogue codes', async () => {
    const anonymous = browser(app);
    expect((await anonymous.get('/api/chiapp/info?pool=chiapp')).code).toBe(202);
    expect((await alice.get('/api/chiapp/info?pool=nosuchpool')).code).toBe(206);
    expect((await alice.get('/api/chiapp/bind?pool=chiapp&launcher_id=xyz&login=abc')).code).toBe(216);
    expect((await alice.get(`/api/chiapp/bind?pool=chiapp&launcher_id=${'ab'.repeat(32)}&login=abc`)).code).toBe(11104);
  });
});
