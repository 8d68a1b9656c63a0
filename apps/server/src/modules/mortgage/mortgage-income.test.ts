import { ERR, parseAmount } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, credit } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { systemBalance, userBalances } from '../../ledger/ledger.service.ts';
import { creditMortgageIncome } from './mortgage-income.service.ts';
import { moveToBalance, moveToMortgage } from './mortgage.service.ts';

/**
 * Mortgage income is 100 % (issue 22) on the real database: a day's locked revenue shared whole
 * among the lots locked that day (effective, in a collection above 2048 MASS), once; nothing
 * beyond rank 30; to pool revenue when no lot is locked.
 */

let db: Db;
const MASS = (text: string) => parseAmount(text, 8);
const available = async (userId: string) => (await userBalances(db, userId, 'MASS')).get('MASS')?.available ?? 0n;
let seq = 0;
const rid = () => `mortgage-income-${++seq}`;

beforeAll(async () => {
  ({ db } = await testDatabase());
});

describe('mortgage income', () => {
  it('shares a day’s locked revenue whole among the lots locked that day, once', async () => {
    const [a, b, late] = [
      await buildUser(db, { balance: { MASS: MASS('1500') } }),
      await buildUser(db, { balance: { MASS: MASS('600') } }),
      await buildUser(db, { balance: { MASS: MASS('100') } }),
    ];
    await moveToMortgage(db, a.id, { coin: 'MASS', amount: '1500', request_id: rid() }, new Date('2026-05-01T10:00:00Z'));
    await moveToMortgage(db, b.id, { coin: 'MASS', amount: '600', request_id: rid() }, new Date('2026-05-01T23:59:00Z'));
    // Made on the day itself: effective only from the next (T+1), so it takes no share of 05-02.
    await moveToMortgage(db, late.id, { coin: 'MASS', amount: '100', request_id: rid() }, new Date('2026-05-02T08:00:00Z'));
    const body = { coin: 'MASS', day: '2026-05-02', amount: '21', rank: 30 };
    const [first, second] = await Promise.all([creditMortgageIncome(db, 'cli', body), creditMortgageIncome(db, 'cli', body)]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ status: 'PAID', revenue: '21', locked: '2100', credited: '21', holders: 2 });
    expect(await available(a.id)).toBe(MASS('15'));
    expect(await available(b.id)).toBe(MASS('6'));
    expect(await available(late.id)).toBe(0n);
    const kinds = await db.selectFrom('ledger_transactions').select('kind').where('reference', '=', 'mortgage_income:MASS:2026-05-02').execute();
    expect(kinds).toEqual([{ kind: 'mortgage_income' }]);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a day booked late shares the lots as they stood that day: a lot returned since keeps its share', async () => {
    const fresh = await testDatabase();
    const [a, b] = [await buildUser(fresh.db, { balance: { MASS: MASS('3000') } }), await buildUser(fresh.db, { balance: { MASS: MASS('3000') } })];
    await moveToMortgage(fresh.db, a.id, { coin: 'MASS', amount: '3000', request_id: rid() }, new Date('2026-04-01T10:00:00Z'));
    await moveToMortgage(fresh.db, b.id, { coin: 'MASS', amount: '3000', request_id: rid() }, new Date('2026-04-01T11:00:00Z'));
    // A takes 1000 back on 04-09 (during the day: held 2000 throughout it) and the rest on 04-11,
    // minutes after midnight; 04-09 and 04-10 are booked only on 04-12.
    await moveToBalance(fresh.db, a.id, { coin: 'MASS', amount: '1000', request_id: rid() }, new Date('2026-04-09T12:00:00Z'));
    await moveToBalance(fresh.db, a.id, { coin: 'MASS', amount: '2000', request_id: rid() }, new Date('2026-04-11T00:03:00Z'));
    const late = new Date('2026-04-12T09:00:00Z');
    const d10 = await creditMortgageIncome(fresh.db, 'cli', { coin: 'MASS', day: '2026-04-10', amount: '50', rank: 3 }, late);
    expect(d10).toMatchObject({ status: 'PAID', locked: '5000', credited: '50', holders: 2 });
    const d09 = await creditMortgageIncome(fresh.db, 'cli', { coin: 'MASS', day: '2026-04-09', amount: '50', rank: 3 }, late);
    expect(d09).toMatchObject({ status: 'PAID', locked: '5000', holders: 2 });
    const d11 = await creditMortgageIncome(fresh.db, 'cli', { coin: 'MASS', day: '2026-04-11', amount: '30', rank: 3 }, late);
    expect(d11).toMatchObject({ status: 'PAID', locked: '3000', holders: 1 });
    const availableIn = async (userId: string) => (await userBalances(fresh.db, userId, 'MASS')).get('MASS')?.available ?? 0n;
    // A: its 3000 back, 20 of 04-09's and 20 of 04-10's 50 (2000 of 5000); B: 30 + 30 + 30.
    expect(await availableIn(a.id)).toBe(MASS('3040'));
    expect(await availableIn(b.id)).toBe(MASS('90'));
    expect(await checkLedger(fresh.db)).toEqual([]);
  });

  it('pays nothing to a position ranked beyond 30, and nothing moves', async () => {
    const revenueBefore = await systemBalance(db, 'pool_revenue', 'MASS');
    const day = await creditMortgageIncome(db, 'cli', { coin: 'MASS', day: '2026-05-03', amount: '21', rank: 31 });
    expect(day).toMatchObject({ status: 'NO_RANK', revenue: '0', credited: '0', holders: 0 });
    expect(await systemBalance(db, 'pool_revenue', 'MASS')).toBe(revenueBefore);
  });

  it('a collection of 2048 MASS or less is not locked: the revenue stays with the pool', async () => {
    const fresh = await testDatabase();
    const user = await buildUser(fresh.db, { balance: { MASS: MASS('2048') } });
    await moveToMortgage(fresh.db, user.id, { coin: 'MASS', amount: '2048', request_id: rid() }, new Date('2026-05-01T00:00:00Z'));
    const day = await creditMortgageIncome(fresh.db, 'cli', { coin: 'MASS', day: '2026-05-02', amount: '5', rank: 1 });
    expect(day).toMatchObject({ status: 'NO_LOCK', locked: '0', credited: '0' });
    expect(await systemBalance(fresh.db, 'pool_revenue', 'MASS')).toBe(MASS('5'));
    expect((await userBalances(fresh.db, user.id, 'MASS')).get('MASS')?.available ?? 0n).toBe(0n);
    // One more unit makes the collection above 2048: the next day is shared.
    const other = await buildUser(fresh.db);
    await credit(fresh.db, other.id, 'MASS', 1n);
    await moveToMortgage(fresh.db, other.id, { coin: 'MASS', amount: '0.00000001', request_id: rid() }, new Date('2026-05-02T00:00:00Z'));
    // Shared by amount: the one unit's part rounds to nothing, so one holder is paid all of it.
    expect(await creditMortgageIncome(fresh.db, 'cli', { coin: 'MASS', day: '2026-05-03', amount: '5', rank: 1 })).toMatchObject({
      status: 'PAID',
      locked: '2048.00000001',
      credited: '5',
      holders: 1,
    });
    expect((await userBalances(fresh.db, user.id, 'MASS')).get('MASS')?.available).toBe(MASS('5'));
    expect(await checkLedger(fresh.db)).toEqual([]);
  });

  it('a lot returned after a day keeps its share of it; the days after the return it takes none', async () => {
    const user = await buildUser(db, { balance: { MASS: MASS('3000') } });
    await moveToMortgage(db, user.id, { coin: 'MASS', amount: '3000', request_id: rid() }, new Date('2026-04-01T00:00:00Z'));
    await moveToBalance(db, user.id, { coin: 'MASS', amount: '3000', request_id: rid() }, new Date('2026-05-10T00:01:00Z'));
    // 05-04 is booked after the return: the 3000 stood all that day (with the first test's 1500 + 600 and the late 100).
    expect(await creditMortgageIncome(db, 'cli', { coin: 'MASS', day: '2026-05-04', amount: '10', rank: 2 })).toMatchObject({ status: 'PAID', locked: '5200', holders: 4 });
    // 05-10: returned at 00:01, so not held throughout the day; the late 100 waits in the next collection (2048 or less).
    expect(await creditMortgageIncome(db, 'cli', { coin: 'MASS', day: '2026-05-10', amount: '10', rank: 2 })).toMatchObject({ status: 'PAID', locked: '2100', holders: 2 });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('over HTTP: only the back office records it; today, a coin without mortgage and bad input are refused', async () => {
    const app = await testApp(db);
    const staff = await signedInAs(app, db, 'income-admin@example.com', 'admin');
    const user = await signedInAs(app, db, 'income-user@example.com', 'user');
    const today = new Date().toISOString().slice(0, 10);
    expect((await user.post('/api/admin/mortgageincome', { coin: 'MASS', day: '2026-05-05', amount: '1', rank: 1 })).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect((await staff.post('/api/admin/mortgageincome', { coin: 'MASS', day: today, amount: '1', rank: 1 })).code).toBe(ERR.INVALID_PARAMETER);
    expect((await staff.post('/api/admin/mortgageincome', { coin: 'BHD', day: '2026-05-05', amount: '1', rank: 1 })).code).toBe(11305);
    expect((await staff.post('/api/admin/mortgageincome', { coin: 'MASS', day: '2026-05-05', amount: '1', rank: 0 })).code).toBe(ERR.INVALID_PARAMETER);
    const ok = await staff.post<{ status: string }>('/api/admin/mortgageincome', { coin: 'MASS', day: '2026-05-05', amount: '1', rank: 1 });
    expect(ok.data.status).toBe('PAID');
  });
});
