import { AppError, parseAmount } from '@platter/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TX, type FakeWallet } from '../../../test/chia-wallet-fake.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, chiaCustody, testWallet } from '../../../test/factories.ts';
import type { ChainRegistry } from '../../chain/chain.ts';
import { devnetAddress } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction, userBalances } from '../../ledger/ledger.service.ts';
import { reconcileUnknown, resendWithdrawal, returnWithdrawal, sendDue, trackSent } from './sending.ts';
import { auditWithdrawals, operatorCancel, parseSchedule } from './withdraw.service.ts';

/**
 * Custody against a wallet that behaves like Chia's (test/chia-wallet-fake.ts): sends that
 * time out after the wallet did the work, refusals, pending change, sends the chain rejects.
 * No withdrawal is paid twice, and none is SENT before the chain confirmed it. (The deposits
 * and the wallet's reconciliation against the same wallet: wallet/custody.test.ts.)
 */

let db: Db;
let fake: FakeWallet;
let chains: ChainRegistry;
let wallet: ReturnType<typeof testWallet>;
let close: () => Promise<void>;
const schedule = parseSchedule('17:00', '+00:00', 0);
const XCH = (text: string) => parseAmount(text, 12);
const FEE = 50_000_000n;

beforeAll(async () => {
  ({ db } = await testDatabase());
  ({ fake, chains, close } = await chiaCustody(db, FEE));
  wallet = testWallet(db, chains, schedule);
});
afterAll(() => close());

async function approvedWithdrawal(amount: string, tag = Math.random().toString(36)) {
  const user = await buildUser(db);
  // The user's deposit: in the ledger, and its coins in the hot wallet.
  fake.confirmedBalance += XCH('10');
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      kind: 'deposit',
      postings: [
        { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -XCH('10') },
        { account: { kind: 'user', userId: user.id, coin: 'CHIA', bucket: 'available' }, amount: XCH('10') },
      ],
    }),
  );
  const address = devnetAddress('custody', 'CHIA', tag);
  const { id: addressId } = await wallet.addAddress(user.id, { coin: 'CHIA', address, remark: '', memo: '' });
  const { id } = await wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount, request_id: `custody-${tag}` });
  await auditWithdrawals(db, schedule, user.id, [id], true, '');
  return { id, userId: user.id, address };
}

const row = (id: string) => db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sendsTo = (address: string) => fake.txs.filter((t) => t.type === TX.OUTGOING && t.to_address === address);
const available = async (userId: string) => (await userBalances(db, userId, 'CHIA')).get('CHIA')?.available ?? 0n;
/** Confirms every pending send in the next block and mines the coin's confirmations. */
function mine() {
  fake.height += 1;
  for (const t of fake.txs.filter((x) => x.type === TX.OUTGOING && !x.confirmed)) fake.confirm(t.name, fake.height);
  fake.height += 3;
}

