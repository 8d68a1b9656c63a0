import { AppError, ASSET_LOG_KINDS, assetLogKind, parseAmount } from '@platter/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, cancelWithdrawal, operatorCancelWithdrawals, reviewWithdrawals, sendWithdrawals, testSchedule, trackWithdrawals } from '../../../test/factories.ts';
import { devnetAddress, devnetRegistry, type DevnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction, userBalances } from '../../ledger/ledger.service.ts';
import { deleteAddress, listAddresses } from './addresses.ts';
import { creditMiningIncome, runAutoPayFor } from './autopay.ts';
import { rechargeAddress, scanDeposits } from './deposits.ts';
import { assetLog, totalAssets } from './ledger-views.ts';
import { walletService, type Verify } from './wallet.service.ts';
import { getMessages } from '../inmail/inmail.service.ts';
import { updatePoolConfig } from '../pool/admin.ts';
import { poolDetail } from '../pool/detail.ts';
import { coinRules, show } from '../coins/coins.ts';

let db: Db;
let chains: DevnetRegistry;
// The security verification is tested with the security centre; here it is a plain transaction.
const verify: Verify = (_userId, _action, _codes, work) => db.transaction().execute(work);
const schedule = testSchedule();
let wallet: ReturnType<typeof walletService>;

beforeAll(async () => {
  ({ db } = await testDatabase());
  chains = devnetRegistry(db, 'devnet-test-secret');
  wallet = walletService({ db, chains, schedule, verify });
  // CHIA needs 32 confirmations; keep the tests short.
  await db.updateTable('coins').set({ confirmation: 3 }).where('type', '=', 'CHIA').execute();
});

const XCH = (text: string) => parseAmount(text, 12);
const chiaAddress = (tag: string) => devnetAddress('elsewhere', 'CHIA', tag);

async function available(userId: string, coin = 'CHIA'): Promise<bigint> {
  return (await userBalances(db, userId, coin)).get(coin)?.available ?? 0n;
}

async function fund(userId: string, amount: bigint, coin = 'CHIA') {
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      kind: 'deposit',
      postings: [
        { account: { kind: 'system', code: 'chain', coin }, amount: -amount },
        { account: { kind: 'user', userId, coin, bucket: 'available' }, amount },
      ],
    }),
  );
}

async function expectCode(promise: Promise<unknown>, name: string) {
  await expect(promise).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.errorName === name);
}

/** Mines the coin's confirmations and lets the sender see them (what the worker does each tick). */
async function confirmSends() {
  for (let i = 0; i < 4; i++) await chains.tick('CHIA');
  await trackWithdrawals(db, chains);
}

async function ledgerHolds() {
  expect(await checkLedger(db)).toEqual([]);
}

async function newAddress(userId: string, tag = Math.random().toString(36)) {
  return wallet.addAddress(userId, { coin: 'CHIA', address: chiaAddress(tag), remark: 'cold', memo: '' });
}

describe('deposits on the devnet', () => {
  it('credits a deposit once it has the coin’s confirmations, exactly once', async () => {
    const user = await buildUser(db);
    const { address, confirmation } = await rechargeAddress(db, chains, user.id, 'CHIA');
    expect(confirmation).toBe(3);
    expect(address).toMatch(/^xch1[02-9ac-hj-np-z]{58}$/);
    expect((await rechargeAddress(db, chains, user.id, 'CHIA')).address).toBe(address);
    await chains.receive('CHIA', address, XCH('2.5'));
    await chains.tick('CHIA');
    await scanDeposits(db, chains, 'CHIA');
    expect(await available(user.id)).toBe(0n);
    await chains.tick('CHIA');
    await chains.tick('CHIA');
    const [a, b] = await Promise.all([scanDeposits(db, chains, 'CHIA'), scanDeposits(db, chains, 'CHIA')]);
    expect(a.credited + b.credited).toBe(1);
    expect(await available(user.id)).toBe(XCH('2.5'));
    await scanDeposits(db, chains, 'CHIA');
    expect(await available(user.id)).toBe(XCH('2.5'));
    await ledgerHolds();
  });
});

