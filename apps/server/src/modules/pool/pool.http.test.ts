import { K32_BYTES, parseAmount } from '@platter/domain';
import { ed25519 } from '@noble/curves/ed25519.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeUser, loginByEmail, loginStaff } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { testMailServer } from '../../../test/mail.ts';
import { devnetAddress, devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { recordBlock } from './blocks.ts';
import { confirmBindings } from './plots.ts';
import { ensureSharePartition } from './report.ts';
import { verifiedWork } from '../../../test/shares.ts';
import { settleDay } from '../settlement/settlement.service.ts';
import { samplePools } from './views.ts';

/** The pool through HTTP: a key for the proxy tool, its report, the user's pages and the public ones. */

let db: Db;
let app: ZodApp;
let user: Browser;
let mail: Awaited<ReturnType<typeof testMailServer>>;
const email = 'farmer@example.com';

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  app = await testApp(db, { smtpUrl: mail.url });
  user = browser(app);
  await activeUser(db, user, mail, email);
  expect((await loginByEmail(user, email)).code).toBe(200);
});

async function report(key: string | undefined, body: unknown) {
  const res = await app.inject({ method: 'POST', url: '/api/miner/report', headers: key ? { 'x-api-key': key } : {}, payload: body as object });
  return res.json() as { code: number; data: { miners: number; shares: number; rejected: number; plots: number; nodes: number } };
}

