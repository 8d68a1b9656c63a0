import { AppError, ERR, parseAmount, type MortgageLog } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildAddress, buildUser, credit, testWallet } from '../../../test/factories.ts';
import { devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction, userBalances } from '../../ledger/ledger.service.ts';
import { totalAssets } from '../wallet/ledger-views.ts';
import { moveToBalance, moveToMortgage, mortgageCoins } from './mortgage.service.ts';

/** Mortgage (issue 22) on the real database: the calls over HTTP, the T+1 and 7-day rules, the ledger, and a mortgage racing a withdrawal. */

let db: Db;
let app: Awaited<ReturnType<typeof testApp>>;
let admin: Browser;
let alice: Browser;
let aliceId: string;

const MASS = (text: string) => parseAmount(text, 8);

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
  admin = await signedInAs(app, db, 'mortgage-admin@example.com', 'admin');
  alice = await signedInAs(app, db, 'mortgage-alice@example.com', 'user');
  aliceId = (await db.selectFrom('users').select('id').where('email', '=', 'mortgage-alice@example.com').executeTakeFirstOrThrow()).id;
  await credit(db, aliceId, 'MASS', MASS('100'));
});

let seq = 0;
const rid = () => `mortgage-test-${++seq}`;

async function buckets(userId: string, coin = 'MASS') {
  const b = (await userBalances(db, userId, coin)).get(coin);
  return { available: b?.available ?? 0n, mortgage: b?.mortgage ?? 0n };
}

async function expectCode(promise: Promise<unknown>, name: string) {
  await expect(promise).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.errorName === name);
}

