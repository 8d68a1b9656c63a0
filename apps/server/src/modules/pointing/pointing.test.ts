import { pointBindBody, pointRemarkBody } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, credit } from '../../../test/factories.ts';
import { devnetAddress } from '../../chain/devnet.ts';
import { pocDevnet, type PocDevnet } from '../../chain/poc-devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { systemBalance, userBalances } from '../../ledger/ledger.service.ts';
import {
  advanceBindings,
  advanceRecords,
  bindSourceAddress,
  listCancellations,
  listRecords,
  listSourceAddresses,
  requestCancellation,
  reviewCancellation,
  updateRemark,
  type PointingChain,
} from './pointing.service.ts';

/**
 * Coin owners on the real database and the devnet BHD chain (issue 22): every binding
 * transition, pointing records with their margin, cancellation and its review, the penalty,
 * and the races (two cancellations of one record, two workers settling one withdrawal).
 */

let db: Db;
let devnet: PocDevnet;
let pc: PointingChain;
const COIN = 'BHD';
const BHD = 100_000_000n;
const page = { page: 1, count: 50 };
const pool = devnetAddress(TEST_SECRET, COIN, 'poc-pool:test');
const source = (key: string) => devnetAddress(TEST_SECRET, COIN, `owner:${key}`);
const mine = async (blocks = 1) => {
  for (let i = 0; i < blocks; i++) await devnet.advance(new Date(), { force: true });
};
const follow = async () => ({ bindings: await advanceBindings(db, pc), records: await advanceRecords(db, pc) });
const buckets = async (userId: string) => (await userBalances(db, userId, COIN)).get(COIN);
const addressOf = async (userId: string, id: string) => (await listSourceAddresses(db, userId, COIN, page)).list.find((a) => a.id === id);
const recordsOf = async (userId: string) => (await listRecords(db, new Map([[COIN, pc]]), { userId }, page)).list;

/** Binds `key`'s address for the user and confirms it with a point of `amount` BHD; answers the binding. */
async function confirmedOwner(userId: string, key: string, amount = 100n) {
  const bound = await bindSourceAddress(db, new Map([[COIN, pc]]), userId, { coin: COIN, source_address: source(key), remark: '' });
  await devnet.sendPoint(source(key), pool, amount * BHD);
  await mine();
  await follow();
  expect((await addressOf(userId, bound.id))?.status).toBe('CONFIRMED');
  return bound;
}

beforeAll(async () => {
  ({ db } = await testDatabase());
  devnet = pocDevnet(db, COIN, { secret: TEST_SECRET, blockSeconds: 60, networkNonces: 64, scale: 8 });
  pc = { coin: COIN, chain: devnet, poolAddress: pool, devnet };
  await mine(2);
});