describe('address book', () => {
  it('checks the format per coin, refuses duplicates, and keeps at most 20', async () => {
    const user = await buildUser(db);
    await expectCode(wallet.addAddress(user.id, { coin: 'CHIA', address: 'xch1nope', remark: '', memo: '' }), 'WALLET_ADDRESS_INVALID');
    const address = chiaAddress('dup');
    await wallet.addAddress(user.id, { coin: 'CHIA', address, remark: '', memo: '' });
    await expectCode(wallet.addAddress(user.id, { coin: 'CHIA', address, remark: '', memo: '' }), 'ADDRESS_EXISTS');
    await expectCode(wallet.addAddress(user.id, { coin: 'CHIA', address: chiaAddress('memo'), remark: '', memo: 'x' }), 'INVALID_PARAMETER');
    await Promise.allSettled(Array.from({ length: 25 }, (_, i) => newAddress(user.id, `many-${i}`)));
    expect((await listAddresses(db, user.id, 'CHIA')).length).toBe(20);
    await expectCode(newAddress(user.id, 'one-more'), 'TOO_MANY_ADDRESSES');
  });

  it('refuses a one-character typo of a valid address of every coin before it enters the book (its checksum), and takes the address itself', async () => {
    const user = await buildUser(db);
    const coins = await db.selectFrom('coins').select(['type']).where('closed', '=', false).orderBy('sort').execute();
    const alphabet = (address: string) =>
      /^[0-9a-f]{64}$/.test(address)
        ? '0123456789abcdef'
        : address.startsWith('S-')
          ? '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
          : /^[a-z]+1/.test(address)
            ? 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
            : '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    for (const { type } of coins) {
      const address = devnetAddress('elsewhere', type, 'typo');
      // A changed character in the middle, inside the address's own alphabet (what a person mistypes).
      const at = Math.floor(address.length / 2) + (address[Math.floor(address.length / 2)] === '-' ? 1 : 0);
      const letters = alphabet(address);
      const typo = address.slice(0, at) + letters[(letters.indexOf(address[at]!) + 1) % letters.length] + address.slice(at + 1);
      // Arweave's addresses carry no checksum at all: only the shape is checked.
      if (type !== 'AR') await expectCode(wallet.addAddress(user.id, { coin: type, address: typo, remark: '', memo: '' }), 'WALLET_ADDRESS_INVALID');
      await wallet.addAddress(user.id, { coin: type, address, remark: '', memo: '' });
    }
  });

  it('refuses a main-net address for a test-net coin', async () => {
    const user = await buildUser(db);
    await expectCode(wallet.addAddress(user.id, { coin: 'CHIA_TEST', address: chiaAddress('main'), remark: '', memo: '' }), 'WALLET_ADDRESS_INVALID');
  });
});