describe('the mortgage calls over HTTP', () => {
  it('moves the available balance into mortgage once per key: one balanced mortgage_lock, T+1, back after 7 days', async () => {
    const body = { coin: 'mass', amount: '40', request_id: rid() };
    const [a, b] = await Promise.all([
      alice.post<{ id: string; mortgage: string; effective_day: string; unlock_at: number }>('/api/assets/freebalancetomort', body),
      alice.post('/api/assets/freebalancetomort', body),
    ]);
    expect(a.code).toBe(200);
    expect(b.data).toEqual(a.data);
    expect(a.data.mortgage).toBe('40');
    const made = await db.selectFrom('mortgage_logs').selectAll().where('id', '=', a.data.id).executeTakeFirstOrThrow();
    expect(a.data.effective_day).toBe(new Date(made.created_at.getTime() + 86_400_000).toISOString().slice(0, 10));
    expect(a.data.unlock_at).toBe(Math.floor(made.created_at.getTime() / 1000) + 7 * 86_400);
    expect(await buckets(aliceId)).toEqual({ available: MASS('60'), mortgage: MASS('40') });
    const tx = await db.selectFrom('ledger_transactions').select(['id', 'kind']).where('id', '=', made.transaction_id).executeTakeFirstOrThrow();
    expect(tx.kind).toBe('mortgage_lock');
    // The same key with another amount is refused; the balance is untouched.
    expect((await alice.post('/api/assets/freebalancetomort', { ...body, amount: '41' })).code).toBe(ERR.IDEMPOTENCY_KEY_REUSED);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('shows the mortgage on the assets figures: frozen = collateral + margin, total counts the mortgage', async () => {
    const mass = (await totalAssets(db, aliceId)).list.find((a) => a.type === 'MASS');
    expect(mass).toMatchObject({ available: '60', mortgage: '40', frozen: '0', total: '100' });
    const view = await alice.get<{
      list: { coin: string; mortgage: string; pending: string; effective: string; returnable: string; lock_threshold: string; max_earning_rank: number }[];
    }>('/api/assets/mortgage');
    expect(view.data.list.find((c) => c.coin === 'MASS')).toMatchObject({
      mortgage: '40',
      pending: '40',
      effective: '0',
      returnable: '0',
      lock_threshold: '2048',
      max_earning_rank: 30,
    });
    // Coins the operator has not opened are not offered.
    expect(view.data.list.map((c) => c.coin)).not.toContain('CHIA');
  });

  it('refuses a return before 7 days (11304), more than is in mortgage (11302), and an amount of nothing (11301)', async () => {
    expect((await alice.post('/api/assets/morttofreebalance', { coin: 'MASS', amount: '1', request_id: rid() })).code).toBe(11304);
    expect((await alice.post('/api/assets/morttofreebalance', { coin: 'MASS', amount: '41', request_id: rid() })).code).toBe(11302);
    expect((await alice.post('/api/assets/morttofreebalance', { coin: 'MASS', amount: '0', request_id: rid() })).code).toBe(11301);
    expect(await buckets(aliceId)).toEqual({ available: MASS('60'), mortgage: MASS('40') });
  });

  it('refuses a coin that takes no mortgage (11305), more than the available balance (11302), and bad input with its code', async () => {
    await credit(db, aliceId, 'CHIA', parseAmount('5', 12));
    expect((await alice.post('/api/assets/freebalancetomort', { coin: 'CHIA', amount: '1', request_id: rid() })).code).toBe(11305);
    expect((await alice.post('/api/assets/freebalancetomort', { coin: 'MASS', amount: '61', request_id: rid() })).code).toBe(11302);
    expect((await alice.post('/api/assets/freebalancetomort', { coin: 'MASS', amount: '-1', request_id: rid() })).code).toBe(ERR.AMOUNT_INVALID);
    expect((await alice.post('/api/assets/freebalancetomort', { coin: 'MASS', amount: '1.000000001', request_id: rid() })).code).toBe(ERR.AMOUNT_INVALID);
    expect((await alice.post('/api/assets/freebalancetomort', { coin: 'NOPE', amount: '1', request_id: rid() })).code).toBe(ERR.COIN_NOT_FOUND);
    expect((await alice.post('/api/assets/freebalancetomort', { coin: 'MASS', amount: '1', request_id: 'x' })).code).toBe(ERR.INVALID_PARAMETER);
    expect(await buckets(aliceId)).toEqual({ available: MASS('60'), mortgage: MASS('40') });
  });

  it('returns after 7 days (the dev clock), oldest lot first, one balanced mortgage_unlock', async () => {
    const second = await alice.post<{ id: string }>('/api/assets/freebalancetomort', { coin: 'MASS', amount: '10', request_id: rid() });
    const first = await db.selectFrom('mortgage_logs').select('id').where('user_id', '=', aliceId).where('type', '=', 'to_mortgage').orderBy('id').executeTakeFirstOrThrow();
    await db
      .updateTable('mortgage_logs')
      .set({ unlock_at: new Date(Date.now() - 1000), effective_day: '2026-01-01' })
      .where('id', '=', first.id)
      .execute();
    // 41 would reach into the second lot, which is not 7 days old.
    expect((await alice.post('/api/assets/morttofreebalance', { coin: 'MASS', amount: '41', request_id: rid() })).code).toBe(11304);
    const back = await alice.post<{ mortgage: string }>('/api/assets/morttofreebalance', { coin: 'MASS', amount: '25', request_id: rid() });
    expect(back.code).toBe(200);
    expect(back.data.mortgage).toBe('25');
    const lots = await db.selectFrom('mortgage_logs').select(['id', 'remaining_units']).where('id', 'in', [first.id, second.data.id]).orderBy('id').execute();
    expect(lots.map((l) => l.remaining_units)).toEqual([MASS('15').toString(), MASS('10').toString()]);
    expect(await buckets(aliceId)).toEqual({ available: MASS('75'), mortgage: MASS('25') });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('lists the user’s own moves newest first with filters and paging, and the admin’s list of everyone’s', async () => {
    const page = await alice.get<{ list: MortgageLog[]; total: number }>('/api/log/getdepositmortgagelogs?coin=MASS&count=2&page=1');
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((l) => [l.type, l.amount])).toEqual([
      ['to_balance', '25'],
      ['to_mortgage', '10'],
    ]);
    expect(page.data.list[1]?.status).toBe('PENDING');
    const ins = await alice.get<{ list: MortgageLog[]; total: number }>('/api/log/getdepositmortgagelogs?type=to_mortgage&page=2&count=1');
    expect(ins.data).toMatchObject({ total: 2, list: [{ amount: '40', remaining: '15', status: 'RETURNABLE' }] });
    expect((await alice.get('/api/log/getdepositmortgagelogs?count=201')).code).toBe(ERR.COUNT_OUT_OF_RANGE);
    expect((await alice.get('/api/log/getdepositmortgagelogs?type=sideways')).code).toBe(ERR.INVALID_PARAMETER);

    const bob = await buildUser(db, { balance: { MASS: MASS('3') } });
    await moveToMortgage(db, bob.id, { coin: 'MASS', amount: '3', request_id: rid() });
    const all = await admin.get<{ list: (MortgageLog & { user_email: string })[]; total: number }>('/api/admin/getpointmortgagelogs?count=50');
    expect(all.data.total).toBe(4);
    expect(all.data.list[0]).toMatchObject({ user_email: bob.email, amount: '3', type: 'to_mortgage' });
    const hers = await admin.get<{ total: number }>('/api/admin/getpointmortgagelogs?user=mortgage-alice@example.com');
    expect(hers.data.total).toBe(3);
    expect((await alice.get('/api/admin/getpointmortgagelogs')).code).toBe(ERR.ACCESS_FORBIDDEN);
  });

  it('lets the admin open a coin for mortgage (audited), with its own minimum', async () => {
    const saved = await admin.post('/api/admin/mortgagesettings', {
      coin: 'CHIA',
      enabled: true,
      effect_days: 1,
      return_days: 7,
      min_amount: '2',
      lock_threshold: '0',
      max_earning_rank: 0,
    });
    expect(saved.code).toBe(200);
    expect((await alice.post('/api/assets/freebalancetomort', { coin: 'CHIA', amount: '1', request_id: rid() })).code).toBe(11301);
    expect((await alice.post('/api/assets/freebalancetomort', { coin: 'CHIA', amount: '2', request_id: rid() })).code).toBe(200);
    const audit = await db.selectFrom('admin_audit').select('action').where('target', '=', 'coin:CHIA').execute();
    expect(audit.map((a) => a.action)).toEqual(['mortgage.settings']);
    expect(
      (await alice.post('/api/admin/mortgagesettings', { coin: 'CHIA', enabled: false, effect_days: 1, return_days: 7, min_amount: '0', lock_threshold: '0', max_earning_rank: 0 }))
        .code,
    ).toBe(ERR.ACCESS_FORBIDDEN);
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('the MASS timing, by the clock', () => {
  it('is pending on its own day, effective from the next, returnable 7 × 24 h after it was made', async () => {
    const user = await buildUser(db, { balance: { MASS: MASS('10') } });
    const made = new Date('2026-03-01T23:30:00Z');
    await moveToMortgage(db, user.id, { coin: 'MASS', amount: '10', request_id: rid() }, made);
    const at = async (iso: string) => (await mortgageCoins(db, user.id, new Date(iso))).list.find((c) => c.coin === 'MASS');
    expect(await at('2026-03-01T23:59:59Z')).toMatchObject({ pending: '10', effective: '0', returnable: '0' });
    expect(await at('2026-03-02T00:00:00Z')).toMatchObject({ pending: '0', effective: '10', returnable: '0' });
    await expectCode(moveToBalance(db, user.id, { coin: 'MASS', amount: '10', request_id: rid() }, new Date('2026-03-08T23:29:59Z')), 'MORTGAGE_LOCKED');
    expect(await at('2026-03-08T23:30:00Z')).toMatchObject({ effective: '10', returnable: '10' });
    await moveToBalance(db, user.id, { coin: 'MASS', amount: '10', request_id: rid() }, new Date('2026-03-08T23:30:00Z'));
    expect(await buckets(user.id)).toEqual({ available: MASS('10'), mortgage: 0n });
  });
});

describe('collateral allows no other operation on that balance', () => {
  it('cannot withdraw, transfer or spend what is in mortgage', async () => {
    const chains = devnetRegistry(db, 'devnet-test-secret');
    const wallet = testWallet(db, chains);
    const user = await buildUser(db, { balance: { MASS: MASS('10') } });
    const other = await buildUser(db);
    await moveToMortgage(db, user.id, { coin: 'MASS', amount: '10', request_id: rid() });
    const address = await buildAddress(db, user.id, { coin: 'MASS' });
    await expectCode(wallet.withdraw(user.id, { coin: 'MASS', address_id: address.id, amount: '2', request_id: rid() }), 'BALANCE_INSUFFICIENT');
    await expectCode(wallet.transfer(user.id, { coin: 'MASS', to: other.email, amount: '2', request_id: rid() }), 'BALANCE_INSUFFICIENT');
    await expectCode(
      db.transaction().execute((trx) =>
        postTransaction(trx, {
          kind: 'finance_subscribe',
          postings: [
            { account: { kind: 'user', userId: user.id, coin: 'MASS', bucket: 'available' }, amount: -1n },
            { account: { kind: 'user', userId: user.id, coin: 'MASS', bucket: 'finance' }, amount: 1n },
          ],
        }),
      ),
      'BALANCE_INSUFFICIENT',
    );
    expect(await buckets(user.id)).toEqual({ available: 0n, mortgage: MASS('10') });
  });
});

describe('races', () => {
  it('a mortgage and a withdrawal racing on one balance: one wins, nothing negative, nothing doubled', async () => {
    const chains = devnetRegistry(db, 'devnet-test-secret');
    const wallet = testWallet(db, chains);
    for (let round = 0; round < 5; round++) {
      const email = `mortgage-race-${round}@example.com`;
      const racer = await signedInAs(app, db, email, 'user');
      const id = (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
      await credit(db, id, 'MASS', MASS('10'));
      const address = await buildAddress(db, id, { coin: 'MASS' });
      const [mortgage, withdrawal] = await Promise.allSettled([
        racer.post('/api/assets/freebalancetomort', { coin: 'MASS', amount: '7', request_id: rid() }),
        wallet.withdraw(id, { coin: 'MASS', address_id: address.id, amount: '7', request_id: rid() }),
      ]);
      const mortgaged = mortgage.status === 'fulfilled' && mortgage.value.code === 200;
      const withdrawn = withdrawal.status === 'fulfilled';
      // Exactly one of them: 7 + 7 does not fit in 10.
      expect([mortgaged, withdrawn].filter(Boolean)).toHaveLength(1);
      if (!mortgaged) expect(mortgage.status === 'fulfilled' && mortgage.value.code).toBe(11302);
      const b = (await userBalances(db, id, 'MASS')).get('MASS');
      expect(b?.available).toBe(MASS('3'));
      expect(b?.mortgage ?? 0n).toBe(mortgaged ? MASS('7') : 0n);
      expect(b?.withdraw_hold ?? 0n).toBe(withdrawn ? MASS('7') : 0n);
      const lots = await db.selectFrom('mortgage_logs').select('id').where('user_id', '=', id).execute();
      expect(lots).toHaveLength(mortgaged ? 1 : 0);
    }
    expect(await checkLedger(db)).toEqual([]);
  }, 120_000);

  it('two returns racing on one lot take it once', async () => {
    const user = await buildUser(db, { balance: { MASS: MASS('10') } });
    await moveToMortgage(db, user.id, { coin: 'MASS', amount: '10', request_id: rid() }, new Date(Date.now() - 8 * 86_400_000));
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => moveToBalance(db, user.id, { coin: 'MASS', amount: '4', request_id: rid() })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(
      results
        .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        .every((r) => r.reason instanceof AppError && r.reason.errorName === 'MORTGAGE_BALANCE_INSUFFICIENT'),
    ).toBe(true);
    expect(await buckets(user.id)).toEqual({ available: MASS('8'), mortgage: MASS('2') });
    expect(await checkLedger(db)).toEqual([]);
  });
});
