import { holdingInterestOn, parseAmount, percentToPpm, type AppError, type FinanceProductBody } from '@platter/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { TEST_SECRET } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { systemBalance, userBalances } from '../../ledger/ledger.service.ts';
import {
  accrueDay,
  accrueDue,
  adminProduct,
  buy,
  confirmDueRedemptions,
  createProduct,
  fundBudget,
  listHoldings,
  productDetails,
  redeem,
  revokeHolding,
  revokeProduct,
  runMaturities,
  setShelf,
  updateFinanceSettings,
} from './finance.service.ts';
import { spawnScript } from '../../../test/child.ts';

let db: Db;
let databaseUrl: string;
let admin: { id: string };

beforeAll(async () => {
  ({ db, url: databaseUrl } = await testDatabase());
  admin = await buildUser(db, { role: 'admin', balance: { CHIA: XCH('10000000') } });
});

const XCH = (text: string) => parseAmount(text, 12);
let keys = 0;
const key = () => `test-key-${++keys}-${Date.now()}`;

async function balances(userId: string) {
  return (await userBalances(db, userId, 'CHIA')).get('CHIA') ?? { available: 0n, finance: 0n };
}

function productBody(overrides: Partial<FinanceProductBody> = {}): FinanceProductBody {
  return {
    name: 'Current XCH',
    type: 'HQB',
    coin: 'CHIA',
    coefficient: '1',
    term_days: 0,
    start_at: null,
    end_at: null,
    annual_rate: '36.5',
    tiers: [],
    min_amount: '1',
    quota: '0',
    lock_days: 0,
    weight: 0,
    staking_blocks: 0,
    rating: 'A',
    indefinite: true,
    verify_purchase: false,
    ...overrides,
  };
}

async function shelvedProduct(overrides: Partial<FinanceProductBody> = {}, budget = '1000') {
  const product = await createProduct(db, admin.id, productBody(overrides));
  await setShelf(db, admin.id, product.id, true);
  if (budget !== '0') await fundBudget(db, admin, { id: product.id, amount: budget, request_id: key() });
  return product;
}

const at = (text: string) => new Date(text);

