import { parseAmount } from '@platter/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAddress, fakeCoinId, TX, type FakeWallet } from '../../../test/chia-wallet-fake.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, chiaCustody, credit, reviewWithdrawals, sendWithdrawals, testSchedule, testWallet, trackWithdrawals } from '../../../test/factories.ts';
import type { ChainRegistry } from '../../chain/chain.ts';
import { devnetAddress } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { runCli } from '../../cli/run.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { rechargeAddress, scanDeposits } from './deposits.ts';
import { latestReconciliations, reconcileWallet } from './reconcile.ts';

/**
 * The wallet's custody against a wallet that behaves like Chia's (test/chia-wallet-fake.ts):
 * farming rewards, clawbacks and coins to no user's address; deposits credited once across a
 * resync and a rescan; the hot wallet reconciled with the ledger. (Its withdrawals' sends:
 * withdraw/custody.test.ts.)
 */

let db: Db;
let url: string;
let fake: FakeWallet;
let chains: ChainRegistry;
let close: () => Promise<void>;
const XCH = (text: string) => parseAmount(text, 12);

beforeAll(async () => {
  ({ db, url } = await testDatabase());
  ({ fake, chains, close } = await chiaCustody(db, 50_000_000n));
});
afterAll(() => close());

/** A user's withdrawal from coins deposited in the hot wallet, approved and due. */
async function approvedWithdrawal(amount: string, tag = Math.random().toString(36)) {
  const user = await buildUser(db);
  fake.confirmedBalance += XCH('10');
  await credit(db, user.id, 'CHIA', XCH('10'));
  const wallet = testWallet(db, chains);
  const { id: addressId } = await wallet.addAddress(user.id, { coin: 'CHIA', address: devnetAddress('custody', 'CHIA', tag), remark: '', memo: '' });
  const { id } = await wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount, request_id: `custody-${tag}` });
  await reviewWithdrawals(db, user.id, [id], { approve: true, schedule: testSchedule() });
  return { id, userId: user.id };
}

const withdrawalStatus = async (id: string) => (await db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const available = async (userId: string) => (await userBalances(db, userId, 'CHIA')).get('CHIA')?.available ?? 0n;
/** Confirms every pending send in the next block and mines the coin's confirmations. */
function mine() {
  fake.height += 1;
  for (const t of fake.txs.filter((x) => x.type === TX.OUTGOING && !x.confirmed)) fake.confirm(t.name, fake.height);
  fake.height += 3;
}

describe('custody against a Chia-like wallet', () => {
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
    expect(await sendWithdrawals(db, chains)).toBe(1);
    expect((await reconcileWallet(db, chains, 'CHIA'))?.difference).toBe(0n);
    mine();
    await trackWithdrawals(db, chains);
    expect(await withdrawalStatus(w.id)).toBe('SENT');
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
