import path from 'node:path';
import { chiaNetworkCoin, chiaSslDir, type Config } from '../config.ts';
import type { ChainAdapter, ChainRegistry, IncomingTransfer } from './chain.ts';
import { chiaRpcClient, type ChiaRpcOptions } from './chia-rpc.ts';

/**
 * The custodial wallet of a Chia pool on a real chain: the Chia wallet's RPC (port 9256, the
 * same mutual TLS as the full node's) behind the platform's chain adapter. Deposit addresses
 * are the wallet's own (a new one per user; the platform keeps which is whose), deposits are
 * its incoming transactions, withdrawals its sends — each carrying the platform's payment id as
 * a memo, which is how a payment is found again after a crash instead of being sent twice.
 */

/** Chia's TransactionType: coins received, and payments sent. */
const INCOMING_TX = 0;
const OUTGOING_TX = 1;
const PAGE = 500;
/** Sends looked through for a payment id (the newest first). */
const FIND_SENT_LIMIT = 5_000;

interface TransactionRecord {
  name: string;
  type: number;
  confirmed: boolean;
  confirmed_at_height: number;
  to_address: string;
  amount: number | string;
  memos?: unknown;
}

export interface ChiaWalletOptions extends Pick<ChiaRpcOptions, 'url' | 'certPath' | 'keyPath' | 'caPath' | 'timeoutMs'> {
  /** The standard wallet's id (1 in every Chia wallet). */
  walletId?: number;
  /** Fee per withdrawal, mojo. */
  feeMojos?: bigint;
}

const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** Every string inside a record's memos, whichever shape the wallet's version gives them. */
function memoStrings(memos: unknown): string[] {
  if (typeof memos === 'string') return [memos.replace(/^0x/i, '').toLowerCase()];
  if (Array.isArray(memos)) return memos.flatMap(memoStrings);
  if (memos && typeof memos === 'object') return Object.values(memos).flatMap(memoStrings);
  return [];
}

export function chiaWalletAdapter(coin: string, options: ChiaWalletOptions): ChainAdapter & { close(): void } {
  const rpc = chiaRpcClient(options);
  const walletId = options.walletId ?? 1;

  /** The wallet's transactions of one type, newest first, page by page until `enough` says stop. */
  async function transactions(type: number, sortKey: 'CONFIRMED_AT_HEIGHT' | 'RELEVANCE', enough: (page: TransactionRecord[]) => boolean): Promise<TransactionRecord[]> {
    const out: TransactionRecord[] = [];
    for (let start = 0; ; start += PAGE) {
      const answer = await rpc.call<{ transactions: TransactionRecord[] }>('get_transactions', {
        wallet_id: walletId,
        start,
        end: start + PAGE,
        sort_key: sortKey,
        reverse: true,
        type_filter: { values: [type], mode: 1 },
      });
      const page = answer.transactions.filter((t) => t.type === type);
      out.push(...page);
      if (answer.transactions.length < PAGE || enough(page)) return out;
    }
  }

  async function findSent(clientId: string): Promise<{ txid: string } | undefined> {
    const memo = hexOf(clientId);
    let seen = 0;
    const sent = await transactions(OUTGOING_TX, 'RELEVANCE', (page) => {
      seen += page.length;
      return seen >= FIND_SENT_LIMIT || page.some((t) => memoStrings(t.memos).includes(memo));
    });
    const match = sent.find((t) => memoStrings(t.memos).includes(memo));
    return match ? { txid: match.name.replace(/^0x/i, '') } : undefined;
  }

  return {
    coin,
    async height() {
      const answer = await rpc.call<{ height: number }>('get_height_info', {});
      return answer.height;
    },
    async depositAddress() {
      const answer = await rpc.call<{ address: string }>('get_next_address', { wallet_id: walletId, new_address: true });
      return answer.address;
    },
    async incoming(fromHeight, toHeight): Promise<IncomingTransfer[]> {
      const received = await transactions(INCOMING_TX, 'CONFIRMED_AT_HEIGHT', (page) => page.some((t) => t.confirmed && t.confirmed_at_height <= fromHeight));
      return received
        .filter((t) => t.confirmed && t.confirmed_at_height > fromHeight && t.confirmed_at_height <= toHeight)
        .map((t) => ({ txid: t.name.replace(/^0x/i, ''), outputIndex: 0, address: t.to_address, amount: BigInt(t.amount), height: t.confirmed_at_height }));
    },
    async send(request) {
      const earlier = await findSent(request.clientId);
      if (earlier) return earlier;
      const answer = await rpc.call<{ transaction_id: string }>('send_transaction', {
        wallet_id: walletId,
        address: request.to,
        amount: request.amount,
        fee: options.feeMojos ?? 0n,
        memos: [request.clientId],
      });
      return { txid: answer.transaction_id.replace(/^0x/i, '') };
    },
    findSent,
    /**
     * `signature` is what Chia's "sign message by address" gives, as JSON: {pubkey, signature,
     * signing_mode}. The wallet checks the signature and that the key is the address's.
     */
    async verifyMessage(address, message, signature) {
      let signed: { pubkey?: unknown; signature?: unknown; signing_mode?: unknown };
      try {
        signed = JSON.parse(signature) as typeof signed;
      } catch {
        return false;
      }
      if (typeof signed.pubkey !== 'string' || typeof signed.signature !== 'string') return false;
      try {
        const answer = await rpc.call<{ isValid: boolean }>('verify_signature', {
          pubkey: signed.pubkey,
          signature: signed.signature,
          message,
          address,
          ...(typeof signed.signing_mode === 'string' ? { signing_mode: signed.signing_mode } : {}),
        });
        return answer.isValid === true;
      } catch (error) {
        // The wallet answers success: false for a key that is not the address's.
        if (error instanceof Error && /chia rpc verify_signature/.test(error.message)) return false;
        throw error;
      }
    },
    close: () => rpc.close(),
  };
}

/**
 * The chain registry with the Chia wallet of CHIA_WALLET_RPC_URL for its network's coin (CHIA,
 * or CHIA_TEST on testnet11); every other coin stays with `fallback` (the devnet).
 */
export function withChiaWallet<R extends ChainRegistry>(config: Config, fallback: R): { chains: ChainRegistry; close(): void } {
  if (!config.chiaWalletRpcUrl) return { chains: fallback, close: () => undefined };
  const coin = chiaNetworkCoin(config);
  const ssl = chiaSslDir(config);
  const wallet = chiaWalletAdapter(coin, {
    url: config.chiaWalletRpcUrl,
    certPath: path.join(ssl, 'wallet/private_wallet.crt'),
    keyPath: path.join(ssl, 'wallet/private_wallet.key'),
    caPath: path.join(ssl, 'ca/private_ca.crt'),
    feeMojos: BigInt(config.chiaWalletFeeMojos),
  });
  return { chains: { adapter: (c) => (c === coin ? wallet : fallback.adapter(c)) }, close: () => wallet.close() };
}