describe('withdrawals', () => {
  it('holds the amount, charges the fee on sending, and records the TXID', async () => {
    const user = await buildUser(db);
    await fund(user.id, XCH('10'));
    const { id: addressId } = await newAddress(user.id);
    await expectCode(wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '0.01', request_id: 'req-small-1' }), 'WITHDRAW_BELOW_MIN');
    await expectCode(wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '11', request_id: 'req-large-1' }), 'BALANCE_INSUFFICIENT');
    await expectCode(wallet.withdraw(user.id, { coin: 'CHIA', address_id: '999999', amount: '1', request_id: 'req-noaddr-1' }), 'WITHDRAW_ADDRESS_NOT_FOUND');
    await expectCode(wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '1.0000000000001', request_id: 'req-scale-1' }), 'AMOUNT_INVALID');
    const { id } = await wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '4', request_id: 'req-ok-0001' });
    expect(await available(user.id)).toBe(XCH('6'));
    const assets = await totalAssets(db, user.id);
    const chia = assets.list.find((c) => c.type === 'CHIA');
    expect(chia).toMatchObject({ available: '6', withdrawing: '4', total: '10' });

    const approved = await reviewWithdrawals(db, user.id, [id], { approve: true, reason: '' });
    expect(approved.done).toEqual([id]);
    expect(await sendWithdrawals(db, chains)).toBe(1);
    // Accepted by the wallet: on its way, SENT once the chain confirmed it (3 blocks here).
    const accepted = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(accepted.status).toBe('SENT_PENDING');
    expect(accepted.txid).toMatch(/^[0-9a-f]{64}$/);
    await confirmSends();
    const row = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('SENT');
    expect(row.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(BigInt(row.received)).toBe(XCH('4') - XCH('0.0001'));
    const onChain = await db.selectFrom('devnet_transactions').selectAll().where('client_id', '=', row.payment_id).execute();
    expect(onChain).toHaveLength(1);
    expect(BigInt(onChain[0]?.amount ?? 0)).toBe(XCH('3.9999'));
    expect((await totalAssets(db, user.id)).list.find((c) => c.type === 'CHIA')).toMatchObject({ available: '6', withdrawing: '0', total: '6' });
    await expectCode(cancelWithdrawal(db, user.id, id), 'WITHDRAW_CANNOT_CANCEL');
    // The user finds it in their in-site messages, with the TXID.
    const [message] = (await getMessages(db, user.id, { page: 1, count: 10, status: 2, type: 'asset' }, 'en')).list;
    expect(message).toMatchObject({ title: 'Withdrawal sent' });
    expect(message?.content).toContain(row.txid as string);
    expect(message?.content).toContain('3.9999 XCH');
    await ledgerHolds();
  });

  it('lets the user cancel before review, the operator reject with a reason, and frees the hold each time', async () => {
    const user = await buildUser(db);
    await fund(user.id, XCH('5'));
    const { id: addressId } = await newAddress(user.id);
    const first = await wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '1', request_id: 'req-cancel-1' });
    const second = await wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '2', request_id: 'req-reject-1' });
    const third = await wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '1', request_id: 'req-opcancel' });
    expect(await available(user.id)).toBe(XCH('1'));
    await cancelWithdrawal(db, user.id, first.id);
    const rejected = await reviewWithdrawals(db, user.id, [second.id, first.id], { approve: false, reason: 'address on a sanctions list' });
    expect(rejected.done).toEqual([second.id]);
    expect(rejected.skipped).toEqual([{ id: first.id, code: 201 }]);
    await reviewWithdrawals(db, user.id, [third.id], { approve: true, reason: '', schedule: testSchedule(24) });
    expect((await sendWithdrawals(db, chains)) >= 0).toBe(true);
    expect((await db.selectFrom('withdrawals').select('status').where('id', '=', third.id).executeTakeFirstOrThrow()).status).toBe('SENT_PENDING');
    await expectCode(cancelWithdrawal(db, user.id, third.id), 'WITHDRAW_CANNOT_CANCEL');
    expect((await operatorCancelWithdrawals(db, user.id, [third.id], 'user asked')).done).toEqual([third.id]);
    const statuses = await db.selectFrom('withdrawals').select(['id', 'status', 'reason']).where('user_id', '=', user.id).orderBy('id').execute();
    expect(statuses.map((s) => [s.status, s.reason])).toEqual([
      ['CANCELED', ''],
      ['REJECTED', 'address on a sanctions list'],
      ['CANCELED', 'user asked'],
    ]);
    // The rejection (with its reason) and the approval are messages; the user's own cancel and the operator's are not.
    const messages = (await getMessages(db, user.id, { page: 1, count: 10, type: 'all' }, 'ru')).list;
    expect(messages.map((m) => m.title)).toEqual(['Вывод одобрен', 'Вывод отклонён']);
    expect(messages[1]?.content).toContain('address on a sanctions list');
    expect(await available(user.id)).toBe(XCH('5'));
    await ledgerHolds();
  });

  it('is refused for 24 hours after a security change', async () => {
    const user = await buildUser(db);
    await fund(user.id, XCH('5'));
    const { id: addressId } = await newAddress(user.id);
    await db
      .updateTable('users')
      .set({ security_changed_at: sql`now() - interval '23 hours'` })
      .where('id', '=', user.id)
      .execute();
    await expectCode(wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '1', request_id: 'req-locked-1' }), 'WITHDRAW_LOCKED');
    await db
      .updateTable('users')
      .set({ security_changed_at: sql`now() - interval '25 hours'` })
      .where('id', '=', user.id)
      .execute();
    await wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '1', request_id: 'req-locked-2' });
  });

  it('charges AR’s 0.02 activation fee on an address’s first use only', async () => {
    const user = await buildUser(db);
    await fund(user.id, parseAmount('10', 12), 'AR');
    const { id: addressId } = await wallet.addAddress(user.id, { coin: 'AR', address: `${'a'.repeat(42)}A`, remark: '', memo: '' });
    const first = await wallet.withdraw(user.id, { coin: 'AR', address_id: addressId, amount: '1', request_id: 'req-ar-first' });
    const second = await wallet.withdraw(user.id, { coin: 'AR', address_id: addressId, amount: '1', request_id: 'req-ar-second' });
    const fees = await db.selectFrom('withdrawals').select(['id', 'fee']).where('id', 'in', [first.id, second.id]).orderBy('id').execute();
    expect(fees.map((f) => BigInt(f.fee))).toEqual([parseAmount('0.03', 12), parseAmount('0.01', 12)]);
  });

  describe('AR’s activation fee is paid once per address whichever withdrawal is cancelled (issue 14)', () => {
    const AR = (text: string) => parseAmount(text, 12);
    const feeOf = async (id: string) => BigInt((await db.selectFrom('withdrawals').select('fee').where('id', '=', id).executeTakeFirstOrThrow()).fee);
    async function arUser(letter: string) {
      const user = await buildUser(db);
      await fund(user.id, AR('10'), 'AR');
      const { id: addressId } = await wallet.addAddress(user.id, { coin: 'AR', address: `${letter.repeat(42)}A`, remark: '', memo: '' });
      const w = (key: string) => wallet.withdraw(user.id, { coin: 'AR', address_id: addressId, amount: '1', request_id: `req-ar-${letter}-${key}` });
      return { user, w };
    }

    it('the second sent first, then the first (which carried the fee) cancelled: the fee is kept, and a third is not charged again', async () => {
      const { user, w } = await arUser('c');
      const first = await w('1');
      const second = await w('2');
      await reviewWithdrawals(db, user.id, [second.id], { approve: true, reason: '' });
      expect(await sendWithdrawals(db, chains)).toBeGreaterThanOrEqual(1);
      await cancelWithdrawal(db, user.id, first.id);
      // The address was used by the second: its activation is paid out of the cancelled one's refund.
      expect(await available(user.id, 'AR')).toBe(AR('10') - AR('1') - AR('0.02'));
      const third = await w('3');
      expect(await feeOf(third.id)).toBe(AR('0.01'));
      await ledgerHolds();
    });

    it('the first (which carried the fee) cancelled before the second is sent: the second carries it, and a third is not charged again', async () => {
      const { user, w } = await arUser('d');
      const first = await w('1');
      const second = await w('2');
      await cancelWithdrawal(db, user.id, first.id);
      expect(await feeOf(second.id)).toBe(AR('0.03'));
      expect(BigInt((await db.selectFrom('withdrawals').select('received').where('id', '=', second.id).executeTakeFirstOrThrow()).received)).toBe(AR('0.97'));
      await reviewWithdrawals(db, user.id, [second.id], { approve: true, reason: '' });
      await sendWithdrawals(db, chains);
      const third = await w('3');
      expect(await feeOf(third.id)).toBe(AR('0.01'));
      expect(await available(user.id, 'AR')).toBe(AR('8'));
      await ledgerHolds();
    });

    it('the only withdrawal cancelled or rejected: nothing was used, the next one carries the fee', async () => {
      const { user, w } = await arUser('e');
      const first = await w('1');
      await cancelWithdrawal(db, user.id, first.id);
      const second = await w('2');
      expect(await feeOf(second.id)).toBe(AR('0.03'));
      await reviewWithdrawals(db, user.id, [second.id], { approve: false, reason: 'no' });
      expect(await available(user.id, 'AR')).toBe(AR('10'));
      expect(await feeOf((await w('3')).id)).toBe(AR('0.03'));
      await ledgerHolds();
    });
  });

  it('lets exactly ten of 200 concurrent withdrawals of a tenth of the balance through', async () => {
    const user = await buildUser(db);
    await fund(user.id, XCH('10'));
    const { id: addressId } = await newAddress(user.id);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: '1', request_id: `race-${i}-key` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.reason instanceof AppError && r.reason.errorName === 'BALANCE_INSUFFICIENT')).toBe(true);
    expect(await available(user.id)).toBe(0n);
    await ledgerHolds();
  });

  it('answers 100 concurrent replays of one key with one withdrawal', async () => {
    const user = await buildUser(db);
    await fund(user.id, XCH('10'));
    const { id: addressId } = await newAddress(user.id);
    const body = { coin: 'CHIA', address_id: addressId, amount: '1', request_id: 'replayed-key-1' };
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => wallet.withdraw(user.id, body)));
    const ids = new Set(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ id: string }>).value.id));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const rows = await db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(await available(user.id)).toBe(XCH('9'));
    await expectCode(wallet.withdraw(user.id, { ...body, amount: '2' }), 'IDEMPOTENCY_KEY_REUSED');
  });
});

