import { capacityFromPoints, NONCE_SECONDS } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { verifiedWork } from '../../../test/shares.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { advanceDeals, convertToCooperation, dealAction, offerDeal } from '../cooperation/cooperation.service.ts';
import { creditMortgageIncome } from '../mortgage/mortgage-income.service.ts';
import { moveToMortgage } from '../mortgage/mortgage.service.ts';
import { show as showUnits } from '../coins/coins.ts';
import { assetsReports } from '../pool/admin.ts';
import { recordBlock } from '../pool/blocks.ts';
import { settleDay } from '../settlement/settlement.service.ts';
import { miningIncome, totalAssets } from './ledger-views.ts';

/**
 * Income totals count all income (issue 22; README 'Income totals'): a coin owner who mines,
 * lends a deal, cooperates and has MASS in mortgage sees every kind of income in the wallet's
 * "Total earnings" and "Income, last 24 h"; the back office's assets report shows the coin
 * owners' income in a column of its own beside mining income — all on the real database, the
 * money paid through the real settlement and mortgage-income paths.
 */

let db: Db;
const COIN = 100_000_000n;
const POINTS = 3_295_898_437_500n; // ≈ 10 TB over a day
const CAPACITY = capacityFromPoints(POINTS, 86_400, NONCE_SECONDS);
const DAY = '2030-10-10';
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);
const show = (units: bigint) => showUnits(units, 8);

beforeAll(async () => {
  ({ db } = await testDatabase());
});

describe('income totals', () => {
  it('a user with mining, deal, cooperation and mortgage income sees them all; the assets report shows the owners’ income apart', async () => {
    const owner = await buildUser(db, { balance: { BHD: 100n * COIN, MASS: 3_000n * COIN } });
    const miner = await buildUser(db, { balance: { BHD: 100n * COIN } });
    // Cooperation on the BHD CO pool, a 30 BHD deal lent to the miner, both standing the whole day.
    await convertToCooperation(db, owner.id, { pool: 'bhd_co', amount: '5' }, 'open');
    const offered = await offerDeal(db, owner.id, { pool: 'bhd_co', amount: '30' });
    await dealAction(db, miner.id, { id: offered.id, action: 'take' }, at('2030-10-01'));
    await dealAction(db, owner.id, { id: offered.id, action: 'accept' }, at('2030-10-01'));
    await advanceDeals(db, at('2030-10-01'));
    await advanceDeals(db, at('2030-10-02', '00:00:00'));
    // Both mine the day; the owner's own capacity is unsecured.
    for (const u of [owner, miner]) await verifiedWork(db, { userId: u.id, pool: 'bhd_co', difficulty: POINTS, at: at(DAY), capacity: CAPACITY });
    await recordBlock(db, { pool: 'bhd_co', height: 1201, foundAt: at(DAY), finderUserId: null, finderMinerId: null, reward: 10n * COIN });
    await settleDay(db, 'bhd_co', DAY, at('2030-10-11', '01:00:00'));
    // 3000 MASS in mortgage from 05-01, locked on 05-02 (T+1, above 2048): that day's 10 MASS is the owner's.
    await moveToMortgage(db, owner.id, { coin: 'MASS', amount: '3000', request_id: 'income-totals-1' }, at('2026-05-01', '10:00:00'));
    expect(await creditMortgageIncome(db, 'cli', { coin: 'MASS', day: '2026-05-02', amount: '10', rank: 1 })).toMatchObject({ status: 'PAID', credited: '10' });

    const credit = await db
      .selectFrom('settlement_credits')
      .select(['amount_units', 'deal_income_units', 'cooperation_income_units'])
      .where('pool', '=', 'bhd_co')
      .where('day', '=', DAY)
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const deal = BigInt(credit.deal_income_units);
    const coop = BigInt(credit.cooperation_income_units);
    const mined = BigInt(credit.amount_units) - deal - coop;
    // Each kind is there.
    expect([mined > 0n, deal > 0n, coop > 0n]).toEqual([true, true, true]);
    const minerCredit = await db
      .selectFrom('settlement_credits')
      .select('amount_units')
      .where('pool', '=', 'bhd_co')
      .where('day', '=', DAY)
      .where('user_id', '=', miner.id)
      .executeTakeFirstOrThrow();

    // The wallet: "Total earnings" and "Income, last 24 h" count every kind (all booked just now).
    const assets = await totalAssets(db, owner.id);
    const figure = (coin: string) => assets.list.find((a) => a.type === coin)?.total_earnings;
    expect({ BHD: figure('BHD'), MASS: figure('MASS') }).toEqual({ BHD: show(mined + deal + coop), MASS: '10' });
    const income = await miningIncome(db, owner.id);
    const of = (coin: string) => income.find((i) => i.type === coin);
    expect([of('BHD')?.total, of('BHD')?.yesterday, of('MASS')?.total, of('MASS')?.yesterday]).toEqual([show(mined + deal + coop), show(mined + deal + coop), '10', '10']);
    // A miner alone: its mining income only.
    expect((await totalAssets(db, miner.id)).list.find((a) => a.type === 'BHD')?.total_earnings).toBe(show(BigInt(minerCredit.amount_units)));

    // The back office's assets report, today's row per coin: mining income, and the coin owners' income beside it.
    const today = async (coin: string) => (await assetsReports(db, { coin, page: 1, count: 1 })).list[0];
    expect(await today('BHD')).toMatchObject({ mining_income: show(mined + BigInt(minerCredit.amount_units)), owner_income: show(deal + coop) });
    // Income paid from the chain (the mortgage income) is no withdrawal: nobody withdrew anything.
    expect(await today('MASS')).toMatchObject({ mining_income: '0', owner_income: '10', withdrawals: '0' });
    expect(await today('BHD')).toMatchObject({ withdrawals: '0' });
    expect(await checkLedger(db)).toEqual([]);
  });
});
