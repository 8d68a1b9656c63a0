import { ERR, type CooperationPool, type Deal } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { credit } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';

/**
 * The cooperation calls' optional `request_id` (issue 22): a retried request — sent again after
 * its answer was lost, or twice at once — answers the first result and moves the money once,
 * like the mortgage calls; the same key with another request is refused; one call's key never
 * answers another call.
 */

let db: Db;
let app: Awaited<ReturnType<typeof testApp>>;
const BHD = 100_000_000n;

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
});

async function signedUser(email: string, bhd: bigint): Promise<{ browser: Browser; id: string }> {
  const browser = await signedInAs(app, db, email, 'user');
  const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await credit(db, id, 'BHD', bhd * BHD);
  return { browser, id };
}

const bhd = async (id: string) => (await userBalances(db, id, 'BHD')).get('BHD');
const ledgerRows = async (kind: string, userId: string) =>
  (await db.selectFrom('ledger_transactions').select('id').where('kind', '=', kind).where('created_by', '=', userId).execute()).length;

describe('a retried cooperation call', () => {
  it('opens, deposits and returns once per request id, however often and however concurrently it is sent', async () => {
    const { browser, id } = await signedUser('coop-idem-owner@example.com', 100n);
    const open = { pool: 'bhd_co', amount: '30', request_id: 'coop-open-0001' };
    const first = await browser.post<CooperationPool>('/api/cooperation/open', open);
    expect(first.code).toBe(200);
    // The answer was lost: the same request again answers the first result and moves nothing.
    expect(await browser.post<CooperationPool>('/api/cooperation/open', open)).toEqual(first);
    expect(await bhd(id)).toMatchObject({ available: 70n * BHD, cooperation: 30n * BHD });
    // Two copies of a deposit at once: one moves money, both answer its result.
    const deposit = { pool: 'bhd_co', amount: '20', request_id: 'coop-deposit-0001' };
    const both = await Promise.all([browser.post<CooperationPool>('/api/cooperation/deposit', deposit), browser.post<CooperationPool>('/api/cooperation/deposit', deposit)]);
    expect(both.map((a) => a.code)).toEqual([200, 200]);
    expect(both[0]?.data.deposit_mortgage_free_balance).toBe('50');
    expect(both[1]?.data).toEqual(both[0]?.data);
    expect(await bhd(id)).toMatchObject({ available: 50n * BHD, cooperation: 50n * BHD });
    // The same key with another amount is refused.
    expect((await browser.post('/api/cooperation/deposit', { ...deposit, amount: '5' })).code).toBe(ERR.IDEMPOTENCY_KEY_REUSED);
    // A key of one call does not answer another.
    const ret = { pool: 'bhd_co', amount: '20', request_id: 'coop-deposit-0001' };
    expect((await browser.post<CooperationPool>('/api/cooperation/return', ret)).data.deposit_mortgage_free_balance).toBe('30');
    expect((await browser.post<CooperationPool>('/api/cooperation/return', ret)).data.deposit_mortgage_free_balance).toBe('30');
    expect(await bhd(id)).toMatchObject({ available: 70n * BHD, cooperation: 30n * BHD });
    expect(await ledgerRows('cooperation_freeze', id)).toBe(2);
    expect(await ledgerRows('cooperation_return', id)).toBe(1);
    // Without a request id every call moves money, as before.
    expect((await browser.post('/api/cooperation/deposit', { pool: 'bhd_co', amount: '1' })).code).toBe(200);
    expect((await browser.post('/api/cooperation/deposit', { pool: 'bhd_co', amount: '1' })).code).toBe(200);
    expect(await bhd(id)).toMatchObject({ available: 68n * BHD, cooperation: 32n * BHD });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('offers a deal and moves it once per request id', async () => {
    const owner = await signedUser('coop-idem-lender@example.com', 100n);
    const miner = await signedUser('coop-idem-miner@example.com', 100n);
    const offer = { pool: 'bhd_co', amount: '40', request_id: 'deal-offer-0001' };
    const offers = await Promise.all([owner.browser.post<Deal>('/api/cooperation/deal/offer', offer), owner.browser.post<Deal>('/api/cooperation/deal/offer', offer)]);
    expect(offers[1]?.data).toEqual(offers[0]?.data);
    const dealId = offers[0]?.data.id as string;
    expect(await db.selectFrom('deals').select('id').where('owner_id', '=', owner.id).execute()).toHaveLength(1);
    expect(await bhd(owner.id)).toMatchObject({ available: 60n * BHD, cooperation: 40n * BHD });
    const take = { id: dealId, action: 'take', request_id: 'deal-take-00001' };
    expect((await miner.browser.post<Deal>('/api/cooperation/deal/action', take)).data.status).toBe('DEAL_PENDING');
    const accept = { id: dealId, action: 'accept', request_id: 'deal-accept-0001' };
    const accepted = await owner.browser.post<Deal>('/api/cooperation/deal/action', accept);
    expect(accepted.data.status).toBe('DEAL_LOCKED');
    // Retried: the first answer, and the miner's margin (20 % of 40) is frozen once.
    expect(await owner.browser.post<Deal>('/api/cooperation/deal/action', accept)).toEqual(accepted);
    expect((await miner.browser.post<Deal>('/api/cooperation/deal/action', take)).data.status).toBe('DEAL_PENDING');
    expect(await bhd(miner.id)).toMatchObject({ available: 92n * BHD, cooperation: 8n * BHD });
    expect(await checkLedger(db)).toEqual([]);
  });
});