describe('transfers', () => {
  it('moves coins to another user in real time, free, once per key', async () => {
    const alice = await buildUser(db);
    const bob = await buildUser(db);
    await fund(alice.id, XCH('3'));
    const body = { coin: 'CHIA', to: bob.email.toUpperCase(), amount: '1.5', request_id: 'transfer-0001' };
    const [a, b] = await Promise.all([wallet.transfer(alice.id, body), wallet.transfer(alice.id, body)]);
    expect(a).toEqual(b);
    expect(await available(alice.id)).toBe(XCH('1.5'));
    expect(await available(bob.id)).toBe(XCH('1.5'));
    await expectCode(wallet.transfer(alice.id, { ...body, to: alice.uid, request_id: 'transfer-self' }), 'TRANSFER_TO_SELF');
    await expectCode(wallet.transfer(alice.id, { ...body, amount: '0.01', request_id: 'transfer-small' }), 'TRANSFER_BELOW_MIN');
    await expectCode(wallet.transfer(alice.id, { ...body, to: 'nobody@example.com', request_id: 'transfer-nobody' }), 'USER_NOT_EXIST');
    await expectCode(wallet.transfer(alice.id, { ...body, amount: '2', request_id: 'transfer-more' }), 'BALANCE_INSUFFICIENT');
    await db
      .updateTable('users')
      .set({ security_changed_at: sql`now() - interval '1 hour'` })
      .where('id', '=', alice.id)
      .execute();
    await expectCode(wallet.transfer(alice.id, { ...body, amount: '0.1', request_id: 'transfer-locked' }), 'WITHDRAW_LOCKED');
    const bill = await assetLog(db, bob.id, { page: 1, count: 10 });
    expect(bill.list.map((i) => [i.kind, i.amount])).toEqual([['transfer_in', '1.5']]);
  });

  it('shows in the bill as transfer_out and transfer_in, each side naming the other (masked e-mail), and the kind filter finds them (issue 19)', async () => {
    const alice = await buildUser(db, { email: 'alice.transfer@example.com' });
    const bob = await buildUser(db, { email: 'bob.transfer@example.com' });
    await fund(alice.id, XCH('3'));
    await wallet.transfer(alice.id, { coin: 'CHIA', to: bob.uid, amount: '1.25', request_id: 'transfer-bill-1' });
    const sender = await assetLog(db, alice.id, { kind: 'transfer_out', page: 1, count: 10 });
    expect(sender.list.map((i) => [i.kind, i.amount, i.counterparty])).toEqual([['transfer_out', '-1.25', 'bob***@example.com']]);
    const recipient = await assetLog(db, bob.id, { kind: 'transfer_in', page: 1, count: 10 });
    expect(recipient.list.map((i) => [i.kind, i.amount, i.counterparty])).toEqual([['transfer_in', '1.25', 'ali***@example.com']]);
    // The other direction's filter, and another kind, find nothing of the transfer.
    expect((await assetLog(db, alice.id, { kind: 'transfer_in', page: 1, count: 10 })).total).toBe(0);
    expect((await assetLog(db, bob.id, { kind: 'transfer_out', page: 1, count: 10 })).total).toBe(0);
    expect((await assetLog(db, alice.id, { kind: 'deposit', page: 1, count: 10 })).list.every((i) => i.counterparty === '')).toBe(true);
  });
});

