import { parseAmount, signumAccountId, signumAddressOf } from '@platter/domain';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_SIGNUM_MAX_ROWS, FAKE_SIGNUM_MIN_FEE, startFakeSignumNode, type FakeSignumNode } from '../../test/signum-node-fake.ts';
import { testDatabase } from '../../test/db.ts';
import { buildUser } from '../../test/factories.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { checkLedger } from '../ledger/ledger.check.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { addAddress } from '../modules/wallet/addresses.ts';
import { rechargeAddress, scanDeposits } from '../modules/wallet/deposits.ts';
import { unownedTransfers } from '../modules/wallet/reconcile.ts';
import { walletService } from '../modules/wallet/wallet.service.ts';
import { reconcileUnknown, resendWithdrawal, sendDue, trackSent } from '../modules/withdraw/sending.ts';
import { auditWithdrawals, parseSchedule } from '../modules/withdraw/withdraw.service.ts';
import { SendRefusedError, type ChainAdapter, type ChainRegistry } from './chain.ts';
import { devnetRegistry } from './devnet.ts';
import { SIGNUM_EPOCH, signumApiClient } from './signum-api.ts';
import { signumDepositMemo, signumWalletAdapter, withSignumWallet } from './signum-wallet.ts';

/**
 * BURST's custody on a Signum node, through the platform's own deposit and withdrawal code
 * (real PostgreSQL) against the loopback node (test/signum-node-fake.ts): deposits to the
 * pool's account told apart by their message and credited after BURST's 10 confirmations,
 * a payment whose answer came after the client gave up found again by its self message and
 * never sent twice, refusals, and the node's 500-row pages.
 */

const POOL = 7_009_665_667_967_103_287n; // signumj's S-WEBR-T74Q-HQJY-8PUK4
const PASSPHRASE = 'pool passphrase of the fake';
const OUTSIDE = 1_234_567_890_123n; // someone depositing
const SECRET = 'x';
let db: Db;
let fake: FakeSignumNode;
let wallet: { chains: ChainRegistry; close(): void };
let burst: ChainAdapter;
const schedule = parseSchedule('17:00', '+00:00', 0);

beforeAll(async () => {
  ({ db } = await testDatabase());
  fake = await startFakeSignumNode();
  fake.passphrases.set(PASSPHRASE, POOL);
  fake.publicKeys.add(POOL);
  wallet = withSignumWallet(
    loadConfig({ BURST_RPC_URL: fake.url, BURST_POOL_ADDRESS: signumAddressOf(POOL), BURST_POOL_PASSPHRASE: PASSPHRASE, POC_RPC_TIMEOUT_MS: '3000' }),
    devnetRegistry(db, SECRET),
    SECRET,
  );
  burst = wallet.chains.adapter('BURST');
  // The hot wallet's coins: 1,000 SIGNA.
  fake.pay(OUTSIDE, POOL, 1_000n * 10n ** 8n);
  fake.mine();
});
afterAll(async () => {
  wallet.close();
  await fake.close();
});

const mine = (n: number) => {
  for (let i = 0; i < n; i++) fake.mine();
};
let nextId = 5_000_000n;
/** A fresh account with its public key on the chain (it has sent before). */
const knownAccount = () => {
  const id = nextId++;
  fake.publicKeys.add(id);
  return signumAddressOf(id);
};

