import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { testMailServer } from '../../../test/mail.ts';
import { devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { expireExports, runPendingExports } from './exports.service.ts';

/**
 * List exports over HTTP: the back office exports a list with its filters as shown, the user
 * exports their own views; once every ten minutes per list (2005); files expire.
 */

let db: Db;
let app: ZodApp;
let admin: Browser;
let farmer: Browser;
let farmerUid = '';
type Job = { id: string; list: string; status: string; progress: number; rows: number; next_allowed_at: number; expires_at: number | null };

let mail: Awaited<ReturnType<typeof testMailServer>>;

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  app = await testApp(db, { smtpUrl: mail.url });
  admin = await signedInUser(app, db, mail, 'export-admin@example.com', 'admin');
  farmer = await signedInUser(app, db, mail, 'export-farmer@example.com');
  const other = await db.selectFrom('users').select('id').where('email', '=', 'export-admin@example.com').executeTakeFirstOrThrow();
  const mine = await db.selectFrom('users').select(['id', 'uid']).where('email', '=', 'export-farmer@example.com').executeTakeFirstOrThrow();
  farmerUid = mine.uid;
  // Plots in two pools for the farmer, and one of another user in chia.
  const plot = (userId: string, pool: string, i: number, status: 'CONFIRMED' | null) => ({
    user_id: userId,
    pool,
    plot_id: `${pool}-${userId}-${String(i).padStart(3, '0')}`,
    size_bytes: String(1000 + i),
    file_count: 1,
    signing: 'signed' as const,
    bind_status: status,
    bind_address: status ? 'xch1address' : null,
  });
  await db
    .insertInto('plots')
    .values([
      ...Array.from({ length: 230 }, (_, i) => plot(mine.id, 'chia', i, i % 2 ? 'CONFIRMED' : null)),
      ...Array.from({ length: 5 }, (_, i) => plot(mine.id, 'bhd', i, 'CONFIRMED')),
      plot(other.id, 'chia', 0, 'CONFIRMED'),
    ])
    .execute();
});

/** Applying starts the build at once (or the worker does); the caller polls the status. */
async function ready(b: Browser, scope: 'admin' | 'pool', id: string): Promise<Job> {
  await runPendingExports({ db, chains: devnetRegistry(db, TEST_SECRET) });
  return vi.waitFor(
    async () => {
      const polled = await b.get<Job>(`/api/${scope}/GetDownloadStatus?id=${id}`);
      expect(polled.data.status).toBe('ready');
      return polled.data;
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function download(b: Browser, scope: 'admin' | 'pool', id: string) {
  return b.send('GET', `/api/${scope}/DownloadExcel?id=${id}`);
}

describe('back-office exports', () => {
  let job: Job;

  it('exports the plots list with the filters as shown: the file holds exactly the list’s rows', async () => {
    const applied = await admin.post<Job>('/api/admin/ApplyForDownload', { list: 'plots', format: 'csv', pool: 'chia', uid: farmerUid, page: '3', count: '10' });
    expect(applied).toMatchObject({ code: 200, data: { list: 'plots', status: 'pending', progress: 0 } });
    job = applied.data;
    expect(await ready(admin, 'admin', job.id)).toMatchObject({ status: 'ready', progress: 100, rows: 230, expires_at: expect.any(Number) });

    const file = await download(admin, 'admin', job.id);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="platter-plots-\d+\.csv"/);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 4)).toEqual(['uid', 'email', 'pool', 'plot_id']);
    const fromFile = lines
      .slice(1)
      .map((l) => l.split(',')[3])
      .sort();
    // The list itself, every page of it.
    const listed: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const list = await admin.get<{ list: { plot_id: string }[] }>(`/api/admin/GetPlots?pool=chia&uid=${farmerUid}&page=${page}&count=200`);
      listed.push(...list.data.list.map((p) => p.plot_id));
    }
    expect(fromFile).toEqual(listed.sort());
    expect(fromFile).toHaveLength(230);
  });

  it('leaves an audit entry for the application and for each download: who, which list, filters and rows', async () => {
    const adminId = (await db.selectFrom('users').select('id').where('email', '=', 'export-admin@example.com').executeTakeFirstOrThrow()).id;
    const entries = await db
      .selectFrom('admin_audit')
      .select(['admin_id', 'action', 'detail', 'ip', 'request_id'])
      .where('target', '=', `export:${job.id}`)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        admin_id: adminId,
        action: 'ApplyForDownload',
        detail: { list: 'plots', format: 'csv', filters: { pool: 'chia', uid: farmerUid } },
        ip: expect.any(String),
        request_id: expect.any(String),
      },
      {
        admin_id: adminId,
        action: 'DownloadExcel',
        detail: { list: 'plots', format: 'csv', filters: { pool: 'chia', uid: farmerUid }, rows: 230 },
        ip: expect.any(String),
        request_id: expect.any(String),
      },
    ]);
    // Every download is one more entry; a user's export of their own data is not the back office's.
    await download(admin, 'admin', job.id);
    expect(await db.selectFrom('admin_audit').select('id').where('target', '=', `export:${job.id}`).where('action', '=', 'DownloadExcel').execute()).toHaveLength(2);
  });

  it('allows one export of a list every ten minutes (2005), other lists meanwhile', async () => {
    const again = await admin.post<{ next_allowed_at: number }>('/api/admin/ApplyForDownload', { list: 'plots', format: 'xlsx' });
    expect(again).toMatchObject({ code: 2005, data: { next_allowed_at: job.next_allowed_at } });
    const other = await admin.post<Job>('/api/admin/ApplyForDownload', { list: 'bind_info', format: 'xlsx', status: 'CONFIRMED', pool: 'bhd' });
    expect(other.code).toBe(200);
    await ready(admin, 'admin', other.data.id);
    const file = await download(admin, 'admin', other.data.id);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(6);
    expect(sheet?.getRow(2).getCell(3).text).toBe('bhd');
    expect(sheet?.getRow(2).getCell(12).text).toBe('CONFIRMED');
  });

  it('refuses bad filters and ordinary users', async () => {
    expect((await admin.post('/api/admin/ApplyForDownload', { list: 'machines', status: 'sideways' })).code).toBe(216);
    expect((await admin.post('/api/admin/ApplyForDownload', { list: 'nothing' })).code).toBe(216);
    expect((await farmer.post('/api/admin/ApplyForDownload', { list: 'plots' })).code).toBe(218);
    expect((await farmer.get(`/api/admin/GetDownloadStatus?id=${job.id}`)).code).toBe(218);
    expect((await browser(app).post('/api/pool/ApplyForDownload', { list: 'miner' })).code).toBe(202);
  });

  it('applies only by POST under CSRF: the spec’s GET answers 2007 and a cross-site POST 2002, neither creating an export', async () => {
    const before = await db
      .selectFrom('exports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const get = await admin.get('/api/admin/ApplyForDownload?list=machines&format=csv');
    expect(get).toMatchObject({ code: 2007 });
    expect((await farmer.get('/api/pool/ApplyForDownload?list=miner&format=xlsx')).code).toBe(2007);
    expect((await admin.post('/api/admin/ApplyForDownload', { list: 'machines', format: 'csv' }, { csrf: false })).code).toBe(2002);
    const after = await db
      .selectFrom('exports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('removes the file once it expires', async () => {
    await db
      .updateTable('exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', job.id)
      .execute();
    expect(await expireExports(db)).toBe(1);
    expect((await admin.get<Job>(`/api/admin/GetDownloadStatus?id=${job.id}`)).data.status).toBe('expired');
    expect((await download(admin, 'admin', job.id)).json()).toMatchObject({ code: 10006 });
  });
});