async function poolBlock(amount: bigint) {
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      kind: 'block_reward',
      postings: [
        { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -amount },
        { account: { kind: 'system', code: 'pool_revenue', coin: 'CHIA' }, amount },
      ],
    }),
  );
}

describe('Auto Pay', () => {
  it('splits pending income by the ratios, skips when a share is below its minimum, and releases income when turned off', async () => {
    const user = await buildUser(db);
    const a = await newAddress(user.id, 'auto-a');
    const b = await newAddress(user.id, 'auto-b');
    await wallet.setAutoPay(user.id, {
      coin: 'CHIA',
      enabled: true,
      recipients: [
        { address_id: a.id, ratio: 7000, min_pay: '0' },
        { address_id: b.id, ratio: 3000, min_pay: '1' },
      ],
    });
    await poolBlock(XCH('10'));
    await db.transaction().execute((trx) => creditMiningIncome(trx, user.id, 'CHIA', XCH('2'), 'settlement:test'));
    const now = new Date();
    // 30 % of 2 = 0.6 < 1: skipped, income stays pending, and not again within 24 hours.
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', now))?.outcome).toBe('below_minimum');
    expect((await userBalances(db, user.id, 'CHIA')).get('CHIA')?.pending_earnings).toBe(XCH('2'));
    expect(await runAutoPayFor(db, schedule, user.id, 'CHIA', new Date(now.getTime() + 3600_000))).toBeUndefined();
    await db.transaction().execute((trx) => creditMiningIncome(trx, user.id, 'CHIA', XCH('2.000000000001'), 'settlement:test2'));
    const later = new Date(now.getTime() + 24 * 3600_000);
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', later))?.outcome).toBe('paid');
    const paid = await db.selectFrom('withdrawals').select(['address_id', 'amount', 'status']).where('user_id', '=', user.id).orderBy('address_id').execute();
    expect(paid.map((p) => p.status)).toEqual(['SENT_PENDING', 'SENT_PENDING']);
    const total = paid.reduce((sum, p) => sum + BigInt(p.amount), 0n);
    expect(total).toBe(XCH('4.000000000001'));
    expect(BigInt(paid[0]?.amount ?? 0)).toBe(XCH('2.800000000001'));
    // On its way: the address cannot be deleted.
    await expectCode(deleteAddress(db, user.id, a.id), 'ADDRESS_HAS_PENDING_INCOME');
    await sendWithdrawals(db, chains, later);
    await confirmSends();
    await deleteAddress(db, user.id, a.id);
    await db.transaction().execute((trx) => creditMiningIncome(trx, user.id, 'CHIA', XCH('1'), 'settlement:test3'));
    await wallet.setAutoPay(user.id, { coin: 'CHIA', enabled: false, recipients: [] });
    expect(await available(user.id)).toBe(XCH('1'));
    await expectCode(wallet.setAutoPay(user.id, { coin: 'CHIA', enabled: true, recipients: [{ address_id: b.id, ratio: 9000, min_pay: '0' }] }), 'AUTO_PAY_INVALID');
    await ledgerHolds();
  });
});

