import { ERR } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { devnetAddress } from '../../chain/devnet.ts';
import { pocDevnet, type PocDevnet } from '../../chain/poc-devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { advanceBindings, advanceRecords, bindSourceAddress, requestCancellation, reviewCancellation, type PointingChain } from '../pointing/pointing.service.ts';
import { listPointMortgageRequests, requestPointMortgage, reviewPointMortgage } from './point-mortgage.service.ts';

/**
 * A pointing in mortgage (issue 22, POINT_LOCKED) on the real database and the devnet BHD
 * chain: the owner's request, the back office's auditmorttopoint, the release through an
 * approved unlock (auditunlockmortgagepoint), and the refusals and races around them.
 */

let db: Db;
let devnet: PocDevnet;
let pc: PointingChain;
const COIN = 'BHD';
const BHD = 100_000_000n;
const pool = devnetAddress(TEST_SECRET, COIN, 'poc-pool:mortgage');
const status = async (id: string) => (await db.selectFrom('point_records').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const follow = async () => {
  await advanceBindings(db, pc);
  await advanceRecords(db, pc);
};
const mine = async (blocks = 1) => {
  for (let i = 0; i < blocks; i++) await devnet.advance(new Date(), { force: true });
};

/** A user with a POINT_VALID pointing of 100 BHD (its 20 BHD margin frozen); answers the record. */
async function validPointing(key: string) {
  const user = await buildUser(db, { balance: { [COIN]: 20n * BHD } });
  const source = devnetAddress(TEST_SECRET, COIN, `mortgage-owner:${key}`);
  await bindSourceAddress(db, new Map([[COIN, pc]]), user.id, { coin: COIN, source_address: source, remark: '' });
  await devnet.sendPoint(source, pool, 100n * BHD);
  await mine();
  await follow();
  await follow();
  const record = await db.selectFrom('point_records').select(['id', 'txid', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
  expect(record.status).toBe('POINT_VALID');
  return { user, record };
}

let admin: { id: string };

beforeAll(async () => {
  ({ db } = await testDatabase());
  devnet = pocDevnet(db, COIN, { secret: TEST_SECRET, blockSeconds: 60, networkNonces: 64, scale: 8 });
  pc = { coin: COIN, chain: devnet, poolAddress: pool, devnet };
  admin = await buildUser(db, { role: 'admin' });
  await mine(2);
});

describe('putting a pointing in mortgage', () => {
  it('asked by the owner, approved by the back office (audited): POINT_VALID → POINT_LOCKED', async () => {
    const { user, record } = await validPointing('approve');
    const other = await buildUser(db);
    await expect(requestPointMortgage(db, other.id, record.id)).rejects.toMatchObject({ code: 10301 });
    const request = await requestPointMortgage(db, user.id, record.id);
    expect(request).toMatchObject({ record_id: record.id, status: 'PENDING' });
    await expect(requestPointMortgage(db, user.id, record.id)).rejects.toMatchObject({ code: 10306 });
    expect((await listPointMortgageRequests(db, 'PENDING', { page: 1, count: 50 })).list.find((r) => r.id === request.id)).toMatchObject({
      amount: '100',
      record_status: 'POINT_VALID',
    });
    expect(await reviewPointMortgage(db, admin.id, { id: request.id, approve: true, reason: '' })).toMatchObject({ status: 'APPROVED' });
    expect(await status(record.id)).toBe('POINT_LOCKED');
    await expect(reviewPointMortgage(db, admin.id, { id: request.id, approve: false, reason: '' })).rejects.toMatchObject({ code: 10306 });
    await expect(requestPointMortgage(db, user.id, record.id)).rejects.toMatchObject({ code: 10306 });
    const audit = await db.selectFrom('admin_audit').select('action').where('target', '=', `point:${record.id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(['point.mortgage.approve']);
    // Following the chain leaves a locked pointing locked; its margin stays frozen.
    await mine();
    await follow();
    expect(await status(record.id)).toBe('POINT_LOCKED');
    expect((await userBalances(db, user.id, COIN)).get(COIN)?.point_margin).toBe(20n * BHD);
  });

  it('is released by an approved unlock (auditunlockmortgagepoint), after which the wallet cancels with the margin back', async () => {
    const { user, record } = await validPointing('release');
    const request = await requestPointMortgage(db, user.id, record.id);
    await reviewPointMortgage(db, admin.id, { id: request.id, approve: true, reason: '' });
    const unlock = await requestCancellation(db, user.id, record.id);
    // A refused unlock leaves it in mortgage.
    await reviewCancellation(db, admin.id, { id: unlock.id, approve: false, reason: 'not yet' });
    expect(await status(record.id)).toBe('POINT_LOCKED');
    const again = await requestCancellation(db, user.id, record.id);
    await reviewCancellation(db, admin.id, { id: again.id, approve: true, reason: '' });
    expect(await status(record.id)).toBe('POINT_VALID');
    await devnet.withdrawPoint(record.txid);
    await mine();
    await follow();
    expect(await status(record.id)).toBe('POINT_UNLOCK_DEPOSIT');
    expect((await userBalances(db, user.id, COIN)).get(COIN)).toMatchObject({ available: 20n * BHD, point_margin: 0n });
  });

  it('a rejected request leaves the pointing effective and may be asked again; a pointing under cancellation cannot be put in mortgage', async () => {
    const { user, record } = await validPointing('reject');
    const first = await requestPointMortgage(db, user.id, record.id);
    await reviewPointMortgage(db, admin.id, { id: first.id, approve: false, reason: 'no' });
    expect(await status(record.id)).toBe('POINT_VALID');
    const second = await requestPointMortgage(db, user.id, record.id);
    // A cancellation filed while the request waits: the approval is refused, the record stays.
    await requestCancellation(db, user.id, record.id);
    await expect(reviewPointMortgage(db, admin.id, { id: second.id, approve: true, reason: '' })).rejects.toMatchObject({ code: 10307 });
    expect(await status(record.id)).toBe('POINT_VALID');
    await reviewPointMortgage(db, admin.id, { id: second.id, approve: false, reason: 'under cancellation' });
    await expect(requestPointMortgage(db, user.id, record.id)).rejects.toMatchObject({ code: 10307 });
  });

  it('a pointing withdrawn on chain while in mortgage without an approved unlock breaks: the deposit is deducted once', async () => {
    const { user, record } = await validPointing('broke');
    const request = await requestPointMortgage(db, user.id, record.id);
    await reviewPointMortgage(db, admin.id, { id: request.id, approve: true, reason: '' });
    await devnet.withdrawPoint(record.txid);
    await mine();
    await Promise.all([follow(), follow()]);
    expect(await status(record.id)).toBe('POINT_BROKE');
    expect((await userBalances(db, user.id, COIN)).get(COIN)).toMatchObject({ available: 0n, point_margin: 0n });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('three requests racing on one record: exactly one is filed', async () => {
    const { user, record } = await validPointing('race');
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => requestPointMortgage(db, user.id, record.id)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await db.selectFrom('point_mortgage_requests').select('id').where('record_id', '=', record.id).execute()).toHaveLength(1);
  });

  it('over HTTP: the calls answer their codes, and only the back office reviews', async () => {
    const app = await testApp(db);
    const owner = await signedInAs(app, db, 'point-mortgage-owner@example.com', 'user');
    const staff = await signedInAs(app, db, 'point-mortgage-admin@example.com', 'admin');
    expect((await owner.post('/api/point/mortgage', { id: '999999' })).code).toBe(10301);
    expect((await owner.post('/api/point/mortgage', { id: 'x' })).code).toBe(ERR.INVALID_PARAMETER);
    expect((await owner.post('/api/admin/auditmorttopoint', { id: '1', approve: true })).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect((await staff.post('/api/admin/auditmorttopoint', { id: '999999', approve: true })).code).toBe(10301);
    const list = await staff.get<{ total: number }>('/api/admin/morttopointrequests?status=APPROVED');
    expect(list.data.total).toBeGreaterThanOrEqual(3);
  });
});
