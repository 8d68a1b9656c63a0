import { ERR, type CooperationPool, type Deal } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { credit } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { systemBalance, userBalances } from '../../ledger/ledger.service.ts';
import { advanceDeals } from './cooperation.service.ts';

/**
 * Cooperation pools and deals over HTTP on the real database (issue 22): opening a CO pool,
 * converting balance to cooperation and returning it, every input's error code, the deals'
 * transitions (the users' moves and the job's clock) with their money, and the races — two
 * conversions on one balance, two returns of one cooperation, two moves of one deal — after
 * which nothing is doubled, nothing negative and `ledger check` is clean.
 */

let db: Db;
const BHD = 100_000_000n;
const XHD = 100_000_000n;

async function signedUser(app: Awaited<ReturnType<typeof testApp>>, email: string, balances: Record<string, bigint> = {}): Promise<{ browser: Browser; id: string }> {
  const browser = await signedInAs(app, db, email, 'user');
  const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  for (const [coin, amount] of Object.entries(balances)) await credit(db, id, coin, amount);
  return { browser, id };
}

const buckets = async (id: string, coin: string) => (await userBalances(db, id, coin)).get(coin);
const poolOf = async (b: Browser, pool: string) => (await b.get<{ list: CooperationPool[] }>('/api/cooperation/pools')).data.list.find((p) => p.pool === pool);

let app: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
});