/** A user with Auto Pay on to new addresses at `ratios` (min pay 0) and `income` XCH pending. */
async function autoPayUser(tag: string, ratios: number[], income: string) {
  const user = await buildUser(db);
  const addresses = [];
  for (const [i] of ratios.entries()) addresses.push(await newAddress(user.id, `${tag}-${i}`));
  await wallet.setAutoPay(user.id, { coin: 'CHIA', enabled: true, recipients: addresses.map((a, i) => ({ address_id: a.id, ratio: ratios[i] ?? 0, min_pay: '0' })) });
  await poolBlock(XCH('1'));
  await db.transaction().execute((trx) => creditMiningIncome(trx, user.id, 'CHIA', XCH(income), `settlement:${tag}`));
  return { user, addresses };
}

describe('Auto Pay during the 24-hour security lock (issue 17)', () => {
  it('pays nothing and records why; income stays pending and is paid by the first run after the lock', async () => {
    const { user } = await autoPayUser('locked', [10000], '0.5');
    const now = new Date();
    await db
      .updateTable('users')
      .set({ security_changed_at: new Date(now.getTime() - 3600_000) })
      .where('id', '=', user.id)
      .execute();
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', now))?.outcome).toBe('security_locked');
    expect(await db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await userBalances(db, user.id, 'CHIA')).get('CHIA')?.pending_earnings).toBe(XCH('0.5'));
    const setting = await db.selectFrom('auto_pay_settings').select('last_outcome').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(setting.last_outcome).toBe('security_locked');
    const after = new Date(now.getTime() + 24 * 3600_000);
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', after))?.outcome).toBe('paid');
    await ledgerHolds();
  });
});

