import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { testMailServer } from '../../../test/mail.ts';
import { devnetAddress, devnetRegistry, type DevnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { confirmBindings } from './plots.ts';

/**
 * Capacity reviews over HTTP: a farmer binds and unbinds plots, support staff and admins
 * approve, reject (reason required) and cancel; every decision is audited; two reviewers on
 * one item make one decision.
 */

let db: Db;
let app: ZodApp;
let chains: DevnetRegistry;
let farmer: Browser;
let admin: Browser;
let support: Browser;
const address = devnetAddress('elsewhere', 'CHIA', 'review-wallet');

type PlotRow = { id: string; plot_id: string; bind_status: string | null; review: string | null; review_reason: string | null };
type Result = { done: string[]; skipped: { id: string; code: number }[] };

let mail: Awaited<ReturnType<typeof testMailServer>>;

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  app = await testApp(db, { smtpUrl: mail.url });
  chains = devnetRegistry(db, TEST_SECRET);
  await db.updateTable('coins').set({ confirmation: 2 }).where('type', '=', 'CHIA').execute();
  farmer = await signedInUser(app, db, mail, 'review-farmer@example.com');
  admin = await signedInUser(app, db, mail, 'review-admin@example.com', 'admin');
  support = await signedInUser(app, db, mail, 'review-support@example.com', 'support');
});

async function bind(plot: string): Promise<string> {
  const data = await farmer.get<{ message: string }>(`/api/pool/binddata?pool=chia&plot_id=${plot}&address=${address}`);
  const sig = await farmer.post<{ signature: string }>('/api/dev/devnet/sign', { pool: 'chia', address, message: data.data.message });
  const bound = await farmer.post<{ id: string; bind_status: string; review: string }>('/api/pool/bind', {
    pool: 'chia',
    plot_id: plot,
    address,
    message: data.data.message,
    signature: sig.data.signature,
  });
  expect(bound.data).toMatchObject({ bind_status: 'BIND_SENT', review: 'pending' });
  return bound.data.id;
}

async function farmerPlot(plot: string): Promise<PlotRow | undefined> {
  const page = await farmer.get<{ list: PlotRow[] }>('/api/pool/GetPlots?pool=chia&count=200');
  return page.data.list.find((p) => p.plot_id === plot);
}

async function confirmAfterBlocks(): Promise<number> {
  for (let i = 0; i < 3; i++) await chains.tick('CHIA');
  return confirmBindings(db, chains);
}

const auditsOf = (id: string) =>
  db.selectFrom('admin_audit').select(['admin_id', 'action', 'before', 'after', 'detail']).where('target', '=', `plots:${id}`).orderBy('id').execute();

describe('capacity binding review', () => {
  const plotA = '1'.repeat(64);
  let idA = '';

  it('holds a new binding for review: listed on capacity_review, not confirmed by the chain alone', async () => {
    idA = await bind(plotA);
    const waiting = await support.get<{ list: (PlotRow & { email: string })[]; total: number }>('/api/admin/getauditingbindplotter?type=bind&pool=chia');
    expect(waiting.data.list.map((p) => [p.plot_id, p.email])).toEqual([[plotA, 'review-farmer@example.com']]);
    expect(await confirmAfterBlocks()).toBe(0);
    expect((await farmerPlot(plotA))?.bind_status).toBe('BIND_SENT');
  });

  it('refuses reviews to signed-out visitors and ordinary users', async () => {
    expect((await farmer.post('/api/admin/auditbindplotter', { ids: [idA], approve: true })).code).toBe(218);
    expect((await farmer.get('/api/admin/getauditingbindplotter')).code).toBe(218);
    expect((await browser(app).post('/api/admin/auditbindplotter', { ids: [idA], approve: true })).code).toBe(202);
    expect(await auditsOf(idA)).toEqual([]);
  });

  it('requires a reason to reject', async () => {
    const answer = await support.post<{ field: string }>('/api/admin/auditbindplotter', { ids: [idA], approve: false, reason: '  ' });
    expect(answer).toMatchObject({ code: 216, data: { field: 'reason' } });
    expect((await farmerPlot(plotA))?.review).toBe('pending');
  });

  it('support approves; the chain confirmation then binds it; the decision is audited', async () => {
    const approved = await support.post<Result>('/api/admin/auditbindplotter', { ids: [idA], approve: true });
    expect(approved.data).toEqual({ done: [idA], skipped: [] });
    expect((await support.get<{ total: number }>('/api/admin/getauditingbindplotter?type=bind')).data.total).toBe(0);
    expect(await confirmAfterBlocks()).toBe(1);
    expect(await farmerPlot(plotA)).toMatchObject({ bind_status: 'CONFIRMED', review: 'approved' });
    const audits = await auditsOf(idA);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'auditbindplotter:approve',
      before: { bind_status: 'BIND_SENT', review: 'pending' },
      after: { bind_status: 'BIND_SENT', review: 'approved' },
    });
    // A second decision on a decided item changes nothing.
    expect((await admin.post<Result>('/api/admin/auditbindplotter', { ids: [idA], approve: false, reason: 'late' })).data.skipped).toEqual([{ id: idA, code: 201 }]);
  });

  it('a rejected binding is unbound again with its reason shown, and can be bound again', async () => {
    const plotB = '2'.repeat(64);
    const idB = await bind(plotB);
    expect((await admin.post<Result>('/api/admin/auditbindplotter', { ids: [idB], approve: false, reason: 'plot belongs to another farm' })).data.done).toEqual([idB]);
    expect(await farmerPlot(plotB)).toMatchObject({ bind_status: null, review: 'rejected', review_reason: 'plot belongs to another farm' });
    const records = await admin.get<{ list: PlotRow[] }>(`/api/admin/getbindplotterlogs?plot_id=${plotB}`);
    expect(records.data.list.map((p) => p.review)).toEqual(['rejected']);
    expect(await bind(plotB)).toBe(idB);
    expect((await auditsOf(idB)).map((a) => a.action)).toEqual(['auditbindplotter:reject']);
  });

  it('cancels a binding still waiting, with a reason', async () => {
    const plotC = '3'.repeat(64);
    const idC = await bind(plotC);
    expect((await admin.post('/api/admin/auditcancelbindplotter', { ids: [idC], reason: '' })).code).toBe(216);
    expect((await admin.post<Result>('/api/admin/auditcancelbindplotter', { ids: [idC], reason: 'asked by the user' })).data.done).toEqual([idC]);
    expect(await farmerPlot(plotC)).toMatchObject({ bind_status: null, review: 'canceled', review_reason: 'asked by the user' });
    // A confirmed binding is not cancelled this way (its owner asks to unbind).
    expect((await admin.post<Result>('/api/admin/auditcancelbindplotter', { ids: [idA], reason: 'x' })).data.skipped).toEqual([{ id: idA, code: 201 }]);
  });
});