describe('the flow (every user’s bill) and its export', () => {
  it('lists only the chosen user’s balance changes, and exports the same rows', async () => {
    const bystander = await buildUser(db);
    expect((await admin.post('/api/admin/UpdateBalance', { uid: farmerUid, coin: 'CHIA', amount: '1.5', reason: 'goodwill', request_id: 'flow-0001' })).code).toBe(200);
    expect((await admin.post('/api/admin/UpdateBalance', { uid: bystander.uid, coin: 'CHIA', amount: '2', reason: 'test', request_id: 'flow-0002' })).code).toBe(200);
    const flow = await admin.get<{ list: { uid: string; amount: string; kind: string; bucket: string }[]; total: number }>(`/api/admin/asset?uid=${farmerUid}&coin=CHIA`);
    expect(flow.data).toMatchObject({ total: 1, list: [{ uid: farmerUid, amount: '1.5', kind: 'adjustment', bucket: 'available' }] });
    expect((await admin.get<{ total: number }>('/api/admin/asset?coin=CHIA')).data.total).toBe(2);
    expect((await farmer.get('/api/admin/asset')).code).toBe(218);

    const applied = await admin.post<Job>('/api/admin/ApplyForDownload', { list: 'flow', format: 'csv', uid: farmerUid, coin: 'CHIA' });
    expect(applied.code).toBe(200);
    await ready(admin, 'admin', applied.data.id);
    const lines = (await download(admin, 'admin', applied.data.id)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('uid,email,time_utc,coin,kind,bucket,amount,counterparty,reference,memo');
    expect(lines.slice(1).map((l) => l.split(',').filter((_, i) => [0, 3, 4, 5, 6].includes(i)))).toEqual([[farmerUid, 'CHIA', 'adjustment', 'available', '1.5']]);
  });
});

describe('the user’s own exports', () => {
  it('exports their miners and their income, only theirs, once every ten minutes per list', async () => {
    const miners = await farmer.post<Job>('/api/pool/ApplyForDownload', { list: 'miner', format: 'csv', pool: 'chia' });
    expect(miners.code).toBe(200);
    expect((await farmer.post('/api/pool/ApplyForDownload', { list: 'miner', format: 'csv' })).code).toBe(2005);
    expect((await farmer.post('/api/pool/ApplyForDownload', { list: 'Share', format: 'csv' })).code).toBe(216);
    const shares = await farmer.post<Job>('/api/pool/ApplyForDownload', { list: 'Share', format: 'csv', pool: 'chia', hours: '3' });
    expect(shares.code).toBe(200);
    await ready(farmer, 'pool', shares.data.id);
    const file = await download(farmer, 'pool', shares.data.id);
    expect(file.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe('hour_utc,points,shares,capacity_bytes');
    // Another user's job is not found; the admin scope does not reach it either.
    expect((await admin.get(`/api/pool/GetDownloadStatus?id=${miners.data.id}`)).code).toBe(10003);
    expect((await admin.get(`/api/admin/GetDownloadStatus?id=${miners.data.id}`)).code).toBe(10003);
  });
});