describe('deleting an Auto Pay address (issue 14)', () => {
  it('is refused while the user has pending income for its coin, not only while a payout is on its way', async () => {
    const { user, addresses } = await autoPayUser('halves', [5000, 5000], '0.5');
    const [a, b] = addresses as [{ id: string }, { id: string }];
    const spare = await newAddress(user.id, 'spare');
    await expectCode(deleteAddress(db, user.id, a.id), 'ADDRESS_HAS_PENDING_INCOME');
    await expectCode(deleteAddress(db, user.id, b.id), 'ADDRESS_HAS_PENDING_INCOME');
    // The address book says so, and an address outside Auto Pay goes as before.
    const book = await listAddresses(db, user.id, 'CHIA');
    expect(book.find((x) => x.id === a.id)?.pending_income).toBe('0.25');
    await deleteAddress(db, user.id, spare.id);
    // The next run pays both halves.
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', new Date()))?.outcome).toBe('paid');
    // Turned off, the income is released to the available balance: nothing pending, the address can go.
    await wallet.setAutoPay(user.id, { coin: 'CHIA', enabled: false, recipients: [] });
    await sendWithdrawals(db, chains);
    await deleteAddress(db, user.id, a.id);
    await ledgerHolds();
  });
});

describe('Auto Pay’s payout threshold (issue 14)', () => {
  it('pays nothing below the coin’s minimum payout, even with minimum pay 0; the pool page shows the figures it charges', async () => {
    const { user } = await autoPayUser('threshold', [10000], '0.0002');
    const now = new Date();
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', now))?.outcome).toBe('below_minimum');
    expect(await db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await userBalances(db, user.id, 'CHIA')).get('CHIA')?.pending_earnings).toBe(XCH('0.0002'));

    // The page's figures are the ones charged, for every pool of the coin, and follow an edit of either.
    const page = async (pool: string) => {
      const detail = await poolDetail(db, pool);
      return { threshold: detail.payout_threshold, fee: detail.withdraw_fee };
    };
    const charged = async () => {
      const coin = await coinRules(db, 'CHIA');
      return { threshold: show(coin.minPayout, coin.scale), fee: show(coin.withdrawFee, coin.scale) };
    };
    expect(await page('chia')).toEqual(await charged());
    await updatePoolConfig(db, 'cli', { pool: 'chia', payout_threshold: '0.0005', withdraw_fee: '0.0002' });
    expect(await charged()).toEqual({ threshold: '0.0005', fee: '0.0002' });
    expect(await page('chiapp')).toEqual(await charged());
    await wallet.updateWithdrawFee('cli', 'CHIA', '0.0001');
    expect(await page('chia')).toEqual({ threshold: '0.0005', fee: '0.0001' });
    // 0.0004 pending: still below 0.0005; then 0.0006 is paid, with the fee charged.
    await db.transaction().execute((trx) => creditMiningIncome(trx, user.id, 'CHIA', XCH('0.0002'), 'settlement:threshold-2'));
    const later = new Date(now.getTime() + 24 * 3600_000);
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', later))?.outcome).toBe('below_minimum');
    await db.transaction().execute((trx) => creditMiningIncome(trx, user.id, 'CHIA', XCH('0.0002'), 'settlement:threshold-3'));
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', new Date(later.getTime() + 24 * 3600_000)))?.outcome).toBe('paid');
    const [paid] = await db.selectFrom('withdrawals').select(['amount', 'fee']).where('user_id', '=', user.id).execute();
    expect(paid).toMatchObject({ amount: XCH('0.0006').toString(), fee: XCH('0.0001').toString() });
    await ledgerHolds();
  });
});

