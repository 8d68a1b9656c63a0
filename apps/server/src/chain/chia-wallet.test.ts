import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db.ts';
import { fakeAddress, startFakeWallet, TX, type FakeWallet } from '../../test/chia-wallet-fake.ts';
import type { TlsNode } from '../../test/tls.ts';
import { SendRefusedError } from './chain.ts';
import { loadConfig } from '../config.ts';
import { chiaWalletAdapter, withChiaWallet } from './chia-wallet.ts';
import { devnetRegistry } from './devnet.ts';

/**
 * The Chia wallet RPC behind the chain adapter, against a local HTTPS server that plays the
 * wallet over mutual TLS and sorts, pages, stores and fails as Chia's does
 * (test/chia-wallet-fake.ts): its transactions, its sends and their memos, its signature check.
 */

const BIG = 12_345_678_901_234_567_890n;
const SIGNED = { pubkey: `0x${'a1'.repeat(48)}`, signature: `0x${'b2'.repeat(96)}`, signing_mode: 'BLS_MESSAGE_AUGMENTATION_UTF8_INPUT' };
let fake: FakeWallet;
let node: TlsNode;

beforeAll(async () => {
  fake = await startFakeWallet((route, body) => {
    if (route !== '/verify_signature') return undefined;
    const ok = body.pubkey === SIGNED.pubkey && body.signature === SIGNED.signature && body.message === 'bind plot 42' && body.address === 'xch1owner';
    return ok ? { success: true, isValid: true } : { success: false, error: 'Public key does not match the address' };
  });
  node = fake.node;
});
afterAll(() => fake.close());