describe('source-address binding', () => {
  it('goes VERIFY → WAIT_CONFIRM → VALID → CONFIRMED as the verification point is seen and mined', async () => {
    const user = await buildUser(db);
    const bound = await bindSourceAddress(db, new Map([[COIN, pc]]), user.id, { coin: COIN, source_address: source('a'), remark: 'cold wallet' });
    expect(bound).toMatchObject({ status: 'VERIFY', confirm_address: pool, remark: 'cold wallet', verify_deadline: bound.start_height + 20 });
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('VERIFY');
    await mine();
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('WAIT_CONFIRM');
    // A point elsewhere does not verify it.
    await devnet.sendPoint(source('a'), source('elsewhere'), 5n * BHD);
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('WAIT_CONFIRM');
    const { txid } = await devnet.sendPoint(source('a'), pool, 10n * BHD);
    await follow();
    expect(await addressOf(user.id, bound.id)).toMatchObject({ status: 'VALID', verify_txid: txid, verify_height: null });
    await mine();
    await follow();
    const confirmed = await addressOf(user.id, bound.id);
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', verify_txid: txid });
    expect(confirmed?.verify_height).toBeGreaterThan(bound.start_height);
  });

  it('expires past 20 blocks with nothing seen, and may then be started again', async () => {
    const user = await buildUser(db);
    const bound = await bindSourceAddress(db, new Map([[COIN, pc]]), user.id, { coin: COIN, source_address: source('late'), remark: '' });
    await mine(20);
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('WAIT_CONFIRM');
    await mine();
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('VERIFY_EXPIRED');
    // A point after the timeout does not revive it.
    await devnet.sendPoint(source('late'), pool, 10n * BHD);
    await mine();
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('VERIFY_EXPIRED');
    const again = await bindSourceAddress(db, new Map([[COIN, pc]]), user.id, { coin: COIN, source_address: source('late'), remark: '' });
    expect(again.status).toBe('VERIFY');
  });

  it('keeps the window and least amount a verification started under when the coin’s settings change meanwhile', async () => {
    const user = await buildUser(db);
    const bound = await bindSourceAddress(db, new Map([[COIN, pc]]), user.id, { coin: COIN, source_address: source('terms'), remark: '' });
    // The back office narrows the window to 5 blocks and asks for 50 BHD while it runs.
    await db
      .updateTable('point_settings')
      .set({ verify_window_blocks: 5, min_point_units: (50n * BHD).toString() })
      .where('coin', '=', COIN)
      .execute();
    const later = await bindSourceAddress(db, new Map([[COIN, pc]]), user.id, { coin: COIN, source_address: source('terms-later'), remark: '' });
    expect((await addressOf(user.id, bound.id))?.verify_deadline).toBe(bound.start_height + 20);
    expect(await addressOf(user.id, later.id)).toMatchObject({ verify_deadline: later.start_height + 5, verify_amount: '50' });
    await mine(6);
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('WAIT_CONFIRM');
    expect((await addressOf(user.id, later.id))?.status).toBe('VERIFY_EXPIRED');
    // 10 BHD verifies the first (no minimum when it started), not a binding made under the 50.
    await devnet.sendPoint(source('terms'), pool, 10n * BHD);
    const third = await bindSourceAddress(db, new Map([[COIN, pc]]), user.id, { coin: COIN, source_address: source('terms-third'), remark: '' });
    await mine();
    await devnet.sendPoint(source('terms-third'), pool, 10n * BHD);
    await mine();
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('CONFIRMED');
    expect((await addressOf(user.id, third.id))?.status).toBe('WAIT_CONFIRM');
    await db.updateTable('point_settings').set({ verify_window_blocks: 20, min_point_units: '0' }).where('coin', '=', COIN).execute();
  });

  it('keeps a verification seen within the window valid after the timeout (the binding is still valid)', async () => {
    const user = await buildUser(db);
    const bound = await bindSourceAddress(db, new Map([[COIN, pc]]), user.id, { coin: COIN, source_address: source('slow'), remark: '' });
    await devnet.sendPoint(source('slow'), pool, 10n * BHD);
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('VALID');
    // The transaction waits past the window (the devnet mines the mempool, so it is held back here by mining before it is sent in other tests).
    await db.updateTable('devnet_poc_points').set({ height: -1 }).where('from_address', '=', source('slow')).execute();
    await mine(21);
    await db.updateTable('devnet_poc_points').set({ height: null }).where('from_address', '=', source('slow')).execute();
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('VALID');
    await mine();
    await follow();
    expect((await addressOf(user.id, bound.id))?.status).toBe('CONFIRMED');
  });

  it('refuses an invalid source address, a second live binding of one address, and the pool’s own address', async () => {
    const [user, other] = [await buildUser(db), await buildUser(db)];
    const chains = new Map([[COIN, pc]]);
    await expect(bindSourceAddress(db, chains, user.id, { coin: COIN, source_address: 'not-an-address-at-all', remark: '' })).rejects.toMatchObject({ code: 10302 });
    await expect(bindSourceAddress(db, chains, user.id, { coin: COIN, source_address: pool, remark: '' })).rejects.toMatchObject({ code: 10302 });
    await bindSourceAddress(db, chains, user.id, { coin: COIN, source_address: source('once'), remark: '' });
    await expect(bindSourceAddress(db, chains, other.id, { coin: COIN, source_address: source('once'), remark: '' })).rejects.toMatchObject({ code: 10302 });
  });

  it('sets a remark under 32 characters, only on the user’s own binding', async () => {
    const [user, other] = [await buildUser(db), await buildUser(db)];
    const bound = await bindSourceAddress(db, new Map([[COIN, pc]]), user.id, { coin: COIN, source_address: source('remark'), remark: '' });
    expect((await updateRemark(db, user.id, { id: bound.id, remark: 'x'.repeat(31) })).remark).toBe('x'.repeat(31));
    await expect(updateRemark(db, other.id, { id: bound.id, remark: 'mine' })).rejects.toMatchObject({ code: 10301 });
    expect(pointRemarkBody.safeParse({ id: bound.id, remark: 'x'.repeat(32) }).success).toBe(false);
    expect(pointBindBody.safeParse({ coin: 'bhd', source_address: source('z'), remark: 'y'.repeat(32) }).success).toBe(false);
  });
});

