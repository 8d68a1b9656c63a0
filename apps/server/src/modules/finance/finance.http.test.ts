import { ERR, parseAmount } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { credit, runWorkerRound } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import type { AdminFinanceProduct, FinanceHolding, FinanceProduct } from '@platter/domain';

/** The finance calls over HTTP (issue 23): the back office's products and budgets, a user's buying and redemption, and every input's validation. */

let db: Db;
let admin: Browser;
let alice: Browser;
let aliceId: string;

beforeAll(async () => {
  ({ db } = await testDatabase());
  const app = await testApp(db);
  admin = await signedInAs(app, db, 'finance-admin@example.com', 'admin');
  alice = await signedInAs(app, db, 'finance-alice@example.com', 'user');
  const ids = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['finance-admin@example.com', 'finance-alice@example.com']).execute();
  const adminId = ids.find((r) => r.email === 'finance-admin@example.com')!.id;
  aliceId = ids.find((r) => r.email === 'finance-alice@example.com')!.id;
  await credit(db, adminId, 'CHIA', parseAmount('1000', 12));
  await credit(db, aliceId, 'CHIA', parseAmount('100', 12));
});

const product = {
  name: 'Current XCH',
  type: 'HQB',
  coin: 'CHIA',
  annual_rate: '36.5',
  min_amount: '1',
  quota: '500',
  indefinite: true,
};
let seq = 0;
const rid = () => `finance-http-${++seq}`;