describe('the Signum wallet adapter', () => {
  it("gives every user the pool's account and a stable message of their own", async () => {
    const a = await buildUser(db);
    const b = await buildUser(db);
    const first = await rechargeAddress(db, wallet.chains, a.id, 'BURST');
    expect(first.address).toBe(signumAddressOf(POOL));
    expect(first.memo).toBe(signumDepositMemo(SECRET, a.id));
    expect(first.memo).toMatch(/^[1-9]\d{15}$/);
    // No memo starts with a zero.
    for (let i = 0; i < 200; i++) expect(signumDepositMemo(SECRET, `user-${i}`)).toMatch(/^[1-9]\d{15}$/);
    const other = await rechargeAddress(db, wallet.chains, b.id, 'BURST');
    expect(other.address).toBe(first.address);
    expect(other.memo).not.toBe(first.memo);
    expect(await rechargeAddress(db, wallet.chains, a.id, 'BURST')).toEqual(first);
    // Other coins keep an address of the user's own, without a memo.
    expect((await rechargeAddress(db, wallet.chains, a.id, 'BHD')).memo).toBe('');
  });

  it('replaces a deposit address made on the devnet before the node was attached', async () => {
    const user = await buildUser(db);
    const devnet = await rechargeAddress(db, devnetRegistry(db, SECRET), user.id, 'BURST');
    expect(devnet.address).not.toBe(signumAddressOf(POOL));
    const real = await rechargeAddress(db, wallet.chains, user.id, 'BURST');
    expect(real).toMatchObject({ address: signumAddressOf(POOL), memo: signumDepositMemo(SECRET, user.id) });
    expect(await db.selectFrom('deposit_addresses').select(['address', 'memo']).where('user_id', '=', user.id).where('coin', '=', 'BURST').execute()).toEqual([
      { address: real.address, memo: real.memo },
    ]);
  });

  it('credits a deposit carrying the message after 10 confirmations; one without a known message waits for the operator', async () => {
    const user = await buildUser(db);
    const { memo } = await rechargeAddress(db, wallet.chains, user.id, 'BURST');
    const deposit = fake.pay(OUTSIDE, POOL, 25n * 10n ** 8n, ` ${memo} `);
    const stray = fake.pay(OUTSIDE, POOL, 3n * 10n ** 8n, 'my exchange account 42');
    fake.mine();
    expect(await scanDeposits(db, wallet.chains, 'BURST')).toEqual({ seen: 1, credited: 0 });
    mine(8);
    // 9 confirmations: not yet.
    expect((await scanDeposits(db, wallet.chains, 'BURST')).credited).toBe(0);
    fake.mine();
    expect((await scanDeposits(db, wallet.chains, 'BURST')).credited).toBe(1);
    const row = await db.selectFrom('deposits').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ txid: deposit.id.toString(), amount: '2500000000', status: 'credited' });
    const unowned = (await unownedTransfers(db)).filter((u) => u.coin === 'BURST');
    // The stray one, and the hot wallet's funding (no message at all).
    expect(unowned.map((u) => [u.memo, u.amount])).toEqual([
      ['', '100000000000'],
      ['my exchange account 42', '300000000'],
    ]);
    expect(unowned[1]?.txid).toBe(stray.id.toString());
    expect(await checkLedger(db)).toEqual([]);
  });

  it("starts near the tip when the deposit cursor was left by the devnet, not at the pool account's whole history", async () => {
    const old = fake.pay(OUTSIDE, POOL, 7n * 10n ** 8n, 'an old payment');
    fake.mine();
    mine(40);
    // The devnet's cursor: a height of another chain.
    await db.updateTable('chain_cursors').set({ scanned_height: 0, source: '' }).where('coin', '=', 'BURST').execute();
    const user = await buildUser(db);
    const { memo } = await rechargeAddress(db, wallet.chains, user.id, 'BURST');
    const fresh = fake.pay(OUTSIDE, POOL, 3n * 10n ** 8n, memo);
    fake.mine();
    await scanDeposits(db, wallet.chains, 'BURST');
    expect(await db.selectFrom('deposits').select('txid').where('user_id', '=', user.id).execute()).toEqual([{ txid: fresh.id.toString() }]);
    expect((await unownedTransfers(db)).some((u) => u.txid === old.id.toString())).toBe(false);
    expect(await db.selectFrom('chain_cursors').select(['scanned_height', 'source']).where('coin', '=', 'BURST').executeTakeFirstOrThrow()).toEqual({
      scanned_height: String(fake.tip().height),
      source: `signum:${POOL}`,
    });
  });

  it("refuses the pool's own account as a withdrawal address however it is written", async () => {
    const user = await buildUser(db);
    await rechargeAddress(db, wallet.chains, user.id, 'BURST');
    const rs = signumAddressOf(POOL).slice(2);
    for (const address of [POOL.toString(), `BURST-${rs}`]) {
      const refused = await db.transaction().execute((trx) => addAddress(trx, user.id, { coin: 'BURST', address, remark: '', memo: '' }).catch((e: unknown) => e));
      expect(refused, address).toMatchObject({ errorName: 'WITHDRAW_TO_DEPOSIT_ADDRESS' });
    }
  });

  it('matches a deposit whose message has the memo digits written with spaces or words around them', async () => {
    const user = await buildUser(db);
    const { memo } = await rechargeAddress(db, wallet.chains, user.id, 'BURST');
    const spaced = fake.pay(OUTSIDE, POOL, 10n ** 8n, `memo: ${memo.replace(/(\d{4})(?=\d)/g, '$1 ')}`);
    fake.mine();
    await scanDeposits(db, wallet.chains, 'BURST');
    expect(await db.selectFrom('deposits').select('txid').where('user_id', '=', user.id).execute()).toEqual([{ txid: spaced.id.toString() }]);
  });

  it('a message with a NUL or other control characters neither stops the scan nor hides a deposit', async () => {
    const user = await buildUser(db);
    const { memo } = await rechargeAddress(db, wallet.chains, user.id, 'BURST');
    const hostile = fake.pay(OUTSIDE, POOL, 10n ** 8n, `bad\u0000one\u0007 ${'z'.repeat(900)}`);
    const deposit = fake.pay(OUTSIDE, POOL, 2n * 10n ** 8n, `${memo}\u0000`);
    fake.mine();
    expect((await scanDeposits(db, wallet.chains, 'BURST')).seen).toBe(1);
    expect(await db.selectFrom('deposits').select('txid').where('user_id', '=', user.id).execute()).toEqual([{ txid: deposit.id.toString() }]);
    const kept = (await unownedTransfers(db)).find((u) => u.txid === hostile.id.toString());
    expect(kept?.memo).toMatch(/^badone z+$/);
    expect(kept?.memo.length).toBeLessThanOrEqual(200);
  });

  it("pages the account's payments past the node's 500 rows, newest first, down to the range asked", async () => {
    const from = fake.tip().height;
    const many = 2 * FAKE_SIGNUM_MAX_ROWS + 3;
    for (let i = 0; i < many; i++) fake.pay(OUTSIDE, POOL, BigInt(i + 1), `m${i}`);
    fake.mine();
    const deep = fake.tip().height;
    fake.pay(OUTSIDE, POOL, 77n, 'later');
    fake.mine();
    const all = await burst.incoming(from, fake.tip().height);
    expect(all).toHaveLength(many + 1);
    expect(new Set(all.map((t) => t.txid)).size).toBe(many + 1);
    expect(all.at(-1)).toMatchObject({ amount: 77n, memo: 'later' });
    // Only the block asked for: the newer one is left out.
    const inDeep = await burst.incoming(from, deep);
    expect(inDeep).toHaveLength(many);
    expect(inDeep.map((t) => t.memo).sort()).toEqual(Array.from({ length: many }, (_, i) => `m${i}`).sort());
    // Outgoing payments of the pool are not deposits.
    expect(all.every((t) => t.address === signumAddressOf(POOL))).toBe(true);
  });

  it('refuses a payment the node refuses, saying whether it may go later', async () => {
    const request = (to: string, amount: bigint) => ({ paymentId: crypto.randomUUID(), to, amount, memo: '', maxFee: 10n ** 8n });
    const funds = await burst.send(request(knownAccount(), 10n ** 18n)).catch((e: unknown) => e);
    expect(funds).toBeInstanceOf(SendRefusedError);
    expect(funds).toMatchObject({ reason: 'Not enough funds', retryable: true });
    // A fresh account without its public key on the chain: the node's PK_API_BLOCK.
    const fresh = await burst.send(request(signumAddressOf(nextId++), 10n ** 8n)).catch((e: unknown) => e);
    expect(fresh).toMatchObject({ reason: 'Incorrect "recipient"', retryable: false });
    // A fee above the user's withdrawal fee.
    const fee = await burst.send({ ...request(knownAccount(), 10n ** 8n), maxFee: FAKE_SIGNUM_MIN_FEE - 1n }).catch((e: unknown) => e);
    expect(fee).toBeInstanceOf(SendRefusedError);
    expect(fake.payments.filter((p) => p.sender === POOL)).toHaveLength(0);
  });

  it('sends with the memo as the plain message and the payment id only the pool reads back', async () => {
    const to = knownAccount();
    const paymentId = crypto.randomUUID();
    const sent = await burst.send({ paymentId, to, amount: 2n * 10n ** 8n, memo: 'exchange tag 991', maxFee: 10n ** 8n });
    expect(sent.fee).toBe(FAKE_SIGNUM_MIN_FEE);
    const payment = fake.payments.find((p) => p.id.toString() === sent.txid);
    expect(payment).toMatchObject({ message: 'exchange tag 991', selfMessage: `platter-payment:${paymentId}`, deadline: 120 });
    expect(await burst.paymentStatus(sent.txid)).toEqual({ state: 'pending' });
    expect(await burst.findSent({ paymentId, to, amount: 2n * 10n ** 8n })).toEqual(sent);
    fake.mine();
    expect(await burst.paymentStatus(sent.txid)).toEqual({ state: 'confirmed', height: fake.tip().height, confirmations: 1 });
    expect(await burst.findSent({ paymentId, to, amount: 2n * 10n ** 8n })).toEqual(sent);
    // Another payment id, or another amount, is another payment.
    expect(await burst.findSent({ paymentId: crypto.randomUUID(), to, amount: 2n * 10n ** 8n })).toBeUndefined();
    expect(await burst.findSent({ paymentId, to, amount: 3n * 10n ** 8n })).toBeUndefined();
    expect(await burst.paymentStatus('12345')).toEqual({ state: 'unknown' });
  });

  it("pays the node's minimum fee for the payment's size (FEE_QUANT per 176 bytes), capped by the withdrawal's fee", async () => {
    const to = knownAccount();
    const long = 'x'.repeat(120);
    const paymentId = crypto.randomUUID();
    // The node refuses a fee below its minimum for the size; the adapter pays what it asks.
    const sent = await burst.send({ paymentId, to, amount: 10n ** 8n, memo: long, maxFee: 10n ** 8n });
    expect(sent.fee).toBe(2n * FAKE_SIGNUM_MIN_FEE);
    expect(fake.payments.find((p) => p.id.toString() === sent.txid)).toMatchObject({ fee: 2n * FAKE_SIGNUM_MIN_FEE, message: long });
    // A withdrawal fee that covers one quant but not two is refused before anything is sent.
    const before = fake.payments.length;
    const low = await burst.send({ paymentId: crypto.randomUUID(), to, amount: 10n ** 8n, memo: long, maxFee: FAKE_SIGNUM_MIN_FEE }).catch((e: unknown) => e);
    expect(low).toBeInstanceOf(SendRefusedError);
    expect(fake.payments.length).toBe(before);
  });

  it('takes a validation refusal of the node (an error without a transaction) as nothing sent', async () => {
    const api = signumApiClient({ url: fake.url, timeoutMs: 5000 });
    try {
      const answer = await api.post<{ error?: string; transaction?: string }>('sendMoney', {
        recipient: signumAccountId(knownAccount())!.toString(),
        amountNQT: '100000000',
        feeNQT: FAKE_SIGNUM_MIN_FEE.toString(),
        deadline: 120,
        secretPhrase: PASSPHRASE,
        message: 'y'.repeat(200),
        messageIsText: 'true',
      });
      expect(answer.transaction).toBeUndefined();
      expect(answer.error).toMatch(/less than minimum fee/);
    } finally {
      api.close();
    }
  });

  it('looks past payments of the same amount to the same address without a self message, and reads waiting ones too', async () => {
    const to = knownAccount();
    const amount = 4n * 10n ** 8n;
    // The operator paid that address by hand, once without a message and once with a plain one.
    fake.pay(POOL, signumAccountId(to)!, amount);
    fake.pay(POOL, signumAccountId(to)!, amount, 'by hand');
    fake.mine();
    const paymentId = crypto.randomUUID();
    expect(await burst.findSent({ paymentId, to, amount })).toBeUndefined();
    // A withdrawal still waiting for a block is found (the node's readMessage would not know it yet).
    const sent = await burst.send({ paymentId, to, amount, memo: '', maxFee: 10n ** 8n });
    expect(await burst.findSent({ paymentId, to, amount })).toEqual(sent);
    fake.mine();
    expect(await burst.findSent({ paymentId, to, amount })).toEqual(sent);
  });

  it('never answers "not paid" when it could not read a candidate: no passphrase, or a self message that does not decrypt', async () => {
    const to = knownAccount();
    const amount = 5n * 10n ** 8n;
    const paymentId = crypto.randomUUID();
    await burst.send({ paymentId, to, amount, memo: '', maxFee: 10n ** 8n });
    fake.mine();
    const api = signumApiClient({ url: fake.url, timeoutMs: 5000 });
    try {
      const blind = signumWalletAdapter('BURST', api, { poolAccount: signumAddressOf(POOL), feeNqt: 0n, secret: SECRET });
      await expect(blind.findSent!({ paymentId, to, amount })).rejects.toThrow(/BURST_POOL_PASSPHRASE/);
      // A passphrase that is not the pool account's key reads nothing back.
      fake.passphrases.set('another key', OUTSIDE);
      const wrong = signumWalletAdapter('BURST', api, { poolAccount: signumAddressOf(POOL), passphrase: 'another key', feeNqt: 0n, secret: SECRET });
      await expect(wrong.findSent!({ paymentId: crypto.randomUUID(), to, amount })).rejects.toThrow();
    } finally {
      api.close();
    }
  });

  it('keeps paging while a page is full when the node sends no nextIndex (older handlers)', async () => {
    fake.legacyPaging = true;
    try {
      const to = knownAccount();
      const amount = 6n * 10n ** 8n;
      const paymentId = crypto.randomUUID();
      const sent = await burst.send({ paymentId, to, amount, memo: '', maxFee: 10n ** 8n });
      fake.mine();
      // More than a page of newer payments to the pool pushes the withdrawal to the second page.
      for (let i = 0; i < FAKE_SIGNUM_MAX_ROWS + 5; i++) fake.pay(OUTSIDE, POOL, 10n ** 6n + BigInt(i), `p${i}`);
      fake.mine();
      expect(await burst.findSent({ paymentId, to, amount })).toEqual(sent);
    } finally {
      fake.legacyPaging = false;
    }
  });

  it('pays a fresh account written as an extended address (its public key goes with the payment)', async () => {
    const key = randomBytes(32);
    const id = createHash('sha256').update(key).digest().readBigUInt64LE(0);
    const extended = `${signumAddressOf(id)}-${BigInt(`0x${key.toString('hex')}`)
      .toString(36)
      .toUpperCase()}`;
    expect(signumAccountId(extended)).toBe(id);
    // Without its key the node refuses a fresh account (PK_API_BLOCK); with it the payment goes.
    const plain = await burst.send({ paymentId: crypto.randomUUID(), to: signumAddressOf(id), amount: 10n ** 8n, memo: '', maxFee: 10n ** 8n }).catch((e: unknown) => e);
    expect(plain).toMatchObject({ reason: 'Incorrect "recipient"' });
    const sent = await burst.send({ paymentId: crypto.randomUUID(), to: extended, amount: 10n ** 8n, memo: '', maxFee: 10n ** 8n });
    expect(fake.payments.find((p) => p.id.toString() === sent.txid)).toMatchObject({ recipient: id, amount: 10n ** 8n });
  });

  it('checks a Signum token as the message signature', async () => {
    const signer = 3_333_333n;
    fake.passphrases.set('user passphrase', signer);
    const { token } = (await (
      await fetch(`${fake.url}burst?requestType=generateToken`, { method: 'POST', body: new URLSearchParams({ secretPhrase: 'user passphrase', website: 'bind plot 42' }) })
    ).json()) as { token: string };
    expect(await burst.verifyMessage(signumAddressOf(signer), 'bind plot 42', token)).toBe(true);
    expect(await burst.verifyMessage(signumAddressOf(signer), 'bind plot 43', token)).toBe(false);
    expect(await burst.verifyMessage(signumAddressOf(signer + 1n), 'bind plot 42', token)).toBe(false);
    expect(await burst.verifyMessage(signumAddressOf(signer), 'bind plot 42', 'not a token')).toBe(false);
  });
});

