import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db.ts';
import { startTlsNode, type TlsNode } from '../../test/tls.ts';
import { loadConfig } from '../config.ts';
import { chiaWalletAdapter, withChiaWallet } from './chia-wallet.ts';
import { devnetRegistry } from './devnet.ts';

/**
 * The Chia wallet RPC behind the chain adapter, against a local HTTPS server that plays the
 * wallet over mutual TLS: its transactions (paged as the wallet pages them), its sends and
 * their memos, its signature check.
 */

interface Tx {
  name: string;
  type: number;
  confirmed: boolean;
  confirmed_at_height: number;
  to_address: string;
  amount: number | bigint;
  memos: Record<string, string[]>;
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const BIG = 12_345_678_901_234_567_890n;
let node: TlsNode;
let addresses = 0;
const txs: Tx[] = [];
const SIGNED = { pubkey: `0x${'a1'.repeat(48)}`, signature: `0x${'b2'.repeat(96)}`, signing_mode: 'BLS_MESSAGE_AUGMENTATION_UTF8_INPUT' };

function answer(route: string, body: Record<string, unknown>): unknown {
  if (route === '/get_height_info') return { success: true, height: 1_200 };
  if (route === '/get_next_address') return body.new_address === true ? { success: true, address: `xch1deposit${++addresses}` } : undefined;
  if (route === '/get_transactions') {
    const types = (body.type_filter as { values: number[] }).values;
    const sorted = txs.filter((t) => types.includes(t.type)).sort((a, b) => b.confirmed_at_height - a.confirmed_at_height);
    const page = sorted.slice(Number(body.start), Number(body.end));
    // Written by hand: the wallet's integers are exact, beyond 2^53 too.
    return `{"success": true, "transactions": [${page.map((t) => JSON.stringify({ ...t, amount: '@' }).replace('"@"', String(t.amount))).join(',')}]}`;
  }
  if (route === '/send_transaction') {
    const name = `0x${String(txs.length).padStart(64, '0')}`;
    txs.push({ name, type: 1, confirmed: false, confirmed_at_height: 0, to_address: String(body.address), amount: BigInt(String(body.amount)), memos: { [name]: (body.memos as string[]).map(hex) } });
    return { success: true, transaction_id: name };
  }
  if (route === '/verify_signature') {
    const ok = body.pubkey === SIGNED.pubkey && body.signature === SIGNED.signature && body.message === 'bind plot 42' && body.address === 'xch1owner';
    return ok ? { success: true, isValid: true } : { success: false, error: 'Public key does not match the address' };
  }
  return undefined;
}

beforeAll(async () => {
  node = await startTlsNode(answer);
});
afterAll(() => node.close());

const wallet = () => chiaWalletAdapter('CHIA', { url: node.url, certPath: node.file('pool.crt'), keyPath: node.file('pool.key'), caPath: node.file('ca.crt'), feeMojos: 5n });

describe('the Chia wallet RPC as the chain adapter', () => {
  it('answers the height and a new deposit address each time one is asked for', async () => {
    const chain = wallet();
    try {
      expect(await chain.height()).toBe(1_200);
      expect(await chain.depositAddress('1')).toBe('xch1deposit1');
      expect(await chain.depositAddress('2')).toBe('xch1deposit2');
    } finally {
      chain.close();
    }
  });

  it('reads the confirmed deposits of a height range, exact beyond 2^53 mojo, across pages', async () => {
    for (let i = 0; i < 620; i++) {
      txs.push({ name: `0x${(1000 + i).toString(16).padStart(64, '0')}`, type: 0, confirmed: true, confirmed_at_height: 100 + i, to_address: 'xch1deposit1', amount: 1_000 + i, memos: {} });
    }
    txs.push({ name: `0x${'ee'.repeat(32)}`, type: 0, confirmed: true, confirmed_at_height: 1_150, to_address: 'xch1deposit2', amount: BIG, memos: {} });
    txs.push({ name: `0x${'ef'.repeat(32)}`, type: 0, confirmed: false, confirmed_at_height: 0, to_address: 'xch1deposit2', amount: 7, memos: {} });
    const chain = wallet();
    try {
      const found = await chain.incoming(110, 1_200);
      expect(found).toHaveLength(610);
      expect(found.find((t) => t.height === 1_150)).toEqual({ txid: 'ee'.repeat(32), outputIndex: 0, address: 'xch1deposit2', amount: BIG, height: 1_150 });
      expect(found.some((t) => t.height <= 110)).toBe(false);
      expect((await chain.incoming(700, 710)).map((t) => t.height)).toEqual([710, 709, 708, 707, 706, 705, 704, 703, 702, 701]);
    } finally {
      chain.close();
    }
  });

  it('sends a withdrawal with its payment id as memo, once: asked again, it answers the first payment', async () => {
    const chain = wallet();
    try {
      expect(await chain.findSent('withdrawal:7')).toBeUndefined();
      const first = await chain.send({ clientId: 'withdrawal:7', to: 'xch1user', amount: BIG, memo: 'thanks' });
      const again = await chain.send({ clientId: 'withdrawal:7', to: 'xch1user', amount: BIG, memo: 'thanks' });
      expect(again).toEqual(first);
      const sends = node.requests.filter((r) => r.path === '/send_transaction');
      expect(sends).toHaveLength(1);
      expect(sends[0]?.body).toMatchObject({ wallet_id: 1, address: 'xch1user', fee: 5, memos: ['withdrawal:7'] });
      // The amount travelled as an exact integer.
      expect(txs.at(-1)?.amount).toBe(BIG);
      expect(await chain.findSent('withdrawal:7')).toEqual(first);
      expect(await chain.findSent('withdrawal:8')).toBeUndefined();
    } finally {
      chain.close();
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
