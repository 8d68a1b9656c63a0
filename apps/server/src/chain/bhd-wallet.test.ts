import { parseAmount } from '@platter/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_FEE, fakeBhdAddress, startFakeBhdNode, type FakeBhdNode } from '../../test/bhd-node-fake.ts';
import { testDatabase } from '../../test/db.ts';
import { buildUser } from '../../test/factories.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { checkLedger } from '../ledger/ledger.check.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { rechargeAddress, scanDeposits } from '../modules/wallet/deposits.ts';
import { walletService } from '../modules/wallet/wallet.service.ts';
import { reconcileUnknown, sendDue } from '../modules/withdraw/sending.ts';
import { auditWithdrawals, parseSchedule } from '../modules/withdraw/withdraw.service.ts';
import type { ChainRegistry } from './chain.ts';
import { withBhdNodes, type BhdNodes } from './bhd-wallet.ts';
import { devnetRegistry } from './devnet.ts';

/**
 * BHD's custody through the platform's own deposit and withdrawal code (real PostgreSQL)
 * against the loopback btchd node: a deposit credited after its confirmations and dropped by a
 * reorganisation, a payment whose answer never came, and one sent by a process that crashed
 * before recording it — each found again by its payment id, none sent twice.
 */

let db: Db;
let fake: FakeBhdNode;
let nodes: BhdNodes;
let chains: ChainRegistry;
const schedule = parseSchedule('17:00', '+00:00', 0);

beforeAll(async () => {
  ({ db } = await testDatabase());
  fake = await startFakeBhdNode();
  nodes = withBhdNodes(loadConfig({ BHD_RPC_URL: fake.url, BHD_POOL_ADDRESS: 'pool', POC_RPC_TIMEOUT_MS: '300' }), devnetRegistry(db, 'x'));
  chains = nodes.chains;
  // The hot wallet's coins.
  fake.receive([{ address: await chains.adapter('BHD').depositAddress('hot-wallet'), amount: 50n * 10n ** 8n }]);
  fake.mine();
});
afterAll(async () => {
  nodes.close();
  await fake.close();
});

const row = (id: string) => db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sendsOf = (paymentId: string) => [...fake.txs.values()].filter((t) => t.comment === `platter-payment:${paymentId}`);

let seq = 0;
/** An approved withdrawal of 1 BHD to a fresh address. */
async function approvedWithdrawal(): Promise<string> {
  const admin = await buildUser(db, { role: 'admin' });
  const user = await buildUser(db);
  const wallet = walletService({ db, chains, schedule, verify: (_u, _a, _c, work) => db.transaction().execute(work) });
  const amount = parseAmount('3', 8);
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      kind: 'deposit',
      postings: [
        { account: { kind: 'system', code: 'chain', coin: 'BHD' }, amount: -amount },
        { account: { kind: 'user', userId: user.id, coin: 'BHD', bucket: 'available' }, amount },
      ],
    }),
  );
  const address = await wallet.addAddress(user.id, { coin: 'BHD', address: fakeBhdAddress(), remark: '', memo: '' });
  const { id } = await wallet.withdraw(user.id, { coin: 'BHD', address_id: address.id, amount: '1', request_id: `bhd-request-${++seq}` });
  expect((await auditWithdrawals(db, schedule, admin.id, [id], true, '')).done).toEqual([id]);
  return id;
}

describe('BHD custody over the node', () => {
  it('credits a deposit once it has its confirmations, and not one a reorganisation dropped', async () => {
    const user = await buildUser(db);
    const { address } = await rechargeAddress(db, chains, user.id, 'BHD');
    expect(address).toBe(await chains.adapter('BHD').depositAddress(user.id));
    const kept = fake.receive([{ address, amount: 250_000_000n, vout: 1 }]);
    const dropped = fake.receive([{ address, amount: 7n }]);
    fake.mine();
    expect(await scanDeposits(db, chains, 'BHD')).toEqual({ seen: 2, credited: 0 });
    // A reorganisation replaces their block: the first comes back in the new one, the second was double-spent.
    fake.reorg(1, [dropped.txid]);
    for (let i = 0; i < 6; i++) fake.mine({ nonce: 5_000n + BigInt(i) });
    const scan = await scanDeposits(db, chains, 'BHD');
    expect(scan.credited).toBe(1);
    const deposits = await db.selectFrom('deposits').select(['txid', 'amount', 'status', 'output_index']).where('user_id', '=', user.id).orderBy('txid').execute();
    expect(deposits.find((d) => d.txid === kept.txid)).toMatchObject({ amount: '250000000', status: 'credited', output_index: 1 });
    expect(deposits.find((d) => d.txid === dropped.txid)?.status).not.toBe('credited');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a payment whose answer never came is SEND_UNKNOWN, never sent again, and found by its payment id', async () => {
    const id = await approvedWithdrawal();
    const { payment_id } = await row(id);
    fake.lateMs.sendtoaddress = 1_000;
    try {
      expect(await sendDue(db, chains, new Date(Date.now() + 1000))).toBe(0);
    } finally {
      delete fake.lateMs.sendtoaddress;
    }
    expect(await row(id)).toMatchObject({ status: 'SEND_UNKNOWN', txid: '' });
    expect(sendsOf(payment_id)).toHaveLength(1);
    // The next ticks do not pay again.
    await sendDue(db, chains, new Date(Date.now() + 3_600_000));
    expect(sendsOf(payment_id)).toHaveLength(1);
    // The operator's reconcile finds it in the wallet: it goes on as sent, with the wallet's txid and fee.
    expect(await reconcileUnknown(db, chains)).toEqual({ found: [id], unknown: [] });
    expect(await row(id)).toMatchObject({ txid: sendsOf(payment_id)[0]!.txid, chain_fee: String(FAKE_FEE) });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a payment sent by a process that crashed before recording it is found at the next tick, not paid twice', async () => {
    const id = await approvedWithdrawal();
    const w = await row(id);
    // The crashed process had claimed it and the wallet had paid it.
    await db.updateTable('withdrawals').set({ sending_at: new Date() }).where('id', '=', id).execute();
    const paid = await chains.adapter('BHD').send({ paymentId: w.payment_id, to: w.address, amount: BigInt(w.received), memo: '', maxFee: BigInt(w.fee) });
    expect(await sendDue(db, chains, new Date(Date.now() + 1000))).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'SENT_PENDING', txid: paid.txid });
    expect(sendsOf(w.payment_id)).toHaveLength(1);
    expect(await checkLedger(db)).toEqual([]);
  });
});
