import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { coinId } from '@platter/chia';
import { startTlsNode, type TlsNode } from './tls.ts';

/**
 * A Chia wallet RPC (port 9256) on loopback that sorts, pages, stores and fails the way
 * chia-blockchain's wallet does (wallet_rpc_api.py, wallet_transaction_store.py,
 * util/transaction_sorting.py):
 * - get_transactions pages with start/end (end defaults to start + 50), filters by type
 *   (mode 1 include, 2 exclude), to_address and confirmed, and sorts by CONFIRMED_AT_HEIGHT
 *   (height ascending; the default) or RELEVANCE (unconfirmed first, then height descending,
 *   then creation time descending), ties by insertion order; `reverse` flips EVERY direction
 *   of the sort key (RELEVANCE reversed puts the oldest confirmed first and the pending last).
 * - send_transaction stores its record only when the send has finished: a client that gave up
 *   waiting finds nothing yet. A refused send (bad address, more than the spendable balance,
 *   change still pending) stores nothing and answers success: false.
 * - A send the mempool rejected for good is marked confirmed at height 0; a reorg drops the
 *   records above the fork and takes the height back.
 * - A received record carries the coin it created (`additions`) and is named by that coin's id;
 *   after a resync, a coin first seen already spent gets a random record name (Chia's
 *   wallet_state_manager: `name=bytes32(token_bytes())`) — `resync()` plays that.
 */

/** Chia's TransactionType values this fake uses. */
export const TX = { INCOMING: 0, OUTGOING: 1, COINBASE_REWARD: 2, FEE_REWARD: 3, INCOMING_CLAWBACK_RECEIVE: 6 } as const;

export interface FakeTx {
  name: string;
  type: number;
  confirmed: boolean;
  confirmed_at_height: number;
  created_at_time: number;
  to_address: string;
  amount: bigint;
  fee_amount: bigint;
  memos: Record<string, string[]>;
  wallet_id: number;
  sent_to: [string, number, string | null][];
  to_puzzle_hash?: string;
  additions?: FakeCoin[];
}

/** A coin as Chia's JSON writes it. */
export interface FakeCoin {
  parent_coin_info: string;
  puzzle_hash: string;
  amount: bigint;
}

const bytes = (hex0x: string) => Buffer.from(hex0x.replace(/^0x/, ''), 'hex');
/** The coin's id (Coin.name()), 0x-prefixed. */
export function fakeCoinId(coin: FakeCoin): string {
  return `0x${Buffer.from(coinId({ parentCoinInfo: bytes(coin.parent_coin_info), puzzleHash: bytes(coin.puzzle_hash), amount: coin.amount })).toString('hex')}`;
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
/** JSON with bigint written as exact integers (Python ints on the wallet's side). */
const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `\u0000${v}` : v)).replace(/"\\u0000(-?\d+)"/g, '$1');

export interface FakeWallet {
  node: TlsNode;
  txs: FakeTx[];
  height: number;
  network: string;
  /** The wallet's coins: confirmed, and change that is not spendable until its send confirms. */
  confirmedBalance: bigint;
  /** Milliseconds a send works before it is stored and answered (the client may time out first). */
  sendDelayMs: number;
  /** When set, the next sends are refused with this error (as Chia's ValueError texts). */
  refuse: string | undefined;
  /** Records a coin arriving (INCOMING or a reward type), confirmed at `height` (0: pending). */
  receive(input: { type?: number; to: string; amount: bigint; height: number; name?: string }): FakeTx;
  /** Confirms a send in a block, or marks it failed (Chia: confirmed at height 0). */
  confirm(name: string, height: number): void;
  fail(name: string): void;
  /** Drops every record confirmed above `height` and takes the chain back to it. */
  reorg(height: number): void;
  /** A resync that first sees the received coins already spent: each record gets a new random name (the coins stay the same). */
  resync(): void;
  pendingChange(): bigint;
  spendable(): bigint;
  close(): Promise<void>;
}