describe('pointing records', () => {
  it('records a confirmed source’s point, waits for the margin, then freezes 20 % and counts 80 %', async () => {
    const user = await buildUser(db);
    await confirmedOwner(user.id, 'rec', 100n);
    let [record] = await recordsOf(user.id);
    expect(record).toMatchObject({ status: 'POINT_RECEIVED', display: 'Waiting', amount: '100', counted: '80', deposit: '20', term: 'Noterm', pool_address: pool });
    const counting = () => db.selectFrom('point_records').select(['valid_at', 'ended_at']).where('id', '=', record!.id).executeTakeFirstOrThrow();
    // Waiting for its margin, it does not count for the settlement yet.
    expect(await counting()).toEqual({ valid_at: null, ended_at: null });
    const validFrom = new Date();
    await credit(db, user.id, COIN, 30n * BHD);
    await follow();
    // Valid: it counts for the settlement from now (README 'Settlement').
    expect((await counting()).valid_at?.getTime()).toBeGreaterThanOrEqual(validFrom.getTime() - 1000);
    [record] = await recordsOf(user.id);
    expect(record).toMatchObject({ status: 'POINT_VALID', display: 'Effectived', actual_pledge: '8', residual_value: '92' });
    expect(record?.expiry_height).toBe((record?.height ?? 0) + 7 * 480);
    expect(await buckets(user.id)).toMatchObject({ available: 10n * BHD, point_margin: 20n * BHD });
    expect(record?.transferable).toBe(false);
    await mine(6);
    expect((await recordsOf(user.id))[0]?.transferable).toBe(true);
    // Following again changes nothing: the margin is frozen once.
    await follow();
    expect(await buckets(user.id)).toMatchObject({ available: 10n * BHD, point_margin: 20n * BHD });
  });

  it('ignores points from addresses not confirmed by anyone', async () => {
    await devnet.sendPoint(source('stranger'), pool, 50n * BHD);
    await mine();
    await follow();
    expect(await db.selectFrom('point_records').select('id').where('source_address', '=', source('stranger')).execute()).toEqual([]);
  });
});