describe('the ledger under random sequences of wallet operations', () => {
  it('always balances, never goes negative, and matches its postings', async () => {
    const users = await Promise.all([buildUser(db), buildUser(db), buildUser(db)]);
    const addresses = await Promise.all(users.map((u, i) => newAddress(u.id, `prop-${i}`)));
    await poolBlock(XCH('1000'));
    let key = 0;
    const op = fc.oneof(
      fc.record({ t: fc.constant('deposit' as const), u: fc.nat(2), amount: fc.integer({ min: 1, max: 50 }) }),
      fc.record({ t: fc.constant('withdraw' as const), u: fc.nat(2), amount: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ t: fc.constant('transfer' as const), u: fc.nat(2), to: fc.nat(2), amount: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ t: fc.constant('cancel' as const), u: fc.nat(2) }),
      fc.record({ t: fc.constant('approve' as const) }),
      fc.record({ t: fc.constant('reject' as const) }),
      fc.record({ t: fc.constant('send' as const) }),
      fc.record({ t: fc.constant('income' as const), u: fc.nat(2), amount: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ t: fc.constant('autopay' as const), u: fc.nat(2), on: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          const user = users['u' in o ? o.u : 0];
          if (!user) continue;
          const tenth = (n: number) => `${n / 10}`;
          const swallow = (p: Promise<unknown>) => p.catch((e: unknown) => (e instanceof AppError ? undefined : Promise.reject(e)));
          switch (o.t) {
            case 'deposit':
              await fund(user.id, XCH(tenth(o.amount)));
              break;
            case 'withdraw':
              await swallow(wallet.withdraw(user.id, { coin: 'CHIA', address_id: addresses[o.u]?.id ?? '', amount: tenth(o.amount), request_id: `prop-${++key}-w` }));
              break;
            case 'transfer':
              await swallow(wallet.transfer(user.id, { coin: 'CHIA', to: users[o.to]?.uid ?? '', amount: tenth(o.amount), request_id: `prop-${++key}-t` }));
              break;
            case 'cancel': {
              const open = await db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).where('status', '=', 'AUDITING').executeTakeFirst();
              if (open) await cancelWithdrawal(db, user.id, open.id);
              break;
            }
            case 'approve':
            case 'reject': {
              const open = await db.selectFrom('withdrawals').select('id').where('status', '=', 'AUDITING').limit(3).execute();
              await reviewWithdrawals(
                db,
                users[0]?.id ?? '',
                open.map((r) => r.id),
                { approve: o.t === 'approve', reason: 'no' },
              );
              break;
            }
            case 'send':
              await sendWithdrawals(db, chains);
              break;
            case 'income':
              await db.transaction().execute((trx) => creditMiningIncome(trx, user.id, 'CHIA', XCH(tenth(o.amount)), `prop-income-${++key}`));
              break;
            case 'autopay':
              await wallet.setAutoPay(user.id, { coin: 'CHIA', enabled: o.on, recipients: o.on ? [{ address_id: addresses[o.u]?.id ?? '', ratio: 10000, min_pay: '0' }] : [] });
              if (o.on) await runAutoPayFor(db, schedule, user.id, 'CHIA', new Date(Date.now() + ++key * 25 * 3600_000));
              break;
          }
          const problems = await checkLedger(db);
          if (problems.length) throw new Error(`ledger check failed after ${JSON.stringify(o)}: ${JSON.stringify(problems)}`);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('the bill’s kinds (issue 19)', () => {
  it('after every test above, every user posting’s kind is one the bill names (no raw “transfer” or “autopay”)', async () => {
    const rows = await db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .select(['t.kind', 'p.amount'])
      .where('a.user_id', 'is not', null)
      .execute();
    const kinds = new Set(rows.map((r) => assetLogKind(r.kind, BigInt(r.amount))));
    expect([...kinds].filter((k) => !(ASSET_LOG_KINDS as readonly string[]).includes(k))).toEqual([]);
  });
});