function compare(a: FakeTx, b: FakeTx, ai: number, bi: number, sortKey: string, reverse: boolean): number {
  const dir = (value: number, ascending: boolean) => (ascending !== reverse ? value : -value);
  if (sortKey === 'RELEVANCE') {
    // order by confirmed ASC, confirmed_at_height DESC, created_at_time DESC, rowid
    const c = dir(Number(a.confirmed) - Number(b.confirmed), true);
    if (c) return c;
    const h = dir(a.confirmed_at_height - b.confirmed_at_height, false);
    if (h) return h;
    const t = dir(a.created_at_time - b.created_at_time, false);
    if (t) return t;
    return ai - bi;
  }
  // order by confirmed_at_height ASC, rowid
  return dir(a.confirmed_at_height - b.confirmed_at_height, true) || ai - bi;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
/** A well-formed xch address for a number (the fake's deposit addresses). */
export function fakeAddress(n: number, prefix = 'xch1'): string {
  let out = '';
  for (let v = n; out.length < 58; v = Math.floor(v / 32)) out = BECH32[v % 32] + out;
  return prefix + out;
}

/** `extra` answers the routes the fake does not play itself (e.g. verify_signature). */
export async function startFakeWallet(extra?: (route: string, body: Record<string, unknown>) => unknown): Promise<FakeWallet> {
  let counter = 0;
  let clock = 1_700_000_000;
  const nextName = () => `0x${(++counter).toString(16).padStart(64, '0')}`;
  const wallet: FakeWallet = {
    node: undefined as unknown as TlsNode,
    txs: [],
    height: 1_200,
    network: 'mainnet',
    confirmedBalance: 0n,
    sendDelayMs: 0,
    refuse: undefined,
    receive(input) {
      const puzzleHash = `0x${createHash('sha256').update(input.to).digest('hex')}`;
      const coin: FakeCoin = { parent_coin_info: `0x${randomBytes(32).toString('hex')}`, puzzle_hash: puzzleHash, amount: input.amount };
      const tx: FakeTx = {
        name: input.name ?? fakeCoinId(coin),
        type: input.type ?? TX.INCOMING,
        confirmed: input.height > 0,
        confirmed_at_height: input.height,
        created_at_time: ++clock,
        to_address: input.to,
        amount: input.amount,
        fee_amount: 0n,
        memos: {},
        wallet_id: 1,
        sent_to: [],
        to_puzzle_hash: puzzleHash,
        additions: [coin],
      };
      wallet.txs.push(tx);
      if (tx.confirmed) wallet.confirmedBalance += input.amount;
      return tx;
    },
    confirm(name, height) {
      const tx = wallet.txs.find((t) => t.name === name);
      if (!tx || tx.confirmed) return;
      tx.confirmed = true;
      tx.confirmed_at_height = height;
      if (tx.type === TX.OUTGOING) wallet.confirmedBalance -= tx.amount + tx.fee_amount;
    },
    fail(name) {
      const tx = wallet.txs.find((t) => t.name === name);
      if (!tx) return;
      tx.confirmed = true;
      tx.confirmed_at_height = 0;
      tx.sent_to.push(['peer', 3, 'DOUBLE_SPEND']);
    },
    reorg(height) {
      for (const tx of wallet.txs.filter((t) => t.confirmed && t.confirmed_at_height > height)) {
        if (tx.type === TX.OUTGOING) {
          // A send goes back to the mempool (Chia's tx_reorged).
          tx.confirmed = false;
          tx.confirmed_at_height = 0;
          wallet.confirmedBalance += tx.amount + tx.fee_amount;
        } else {
          wallet.txs.splice(wallet.txs.indexOf(tx), 1);
          wallet.confirmedBalance -= tx.amount;
        }
      }
      wallet.height = height;
    },
    resync() {
      for (const tx of wallet.txs) if (tx.type !== TX.OUTGOING) tx.name = `0x${randomBytes(32).toString('hex')}`;
    },
    pendingChange() {
      return wallet.txs.some((t) => t.type === TX.OUTGOING && !t.confirmed) ? 1n : 0n;
    },
    spendable() {
      const pendingOut = wallet.txs.filter((t) => t.type === TX.OUTGOING && !t.confirmed).reduce((s, t) => s + t.amount + t.fee_amount, 0n);
      // While a send is pending, its whole input coin (the change included) is locked.
      return wallet.pendingChange() ? 0n : wallet.confirmedBalance - pendingOut;
    },
    close: () => wallet.node.close(),
  };

  function transactions(body: Record<string, unknown>) {
    const start = Number(body.start ?? 0);
    const end = Number(body.end ?? 50);
    const sortKey = String(body.sort_key ?? 'CONFIRMED_AT_HEIGHT');
    if (sortKey !== 'CONFIRMED_AT_HEIGHT' && sortKey !== 'RELEVANCE') return { success: false, error: `There is no known sort ${sortKey}` };
    const reverse = body.reverse === true;
    const filter = body.type_filter as { values: number[]; mode: number } | undefined;
    const indexed = wallet.txs
      .map((t, i) => ({ t, i }))
      .filter(({ t }) => t.wallet_id === Number(body.wallet_id))
      .filter(({ t }) => !filter || (filter.mode === 2 ? !filter.values.includes(t.type) : filter.values.includes(t.type)))
      .filter(({ t }) => body.to_address === undefined || t.to_address === body.to_address)
      .filter(({ t }) => body.confirmed === undefined || body.confirmed === null || t.confirmed === body.confirmed)
      .sort((a, b) => compare(a.t, b.t, a.i, b.i, sortKey, reverse));
    const page = indexed.slice(start, start + Math.max(0, end - start)).map(({ t }) => t);
    return `{"success": true, "wallet_id": ${Number(body.wallet_id)}, "transactions": [${page.map(json).join(',')}]}`;
  }

  async function send(body: Record<string, unknown>) {
    const address = String(body.address ?? '');
    const amount = BigInt(String(body.amount));
    const fee = BigInt(String(body.fee ?? 0));
    await sleep(wallet.sendDelayMs);
    if (wallet.refuse) return { success: false, error: wallet.refuse };
    if (!/^t?xch1[02-9ac-hj-np-z]{58}$/.test(address)) return { success: false, error: `Invalid address ${address}` };
    if (amount + fee > wallet.spendable()) {
      return { success: false, error: `Can't send more than ${wallet.spendable()} mojos in a single transaction, got ${amount + fee}` };
    }
    const name = nextName();
    const memos = Array.isArray(body.memos) ? (body.memos as string[]).map(hex) : [];
    const tx: FakeTx = {
      name,
      type: TX.OUTGOING,
      confirmed: false,
      confirmed_at_height: 0,
      created_at_time: ++clock,
      to_address: address,
      amount,
      fee_amount: fee,
      memos: { [`0x${'c0'.repeat(31)}${counter.toString(16).padStart(2, '0').slice(-2)}`]: memos },
      wallet_id: Number(body.wallet_id),
      sent_to: [],
    };
    wallet.txs.push(tx);
    return `{"success": true, "transaction_id": "${name}", "transaction": ${json(tx)}}`;
  }

  wallet.node = await startTlsNode((route, body) => {
    switch (route) {
      case '/get_height_info':
        return { success: true, height: wallet.height };
      case '/get_network_info':
        return { success: true, network_name: wallet.network, network_prefix: 'xch' };
      case '/get_logged_in_fingerprint':
        return { success: true, fingerprint: 1_234_567_890 };
      case '/get_sync_status':
        return { success: true, synced: true, syncing: false, genesis_initialized: true };
      case '/get_next_address':
        return { success: true, wallet_id: 1, address: fakeAddress(++counter) };
      case '/get_transactions':
        return transactions(body);
      case '/get_transaction': {
        const id = String(body.transaction_id ?? '').replace(/^0x/, '');
        const tx = wallet.txs.find((t) => t.name === `0x${id}`);
        return tx ? `{"success": true, "transaction_id": "${tx.name}", "transaction": ${json(tx)}}` : { success: false, error: `Transaction 0x${id} not found` };
      }
      case '/get_wallet_balance': {
        const pendingOut = wallet.txs.filter((t) => t.type === TX.OUTGOING && !t.confirmed).reduce((s, t) => s + t.amount + t.fee_amount, 0n);
        return json({
          success: true,
          wallet_balance: {
            wallet_id: 1,
            confirmed_wallet_balance: wallet.confirmedBalance,
            unconfirmed_wallet_balance: wallet.confirmedBalance - pendingOut,
            spendable_balance: wallet.spendable(),
            pending_change: wallet.pendingChange(),
            max_send_amount: wallet.spendable(),
          },
        });
      }
      case '/send_transaction':
        return send(body);
      default:
        return extra?.(route, body);
    }
  });
  return wallet;
}