describe('cancellation', () => {
  it('approved: the request is reviewed (audited), the wallet cancels, and the margin comes back', async () => {
    const [user, admin] = [await buildUser(db, { balance: { [COIN]: 20n * BHD } }), await buildUser(db, { role: 'admin' })];
    await confirmedOwner(user.id, 'approved', 100n);
    const [record] = await recordsOf(user.id);
    expect(record?.status).toBe('POINT_VALID');
    const request = await requestCancellation(db, user.id, record!.id);
    expect(request.status).toBe('PENDING');
    await expect(requestCancellation(db, user.id, record!.id)).rejects.toMatchObject({ code: 10307 });
    const other = await buildUser(db);
    await expect(requestCancellation(db, other.id, record!.id)).rejects.toMatchObject({ code: 10301 });
    expect((await listCancellations(db, 'PENDING', page)).list.map((c) => c.id)).toContain(request.id);
    expect(await reviewCancellation(db, admin.id, { id: request.id, approve: true, reason: '' })).toMatchObject({ status: 'APPROVED' });
    await expect(reviewCancellation(db, admin.id, { id: request.id, approve: false, reason: '' })).rejects.toMatchObject({ code: 10307 });
    const audit = await db.selectFrom('admin_audit').select(['action', 'target']).where('admin_id', '=', admin.id).execute();
    expect(audit).toEqual([{ action: 'point.cancel.approve', target: `point:${record!.id}` }]);
    await devnet.withdrawPoint(record!.txid);
    await follow();
    expect((await recordsOf(user.id))[0]?.status).toBe('POINT_VALID');
    await mine();
    await follow();
    expect((await recordsOf(user.id))[0]).toMatchObject({ status: 'POINT_UNLOCK_DEPOSIT', display: 'Unlocked', penalty: '0' });
    expect(await buckets(user.id)).toMatchObject({ available: 20n * BHD, point_margin: 0n });
    // Withdrawn: it stopped counting for the settlement when the withdrawal was seen.
    const times = await db.selectFrom('point_records').select(['valid_at', 'ended_at']).where('id', '=', record!.id).executeTakeFirstOrThrow();
    expect(times.ended_at).not.toBeNull();
    expect(times.ended_at!.getTime()).toBeGreaterThanOrEqual(times.valid_at!.getTime());
  });

  it('without an approved request the deposit is deducted, once, however many workers settle it', async () => {
    const [user, admin] = [await buildUser(db, { balance: { [COIN]: 40n * BHD } }), await buildUser(db, { role: 'admin' })];
    await confirmedOwner(user.id, 'refused', 100n);
    const [record] = await recordsOf(user.id);
    const request = await requestCancellation(db, user.id, record!.id);
    await reviewCancellation(db, admin.id, { id: request.id, approve: false, reason: 'still in a deal' });
    expect((await recordsOf(user.id))[0]).toMatchObject({ cancellation: 'REJECTED', cancellation_reason: 'still in a deal' });
    const revenueBefore = await systemBalance(db, 'pool_revenue', COIN);
    await devnet.withdrawPoint(record!.txid);
    await mine();
    await Promise.all([advanceRecords(db, pc), advanceRecords(db, pc), advanceRecords(db, pc)]);
    expect((await recordsOf(user.id))[0]).toMatchObject({ status: 'POINT_BROKE', display: 'Unlocked', penalty: '20' });
    expect(await buckets(user.id)).toMatchObject({ available: 20n * BHD, point_margin: 0n });
    expect((await systemBalance(db, 'pool_revenue', COIN)) - revenueBefore).toBe(20n * BHD);
    const kinds = await db.selectFrom('ledger_transactions').select('kind').where('reference', '=', `point:${record!.id}`).orderBy('id').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['point_margin_freeze', 'point_penalty']);
  });

  it('two cancellation requests of one record racing: exactly one is filed', async () => {
    const user = await buildUser(db, { balance: { [COIN]: 20n * BHD } });
    await confirmedOwner(user.id, 'race', 100n);
    const [record] = await recordsOf(user.id);
    const outcomes = await Promise.allSettled([
      requestCancellation(db, user.id, record!.id),
      requestCancellation(db, user.id, record!.id),
      requestCancellation(db, user.id, record!.id),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x) => x.status === 'rejected')) expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 10307 });
    expect(await db.selectFrom('point_cancellations').select('id').where('record_id', '=', record!.id).execute()).toHaveLength(1);
  });

  it('leaves the ledger balanced, and the check finds a margin its records do not account for', async () => {
    expect(await checkLedger(db)).toEqual([]);
    const held = await db.selectFrom('point_records').select('id').where('margin_held', '=', true).executeTakeFirstOrThrow();
    await db.updateTable('point_records').set({ margin_held: false }).where('id', '=', held.id).execute();
    expect((await checkLedger(db)).map((p) => p.kind)).toEqual(['pointing-mismatch']);
    await db.updateTable('point_records').set({ margin_held: true }).where('id', '=', held.id).execute();
    expect(await checkLedger(db)).toEqual([]);
  });
});