describe('a farmer’s pool over HTTP', () => {
  let key = '';

  it('makes a miner API key shown once, and rotating it revokes the old one', async () => {
    expect((await user.get('/api/pool/apikey?pool=chia')).data).toBeNull();
    const first = await user.post<{ key: string; hint: string }>('/api/pool/apikey', { pool: 'chia' });
    expect(first.data.key).toMatch(/^plk_/);
    const second = await user.post<{ key: string; hint: string }>('/api/pool/apikey', { pool: 'chia' });
    key = second.data.key;
    expect((await user.get<{ hint: string; key?: string }>('/api/pool/apikey?pool=chia')).data).toEqual({ pool: 'chia', hint: second.data.hint, created_at: expect.any(Number) });
    expect((await report(first.data.key, { miners: [{ name: 'old' }] })).code).toBe(218);
    expect((await report(undefined, { miners: [{ name: 'none' }] })).code).toBe(218);
    expect((await user.post('/api/pool/apikey', { pool: 'nope' })).code).toBe(206);
  });

  it('takes the proxy tool’s heartbeats and shares, without a session or CSRF token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const answer = await report(key, {
      miners: [
        { name: 'rig-01', version: '2.4.1', capacity: String(K32_BYTES * 100n), line: 'asia' },
        { name: 'rig-02', version: '2.4.1', capacity: String(K32_BYTES * 50n), line: 'mars' },
      ],
      shares: [
        { miner: 'rig-01', difficulty: 500, at: now - 30 },
        { miner: 'rig-02', difficulty: 250 },
        { miner: 'rig-03', difficulty: 10 },
        { miner: 'rig-01', difficulty: 5, at: now - 3600 },
      ],
    });
    // Self-reported shares are kept out of the split (issue 18): heartbeats only.
    expect(answer).toMatchObject({ code: 200, data: { miners: 3, shares: 0, unverified: 3, rejected: 1 } });
    expect((await report(key, { shares: [{ miner: 'bad/name', difficulty: 1 }] })).code).toBe(216);
    // The same work as the pool's verified path (the OG proofs) writes it, for the pages below.
    const userId = (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    for (const [miner, difficulty, at] of [
      ['rig-01', 500, now - 30],
      ['rig-02', 250, now],
      ['rig-03', 10, now],
    ] as const) {
      await verifiedWork(db, { userId, pool: 'chia', miner, difficulty, at: new Date(at * 1000) });
    }
  });

  it('lists the miners with their state, and refuses to remove an online one', async () => {
    const miners = await user.get<{ list: { id: string; name: string; online: boolean; line: string | null; shares_24h: number }[]; online: number; offline: number }>(
      '/api/pool/miner?pool=chia&count=10',
    );
    expect(miners.data).toMatchObject({ online: 3, offline: 0 });
    const rig1 = miners.data.list.find((m) => m.name === 'rig-01');
    expect(rig1).toMatchObject({ line: 'asia', shares_24h: 1, online: true });
    expect(miners.data.list.find((m) => m.name === 'rig-02')?.line).toBeNull();
    expect((await user.send('DELETE', `/api/pool/miner?id=${rig1?.id}`)).body).toContain('"code":11202');

    await db
      .updateTable('miners')
      .set({ last_seen_at: new Date(Date.now() - 3600_000) })
      .where('name', '=', 'rig-03')
      .execute();
    const offline = await user.get<{ list: { name: string }[]; total: number }>('/api/pool/miner?pool=chia&status=offline');
    expect(offline.data.list.map((m) => m.name)).toEqual(['rig-03']);
    expect((await user.send('DELETE', '/api/pool/removeallofflineminers?pool=chia')).body).toContain('"removed":1');
    expect((await user.get('/api/pool/miner?count=500')).code).toBe(209); // count out of range
  });

  it('shows the dashboard, today’s points as NOT_PENDING, and settled days', async () => {
    expect((await user.get<string[]>('/api/dashboard/poollist')).data).toEqual(['chia']);
    const summary = await user.get<{ online: number; points_24h: string; capacity: string }>('/api/dashboard/summary?pool=chia');
    expect(summary.data).toMatchObject({ online: 2, points_24h: '760' });
    const owner = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const day = '2026-11-01';
    const at = new Date(`${day}T10:00:00Z`);
    await ensureSharePartition(db, day);
    const miner = await db.selectFrom('miners').select('id').where('name', '=', 'rig-01').executeTakeFirstOrThrow();
    // 800 points in a day: about 40 K32 at 20 points a day each (mainnet's 8-bit filter), over the 2 T rule.
    await db.insertInto('shares').values({ day, pool: 'chia', user_id: owner.id, miner_id: miner.id, difficulty: 800, created_at: at }).execute();
    await recordBlock(db, { pool: 'chia', height: 42, foundAt: at, finderUserId: owner.id, finderMinerId: miner.id, reward: parseAmount('2', 12) });
    await settleDay(db, 'chia', day);
    const income = await user.get<{ list: { day: string; status: string; amount: string }[] }>('/api/pool/Income?pool=chia');
    expect(income.data.list.map((r) => [r.day, r.status])).toEqual([
      [new Date().toISOString().slice(0, 10), 'NOT_PENDING'],
      [day, 'SETTLEMENT'],
    ]);
    expect(income.data.list[1]?.amount).toBe('1.94');
  });

  it('shows the day-by-day mining detail: today unsettled, the settled day with its income, and pages it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const detail = await user.get<{ list: { day: string; shares: number; points: string; miners: number; amount: string; status: string }[]; total: number }>(
      '/api/pool/miningdetail?pool=chia&days=60',
    );
    expect(detail.data.total).toBe(2);
    expect(detail.data.list[0]).toMatchObject({ day: today, shares: 3, points: '760', miners: 3, amount: '0', status: 'NOT_PENDING' });
    expect(detail.data.list[1]).toMatchObject({ day: '2026-11-01', shares: 1, points: '800', miners: 1, amount: '1.94', status: 'SETTLEMENT' });
    const second = await user.get<{ list: { day: string }[]; total: number }>('/api/dashboard/MiningDetail?pool=chia&days=60&page=2&count=1');
    expect(second.data).toMatchObject({ total: 2, list: [{ day: '2026-11-01' }] });
    // Older than the window: only today.
    expect((await user.get<{ total: number }>('/api/pool/miningdetail?pool=chia&days=1')).data.total).toBe(1);
    expect((await user.get('/api/pool/miningdetail?pool=chia&days=91')).code).toBe(216);
    expect((await user.get('/api/pool/miningdetail?pool=nowhere')).code).toBe(206);
  });

  it('answers the dashboard’s and the pool’s other names of the same lists', async () => {
    // Today's income record estimates capacity from the points so far over the seconds so far:
    // two calls a second apart differ there, and only there.
    const settled = (data: unknown) => {
      const page = data as { list?: { status?: string; capacity?: string }[] } | null;
      if (!page?.list) return data;
      return { ...page, list: page.list.map((r) => (r.status === 'NOT_PENDING' ? { ...r, capacity: 'live' } : r)) };
    };
    for (const [original, alias] of [
      ['/api/pool/miner?pool=chia', '/api/dashboard/miner?pool=chia'],
      ['/api/pool/Income?pool=chia', '/api/dashboard/MiningIncomeRecord?pool=chia'],
      ['/api/pool/Income?pool=chia', '/api/pool/miningincomerecord?pool=chia'],
      ['/api/pool/share?pool=chia', '/api/dashboard/Share?pool=chia'],
      ['/api/pool/GetPlots?pool=chia', '/api/dashboard/GetPlots?pool=chia'],
      ['/api/log/withdraw', '/api/dashboard/Withdraw'],
    ] as const) {
      const [a, b] = [await user.get(original), await user.get(alias)];
      expect(b.code, alias).toBe(200);
      expect(settled(b.data), alias).toEqual(settled(a.data));
    }
    const pool = await user.get<{ pool: string; fee_percent: string; online_miners: number; blocks_7d: number; payment_time: string }>('/api/pool/detail?pool=chia');
    expect(pool.data).toMatchObject({ pool: 'chia', online_miners: 2, blocks_7d: 0 });
    expect(pool.data.fee_percent).toMatch(/^\d+(\.\d{1,2})?$/);
    expect((await browser(app).get('/api/pool/detail?pool=chia')).code).toBe(202);
  });

  it('shows public statistics and the block explorer to a visitor', async () => {
    const visitor = browser(app);
    const home = await visitor.get<{
      pools: { pool: string; blocks_7d: number; online_miners: number }[];
      blocks: { height: string; finder: string }[];
      ranking: { name: string }[];
    }>('/api/home/list');
    expect(home.code).toBe(200);
    expect(home.data.blocks[0]).toMatchObject({ height: '42', finder: 'far***@example.com' });
    expect(home.data.ranking[0]?.name).toBe('far***@example.com');
    expect(home.data.pools.find((p) => p.pool === 'chia')?.online_miners).toBe(2);
    const blocks = await visitor.get<{ total: number }>('/api/datastatistics/block?pool=chia');
    expect(blocks.data.total).toBe(1);
    expect((await visitor.get('/api/datastatistics/pool?pool=chia&days=7')).code).toBe(200);
    expect((await visitor.get('/api/pool/miner')).code).toBe(202);
  });
});