describe('custody against a Chia-like wallet', () => {
  it('a send that times out is never paid again: SEND_UNKNOWN until the wallet shows it, then SENT once confirmed, the chain fee booked', async () => {
    const w = await approvedWithdrawal('2');
    fake.sendDelayMs = 700;
    expect(await sendDue(db, chains)).toBe(0);
    expect(await row(w.id)).toMatchObject({ status: 'SEND_UNKNOWN', txid: '' });
    // The worker's next ticks: nothing is sent again while the wallet is still working.
    expect(await sendDue(db, chains)).toBe(0);
    expect((await reconcileUnknown(db, chains)).unknown).toEqual([w.id]);
    await expect(operatorCancel(db, w.userId, [w.id], 'x')).resolves.toMatchObject({ skipped: [{ id: w.id }] });
    await new Promise((r) => setTimeout(r, 800));
    fake.sendDelayMs = 0;
    expect(sendsTo(w.address)).toHaveLength(1);
    expect((await reconcileUnknown(db, chains)).found).toEqual([w.id]);
    const accepted = await row(w.id);
    expect(accepted).toMatchObject({ status: 'SENT_PENDING', txid: sendsTo(w.address)[0]?.name.slice(2), chain_fee: String(FEE) });
    // Not SENT before the chain has the coin's confirmations.
    await trackSent(db, chains);
    expect((await row(w.id)).status).toBe('SENT_PENDING');
    mine();
    expect(await trackSent(db, chains)).toEqual({ confirmed: 1, failed: 0 });
    expect((await row(w.id)).status).toBe('SENT');
    expect(sendsTo(w.address)).toHaveLength(1);
    const chainFee = await db
      .selectFrom('ledger_transactions')
      .select(['kind', 'reference'])
      .where('kind', '=', 'withdrawal_chain_fee')
      .where('reference', '=', `withdrawal:${w.id}`)
      .execute();
    expect(chainFee).toHaveLength(1);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a send the wallet refuses ends FAILED with the reason; the operator returns the funds through the ledger', async () => {
    const w = await approvedWithdrawal('3');
    fake.refuse = 'Unexpected Address Prefix';
    expect(await sendDue(db, chains)).toBe(0);
    fake.refuse = undefined;
    expect(await row(w.id)).toMatchObject({ status: 'FAILED', reason: 'refused by the wallet: Unexpected Address Prefix' });
    // Not retried: it waits for the operator.
    await sendDue(db, chains);
    expect(sendsTo(w.address)).toHaveLength(0);
    expect(await available(w.userId)).toBe(XCH('7'));
    await returnWithdrawal(db, chains, w.userId, w.id, 'address refused');
    expect(await row(w.id)).toMatchObject({ status: 'CANCELED', reason: 'returned: address refused' });
    expect(await available(w.userId)).toBe(XCH('10'));
    await expect(returnWithdrawal(db, chains, w.userId, w.id, 'again')).rejects.toBeInstanceOf(AppError);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('sends in a row while change is pending: the refused one is retried at a later tick, the others go on', async () => {
    const a = await approvedWithdrawal('1');
    const b = await approvedWithdrawal('1');
    expect(await sendDue(db, chains)).toBe(1);
    expect((await row(a.id)).txid).not.toBe('');
    expect(await row(b.id)).toMatchObject({ status: 'SENT_PENDING', txid: '', sending_at: null });
    expect((await row(b.id)).reason).toMatch(/^retrying \(attempt 1 of 5\): /);
    mine();
    // Tried again once its backoff (a minute after the first failure) has passed.
    expect(await sendDue(db, chains)).toBe(0);
    expect(await sendDue(db, chains, new Date(Date.now() + 61_000))).toBe(1);
    mine();
    await trackSent(db, chains);
    expect([(await row(a.id)).status, (await row(b.id)).status]).toEqual(['SENT', 'SENT']);
    expect([sendsTo(a.address).length, sendsTo(b.address).length]).toEqual([1, 1]);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a payment the chain rejects ends FAILED; the operator resends it under a new payment id, paid once', async () => {
    const w = await approvedWithdrawal('4');
    expect(await sendDue(db, chains)).toBe(1);
    const first = await row(w.id);
    fake.fail(`0x${first.txid}`);
    expect(await trackSent(db, chains)).toEqual({ confirmed: 0, failed: 1 });
    expect(await row(w.id)).toMatchObject({ status: 'FAILED', reason: 'rejected by the chain: DOUBLE_SPEND' });
    expect(await resendWithdrawal(db, chains, w.userId, w.id)).toBe('resend');
    expect(await sendDue(db, chains)).toBe(1);
    const second = await row(w.id);
    expect(second.payment_id).not.toBe(first.payment_id);
    expect(second.txid).not.toBe(first.txid);
    mine();
    await trackSent(db, chains);
    expect((await row(w.id)).status).toBe('SENT');
    // One payment failed, one confirmed; the chain fee booked once in the end.
    expect(sendsTo(w.address).map((t) => t.confirmed_at_height > 0)).toEqual([false, true]);
    const fees = await db.selectFrom('ledger_transactions').select('kind').where('reference', '=', `withdrawal:${w.id}`).where('kind', 'like', 'withdrawal_chain_fee%').execute();
    expect(fees.map((f) => f.kind).sort()).toEqual(['withdrawal_chain_fee', 'withdrawal_chain_fee', 'withdrawal_chain_fee_undone']);
    expect(await checkLedger(db)).toEqual([]);
  });
});
