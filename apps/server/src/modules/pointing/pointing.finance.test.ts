import { parseAmount } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { systemBalance, userBalances } from '../../ledger/ledger.service.ts';
import { buy, confirmDueRedemptions, createProduct, fundBudget, redeem, setShelf } from '../finance/finance.service.ts';
import { pointingFixture } from './pointing.fixture.ts';
import { lockInFinance, releaseFinanceLocks, requestCancellation } from './pointing.service.ts';

/**
 * POINT_LOCKED_MARKET on the real database (issue 22; spec doc 1 §4 "in finance, locked at
 * market price"): a standing pointing committed to its owner's open finance holding of the coin
 * is locked — no cancellation request — until the holding closes, then POINT_VALID again; a
 * withdrawal on chain while locked breaks it and deducts the deposit once.
 */

let f: Awaited<ReturnType<typeof pointingFixture>>;
let admin: { id: string };
let productId = '';
let keys = 0;
const key = () => `point-finance-${++keys}`;
const BHD = (n: bigint) => n * 100_000_000n;

beforeAll(async () => {
  f = await pointingFixture();
  admin = await buildUser(f.db, { role: 'admin', balance: { BHD: BHD(1000n) } });
  const product = await createProduct(f.db, admin.id, {
    name: 'Current BHD',
    type: 'HQB',
    coin: 'BHD',
    coefficient: '1',
    term_days: 0,
    start_at: null,
    end_at: null,
    annual_rate: '5',
    tiers: [],
    min_amount: '1',
    quota: '0',
    lock_days: 0,
    weight: 0,
    staking_blocks: 0,
    rating: 'A',
    indefinite: true,
    verify_purchase: false,
  });
  await setShelf(f.db, admin.id, product.id, true);
  await fundBudget(f.db, admin, { id: product.id, amount: '10', request_id: key() });
  productId = product.id;
});

/** A user with a valid 100 BHD pointing (20 BHD margin) and a 50 BHD current holding. */
async function ownerWithHolding(name: string) {
  const user = await buildUser(f.db, { balance: { BHD: BHD(70n) } });
  const record = await f.validRecord(user.id, name);
  const { holding_id } = await buy(f.db, undefined, user.id, { product_id: productId, amount: '50', request_id: key() });
  return { user, record, holdingId: holding_id };
}

const statusOf = async (userId: string, id: string) => (await f.recordsOf(userId)).find((r) => r.id === id);

describe('a pointing locked in finance (POINT_LOCKED_MARKET)', () => {
  it('locks a valid record to its owner’s open holding, refuses a cancellation meanwhile, and comes back when the holding closes', async () => {
    const { user, record, holdingId } = await ownerWithHolding('market');
    const other = await buildUser(f.db);
    await expect(lockInFinance(f.db, other.id, { record_id: record.id, holding_id: holdingId })).rejects.toMatchObject({ code: 10301 });
    await expect(lockInFinance(f.db, user.id, { record_id: record.id, holding_id: '999999' })).rejects.toMatchObject({ code: 10501 });
    expect(await lockInFinance(f.db, user.id, { record_id: record.id, holding_id: holdingId })).toMatchObject({ status: 'POINT_LOCKED_MARKET', holding_id: holdingId });
    expect(await statusOf(user.id, record.id)).toMatchObject({ status: 'POINT_LOCKED_MARKET', display: 'Effectived', deposit: '20' });
    // Locked: no second commitment, no cancellation request; the chain and the release pass leave it as it is.
    await expect(lockInFinance(f.db, user.id, { record_id: record.id, holding_id: holdingId })).rejects.toMatchObject({ code: 10306 });
    await expect(requestCancellation(f.db, user.id, record.id)).rejects.toMatchObject({ code: 10307 });
    await f.mine();
    await f.follow();
    expect(await releaseFinanceLocks(f.db, 'BHD')).toBe(0);
    expect((await statusOf(user.id, record.id))?.status).toBe('POINT_LOCKED_MARKET');
    // The holding is redeemed: still locked while the principal is on its way back (redeeming), free once it is back.
    await redeem(f.db, user.id, { id: holdingId, request_id: key() });
    expect(await releaseFinanceLocks(f.db, 'BHD')).toBe(0);
    await confirmDueRedemptions(f.db, new Date(Date.now() + 10 * 86_400_000));
    expect(await Promise.all([releaseFinanceLocks(f.db, 'BHD'), releaseFinanceLocks(f.db, 'BHD')]).then((n) => n[0]! + n[1]!)).toBe(1);
    expect((await statusOf(user.id, record.id))?.status).toBe('POINT_VALID');
    const locks = await f.db.selectFrom('point_finance_locks').select(['released_at']).where('record_id', '=', record.id).execute();
    expect(locks).toHaveLength(1);
    expect(locks[0]?.released_at).not.toBeNull();
    // A closed holding takes no commitment; the record may now be cancelled as usual.
    await expect(lockInFinance(f.db, user.id, { record_id: record.id, holding_id: holdingId })).rejects.toMatchObject({ code: 10507 });
    expect((await requestCancellation(f.db, user.id, record.id)).status).toBe('PENDING');
    await expect(lockInFinance(f.db, user.id, { record_id: record.id, holding_id: holdingId })).rejects.toMatchObject({ code: 10306 });
  });

  it('two commitments of one record racing: exactly one lands', async () => {
    const { user, record, holdingId } = await ownerWithHolding('market-race');
    const outcomes = await Promise.allSettled([0, 1, 2].map(() => lockInFinance(f.db, user.id, { record_id: record.id, holding_id: holdingId })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x) => x.status === 'rejected')) expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 10306 });
    expect(await f.db.selectFrom('point_finance_locks').select('id').where('record_id', '=', record.id).execute()).toHaveLength(1);
  });

  it('withdrawn on chain while locked: POINT_BROKE, the deposit deducted once, the lock closed, the ledger balanced', async () => {
    const { user, record, holdingId } = await ownerWithHolding('market-broke');
    await lockInFinance(f.db, user.id, { record_id: record.id, holding_id: holdingId });
    const revenueBefore = await systemBalance(f.db, 'pool_revenue', 'BHD');
    await f.devnet.withdrawPoint(record.txid);
    await f.mine();
    await Promise.all([f.follow(), f.follow()]);
    expect(await statusOf(user.id, record.id)).toMatchObject({ status: 'POINT_BROKE', penalty: '20' });
    expect((await systemBalance(f.db, 'pool_revenue', 'BHD')) - revenueBefore).toBe(BHD(20n));
    expect((await userBalances(f.db, user.id, 'BHD')).get('BHD')).toMatchObject({ point_margin: 0n, finance: parseAmount('50', 8) });
    expect(await f.db.selectFrom('point_finance_locks').select('id').where('record_id', '=', record.id).where('released_at', 'is', null).execute()).toEqual([]);
    expect(await releaseFinanceLocks(f.db, 'BHD')).toBe(0);
    expect(await checkLedger(f.db)).toEqual([]);
  });
});