describe('the pool’s back office over HTTP', () => {
  let admin: Browser;
  let support: Browser;

  beforeAll(async () => {
    admin = browser(app);
    support = browser(app);
    await activeUser(db, admin, mail, 'pool-admin@example.com');
    await activeUser(db, support, mail, 'pool-support@example.com');
    await db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'pool-admin@example.com').execute();
    await db.updateTable('users').set({ role: 'support' }).where('email', '=', 'pool-support@example.com').execute();
    await loginStaff(db, admin, 'pool-admin@example.com');
    await loginStaff(db, support, 'pool-support@example.com');
  });

  it('edits a pool’s fee with an audit entry; support staff read but cannot edit; users cannot read', async () => {
    const pools = await support.get<{ pool: string; fee_bp: number; withdraw_fee: string }[]>('/api/admin/getpoollist');
    expect(pools.data.find((p) => p.pool === 'bhd')).toMatchObject({ fee_bp: 300 });
    expect((await support.post('/api/admin/updatepoolconfig', { pool: 'bhd', fee_bp: 100 })).code).toBe(218);
    expect((await user.get('/api/admin/getpoollist')).code).toBe(218);
    expect((await admin.post('/api/admin/updatepoolconfig', { pool: 'bhd', fee_bp: 20_000 })).code).toBe(216);
    const updated = await admin.post<{ fee_bp: number; withdraw_fee: string }>('/api/admin/updatepoolconfig', { pool: 'bhd', fee_bp: 150, withdraw_fee: '0.02' });
    expect(updated.data).toMatchObject({ fee_bp: 150, withdraw_fee: '0.02' });
    const entry = await db.selectFrom('admin_audit').select(['action', 'target', 'before', 'after', 'ip']).where('action', '=', 'updatepoolconfig').executeTakeFirstOrThrow();
    expect(entry.target).toBe('pool:bhd');
    expect(entry.before).toMatchObject({ fee_bp: 300 });
    expect(entry.after).toMatchObject({ fee_bp: 150, withdraw_fee: '0.02' });
    expect(entry.ip).toBeTruthy();
    // The coin's pledge per TB (the settlement's secured share): the BHD family's 3, editable; a coin without the rule refuses it.
    expect((await admin.get<{ pool: string; pledge_per_tb: string | null }[]>('/api/admin/getpoollist')).data.find((p) => p.pool === 'chia')?.pledge_per_tb).toBeNull();
    expect(updated.data).toMatchObject({ pledge_per_tb: '3' });
    const pledged = await admin.post<{ pledge_per_tb: string }>('/api/admin/updatepoolconfig', { pool: 'bhd_co', pledge_per_tb: '2.5' });
    expect(pledged.data).toMatchObject({ pledge_per_tb: '2.5' });
    expect((await db.selectFrom('coins').select('pledge_per_tb_units').where('type', '=', 'BHD').executeTakeFirstOrThrow()).pledge_per_tb_units).toBe('250000000');
    expect((await admin.post('/api/admin/updatepoolconfig', { pool: 'chia', pledge_per_tb: '1' })).code).toBe(216);
    await admin.post('/api/admin/updatepoolconfig', { pool: 'bhd_co', pledge_per_tb: '3' });
  });

  it('lists the mining and assets daily reports, every miner and every income record', async () => {
    const daily = await support.get<{ list: { pool: string; day: string; revenue: string; credited: string }[] }>('/api/admin/getdailyreports?pool=chia');
    expect(daily.data.list.find((d) => d.day === '2026-11-01')).toMatchObject({ revenue: '2', credited: '1.94' });
    const assets = await support.get<{ list: { coin: string; mining_income: string }[] }>('/api/admin/getassertdailyreports?coin=CHIA');
    expect(assets.code).toBe(200);
    expect(assets.data.list.some((r) => r.mining_income === '1.94')).toBe(true);
    const miners = await support.get<{ list: { email: string; name: string }[]; online: number }>('/api/admin/miner?pool=chia');
    expect(miners.data.list.map((m) => m.email)).toContain(email);
    const income = await support.get<{ list: { email: string; amount: string }[] }>('/api/admin/miningdetail?pool=chia&day=2026-11-01');
    expect(income.data.list).toEqual([expect.objectContaining({ email, amount: '1.94' })]);
  });

  it('lists the pools users have opened: since the first key or miner, a live key, miners online of all; exports the list', async () => {
    const opened = await support.get<{ list: { email: string; pool: string; key_active: boolean; miners: number; online: number; opened_at: number }[]; total: number }>(
      '/api/admin/getopenedpools?pool=chia',
    );
    expect(opened.code).toBe(200);
    expect(opened.data.list.find((o) => o.email === email)).toMatchObject({ pool: 'chia', key_active: true, miners: 2, online: 2 });
    const owner = await db.selectFrom('users').select('uid').where('email', '=', email).executeTakeFirstOrThrow();
    const mine = await support.get<{ list: { pool: string }[]; total: number }>(`/api/admin/getopenedpools?uid=${owner.uid}`);
    expect(mine.data.list.map((o) => o.pool)).toEqual(['chia']);
    expect((await support.get<{ total: number }>('/api/admin/getopenedpools?uid=000000')).data.total).toBe(0);
    expect((await user.get('/api/admin/getopenedpools')).code).toBe(218);
    const job = await support.post<{ id: string }>('/api/admin/ApplyForDownload', { list: 'openned', format: 'csv', uid: owner.uid });
    expect(job.code).toBe(200);
  });
});