describe('a current product', () => {
  it('waits on the subscription day, earns each whole day after, nothing on the redemption day, and returns the principal at T+5', async () => {
    const product = await shelvedProduct();
    const buyer = await buildUser(db, { balance: { CHIA: XCH('200') } });
    const { holding_id } = await buy(db, undefined, buyer.id, { product_id: product.id, amount: '100', request_id: key() }, at('2026-11-10T15:00:00Z'));
    expect(await balances(buyer.id)).toMatchObject({ available: XCH('100'), finance: XCH('100') });
    expect((await productDetails(db, product.id)).participants).toBe(1);

    // 36.5 % a year on 100 XCH: 0.1 XCH a day.
    expect(await accrueDay(db, product.id, '2026-11-10')).toMatchObject({ status: 'done', paid: 0n }); // the subscription day
    expect(await accrueDay(db, product.id, '2026-11-11')).toMatchObject({ status: 'done', paid: XCH('0.1') });
    expect(await accrueDay(db, product.id, '2026-11-11')).toMatchObject({ status: 'done', paid: XCH('0.1') }); // once
    expect((await balances(buyer.id)).available).toBe(XCH('100.1'));
    const [holding] = (await listHoldings(db, { userId: buyer.id }, { page: 1, count: 10 })).list;
    expect(holding).toMatchObject({ id: holding_id, status: 'interest', income: '0.1' });

    const redemption = await redeem(db, buyer.id, { id: holding_id, request_id: key() }, at('2026-11-13T09:00:00Z'));
    expect(redemption).toMatchObject({ status: 'redeeming', redemption_due_at: '2026-11-18T09:00:00.000Z' });
    await accrueDay(db, product.id, '2026-11-12');
    expect(await accrueDay(db, product.id, '2026-11-13')).toMatchObject({ paid: 0n }); // the redemption day
    expect((await balances(buyer.id)).available).toBe(XCH('100.2'));
    expect(await confirmDueRedemptions(db, at('2026-11-18T08:59:00Z'))).toBe(0);
    expect(await confirmDueRedemptions(db, at('2026-11-18T09:00:00Z'))).toBe(1);
    expect(await balances(buyer.id)).toMatchObject({ available: XCH('200.2'), finance: 0n });
    const details = await productDetails(db, product.id);
    expect(details).toMatchObject({ accumulated_income: '0.2', ordered: '0', participants: 0 });
    await expect(redeem(db, buyer.id, { id: holding_id, request_id: key() })).rejects.toMatchObject({ errorName: 'FINANCE_CANNOT_REDEEM' });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses off the shelf, below the minimum, over the quota and beyond the balance; racing buyers never pass the quota', async () => {
    const product = await shelvedProduct({ quota: '50', min_amount: '5' });
    const poor = await buildUser(db, { balance: { CHIA: XCH('3') } });
    await expect(buy(db, undefined, poor.id, { product_id: product.id, amount: '4', request_id: key() })).rejects.toMatchObject({ errorName: 'FINANCE_BELOW_MIN' });
    await expect(buy(db, undefined, poor.id, { product_id: product.id, amount: '6', request_id: key() })).rejects.toMatchObject({ errorName: 'BALANCE_INSUFFICIENT' });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => buildUser(db, { balance: { CHIA: XCH('10') } })));
    const outcomes = await Promise.allSettled(buyers.map((b) => buy(db, undefined, b.id, { product_id: product.id, amount: '10', request_id: key() })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => (o.reason as AppError).errorName);
    expect(new Set(refused)).toEqual(new Set(['FINANCE_QUOTA_EXCEEDED']));
    expect(await productDetails(db, product.id)).toMatchObject({ ordered: '50', participants: 5 });
    await setShelf(db, admin.id, product.id, false);
    await expect(buy(db, undefined, buyers[0]!.id, { product_id: product.id, amount: '5', request_id: key() })).rejects.toMatchObject({ errorName: 'FINANCE_NOT_ON_SHELF' });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('stops when the budget cannot pay a whole day, and the back office sees it', async () => {
    const product = await shelvedProduct({}, '0.15');
    const buyer = await buildUser(db, { balance: { CHIA: XCH('100') } });
    await buy(db, undefined, buyer.id, { product_id: product.id, amount: '100', request_id: key() }, at('2026-11-01T10:00:00Z'));
    expect(await accrueDay(db, product.id, '2026-11-02')).toMatchObject({ status: 'done', paid: XCH('0.1') });
    expect(await accrueDay(db, product.id, '2026-11-03')).toMatchObject({ status: 'budget_short', paid: 0n });
    const row = await db.selectFrom('finance_products').select(['budget_units', 'budget_exhausted_at']).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(BigInt(row.budget_units)).toBe(XCH('0.05'));
    expect(row.budget_exhausted_at).not.toBeNull();
    expect((await balances(buyer.id)).available).toBe(XCH('0.1'));
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('LHD tiers', () => {
  it('pay each day by the days held', async () => {
    const product = await shelvedProduct({
      annual_rate: '1',
      tiers: [
        { from_days: 0, rate: '3.65' },
        { from_days: 15, rate: '7.3' },
        { from_days: 30, rate: '10.95' },
      ],
    });
    const buyer = await buildUser(db, { balance: { CHIA: XCH('1000') } });
    await buy(db, undefined, buyer.id, { product_id: product.id, amount: '1000', request_id: key() }, at('2026-09-01T10:00:00Z'));
    const paid = async (day: string) => (await accrueDay(db, product.id, day)).paid;
    expect(await paid('2026-09-15')).toBe(XCH('0.1')); // 14 days held
    expect(await paid('2026-09-16')).toBe(XCH('0.2')); // 15
    expect(await paid('2026-10-01')).toBe(XCH('0.3')); // 30
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('the set-based accrual', () => {
  it('pays every holding exactly the domain’s holdingInterestOn, over random holdings', async () => {
    const product = await shelvedProduct({ annual_rate: '7.3', min_amount: '0.000000000001', tiers: [{ from_days: 3, rate: '11.1111' }] }, '1000000');
    const holders = await Promise.all(Array.from({ length: 4 }, () => buildUser(db, { balance: { CHIA: XCH('10000') } })));
    const planned: { userId: string; principal: bigint; day: string }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.bigInt({ min: 1n, max: XCH('50') }), fc.integer({ min: 0, max: 6 }), async (who, principal, offset) => {
        const day = `2026-08-0${1 + offset}`;
        const userId = holders[who]!.id;
        await buy(db, undefined, userId, { product_id: product.id, amount: (Number(principal) / 1e12).toFixed(12), request_id: key() }, at(`${day}T12:00:00Z`));
        const last = await db.selectFrom('finance_holdings').select('principal_units').orderBy('id', 'desc').executeTakeFirstOrThrow();
        planned.push({ userId, principal: BigInt(last.principal_units), day });
      }),
      { numRuns: 25 },
    );
    const before = await Promise.all(holders.map((h) => balances(h.id)));
    await accrueDay(db, product.id, '2026-08-09', { chunk: 3 });
    const tiers = [{ fromDays: 3, ratePpm: percentToPpm('11.1111') }];
    for (const [i, h] of holders.entries()) {
      const expected = planned
        .filter((p) => p.userId === h.id)
        .reduce((s, p) => s + holdingInterestOn('2026-08-09', { principal: p.principal, subscribedDay: p.day, untilDay: null }, { ratePpm: percentToPpm('7.3'), tiers }), 0n);
      expect((await balances(h.id)).available - before[i]!.available).toBe(expected);
    }
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('exactly once per holding and day', () => {
  it('three racing workers and one killed mid-chunk: every holding accrues once, the ledger balances', async () => {
    const product = await shelvedProduct({}, '1000');
    const holders = await Promise.all(Array.from({ length: 30 }, () => buildUser(db, { balance: { CHIA: XCH('10') } })));
    for (const h of holders) await buy(db, undefined, h.id, { product_id: product.id, amount: '10', request_id: key() }, at('2026-07-01T08:00:00Z'));
    const day = '2026-07-02';
    // A worker commits its first chunk, then is killed with SIGKILL inside its second.
    const child = spawnScript(`
      const { createDb } = await import(${JSON.stringify(new URL('../../db/database.ts', import.meta.url).pathname)});
      const { accrueDay } = await import(${JSON.stringify(new URL('./finance.service.ts', import.meta.url).pathname)});
      const { db } = createDb(${JSON.stringify(databaseUrl)}, 1);
      await accrueDay(db, '${product.id}', '${day}', { chunk: 4, beforeCommit: async (n) => { if (n === 1) { console.log('INSIDE'); await new Promise(() => {}); } } });`);
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('INSIDE') && resolve());
      child.on('exit', (code) => reject(new Error(`the child exited early (${code})`)));
    });
    const accrued = async () =>
      Number(
        (
          await db
            .selectFrom('finance_accruals')
            .select(sql<string>`count(*)`.as('n'))
            .where('product_id', '=', product.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await accrued()).toBe(4); // the first chunk committed; the second holds the run's lock
    const racing = [1, 2, 3].map(() => accrueDay(db, product.id, day, { chunk: 4 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGKILL');
    const outcomes = await Promise.all(racing);
    for (const o of outcomes) expect(o).toMatchObject({ status: 'done', paid: XCH('0.01') * 30n });
    expect(await accrued()).toBe(30);
    for (const h of holders) expect((await balances(h.id)).available).toBe(XCH('0.01'));
    const runs = await db.selectFrom('finance_accrual_runs').selectAll().where('product_id', '=', product.id).execute();
    expect(runs).toHaveLength(1);
    // The worker's daily step afterwards finds nothing left for that day.
    await accrueDue(db, at('2026-07-03T00:30:00Z'));
    expect(await accrued()).toBe(30);
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('the accrual rows without a foreign key', () => {
  it('the ledger check names an accrual row whose holding is missing or belongs to another owner', async () => {
    const product = await shelvedProduct();
    const buyer = await buildUser(db, { balance: { CHIA: XCH('10') } });
    const { holding_id } = await buy(db, undefined, buyer.id, { product_id: product.id, amount: '10', request_id: key() }, at('2026-06-01T08:00:00Z'));
    await accrueDay(db, product.id, '2026-06-02');
    expect(await checkLedger(db)).toEqual([]);
    const stray = [
      { holding_id: '987654321', day: '2026-06-02', product_id: product.id, user_id: buyer.id, amount_units: '0' },
      { holding_id, day: '2026-06-03', product_id: product.id, user_id: admin.id, amount_units: '0' },
    ];
    await db.insertInto('finance_accruals').values(stray).execute();
    const problems = await checkLedger(db);
    expect(problems.map((p) => p.detail).sort()).toEqual(
      [`accrual of holding 987654321 on 2026-06-02`, `accrual of holding ${holding_id} on 2026-06-03`].sort().map((s) => `${s} names no holding of its product and owner`),
    );
    await db.deleteFrom('finance_accruals').where('amount_units', '=', '0').where('day', 'in', ['2026-06-02', '2026-06-03']).where('user_id', 'in', [buyer.id, admin.id]).execute();
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('a saving (SXC)', () => {
  it('splits each day’s yield: the owner’s share to the holder, the miner’s to the product’s miner, the rest to the pool; the budget pays the whole yield', async () => {
    const miner = await buildUser(db);
    const product = await shelvedProduct({ name: 'XHD saving', type: 'SXC', miner_uid: miner.uid });
    expect((await adminProduct(db, product.id)).miner_uid).toBe(miner.uid);
    const minerless = await shelvedProduct({ name: 'Saving without a miner', type: 'SXC' });
    const buyer = await buildUser(db, { balance: { CHIA: XCH('200') } });
    await buy(db, undefined, buyer.id, { product_id: product.id, amount: '100', request_id: key() }, at('2026-05-01T10:00:00Z'));
    await buy(db, undefined, buyer.id, { product_id: minerless.id, amount: '100', request_id: key() }, at('2026-05-01T10:00:00Z'));
    const pool0 = await systemBalance(db, 'pool_revenue', 'CHIA');
    const budget0 = await systemBalance(db, 'finance_budget', 'CHIA');

    // 36.5 % a year on 100 XCH: a yield of 0.1 XCH a day; 94 % / 3 % (the default settings).
    expect(await accrueDay(db, product.id, '2026-05-02')).toMatchObject({ status: 'done', paid: XCH('0.1') });
    expect((await balances(buyer.id)).available).toBe(XCH('0.094'));
    expect((await balances(miner.id)).available).toBe(XCH('0.003'));
    expect((await systemBalance(db, 'pool_revenue', 'CHIA')) - pool0).toBe(XCH('0.003'));
    expect(await accrueDay(db, product.id, '2026-05-02')).toMatchObject({ status: 'done', paid: XCH('0.1') }); // once
    expect((await systemBalance(db, 'pool_revenue', 'CHIA')) - pool0).toBe(XCH('0.003'));
    // The holder's income is their share.
    const [holding] = (await listHoldings(db, { userId: buyer.id, productId: product.id }, { page: 1, count: 10 })).list;
    expect(holding).toMatchObject({ income: '0.094' });

    // No miner named: the pool takes the miner's share too.
    await accrueDay(db, minerless.id, '2026-05-02');
    expect((await balances(buyer.id)).available).toBe(XCH('0.188'));
    expect((await systemBalance(db, 'pool_revenue', 'CHIA')) - pool0).toBe(XCH('0.009'));
    expect(budget0 - (await systemBalance(db, 'finance_budget', 'CHIA'))).toBe(XCH('0.2'));

    // The shares are settings: 90 % / 5 % from now on.
    await updateFinanceSettings(db, admin.id, { settlement_hour_utc: 0, redemption_days: 5, saving_owner_share: '90', saving_miner_share: '5' });
    await accrueDay(db, product.id, '2026-05-03');
    expect((await balances(miner.id)).available).toBe(XCH('0.008'));
    expect((await systemBalance(db, 'pool_revenue', 'CHIA')) - pool0).toBe(XCH('0.014'));
    await updateFinanceSettings(db, admin.id, { settlement_hour_utc: 0, redemption_days: 5, saving_owner_share: '94', saving_miner_share: '3' });
    await expect(createProduct(db, admin.id, productBody({ type: 'SXC', miner_uid: '999999999' }))).rejects.toMatchObject({ errorName: 'USER_NOT_EXIST' });
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('a periodical product', () => {
  it('create → interest → end: principal and interest back at the end; revoked holdings and products return the principal', async () => {
    const chains = devnetRegistry(db, TEST_SECRET);
    const product = await shelvedProduct({
      type: 'DQB',
      name: 'Periodical 3 days',
      indefinite: false,
      start_at: '2026-06-02T00:00:00Z',
      end_at: '2026-06-05T00:00:00Z',
      term_days: 3,
    });
    const buyer = await buildUser(db, { balance: { CHIA: XCH('200') } });
    const quitter = await buildUser(db, { balance: { CHIA: XCH('50') } });
    await buy(db, undefined, buyer.id, { product_id: product.id, amount: '100', request_id: key() }, at('2026-06-01T10:00:00Z'));
    const quit = await buy(db, undefined, quitter.id, { product_id: product.id, amount: '50', request_id: key() }, at('2026-06-01T11:00:00Z'));
    await revokeHolding(db, quitter.id, { id: quit.holding_id, request_id: key() }, at('2026-06-01T12:00:00Z'));
    expect(await balances(quitter.id)).toMatchObject({ available: XCH('50'), finance: 0n });

    await runMaturities(db, chains, at('2026-06-02T00:05:00Z'));
    expect((await productDetails(db, product.id)).state).toBe('interest');
    await expect(buy(db, undefined, buyer.id, { product_id: product.id, amount: '10', request_id: key() })).rejects.toMatchObject({ errorName: 'FINANCE_CLOSED' });
    await accrueDue(db, at('2026-06-04T00:05:00Z')); // 06-02 and 06-03
    expect(await balances(buyer.id)).toMatchObject({ available: XCH('100'), finance: XCH('100.2') }); // kept with the principal
    expect(await checkLedger(db)).toEqual([]);
    await runMaturities(db, chains, at('2026-06-05T00:05:00Z')); // ends; 06-04 accrued; paid out
    expect((await productDetails(db, product.id)).state).toBe('end');
    expect(await balances(buyer.id)).toMatchObject({ available: XCH('200.3'), finance: 0n });
    const [holding] = (await listHoldings(db, { userId: buyer.id }, { page: 1, count: 5 })).list;
    expect(holding).toMatchObject({ status: 'ended', income: '0.3' });
    expect(await checkLedger(db)).toEqual([]);

    // The operator revokes another before it starts: every subscription returned.
    const later = await shelvedProduct({ type: 'DQB', indefinite: false, start_at: '2026-12-01T00:00:00Z', end_at: '2026-12-31T00:00:00Z' });
    await buy(db, undefined, buyer.id, { product_id: later.id, amount: '20', request_id: key() });
    await revokeProduct(db, admin.id, later.id);
    expect(await productDetails(db, later.id)).toMatchObject({ state: 'revoke', status: 'withdrawn' });
    expect(await balances(buyer.id)).toMatchObject({ available: XCH('200.3'), finance: 0n });
    await expect(revokeProduct(db, admin.id, product.id)).rejects.toMatchObject({ errorName: 'FINANCE_STATE' });
    const audit = await db.selectFrom('admin_audit').select('action').where('target', '=', `finance_product:${later.id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['finance.product.create', 'finance.product.shelve', 'finance.budget.fund', 'finance.product.revoke']));
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('staking', () => {
  it('collects to the quota, locks at the chain’s height, earns while locked and unlocks when the blocks are done', async () => {
    const chains = devnetRegistry(db, TEST_SECRET);
    await sql`INSERT INTO devnet_chain (coin, height) VALUES ('CHIA', 100) ON CONFLICT (coin) DO UPDATE SET height = 100`.execute(db);
    const product = await shelvedProduct({ type: 'LOCK', name: 'Staking', quota: '100', staking_blocks: 10 });
    const a = await buildUser(db, { balance: { CHIA: XCH('60') } });
    const b = await buildUser(db, { balance: { CHIA: XCH('40') } });
    await buy(db, undefined, a.id, { product_id: product.id, amount: '60', request_id: key() }, at('2026-05-01T10:00:00Z'));
    await runMaturities(db, chains, at('2026-05-01T11:00:00Z'));
    expect((await productDetails(db, product.id, chains)).state).toBe('collecting');
    await buy(db, undefined, b.id, { product_id: product.id, amount: '40', request_id: key() }, at('2026-05-01T12:00:00Z'));
    await runMaturities(db, chains, at('2026-05-01T13:00:00Z'));
    expect(await productDetails(db, product.id, chains)).toMatchObject({ state: 'locked', status: 'interest_bearing', blocks_left: 10 });
    await accrueDue(db, at('2026-05-03T00:05:00Z')); // 05-02 earns (05-01 is the lock day)
    expect(await balances(a.id)).toMatchObject({ finance: XCH('60.06') });
    await sql`UPDATE devnet_chain SET height = 107 WHERE coin = 'CHIA'`.execute(db);
    expect((await listHoldings(db, { userId: a.id }, { page: 1, count: 5 }, chains)).list[0]).toMatchObject({ status: 'locked', blocks_left: 3 });
    await sql`UPDATE devnet_chain SET height = 110 WHERE coin = 'CHIA'`.execute(db);
    await runMaturities(db, chains, at('2026-05-03T06:00:00Z')); // unlocked; 05-02 was the last day
    expect(await balances(a.id)).toMatchObject({ available: XCH('60.06'), finance: 0n });
    expect(await balances(b.id)).toMatchObject({ available: XCH('40.04'), finance: 0n });
    expect((await productDetails(db, product.id, chains)).state).toBe('unlocked');
    expect(await checkLedger(db)).toEqual([]);
  });
});