describe('the back office’s products', () => {
  let id: string;

  it('creates (off the shelf), funds, shelves, and the public list shows it; users cannot call the back office', async () => {
    const created = await admin.post<AdminFinanceProduct>('/api/admin/finance/product', product);
    expect(created.code).toBe(200);
    id = created.data.id;
    expect(created.data).toMatchObject({ on_shelf: false, status: 'withdrawn', state: 'open', annual_rate: '36.5', quota: '500', budget: '0' });
    expect((await alice.get<{ list: FinanceProduct[] }>('/api/finance/products')).data.list.map((p) => p.id)).not.toContain(id);
    expect((await admin.post('/api/admin/finance/fund', { id, amount: '10', request_id: rid() })).code).toBe(200);
    const shelved = await admin.post<AdminFinanceProduct>('/api/admin/finance/shelf', { id, on_shelf: true });
    expect(shelved.data).toMatchObject({ on_shelf: true, status: 'on_shelf', budget: '10' });
    const list = await alice.get<{ list: FinanceProduct[] }>('/api/finance/products');
    expect(list.data.list.find((p) => p.id === id)).toMatchObject({ name: 'Current XCH', type: 'HQB', redemption_days: 5 });
    expect(list.data.list[0]).not.toHaveProperty('budget');
    expect((await alice.post('/api/admin/finance/product', product)).code).toBe(ERR.ACCESS_FORBIDDEN);
    const audit = await db.selectFrom('admin_audit').select('action').where('target', '=', `finance_product:${id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['finance.product.create', 'finance.budget.fund', 'finance.product.shelve']);
  });

  it('a user buys, sees the holding, accrues through the worker’s job and redeems with the expected date', async () => {
    const bought = await alice.post<{ holding_id: string }>('/api/finance/buy', { product_id: id, amount: '50', request_id: rid() });
    expect(bought.code).toBe(200);
    // The same request again answers the first result and buys nothing more.
    const holdings = await alice.get<{ list: FinanceHolding[] }>('/api/finance/holdings');
    expect(holdings.data.list).toHaveLength(1);
    expect(holdings.data.list[0]).toMatchObject({ amount: '50', status: 'waiting', income: '0' });
    // The job through the engine: nothing earns on the subscription day.
    await runWorkerRound(db, ['finance-accrual']);
    const redeemed = await alice.post<{ redemption_due_at: string }>('/api/finance/redeem', { id: bought.data.holding_id, request_id: rid() });
    expect(redeemed.code).toBe(200);
    expect(Date.parse(redeemed.data.redemption_due_at) - Date.now()).toBeGreaterThan(4.9 * 86_400_000);
    expect((await alice.post('/api/finance/redeem', { id: bought.data.holding_id, request_id: rid() })).code).toBe(ERR.FINANCE_CANNOT_REDEEM);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses bad input with the catalogue’s codes, never a 5xx', async () => {
    const cases: [Browser, string, unknown, number][] = [
      [alice, '/api/finance/buy', { product_id: id, amount: '1'.repeat(30), request_id: rid() }, ERR.AMOUNT_INVALID],
      [alice, '/api/finance/buy', { product_id: id, amount: '1\u0000', request_id: rid() }, ERR.INVALID_PARAMETER],
      [alice, '/api/finance/buy', { product_id: id, amount: '-1', request_id: rid() }, ERR.AMOUNT_INVALID],
      [alice, '/api/finance/buy', { product_id: id, amount: '0.0000000000001', request_id: rid() }, ERR.AMOUNT_INVALID],
      [alice, '/api/finance/buy', { product_id: '9'.repeat(30), amount: '1', request_id: rid() }, ERR.INVALID_PARAMETER],
      [alice, '/api/finance/buy', { product_id: '999999', amount: '1', request_id: rid() }, ERR.FINANCE_PRODUCT_NOT_FOUND],
      [alice, '/api/finance/buy', { product_id: id, amount: '0.5', request_id: rid() }, ERR.FINANCE_BELOW_MIN],
      [alice, '/api/finance/buy', { product_id: id, amount: '501', request_id: rid() }, ERR.FINANCE_QUOTA_EXCEEDED],
      [alice, '/api/finance/buy', { product_id: id, amount: '99', request_id: rid() }, ERR.BALANCE_INSUFFICIENT],
      [alice, '/api/finance/redeem', { id: 'x\u0000', request_id: rid() }, ERR.INVALID_PARAMETER],
      [admin, '/api/admin/finance/product', { ...product, name: 'bad\u0000name' }, ERR.INVALID_PARAMETER],
      [admin, '/api/admin/finance/product', { ...product, min_amount: '9'.repeat(30) }, ERR.AMOUNT_INVALID],
      [admin, '/api/admin/finance/product', { ...product, annual_rate: '5.12345' }, ERR.INVALID_PARAMETER],
      [admin, '/api/admin/finance/product', { ...product, type: 'XYZ' }, ERR.INVALID_PARAMETER],
      [admin, '/api/admin/finance/product', { ...product, coin: 'NOPE' }, ERR.COIN_NOT_FOUND],
      [
        admin,
        '/api/admin/finance/product',
        {
          ...product,
          tiers: [
            { from_days: 15, rate: '1' },
            { from_days: 15, rate: '2' },
          ],
        },
        ERR.INVALID_PARAMETER,
      ],
      [admin, '/api/admin/finance/fund', { id, amount: '1'.repeat(30), request_id: rid() }, ERR.AMOUNT_INVALID],
      [admin, '/api/admin/finance/fund', { id, amount: '100000', request_id: rid() }, ERR.BALANCE_INSUFFICIENT],
      [admin, '/api/admin/finance/settings', { settlement_hour_utc: 6, redemption_days: 5, saving_owner_share: '94', saving_miner_share: '3' }, ERR.INVALID_PARAMETER],
      [admin, '/api/admin/finance/settings', { settlement_hour_utc: 0, redemption_days: 5, saving_owner_share: '98', saving_miner_share: '3' }, ERR.INVALID_PARAMETER],
      [admin, '/api/admin/finance/revoke', { id }, ERR.FINANCE_STATE],
    ];
    for (const [who, url, body, code] of cases) {
      const answer = await who.post(url, body);
      expect(answer.code, `${url} ${JSON.stringify(body)}`).toBe(code);
    }
    expect((await alice.get('/api/finance/product?id=%00')).code).toBe(ERR.INVALID_PARAMETER);
    expect((await alice.get('/api/finance/holdings?count=500')).code).toBe(ERR.COUNT_OUT_OF_RANGE);
  });

  it('the settings: the accrual hour (0 or 12), T+N and the saving shares, audited', async () => {
    const set = await admin.post('/api/admin/finance/settings', { settlement_hour_utc: 12, redemption_days: 3, saving_owner_share: '94', saving_miner_share: '3' });
    expect(set).toMatchObject({ code: 200, data: { settlement_hour_utc: 12, redemption_days: 3, saving_owner_share: '94', saving_miner_share: '3' } });
    expect((await db.selectFrom('admin_audit').select('action').where('action', '=', 'finance.settings').execute()).length).toBe(1);
  });
});
