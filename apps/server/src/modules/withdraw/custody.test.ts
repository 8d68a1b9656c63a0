import { AppError, parseAmount } from '@platter/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAddress, fakeCoinId, startFakeWallet, TX, type FakeWallet } from '../../../test/chia-wallet-fake.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, testWallet } from '../../../test/factories.ts';
import type { ChainRegistry } from '../../chain/chain.ts';
import { chiaWalletAdapter } from '../../chain/chia-wallet.ts';
import { devnetAddress, devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { runCli } from '../../cli/run.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction, userBalances } from '../../ledger/ledger.service.ts';
import { rechargeAddress, scanDeposits } from '../wallet/deposits.ts';
import { latestReconciliations, reconcileWallet } from '../wallet/reconcile.ts';
import { reconcileUnknown, resendWithdrawal, returnWithdrawal, sendDue, trackSent } from './sending.ts';
import { auditWithdrawals, operatorCancel, parseSchedule } from './withdraw.service.ts';

/**
 * Custody against a wallet that behaves like Chia's (test/chia-wallet-fake.ts): sends that
 * time out after the wallet did the work, refusals, pending change, sends the chain rejects.
 * No withdrawal is paid twice, and none is SENT before the chain confirmed it.
 */

let db: Db;
let url: string;
let fake: FakeWallet;
let chains: ChainRegistry;
let wallet: ReturnType<typeof testWallet>;
let chia: ReturnType<typeof chiaWalletAdapter>;
const schedule = parseSchedule('17:00', '+00:00', 0);
const XCH = (text: string) => parseAmount(text, 12);
const FEE = 50_000_000n;

beforeAll(async () => {
  ({ db, url } = await testDatabase());
  fake = await startFakeWallet();
  fake.confirmedBalance = XCH('1000');
  const node = fake.node;
  chia = chiaWalletAdapter('CHIA', { url: node.url, certPath: node.file('pool.crt'), keyPath: node.file('pool.key'), caPath: node.file('ca.crt'), feeMojos: FEE, timeoutMs: 300 });
  const devnet = devnetRegistry(db, 'custody');
  chains = { adapter: (coin) => (coin === 'CHIA' ? chia : devnet.adapter(coin)) };
  wallet = testWallet(db, chains, schedule);
  await db.updateTable('coins').set({ confirmation: 3 }).where('type', '=', 'CHIA').execute();
});
afterAll(async () => {
  chia.close();
  await fake.close();
});

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

  it("credits farming rewards and claimed clawbacks to a user's deposit address, keeps coins to no user's address for the operator, and reconciles the wallet with the ledger", async () => {
    const user = await buildUser(db);
    const { address } = await rechargeAddress(db, chains, user.id, 'CHIA');
    fake.receive({ type: TX.COINBASE_REWARD, to: address, amount: XCH('0.25'), height: fake.height });
    fake.receive({ type: TX.FEE_REWARD, to: address, amount: XCH('0.001'), height: fake.height });
    fake.receive({ type: TX.INCOMING_CLAWBACK_RECEIVE, to: address, amount: XCH('1'), height: fake.height });
    const stranger = fake.receive({ to: fakeAddress(777_777), amount: XCH('0.5'), height: fake.height });
    fake.height += 5;
    await scanDeposits(db, chains, 'CHIA');
    expect(await available(user.id)).toBe(XCH('1.251'));
    const unowned = await db.selectFrom('unowned_transfers').selectAll().execute();
    expect(unowned.map((u) => [u.txid, u.amount])).toEqual([[stranger.name.slice(2), String(XCH('0.5'))]]);

    // The wallet agrees with the ledger once the test's starting coins are accounted for...
    const start = await reconcileWallet(db, chains, 'CHIA');
    fake.confirmedBalance -= start?.difference ?? 0n;
    expect((await reconcileWallet(db, chains, 'CHIA'))?.difference).toBe(0n);
    // ...and still does after a withdrawal whose chain fee the hot wallet paid (booked in the ledger).
    const w = await approvedWithdrawal('2');
    expect(await sendDue(db, chains)).toBe(1);
    expect((await reconcileWallet(db, chains, 'CHIA'))?.difference).toBe(0n);
    mine();
    await trackSent(db, chains);
    expect((await row(w.id)).status).toBe('SENT');
    expect((await reconcileWallet(db, chains, 'CHIA'))?.difference).toBe(0n);
    // A payment the ledger does not know: the drift is shown to the operator.
    fake.confirmedBalance -= 123n;
    expect((await reconcileWallet(db, chains, 'CHIA'))?.difference).toBe(-123n);
    const [latest] = await latestReconciliations(db);
    expect(latest).toMatchObject({ coin: 'CHIA', difference: '-123' });
    expect(await checkLedger(db)).toEqual([]);

    // The operator sees it from the CLI: `ledger check` and `custody reconcile` exit 1 and say by how much.
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: url, CHIA_WALLET_RPC_URL: fake.node.url, CHIA_RPC_SSL_DIR: fake.node.chiaSslFolder('wallet') });
    try {
      let out = '';
      expect(await runCli(['ledger', 'check'], (t) => (out += t))).toBe(1);
      expect(out).toContain('wallet CHIA: DIFFERS by -123');
      expect(out).toContain('ledger check: OK');
      out = '';
      expect(await runCli(['custody', 'list'], (t) => (out += t))).toBe(0);
      expect(out).toContain(`unowned coin CHIA ${XCH('0.5')}`);
    } finally {
      process.env = saved;
    }
  });

  it('a deposit is credited once: a resync that renames its wallet record, and a reset scan cursor, do not credit the same coin again', async () => {
    const user = await buildUser(db);
    const { address } = await rechargeAddress(db, chains, user.id, 'CHIA');
    const received = fake.receive({ to: address, amount: XCH('3'), height: fake.height });
    fake.height += 5;
    await scanDeposits(db, chains, 'CHIA');
    expect(await available(user.id)).toBe(XCH('3'));

    // Chia names a coin first seen already spent with a random record name; the operator then rescans from the start.
    fake.resync();
    const coin = received.additions?.[0];
    if (!coin) throw new Error('the fake records the coin a receipt created');
    expect(received.name).not.toBe(fakeCoinId(coin));
    await db.deleteFrom('chain_cursors').where('coin', '=', 'CHIA').execute();
    fake.height += 5;
    await scanDeposits(db, chains, 'CHIA');
    expect(await available(user.id)).toBe(XCH('3'));
    const rows = await db.selectFrom('deposits').select(['coin_id', 'status']).where('user_id', '=', user.id).execute();
    expect(rows).toEqual([{ coin_id: fakeCoinId(coin).slice(2), status: 'credited' }]);
    expect(await checkLedger(db)).toEqual([]);
  });
});