describe('opening a cooperation pool (/center/open)', () => {
  it('lists the BHD-family CO pools with their config and the coin’s minimum (XHD 8000)', async () => {
    const { browser } = await signedUser(app, 'coop-list@example.com');
    const list = (await browser.get<{ list: CooperationPool[] }>('/api/cooperation/pools')).data.list;
    expect(list.map((p) => p.pool)).toEqual(expect.arrayContaining(['bhd_co', 'lhd_co', 'hdd_co', 'xhd_co']));
    expect(list.every((p) => p.pool.endsWith('_co') || p.pool === 'depinc')).toBe(true);
    expect(list.find((p) => p.pool === 'xhd_co')).toMatchObject({ min_amount: '8000', status: 'NONE', deposit_mortgage_free_balance: '0', owner_bp: 9400, miner_bp: 300 });
    expect(list.find((p) => p.pool === 'bhd_co')).toMatchObject({ min_amount: '1', coop_ratio_bp: 5000, fee_bp: 1000, mode: 'PPLNS', payment_time: '00:00', withdraw_audit: true });
  });

  it('opens with an integer amount, freezing it; converts more; returns part and closes with the rest', async () => {
    const { browser, id } = await signedUser(app, 'coop-owner@example.com', { BHD: 100n * BHD });
    const opened = await browser.post<CooperationPool>('/api/cooperation/open', { pool: 'bhd_co', amount: '30' });
    expect(opened.code).toBe(200);
    expect(opened.data).toMatchObject({ status: 'OPEN', deposit_mortgage_free_balance: '30', available: '70' });
    expect(await buckets(id, 'BHD')).toMatchObject({ available: 70n * BHD, cooperation: 30n * BHD });
    // A second open of an open pool is refused; a deposit adds to it.
    expect((await browser.post('/api/cooperation/open', { pool: 'bhd_co', amount: '5' })).code).toBe(ERR.INVALID_PARAMETER);
    expect((await browser.post<CooperationPool>('/api/cooperation/deposit', { pool: 'bhd_co', amount: '20' })).data).toMatchObject({
      deposit_mortgage_free_balance: '50',
      available: '50',
    });
    const returned = await browser.post<CooperationPool>('/api/cooperation/return', { pool: 'bhd_co', amount: '45' });
    expect(returned.data).toMatchObject({ status: 'OPEN', deposit_mortgage_free_balance: '5', available: '95' });
    const closed = await browser.post<CooperationPool>('/api/cooperation/return', { pool: 'bhd_co', amount: '5' });
    expect(closed.data).toMatchObject({ status: 'CLOSED', deposit_mortgage_free_balance: '0', available: '100', opened_at: null });
    expect(await buckets(id, 'BHD')).toMatchObject({ available: 100n * BHD, cooperation: 0n });
    // Closed: a deposit needs an open pool.
    expect((await browser.post('/api/cooperation/deposit', { pool: 'bhd_co', amount: '1' })).code).toBe(ERR.MORTGAGE_POOL_NOT_OPEN);
    const logs = (await browser.get<{ list: { kind: string; amount: string; balance: string }[] }>('/api/cooperation/logs?page=1&count=10')).data.list;
    expect(logs.map((l) => [l.kind, l.amount, l.balance])).toEqual([
      ['return', '5', '0'],
      ['return', '45', '5'],
      ['deposit', '20', '50'],
      ['open', '30', '30'],
    ]);
    // The bill shows the movements under their own kinds.
    const kinds = await db.selectFrom('ledger_transactions').select('kind').where('reference', 'like', 'cooperation:%').execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['cooperation_freeze', 'cooperation_freeze', 'cooperation_return', 'cooperation_return']);
  });

  it('answers the spec’s codes: not an integer 11306, below the minimum 11307, balance short 10101, unknown pool, a return leaving less than the minimum', async () => {
    const { browser, id } = await signedUser(app, 'coop-codes@example.com', { XHD: 9000n * XHD, BHD: 3n * BHD });
    for (const amount of ['1.5', '-1', '1e3', 'abc', ''])
      expect((await browser.post('/api/cooperation/open', { pool: 'xhd_co', amount })).code, amount).toBe(ERR.MORTGAGE_NOT_INTEGER);
    expect((await browser.post('/api/cooperation/open', { pool: 'xhd_co', amount: '7999' })).code).toBe(ERR.MORTGAGE_BELOW_MIN);
    expect((await browser.post('/api/cooperation/open', { pool: 'xhd_co', amount: '0' })).code).toBe(ERR.MORTGAGE_AMOUNT_TOO_SMALL);
    expect((await browser.post('/api/cooperation/open', { pool: 'bhd_co', amount: '4' })).code).toBe(ERR.BALANCE_INSUFFICIENT);
    expect((await browser.post('/api/cooperation/open', { pool: 'bhd', amount: '1' })).code).toBe(ERR.POOL_NOT_FOUND);
    expect((await browser.post('/api/cooperation/open', { pool: 'chia', amount: '1' })).code).toBe(ERR.POOL_NOT_FOUND);
    expect((await browser.post<CooperationPool>('/api/cooperation/open', { pool: 'xhd_co', amount: '8500' })).data.deposit_mortgage_free_balance).toBe('8500');
    expect((await browser.post('/api/cooperation/return', { pool: 'xhd_co', amount: '501' })).code).toBe(ERR.MORTGAGE_BELOW_MIN);
    expect((await browser.post('/api/cooperation/return', { pool: 'xhd_co', amount: '9000' })).code).toBe(ERR.MORTGAGE_BALANCE_INSUFFICIENT);
    // The XHD minimum's other reading (1) is the setting.
    await db.insertInto('cooperation_settings').values({ coin: 'XHD', min_whole: '1', owner_bp: 9400, miner_bp: 300, deal_margin_bp: 2000, deal_term_days: 30 }).execute();
    expect((await poolOf(browser, 'xhd_co'))?.min_amount).toBe('1');
    expect((await browser.post('/api/cooperation/return', { pool: 'xhd_co', amount: '8499' })).code).toBe(200);
    await db.deleteFrom('cooperation_settings').where('coin', '=', 'XHD').execute();
    expect(await buckets(id, 'XHD')).toMatchObject({ available: 8999n * XHD, cooperation: 1n * XHD });
    // The assets page's frozen figure includes the cooperation.
    const assets = await browser.get<{ list: { type: string; frozen: string; total: string }[] }>('/api/assets/totalassets');
    expect(assets.data.list.find((a) => a.type === 'XHD')).toMatchObject({ frozen: '1', total: '9000' });
    expect((await app.inject({ method: 'GET', url: '/api/cooperation/pools' })).json()).toMatchObject({ code: ERR.NOT_LOGGED_IN });
  });

  it('races: two conversions on a balance that covers one, and two returns of one cooperation — nothing doubled, nothing negative', async () => {
    const { browser, id } = await signedUser(app, 'coop-race@example.com', { BHD: 10n * BHD });
    // Two opens of one pool at once: one opens, the other finds it open.
    const opens = await Promise.all([
      browser.post<CooperationPool>('/api/cooperation/open', { pool: 'bhd_co', amount: '7' }),
      browser.post<CooperationPool>('/api/cooperation/open', { pool: 'bhd_co', amount: '7' }),
    ]);
    expect(opens.map((o) => o.code).sort()).toEqual([200, ERR.INVALID_PARAMETER].sort());
    // Two conversions on a balance (3 left) that covers one.
    const [c, d] = await Promise.all([
      browser.post<CooperationPool>('/api/cooperation/deposit', { pool: 'bhd_co', amount: '2' }),
      browser.post<CooperationPool>('/api/cooperation/deposit', { pool: 'bhd_co', amount: '2' }),
    ]);
    expect([c.code, d.code].sort()).toEqual([200, ERR.BALANCE_INSUFFICIENT].sort());
    expect(await buckets(id, 'BHD')).toMatchObject({ available: 1n * BHD, cooperation: 9n * BHD });
    const [e, f] = await Promise.all([
      browser.post<CooperationPool>('/api/cooperation/return', { pool: 'bhd_co', amount: '9' }),
      browser.post<CooperationPool>('/api/cooperation/return', { pool: 'bhd_co', amount: '9' }),
    ]);
    expect([e.code, f.code].sort()).toEqual([200, ERR.MORTGAGE_POOL_NOT_OPEN].sort());
    expect(await buckets(id, 'BHD')).toMatchObject({ available: 10n * BHD, cooperation: 0n });
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('deals (spec doc 1 §4 deal pointing, §6 roles)', () => {
  const act = (b: Browser, id: string, action: string) => b.post<Deal>('/api/cooperation/deal/action', { id, action });

  it('walks DEAL_VALID → … → DEAL_REDEEMED: the owner’s amount and the miner’s margin frozen and back', async () => {
    const owner = await signedUser(app, 'deal-owner@example.com', { BHD: 1000n * BHD });
    const miner = await signedUser(app, 'deal-miner@example.com', { BHD: 100n * BHD });
    const offered = await owner.browser.post<Deal>('/api/cooperation/deal/offer', { pool: 'bhd_co', amount: '500' });
    expect(offered.data).toMatchObject({ status: 'DEAL_VALID', role: 'owner', amount: '500', margin: '100', owner_bp: 9400, miner_bp: 300 });
    const id = offered.data.id;
    expect(await buckets(owner.id, 'BHD')).toMatchObject({ available: 500n * BHD, cooperation: 500n * BHD });
    expect((await miner.browser.get<{ list: Deal[] }>('/api/cooperation/deals?scope=offers')).data.list.map((d) => d.id)).toContain(id);
    // The owner cannot take their own offer; the miner cannot accept for the owner.
    expect((await act(owner.browser, id, 'take')).code).toBe(ERR.INVALID_PARAMETER);
    expect((await act(miner.browser, id, 'take')).data).toMatchObject({ status: 'DEAL_PENDING', role: 'miner' });
    expect((await act(miner.browser, id, 'accept')).code).toBe(ERR.MORTGAGE_NOT_FOUND);
    expect((await act(owner.browser, id, 'accept')).data).toMatchObject({ status: 'DEAL_LOCKED', margin_held: true });
    expect(await buckets(miner.id, 'BHD')).toMatchObject({ available: 0n, cooperation: 100n * BHD });
    // A locked deal cannot be withdrawn.
    expect((await act(owner.browser, id, 'withdraw')).code).toBe(ERR.INVALID_PARAMETER);
    // The clock: in force, earning from the next UTC day, over after its term (30 days), unlocked, redeemed.
    const status = async () => (await db.selectFrom('deals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const t0 = new Date('2030-01-10T12:00:00Z');
    await advanceDeals(db, t0);
    expect(await status()).toBe('DEAL_SUCCESS');
    await db.updateTable('deals').set({ success_at: t0 }).where('id', '=', id).execute();
    await advanceDeals(db, new Date('2030-01-10T23:59:00Z'));
    expect(await status()).toBe('DEAL_SUCCESS');
    await advanceDeals(db, new Date('2030-01-11T00:00:00Z'));
    expect(await status()).toBe('DEAL_INTEREST_START');
    await db
      .updateTable('deals')
      .set({ interest_start_at: new Date('2030-01-11T00:00:00Z') })
      .where('id', '=', id)
      .execute();
    await advanceDeals(db, new Date('2030-02-09T23:00:00Z'));
    expect(await status()).toBe('DEAL_INTEREST_START');
    const end = new Date('2030-02-10T00:00:00Z');
    for (const expected of ['DEAL_INTEREST_END', 'DEAL_UNLOCK_PENDING', 'DEAL_UNLOCKED', 'DEAL_REDEEMED']) {
      await advanceDeals(db, end);
      expect(await status()).toBe(expected);
    }
    expect(await buckets(owner.id, 'BHD')).toMatchObject({ available: 1000n * BHD, cooperation: 0n });
    expect(await buckets(miner.id, 'BHD')).toMatchObject({ available: 100n * BHD, cooperation: 0n });
    expect(await advanceDeals(db, end)).toBe(0);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('DEAL_BROKEN suspends the deal and deducts the margin; a new margin resumes it; a broken deal may be ended', async () => {
    const owner = await signedUser(app, 'broken-owner@example.com', { BHD: 100n * BHD });
    const miner = await signedUser(app, 'broken-miner@example.com', { BHD: 50n * BHD });
    const id = (await owner.browser.post<Deal>('/api/cooperation/deal/offer', { pool: 'bhd_co', amount: '100' })).data.id;
    await act(miner.browser, id, 'take');
    await act(owner.browser, id, 'accept');
    await advanceDeals(db, new Date());
    const revenueBefore = await systemBalance(db, 'pool_revenue', 'BHD');
    // Only the miner breaks it.
    expect((await act(owner.browser, id, 'break')).code).toBe(ERR.MORTGAGE_NOT_FOUND);
    const broken = await act(miner.browser, id, 'break');
    expect(broken.data).toMatchObject({ status: 'DEAL_BROKEN', margin_held: false, penalty: '20' });
    expect(await systemBalance(db, 'pool_revenue', 'BHD')).toBe(revenueBefore + 20n * BHD);
    expect(await buckets(miner.id, 'BHD')).toMatchObject({ available: 30n * BHD, cooperation: 0n });
    // Margin required: the miner puts it up again and the deal earns again.
    expect((await act(miner.browser, id, 'remargin')).data).toMatchObject({ status: 'DEAL_INTEREST_START', margin_held: true });
    expect(await buckets(miner.id, 'BHD')).toMatchObject({ available: 10n * BHD, cooperation: 20n * BHD });
    // Broken again: the second margin is deducted too, and with no balance for a third, the owner ends it.
    await act(miner.browser, id, 'break');
    expect((await act(miner.browser, id, 'remargin')).code).toBe(ERR.BALANCE_INSUFFICIENT);
    expect((await act(owner.browser, id, 'unlock')).data).toMatchObject({ status: 'DEAL_UNLOCK_PENDING', penalty: '40' });
    await advanceDeals(db, new Date());
    await advanceDeals(db, new Date());
    expect((await owner.browser.get<{ list: Deal[] }>('/api/cooperation/deals')).data.list.find((d) => d.id === id)?.status).toBe('DEAL_REDEEMED');
    expect(await buckets(owner.id, 'BHD')).toMatchObject({ available: 100n * BHD, cooperation: 0n });
    expect(await buckets(miner.id, 'BHD')).toMatchObject({ available: 10n * BHD, cooperation: 0n });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('an offer nobody locked is withdrawn with the amount back; races: two breaks, two takes, two withdrawals of one deal move once', async () => {
    const owner = await signedUser(app, 'race-owner@example.com', { BHD: 100n * BHD });
    const m1 = await signedUser(app, 'race-m1@example.com', { BHD: 100n * BHD });
    const m2 = await signedUser(app, 'race-m2@example.com', { BHD: 100n * BHD });
    const first = (await owner.browser.post<Deal>('/api/cooperation/deal/offer', { pool: 'bhd_co', amount: '50' })).data.id;
    const takes = await Promise.all([act(m1.browser, first, 'take'), act(m2.browser, first, 'take')]);
    expect(takes.map((t) => t.code).sort()).toEqual([200, ERR.INVALID_PARAMETER].sort());
    const withdrawals = await Promise.all([act(owner.browser, first, 'withdraw'), act(owner.browser, first, 'withdraw')]);
    expect(withdrawals.map((t) => t.code).sort()).toEqual([200, ERR.INVALID_PARAMETER].sort());
    expect(await buckets(owner.id, 'BHD')).toMatchObject({ available: 100n * BHD, cooperation: 0n });

    const second = (await owner.browser.post<Deal>('/api/cooperation/deal/offer', { pool: 'bhd_co', amount: '50' })).data.id;
    await act(m1.browser, second, 'take');
    await act(owner.browser, second, 'accept');
    const breaks = await Promise.all([act(m1.browser, second, 'break'), act(m1.browser, second, 'break')]);
    expect(breaks.map((t) => t.code).sort()).toEqual([200, ERR.INVALID_PARAMETER].sort());
    expect((await db.selectFrom('deals').select('penalty_units').where('id', '=', second).executeTakeFirstOrThrow()).penalty_units).toBe((10n * BHD).toString());
    // Two workers' passes of the clock at once: each move is made once (the second finds the first's state), the amount comes back once.
    await act(owner.browser, second, 'unlock');
    const [x, y] = await Promise.all([advanceDeals(db), advanceDeals(db)]);
    expect(x + y).toBeGreaterThanOrEqual(1);
    await advanceDeals(db);
    expect((await db.selectFrom('deals').select('status').where('id', '=', second).executeTakeFirstOrThrow()).status).toBe('DEAL_REDEEMED');
    expect(await db.selectFrom('ledger_transactions').select('kind').where('reference', '=', `deal:${second}`).where('kind', '=', 'deal_redeem').execute()).toHaveLength(1);
    expect(await buckets(owner.id, 'BHD')).toMatchObject({ available: 100n * BHD, cooperation: 0n });
    expect(await buckets(m1.id, 'BHD')).toMatchObject({ available: 90n * BHD, cooperation: 0n });
    expect(await checkLedger(db)).toEqual([]);
    for (const who of [owner, m1, m2]) {
      const b = await buckets(who.id, 'BHD');
      for (const v of Object.values(b ?? {})) expect(v >= 0n).toBe(true);
    }
  });
});