describe('capacity unbind review', () => {
  const plotA = '1'.repeat(64);

  it('rejecting an unbinding (reason required) keeps the binding; approving sends it and the chain finishes it', async () => {
    const id = (await farmerPlot(plotA))?.id ?? '';
    expect((await farmer.post('/api/pool/unbind', { id })).code).toBe(200);
    const waiting = await support.get<{ list: PlotRow[] }>('/api/admin/getauditingbindplotter?type=unbind');
    expect(waiting.data.list.map((p) => p.id)).toEqual([id]);
    expect((await support.post('/api/admin/auditunbindplotter', { ids: [id], approve: false })).code).toBe(216);
    expect((await support.post<Result>('/api/admin/auditunbindplotter', { ids: [id], approve: false, reason: 'miner still online' })).data.done).toEqual([id]);
    expect(await farmerPlot(plotA)).toMatchObject({ bind_status: 'CONFIRMED', review: 'rejected', review_reason: 'miner still online' });

    expect((await farmer.post('/api/pool/unbind', { id })).code).toBe(200);
    expect((await admin.post<Result>('/api/admin/auditunbindplotter', { ids: [id], approve: true })).data.done).toEqual([id]);
    expect((await farmerPlot(plotA))?.bind_status).toBe('UNBIND_SENT');
    expect(await confirmAfterBlocks()).toBe(1);
    expect(await farmerPlot(plotA)).toBeUndefined();
    const records = await admin.get<{ list: PlotRow[] }>(`/api/admin/getbindplotterlogs?plot_id=${plotA}`);
    expect(records.data.list.map((p) => p.bind_status)).toEqual(['UNBIND']);
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(['auditbindplotter:approve', 'auditunbindplotter:reject', 'auditunbindplotter:approve']);
  });
});

describe('two reviewers on one item', () => {
  it('make exactly one decision, audited once', async () => {
    for (let round = 0; round < 5; round++) {
      const plot = `9${round}`.padEnd(64, 'f');
      const id = await bind(plot);
      const [a, b] = await Promise.all([
        admin.post<Result>('/api/admin/auditbindplotter', { ids: [id], approve: true }),
        support.post<Result>('/api/admin/auditbindplotter', { ids: [id], approve: false, reason: 'duplicate' }),
      ]);
      const winners = [a, b].filter((r) => r.data.done.includes(id));
      expect(winners).toHaveLength(1);
      expect([...a.data.skipped, ...b.data.skipped]).toEqual([{ id, code: 201 }]);
      const audits = await auditsOf(id);
      expect(audits).toHaveLength(1);
      const row = await farmerPlot(plot);
      expect(row?.review).toBe(audits[0]?.action === 'auditbindplotter:approve' ? 'approved' : 'rejected');
    }
  });
});