describe('BURST withdrawals over the node', () => {
  let seq = 0;
  /** An approved withdrawal of 5 BURST (4 received, fee 1) to an account known on the chain. */
  async function approvedWithdrawal(memo = ''): Promise<string> {
    const admin = await buildUser(db, { role: 'admin' });
    const user = await buildUser(db);
    const service = walletService({ db, chains: wallet.chains, schedule, verify: (_u, _a, _c, work) => db.transaction().execute(work) });
    const amount = parseAmount('20', 8);
    await db.transaction().execute((trx) =>
      postTransaction(trx, {
        kind: 'deposit',
        postings: [
          { account: { kind: 'system', code: 'chain', coin: 'BURST' }, amount: -amount },
          { account: { kind: 'user', userId: user.id, coin: 'BURST', bucket: 'available' }, amount },
        ],
      }),
    );
    const address = await service.addAddress(user.id, { coin: 'BURST', address: knownAccount(), remark: '', memo });
    const { id } = await service.withdraw(user.id, { coin: 'BURST', address_id: address.id, amount: '15', request_id: `burst-request-${++seq}` });
    expect((await auditWithdrawals(db, schedule, admin.id, [id], true, '')).done).toEqual([id]);
    return id;
  }
  const row = (id: string) => db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paymentsOf = (to: string) => fake.payments.filter((p) => p.sender === POOL && signumAddressOf(p.recipient) === to);

  it('a payment whose answer came after the client gave up is SEND_UNKNOWN, never sent again, and found by its payment id', async () => {
    const id = await approvedWithdrawal('tag 7');
    const { address } = await row(id);
    fake.lateMs.set('sendMoney', 6_000);
    try {
      expect(await sendDue(db, wallet.chains, new Date(Date.now() + 1000))).toBe(0);
    } finally {
      fake.lateMs.delete('sendMoney');
    }
    expect(await row(id)).toMatchObject({ status: 'SEND_UNKNOWN', txid: '' });
    expect(paymentsOf(address)).toHaveLength(1);
    await sendDue(db, wallet.chains, new Date(Date.now() + 3_600_000));
    expect(paymentsOf(address)).toHaveLength(1);
    expect(paymentsOf(address)[0]?.message).toBe('tag 7');
    expect(await reconcileUnknown(db, wallet.chains)).toEqual({ found: [id], unknown: [] });
    expect(await row(id)).toMatchObject({ status: 'SENT_PENDING', txid: paymentsOf(address)[0]!.id.toString(), chain_fee: String(FAKE_SIGNUM_MIN_FEE) });
    // SENT after BURST's 10 confirmations.
    mine(9);
    await trackSent(db, wallet.chains);
    expect((await row(id)).status).toBe('SENT_PENDING');
    fake.mine();
    expect(await trackSent(db, wallet.chains)).toEqual({ confirmed: 1, failed: 0 });
    expect((await row(id)).status).toBe('SENT');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a payment no block took is FAILED once the chain is an hour past its deadline, and the operator sends it again under a new payment id', async () => {
    const id = await approvedWithdrawal();
    expect(await sendDue(db, wallet.chains, new Date(Date.now() + 1000))).toBe(1);
    const first = await row(id);
    const txid = BigInt(first.txid);
    const sentAt = fake.payments.find((p) => p.id === txid)!.timestamp;
    // Valid until its 120-minute deadline, on the node's clock.
    expect(first.payment_expires_at?.getTime()).toBe((SIGNUM_EPOCH + sentAt + 120 * 60) * 1000);
    fake.withheld.add(txid);
    // 31 blocks of 4 minutes: the deadline passes and the node drops the payment; it may still be on a fork for an hour.
    mine(31);
    expect(fake.payments.some((p) => p.id === txid)).toBe(false);
    expect(await burst.paymentStatus(first.txid, first.payment_expires_at)).toEqual({ state: 'unknown' });
    expect(await trackSent(db, wallet.chains)).toEqual({ confirmed: 0, failed: 0 });
    expect((await row(id)).status).toBe('SENT_PENDING');
    mine(14);
    expect(await trackSent(db, wallet.chains)).toEqual({ confirmed: 0, failed: 0 });
    fake.mine();
    // Without its expiry the adapter cannot tell: unknown, as before.
    expect(await burst.paymentStatus(first.txid)).toEqual({ state: 'unknown' });
    expect(await trackSent(db, wallet.chains)).toEqual({ confirmed: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'FAILED', reason: `expired unconfirmed: the chain did not take payment ${first.txid} before its deadline` });
    expect(await checkLedger(db)).toEqual([]);
    // Sent again under a new payment id; the chain fee of the expired one is undone.
    expect(await resendWithdrawal(db, wallet.chains, null, id)).toBe('resend');
    expect(await sendDue(db, wallet.chains, new Date(Date.now() + 1000))).toBe(1);
    const second = await row(id);
    expect(second.payment_id).not.toBe(first.payment_id);
    expect(second.txid).not.toBe(first.txid);
    mine(10);
    expect(await trackSent(db, wallet.chains)).toEqual({ confirmed: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'SENT', chain_fee: String(FAKE_SIGNUM_MIN_FEE) });
    expect(paymentsOf(first.address).filter((p) => p.height !== undefined)).toHaveLength(1);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('the wallet balance is the pool account less its waiting payments', async () => {
    const before = await burst.balance!();
    const id = await approvedWithdrawal();
    expect(await sendDue(db, wallet.chains, new Date(Date.now() + 1000))).toBe(1);
    const { received } = await row(id);
    expect(await burst.balance!()).toBe(before - BigInt(received) - FAKE_SIGNUM_MIN_FEE);
  });
});