const wallet = (timeoutMs?: number) =>
  chiaWalletAdapter('CHIA', {
    url: node.url,
    certPath: node.file('pool.crt'),
    keyPath: node.file('pool.key'),
    caPath: node.file('ca.crt'),
    feeMojos: 5n,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
const USER = fakeAddress(900_001);
const OTHER = fakeAddress(900_002);

/** get_transactions straight from the fake, as the wallet answers it. */
async function fetchVia(w: FakeWallet, body: Record<string, unknown>): Promise<{ amount: number }[]> {
  const https = await import('node:https');
  const { readFileSync } = await import('node:fs');
  const text = await new Promise<string>((resolve, reject) => {
    const request = https.request(
      new URL('/get_transactions', w.node.url),
      {
        method: 'POST',
        cert: readFileSync(w.node.file('pool.crt')),
        key: readFileSync(w.node.file('pool.key')),
        ca: readFileSync(w.node.file('ca.crt')),
        checkServerIdentity: () => undefined,
      },
      (response) => {
        let data = '';
        response.on('data', (c: Buffer) => (data += c.toString()));
        response.on('end', () => resolve(data));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
  return (JSON.parse(text) as { transactions: { amount: number }[] }).transactions;
}

describe('the Chia wallet RPC as the chain adapter', () => {
  it('answers the height and a new deposit address each time one is asked for', async () => {
    const chain = wallet();
    try {
      expect(await chain.height()).toBe(1_200);
      const first = await chain.depositAddress('1');
      const second = await chain.depositAddress('2');
      expect(first).toMatch(/^xch1[02-9ac-hj-np-z]{58}$/);
      expect(second).not.toBe(first);
    } finally {
      chain.close();
    }
  });

  it('sorts as Chia does: RELEVANCE reversed puts the oldest confirmed first and the pending last', async () => {
    const probe = await startFakeWallet();
    try {
      probe.receive({ to: USER, amount: 1n, height: 10 });
      probe.receive({ to: USER, amount: 2n, height: 30 });
      probe.receive({ to: USER, amount: 3n, height: 0 });
      probe.receive({ to: USER, amount: 4n, height: 20 });
      const read = async (sortKey: string, reverse: boolean) => {
        const answer = await fetchVia(probe, { wallet_id: 1, start: 0, end: 10, sort_key: sortKey, reverse });
        return answer.map((t) => t.amount);
      };
      expect(await read('RELEVANCE', false)).toEqual([3, 2, 4, 1]);
      expect(await read('RELEVANCE', true)).toEqual([1, 4, 2, 3]);
      expect(await read('CONFIRMED_AT_HEIGHT', false)).toEqual([3, 1, 4, 2]);
      expect(await read('CONFIRMED_AT_HEIGHT', true)).toEqual([2, 4, 1, 3]);
      // Without `end` the wallet answers 50.
      for (let i = 0; i < 60; i++) probe.receive({ to: USER, amount: 10n, height: 40 + i });
      expect(await fetchVia(probe, { wallet_id: 1 })).toHaveLength(50);
    } finally {
      await probe.close();
    }
  });

  it('reads the confirmed deposits, farming rewards and claimed clawbacks of a height range, exact beyond 2^53 mojo, across pages', async () => {
    for (let i = 0; i < 620; i++) fake.receive({ to: 'xch1deposit1', amount: BigInt(1_000 + i), height: 100 + i });
    const big = fake.receive({ to: 'xch1deposit2', amount: BIG, height: 1_150 });
    fake.receive({ to: 'xch1deposit2', amount: 7n, height: 0 });
    fake.receive({ type: TX.COINBASE_REWARD, to: 'xch1deposit3', amount: 1_750_000_000_000n, height: 1_151 });
    fake.receive({ type: TX.FEE_REWARD, to: 'xch1deposit3', amount: 250_000_000_000n, height: 1_151 });
    fake.receive({ type: TX.INCOMING_CLAWBACK_RECEIVE, to: 'xch1deposit3', amount: 42n, height: 1_152 });
    const chain = wallet();
    try {
      const found = await chain.incoming(110, 1_200);
      expect(found).toHaveLength(613);
      expect(found.find((t) => t.height === 1_150)).toEqual({
        txid: big.name.slice(2),
        outputIndex: 0,
        coinId: big.name.slice(2),
        address: 'xch1deposit2',
        amount: BIG,
        height: 1_150,
      });
      expect(
        found
          .filter((t) => t.address === 'xch1deposit3')
          .map((t) => t.amount)
          .sort(),
      ).toEqual([1_750_000_000_000n, 250_000_000_000n, 42n].sort());
      expect(found.some((t) => t.height <= 110)).toBe(false);
      expect((await chain.incoming(700, 710)).map((t) => t.height)).toEqual([710, 709, 708, 707, 706, 705, 704, 703, 702, 701]);
      expect(await chain.transferHeight({ txid: big.name.slice(2), outputIndex: 0 })).toBe(1_150);
      fake.reorg(1_149);
      expect(await chain.transferHeight({ txid: big.name.slice(2), outputIndex: 0 })).toBeUndefined();
      fake.height = 1_200;
    } finally {
      chain.close();
    }
  });

  it('sends a withdrawal with its payment id as memo and its fee bounded by the withdrawal fee; finds it again by id, address and amount', async () => {
    fake.confirmedBalance += BIG * 2n;
    const chain = wallet();
    try {
      const payment = { paymentId: '6f1c1a52-7b0e-4c1e-9d3e-0a6c8e9b2f11', to: USER, amount: BIG };
      expect(await chain.findSent(payment)).toBeUndefined();
      const first = await chain.send({ ...payment, memo: 'thanks', maxFee: 3n });
      expect(first.fee).toBe(3n);
      const sends = node.requests.filter((r) => r.path === '/send_transaction');
      expect(sends.at(-1)?.body).toMatchObject({ wallet_id: 1, address: USER, fee: 3, memos: [payment.paymentId] });
      // The amount travelled as an exact integer.
      expect(fake.txs.at(-1)?.amount).toBe(BIG);
      expect(await chain.findSent(payment)).toEqual(first);
      // The same id to another address or of another amount is not this payment.
      expect(await chain.findSent({ ...payment, to: OTHER })).toBeUndefined();
      expect(await chain.findSent({ ...payment, amount: BIG - 1n })).toBeUndefined();
      expect(await chain.findSent({ ...payment, paymentId: 'another' })).toBeUndefined();
      fake.confirm(`0x${first.txid}`, 1_201);
    } finally {
      chain.close();
    }
  });

  it('finds a payment among more than 5,000 earlier sends, pending or long confirmed', async () => {
    const chain = wallet();
    try {
      const old = { paymentId: 'c2a1f0e4-0000-4000-8000-000000000001', to: USER, amount: 11n };
      fake.txs.push({
        ...fake.txs.at(-1)!,
        name: `0x${'ab'.repeat(32)}`,
        amount: 11n,
        to_address: USER,
        confirmed: true,
        confirmed_at_height: 5,
        created_at_time: 1,
        memos: { c: [Buffer.from(old.paymentId).toString('hex')] },
      });
      for (let i = 0; i < 5_100; i++) {
        fake.txs.push({
          ...fake.txs.at(-1)!,
          name: `0x${(7_000_000 + i).toString(16).padStart(64, '0')}`,
          amount: 1n,
          to_address: i % 2 ? USER : OTHER,
          confirmed: true,
          confirmed_at_height: 10 + i,
          created_at_time: 10 + i,
          memos: {},
        });
      }
      fake.confirmedBalance += 1_000_000n;
      const fresh = { paymentId: 'c2a1f0e4-0000-4000-8000-000000000002', to: USER, amount: 12n };
      const sent = await chain.send({ ...fresh, memo: '', maxFee: 0n });
      expect(await chain.findSent(fresh)).toEqual(sent);
      fake.confirm(`0x${sent.txid}`, 1_202);
      expect(await chain.findSent(old)).toEqual({ txid: 'ab'.repeat(32), fee: fake.txs.at(-2)!.fee_amount });
    } finally {
      chain.close();
    }
  });

  it('a send that times out is stored by the wallet only when it finishes: the adapter says the outcome is unknown, not refused', async () => {
    const chain = wallet(150);
    fake.sendDelayMs = 400;
    try {
      const payment = { paymentId: 'timeout-1', to: OTHER, amount: 13n };
      const error = await chain.send({ ...payment, memo: '', maxFee: 0n }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(SendRefusedError);
      expect(await chain.findSent(payment)).toBeUndefined();
      await new Promise((r) => setTimeout(r, 400));
      expect(await chain.findSent(payment)).toMatchObject({ fee: 0n });
    } finally {
      fake.sendDelayMs = 0;
      chain.close();
    }
  });

  it('tells a refusal (nothing sent) from a retryable one (change pending), and follows a payment to confirmed or failed', async () => {
    const chain = wallet();
    try {
      const bad = await chain.send({ paymentId: 'r1', to: 'xch1notanaddress', amount: 1n, memo: '', maxFee: 0n }).catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(SendRefusedError);
      expect((bad as SendRefusedError).retryable).toBe(false);
      // The pending send of the last test locks the change.
      const busy = await chain.send({ paymentId: 'r2', to: USER, amount: 1n, memo: '', maxFee: 0n }).catch((e: unknown) => e);
      expect(busy).toBeInstanceOf(SendRefusedError);
      expect((busy as SendRefusedError).retryable).toBe(true);
      const pending = fake.txs.filter((t) => t.type === TX.OUTGOING && !t.confirmed);
      expect(await chain.paymentStatus(pending[0]!.name)).toEqual({ state: 'pending' });
      fake.confirm(pending[0]!.name, 1_195);
      expect(await chain.paymentStatus(pending[0]!.name)).toEqual({ state: 'confirmed', height: 1_195, confirmations: 6 });
      const doomed = await chain.send({ paymentId: 'r3', to: USER, amount: 1n, memo: '', maxFee: 0n });
      fake.fail(`0x${doomed.txid}`);
      expect(await chain.paymentStatus(doomed.txid)).toEqual({ state: 'failed', reason: 'DOUBLE_SPEND' });
      expect(await chain.paymentStatus('ff'.repeat(32))).toEqual({ state: 'unknown' });
      expect(await chain.balance?.()).toBe(fake.confirmedBalance);
    } finally {
      chain.close();
    }
  });

  it('trusts only the pinned wallet certificate when one is set, and refuses a wallet on another network or key before using it', async () => {
    const fingerprint = (file: string) => new X509Certificate(readFileSync(file)).fingerprint256;
    const base = { url: node.url, certPath: node.file('pool.crt'), keyPath: node.file('pool.key'), caPath: node.file('ca.crt') };
    // The wallet's own certificate (the server's), and another the same CA signed (a harvester's).
    const own = chiaWalletAdapter('CHIA', { ...base, pinnedCertSha256: fingerprint(node.file('node.crt' as 'ca.crt')) });
    const other = chiaWalletAdapter('CHIA', { ...base, pinnedCertSha256: fingerprint(node.file('pool.crt')) });
    const testnet = chiaWalletAdapter('CHIA_TEST', { ...base, network: 'testnet11' });
    const wrongKey = chiaWalletAdapter('CHIA', { ...base, network: 'mainnet', fingerprint: '42' });
    const right = chiaWalletAdapter('CHIA', { ...base, network: 'mainnet', fingerprint: '1234567890' });
    try {
      expect(await own.height()).toBe(fake.height);
      await expect(other.height()).rejects.toThrow(/not the pinned one/);
      const sends = node.requests.filter((r) => r.path === '/send_transaction').length;
      await expect(testnet.send({ paymentId: 'n1', to: USER, amount: 1n, memo: '', maxFee: 0n })).rejects.toThrow(/on network mainnet, configured testnet11/);
      await expect(wrongKey.depositAddress('1')).rejects.toThrow(/logged in with key 1234567890, configured 42/);
      await expect(wrongKey.findSent({ paymentId: 'n1', to: USER, amount: 1n })).rejects.toThrow(/configured 42/);
      expect(node.requests.filter((r) => r.path === '/send_transaction').length).toBe(sends);
      expect(await right.depositAddress('1')).toMatch(/^xch1/);
    } finally {
      for (const c of [own, other, testnet, wrongKey, right]) c.close();
    }
  });

  it('accepts a message signed by the address’s key (the wallet checks it), and nothing else', async () => {
    const chain = wallet();
    try {
      expect(await chain.verifyMessage('xch1owner', 'bind plot 42', JSON.stringify(SIGNED))).toBe(true);
      expect(await chain.verifyMessage('xch1someone', 'bind plot 42', JSON.stringify(SIGNED))).toBe(false);
      expect(await chain.verifyMessage('xch1owner', 'bind plot 43', JSON.stringify(SIGNED))).toBe(false);
      expect(await chain.verifyMessage('xch1owner', 'bind plot 42', 'not json')).toBe(false);
      expect(await chain.verifyMessage('xch1owner', 'bind plot 42', '{"pubkey": 1}')).toBe(false);
    } finally {
      chain.close();
    }
  });

  it('serves CHIA_RPC_NETWORK’s coin from CHIA_WALLET_RPC_URL with the wallet certificates of the ssl folder; the other coins stay on the devnet', async () => {
    const ssl = node.chiaSslFolder('wallet');
    const devnet = devnetRegistry((await testDatabase()).db, 'secret');
    expect(withChiaWallet(loadConfig({}), devnet).chains).toBe(devnet);
    const real = withChiaWallet(loadConfig({ CHIA_WALLET_RPC_URL: node.url, CHIA_RPC_SSL_DIR: ssl }), devnet);
    try {
      expect(await real.chains.adapter('CHIA').height()).toBe(1_200);
      expect(real.chains.adapter('BHD')).toBe(devnet.adapter('BHD'));
      expect(real.chains.adapter('CHIA_TEST')).toBe(devnet.adapter('CHIA_TEST'));
    } finally {
      real.close();
    }
  });
});