describe('plots and their binding over HTTP', () => {
  const address = devnetAddress('elsewhere', 'CHIA', 'farmer-wallet');
  const plotId = 'a'.repeat(64);

  async function signed(b: Browser, plot: string, addr = address) {
    const data = await b.get<{ message: string; expires_at: number }>(`/api/pool/binddata?pool=chia&plot_id=${plot}&address=${addr}`);
    expect(data.code).toBe(200);
    const sig = await b.post<{ signature: string }>('/api/dev/devnet/sign', { pool: 'chia', address: addr, message: data.data.message });
    return { pool: 'chia', plot_id: plot, address: addr, message: data.data.message, signature: sig.data.signature };
  }

  it('binds a plot with the wallet-signed message; refuses a tampered, foreign or second binding', async () => {
    const body = await signed(user, plotId);
    expect((await user.post('/api/pool/bind', { ...body, signature: '0'.repeat(64) })).code).toBe(11105);
    expect((await user.post('/api/pool/bind', { ...body, message: body.message.replace('plot: a', 'plot: b') })).code).toBe(11105);
    const bound = await user.post<{ bind_status: string; bind_address: string }>('/api/pool/bind', body);
    expect(bound.data).toMatchObject({ bind_status: 'BIND_SENT', bind_address: address });
    expect((await user.post('/api/pool/bind', body)).code).toBe(11103);
    // Binding data older than 24 hours must be fetched again.
    const expired = body.message.replace(/expires: .*$/, `expires: ${new Date((Math.floor(Date.now() / 1000) - 10) * 1000).toISOString()}`);
    expect((await user.post('/api/pool/bind', { ...body, message: expired })).code).toBe(11106);
  });

  it('confirms the binding after the coin’s confirmations; unbinding waits for review', async () => {
    const chains = devnetRegistry(db, TEST_SECRET);
    const before = await user.get<{ list: { id: string; bind_status: string }[]; counters: { BIND_SENT: number } }>('/api/pool/GetPlots?pool=chia');
    expect(before.data.counters.BIND_SENT).toBe(1);
    const id = before.data.list[0]?.id ?? '';
    expect((await user.post('/api/pool/unbind', { id })).code).toBe(11108);
    await db.updateTable('coins').set({ confirmation: 2 }).where('type', '=', 'CHIA').execute();
    for (let i = 0; i < 3; i++) await chains.tick('CHIA');
    // Waiting for the back office's review, it is not confirmed (the review itself: reviews.test.ts).
    expect(await confirmBindings(db, chains)).toBe(0);
    await db.updateTable('plots').set({ review: 'approved' }).where('id', '=', id).execute();
    expect(await confirmBindings(db, chains)).toBe(1);
    const after = await user.get<{ list: { bind_status: string; confirmed_at: number | null }[]; counters: { bound: number } }>('/api/pool/GetPlots?pool=chia&status=CONFIRMED');
    expect(after.data.counters.bound).toBe(1);
    expect(after.data.list[0]?.confirmed_at).toEqual(expect.any(Number));
    expect((await user.post('/api/pool/unbind', { id })).code).toBe(200);
    expect((await user.post('/api/pool/unbind', { id })).code).toBe(11107);
  });

  it('keeps the binding log of every state, the finished ones too', async () => {
    const log = await user.get<{ list: { plot_id: string; bind_status: string }[]; total: number }>('/api/dashboard/BindLog?pool=chia');
    expect(log.code).toBe(200);
    expect(log.data.total).toBe(1);
    expect(log.data.list[0]?.bind_status).toBe('UNBIND_AUDITING');
    // The spec's GET /api/log/bind (issue 20) is the same log; a visitor gets 202.
    expect((await user.get('/api/log/bind?pool=chia')).data).toEqual(log.data);
    expect((await browser(app).get('/api/log/bind')).code).toBe(202);
    await db.updateTable('plots').set({ bind_status: 'UNBIND' }).execute();
    expect((await user.get<{ total: number }>('/api/pool/GetPlots?pool=chia')).data.total).toBe(0);
    expect((await user.get<{ list: { bind_status: string }[] }>('/api/dashboard/BindLog')).data.list.map((p) => p.bind_status)).toEqual(['UNBIND']);
    await db.updateTable('plots').set({ bind_status: 'UNBIND_AUDITING' }).execute();
  });

  it('takes the proxy tool’s plot inventory: sizes and signing of bound plots, UNBOUND and DOUBLE flags', async () => {
    const other = browser(app);
    await activeUser(db, other, mail, 'other-farmer@example.com');
    expect((await loginByEmail(other, 'other-farmer@example.com')).code).toBe(200);
    const otherPlot = 'd'.repeat(64);
    expect((await other.post('/api/pool/bind', await signed(other, otherPlot, devnetAddress('elsewhere', 'CHIA', 'other-wallet')))).code).toBe(200);
    const key = (await user.post<{ key: string }>('/api/pool/apikey', { pool: 'chia' })).data.key;
    const answer = await report(key, {
      plots: [
        { plot_id: plotId, size: String(108_837_086_208), files: 1, signed: true, fingerprint: '1234567890', prefix: 'plot-k32' },
        { plot_id: 'e'.repeat(64), size: '1000', files: 1, signed: false },
        { plot_id: otherPlot, size: '1000', files: 1, signed: true },
      ],
    });
    expect(answer).toMatchObject({ code: 200, data: { plots: 3 } });
    const plots = await user.get<{ list: { plot_id: string; signing: string; flag: string | null; size: string; fingerprint: string | null }[]; counters: Record<string, number> }>(
      '/api/pool/GetPlots?pool=chia&count=50',
    );
    expect(plots.data.counters).toMatchObject({ UNBOUND: 1, DOUBLE: 1, UNSIGNED: 1, UNBIND_AUDITING: 1 });
    expect(plots.data.list.find((p) => p.plot_id === plotId)).toMatchObject({ signing: 'signed', flag: null, size: '108837086208', fingerprint: '1234567890' });
    expect(plots.data.list.find((p) => p.plot_id === otherPlot)?.flag).toBe('DOUBLE');

    // The back office sees every user's plots, and the binding records.
    const staff = browser(app);
    await activeUser(db, staff, mail, 'plots-support@example.com');
    await db.updateTable('users').set({ role: 'support' }).where('email', '=', 'plots-support@example.com').execute();
    await loginStaff(db, staff, 'plots-support@example.com');
    const all = await staff.get<{ list: { email: string; plot_id: string }[]; total: number }>(`/api/admin/GetPlots?pool=chia&plot_id=${otherPlot}`);
    expect(all.data.list.map((p) => p.email).sort()).toEqual(['farmer@example.com', 'other-farmer@example.com']);
    const bindings = await staff.get<{ list: { bind_status: string }[] }>('/api/admin/getbindplotterlogs?pool=chia&status=UNBIND_AUDITING');
    expect(bindings.data.list).toHaveLength(1);
    expect((await user.get('/api/admin/GetPlots')).code).toBe(218);
  });
});

