import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, buildWithdrawal } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { parseAmount } from '@platter/domain';

/**
 * The calls spec doc 2 §7 lists as GET that change data here only by POST (issue 20): the GET
 * of auditwithdrawbalance and auditcancelwithdrawbalance reads the withdrawal under review with
 * its audit trail; the GETs of AddBanner, UpdateBanner and RemoveBanner answer 2008 naming the
 * POST. No GET changes anything.
 */

interface Review {
  withdrawal: { id: string; status: string; amount: string; uid: string };
  can_audit: boolean;
  can_cancel: boolean;
  trail: { action: string; target: string; admin_email: string; after: unknown }[];
}

let db: Db;
let app: ZodApp;
let admin: Browser;
let farmer: Browser;
let farmerId = '';
let withdrawalId = '';

const auditCount = async () =>
  Number(
    (
      await db
        .selectFrom('admin_audit')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
  admin = await signedInAs(app, db, 'reviewer@example.com', 'admin');
  farmer = await signedInAs(app, db, 'farmer-gets@example.com', 'user');
  farmerId = (await db.selectFrom('users').select('id').where('email', '=', 'farmer-gets@example.com').executeTakeFirstOrThrow()).id;
  const other = await buildUser(db, { balance: { CHIA: parseAmount('5', 12) } });
  withdrawalId = (await buildWithdrawal(db, other.id, { amount: '2' })).id;
  expect(farmerId).not.toBe('');
});

describe('GET auditwithdrawbalance and auditcancelwithdrawbalance: a read', () => {
  it('shows the withdrawal under review and what can be done, changing nothing', async () => {
    const owner = (await db.selectFrom('withdrawals').select('user_id').where('id', '=', withdrawalId).executeTakeFirstOrThrow()).user_id;
    const before = { audits: await auditCount(), balances: await userBalances(db, owner, 'CHIA') };
    for (const call of ['auditwithdrawbalance', 'auditcancelwithdrawbalance']) {
      const read = await admin.get<Review>(`/api/admin/${call}?id=${withdrawalId}`);
      expect(read.code, call).toBe(200);
      expect(read.data).toMatchObject({ withdrawal: { id: withdrawalId, status: 'AUDITING', amount: '2' }, can_audit: true, can_cancel: true, trail: [] });
    }
    // The GET even with the POST's fields approves nothing.
    expect((await admin.get<Review>(`/api/admin/auditwithdrawbalance?id=${withdrawalId}&approve=true`)).data.withdrawal.status).toBe('AUDITING');
    expect(await auditCount()).toBe(before.audits);
    expect(await userBalances(db, owner, 'CHIA')).toEqual(before.balances);
  });

  it('shows the audit trail once the POST has approved it: no more review, still cancellable before sending', async () => {
    const approved = await admin.post<{ done: string[] }>('/api/admin/auditwithdrawbalance', { id: withdrawalId, approve: true });
    expect(approved.data.done).toEqual([withdrawalId]);
    const read = await admin.get<Review>(`/api/admin/auditcancelwithdrawbalance?id=${withdrawalId}`);
    expect(read.data).toMatchObject({ withdrawal: { status: 'SENT_PENDING' }, can_audit: false, can_cancel: true });
    expect(read.data.trail).toEqual([
      expect.objectContaining({ action: 'approve_withdrawal', target: `withdrawal:${withdrawalId}`, admin_email: 'reviewer@example.com', after: { status: 'SENT_PENDING' } }),
    ]);
    const cancelled = await admin.post<{ done: string[] }>('/api/admin/auditcancelwithdrawbalance', { id: withdrawalId, reason: 'asked by the user' });
    expect(cancelled.data.done).toEqual([withdrawalId]);
    const after = await admin.get<Review>(`/api/admin/auditwithdrawbalance?id=${withdrawalId}`);
    expect(after.data).toMatchObject({ withdrawal: { status: 'CANCELED' }, can_audit: false, can_cancel: false });
    expect(after.data.trail.map((e) => e.action)).toEqual(['approve_withdrawal', 'cancel_withdrawal']);
  });

  it('answers an unknown withdrawal with 212, a bad id with 216, and a farmer with 218', async () => {
    expect((await admin.get('/api/admin/auditwithdrawbalance?id=999999')).code).toBe(212);
    expect((await admin.get('/api/admin/auditwithdrawbalance?id=abc')).code).toBe(216);
    expect((await farmer.get(`/api/admin/auditwithdrawbalance?id=${withdrawalId}`)).code).toBe(218);
  });
});

describe('GET AddBanner, UpdateBanner and RemoveBanner: the POST named', () => {
  it('answers 2008 with the POST path, and adds, edits or removes nothing', async () => {
    const added = await admin.post<{ id: string }>('/api/admin/AddBanner', { title: { en: 'Hello', zh: '', ru: '' }, image_url: '/banners/a.png' });
    expect(added.code).toBe(200);
    const banners = async () => (await db.selectFrom('content_banners').selectAll().execute()).map((b) => JSON.stringify(b));
    const before = await banners();
    const audits = await auditCount();
    for (const call of ['AddBanner', 'UpdateBanner', 'RemoveBanner']) {
      const res = await admin.send('GET', `/api/admin/${call}?id=${added.data?.id ?? '1'}&image=https://cdn.example.com/x.png`);
      const body = res.json<{ code: number; msg: string; data: { method: string; path: string } }>();
      expect(res.statusCode, call).toBe(200);
      expect(body.code, call).toBe(2008);
      expect(body.data).toEqual({ method: 'POST', path: `/api/admin/${call}` });
      expect(body.msg).toContain('POST');
    }
    expect(await banners()).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect((await farmer.get('/api/admin/RemoveBanner?id=1')).code).toBe(218);
  });
});