describe('Spacemesh-style node registration over HTTP', () => {
  // The node's identity is its Ed25519 key: registration is signed with it.
  const secretKey = ed25519.utils.randomSecretKey();
  const node = Buffer.from(ed25519.getPublicKey(secretKey)).toString('hex');
  let key = '';
  const signed = async (b: Browser, body: { pool: string; node_id: string; size?: string }) => {
    const data = await b.get<{ message: string }>(`/api/pool/registerdata?pool=${body.pool}&node_id=${body.node_id}`);
    const signature = data.code === 200 ? Buffer.from(ed25519.sign(new TextEncoder().encode(data.data.message), secretKey)).toString('hex') : '00'.repeat(64);
    return { ...body, signature };
  };
  let other: Browser;

  beforeAll(async () => {
    key = (await user.post<{ key: string }>('/api/pool/apikey', { pool: 'spacemesh' })).data.key;
    other = browser(app);
    await activeUser(db, other, mail, 'smesher@example.com');
    expect((await loginByEmail(other, 'smesher@example.com')).code).toBe(200);
  });

  const statusOf = async () =>
    (await user.get<{ list: { plot_id: string; post_status: string | null }[] }>('/api/pool/GetPlots?pool=spacemesh')).data.list.find((p) => p.plot_id === node)?.post_status;
  const reportStatus = async (status: string) => (await report(key, { nodes: [{ node_id: node, status }] })).data;

  it('registers a node with a pool that registers nodes, once per pool', async () => {
    const registered = await user.post<{ plot_id: string; post_status: string; size: string }>(
      '/api/pool/register',
      await signed(user, { pool: 'spacemesh', node_id: node, size: '4294967296' }),
    );
    expect(registered.data).toMatchObject({ plot_id: node, post_status: 'REGISTER', size: '4294967296' });
    expect(await statusOf()).toBe('REGISTER');
    expect((await other.post('/api/pool/register', await signed(other, { pool: 'spacemesh', node_id: node }))).code).toBe(11103);
    expect((await user.post('/api/pool/register', await signed(user, { pool: 'spacemesh', node_id: node }))).code).toBe(11103);
    expect((await user.post('/api/pool/register', await signed(user, { pool: 'chia', node_id: node }))).code).toBe(216);
    expect((await user.post('/api/pool/register', await signed(user, { pool: 'spacemesh', node_id: 'xyz' }))).code).toBe(216);
  });

  it('follows the statuses the node reports through the proxy tool, ignoring moves the rules forbid', async () => {
    expect((await reportStatus('PoST_DONE')).nodes).toBe(0);
    expect(await statusOf()).toBe('REGISTER');
    for (const status of ['WAITING_POET', 'REGISTERED', 'PoST_DONE', 'WAITING_FOR_POINTS', 'REGISTERED', 'PoST_TIMEOUT']) {
      expect((await reportStatus(status)).nodes, status).toBe(1);
      expect(await statusOf()).toBe(status);
    }
    // Another user's key cannot move this user's node.
    const otherKey = (await other.post<{ key: string }>('/api/pool/apikey', { pool: 'spacemesh' })).data.key;
    expect((await report(otherKey, { nodes: [{ node_id: node, status: 'REGISTER' }] })).data.nodes).toBe(0);
  });

  it('registers again after a timed-out proof; a malicious node stays out', async () => {
    expect((await user.post<{ post_status: string }>('/api/pool/register', await signed(user, { pool: 'spacemesh', node_id: node }))).data.post_status).toBe('REGISTER');
    for (const status of ['WAITING_POET', 'REGISTERED', 'MALICIOUS']) await reportStatus(status);
    expect(await statusOf()).toBe('MALICIOUS');
    expect((await user.post('/api/pool/register', await signed(user, { pool: 'spacemesh', node_id: node }))).code).toBe(11103);
    expect((await reportStatus('REGISTER')).nodes).toBe(0);
  });
});

describe('the pool trend over HTTP', () => {
  it('samples every pool hourly: a hashrate pool keeps its online miners’ hashrate, a capacity pool its capacity', async () => {
    const key = (await user.post<{ key: string }>('/api/pool/apikey', { pool: 'ironfish' })).data.key;
    expect(
      (
        await report(key, {
          miners: [
            { name: 'gpu-1', hashrate: '1500000' },
            { name: 'gpu-2', hashrate: '2500000' },
          ],
        })
      ).code,
    ).toBe(200);
    expect(await samplePools(db)).toBeGreaterThan(0);
    const visitor = browser(app);
    const iron = await visitor.get<{ samples: { hashrate: string; miners: number }[] }>('/api/datastatistics/pool?pool=ironfish&days=1');
    expect(iron.data.samples.at(-1)).toMatchObject({ hashrate: '4000000', miners: 2 });
    const chia = await visitor.get<{ samples: { hashrate: string; capacity: string }[] }>('/api/datastatistics/pool?pool=chia&days=1');
    expect(chia.data.samples.at(-1)?.hashrate).toBe('0');
    expect(BigInt(chia.data.samples.at(-1)?.capacity ?? '0')).toBeGreaterThan(0n);
  });
});
