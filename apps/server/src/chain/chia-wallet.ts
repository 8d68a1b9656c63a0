import path from 'node:path';
import { coinId } from '@platter/chia';
import { chiaNetworkCoin, chiaSslDir, type Config } from '../config.ts';
import { SendRefusedError, type ChainAdapter, type ChainRegistry, type IncomingTransfer, type Payment, type PaymentState, type Sent } from './chain.ts';
import { ChiaRpcRefusal, chiaRpcClient, type ChiaRpcOptions } from './chia-rpc.ts';

/**
 * The custodial wallet of a Chia pool on a real chain: the Chia wallet's RPC (port 9256, the
 * same mutual TLS as the full node's) behind the platform's chain adapter. Deposit addresses
 * are the wallet's own (a new one per user; the platform keeps which is whose), deposits are
 * its incoming transactions (and farming rewards, and claimed clawbacks), withdrawals its sends
 * — each carrying the withdrawal's opaque payment id (a random UUID) as memo, which is how a
 * payment is found again after a crash or a timeout, matched with its address and amount.
 */

/** Chia's TransactionType: coins received, payments sent, farming rewards, claimed clawbacks. */
const INCOMING_TX = 0;
const OUTGOING_TX = 1;
const COINBASE_REWARD = 2;
const FEE_REWARD = 3;
const INCOMING_CLAWBACK_RECEIVE = 6;
/** What credits a deposit address: coins received, farmer and pool rewards farmed to it, clawbacks claimed. */
const RECEIVED_TYPES = [INCOMING_TX, COINBASE_REWARD, FEE_REWARD, INCOMING_CLAWBACK_RECEIVE];
/** Chia's FilterMode.include. */
const INCLUDE = 1;
const PAGE = 200;

/** Refusals that a later attempt of the same payment may get past (change still pending, coins locked). */
const RETRYABLE_REFUSAL = /spendable|pending|can't send more than|not enough|insufficient|locked|busy|not synced/i;

interface TransactionRecord {
  name: string;
  type: number;
  confirmed: boolean;
  confirmed_at_height: number;
  to_address: string;
  amount: number | string;
  fee_amount?: number | string;
  memos?: unknown;
  sent_to?: unknown;
  to_puzzle_hash?: string;
  additions?: { parent_coin_info: string; puzzle_hash: string; amount: number | string }[];
}

export interface ChiaWalletOptions extends Pick<ChiaRpcOptions, 'url' | 'certPath' | 'keyPath' | 'caPath' | 'timeoutMs' | 'pinnedCertSha256'> {
  /** The network the wallet must be on (CHIA_RPC_NETWORK); checked before the wallet is first used. */
  network?: string;
  /** The key fingerprint it must be logged in with (CHIA_WALLET_FINGERPRINT). */
  fingerprint?: string;
  /** The standard wallet's id (1 in every Chia wallet). */
  walletId?: number;
  /** Fee per withdrawal, mojo (bounded by the withdrawal's own fee). */
  feeMojos?: bigint;
}

const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const strip = (id: string) => id.replace(/^0x/i, '').toLowerCase();

/** Every string inside a record's memos, whichever shape the wallet's version gives them. */
function memoStrings(memos: unknown): string[] {
  if (typeof memos === 'string') return [memos.replace(/^0x/i, '').toLowerCase()];
  if (Array.isArray(memos)) return memos.flatMap(memoStrings);
  if (memos && typeof memos === 'object') return Object.values(memos).flatMap(memoStrings);
  return [];
}

const bytesOf = (hex: string) => Buffer.from(strip(hex), 'hex');

/**
 * The id of the coin a received record created: its addition to the record's puzzle hash (an
 * incoming record has exactly that one), hex without 0x. The record's own name is no key: a
 * resynced wallet names a coin it first sees already spent at random. A record without
 * additions keeps its name.
 */
function receivedCoinId(t: TransactionRecord): string {
  const additions = t.additions ?? [];
  const coin =
    additions.find((c) => t.to_puzzle_hash !== undefined && strip(c.puzzle_hash) === strip(t.to_puzzle_hash) && BigInt(c.amount) === BigInt(t.amount)) ??
    (additions.length === 1 ? additions[0] : undefined);
  if (!coin) return strip(t.name);
  return Buffer.from(coinId({ parentCoinInfo: bytesOf(coin.parent_coin_info), puzzleHash: bytesOf(coin.puzzle_hash), amount: BigInt(coin.amount) })).toString('hex');
}

/** The mempool's error names of a failed send (sent_to: [peer, status, error] triples). */
function sendErrors(sentTo: unknown): string[] {
  if (!Array.isArray(sentTo)) return [];
  return sentTo.flatMap((entry) => (Array.isArray(entry) && typeof entry[2] === 'string' ? [entry[2]] : []));
}

export function chiaWalletAdapter(coin: string, options: ChiaWalletOptions): ChainAdapter & { close(): void } {
  const rpc = chiaRpcClient(options);
  const walletId = options.walletId ?? 1;
  let identity: Promise<void> | undefined;

  /**
   * The wallet is the configured one (network, logged-in key) before anything is read from or
   * sent through it; a wrong one stops every call (a passing check is remembered, a failing
   * one asked again next time).
   */
  function checkIdentity(): Promise<void> {
    identity ??= (async () => {
      if (options.network) {
        const info = await rpc.call<{ network_name: string }>('get_network_info', {});
        if (info.network_name !== options.network) throw new Error(`chia wallet: on network ${info.network_name}, configured ${options.network}`);
      }
      if (options.fingerprint) {
        const login = await rpc.call<{ fingerprint: number | string }>('get_logged_in_fingerprint', {});
        if (String(login.fingerprint) !== options.fingerprint) throw new Error(`chia wallet: logged in with key ${String(login.fingerprint)}, configured ${options.fingerprint}`);
      }
    })().catch((error: unknown) => {
      identity = undefined;
      throw error;
    });
    return identity;
  }

  /**
   * The wallet's transactions page by page until `enough` says stop. Chia's `reverse` flips
   * every direction of the sort key (transaction_sorting.py): CONFIRMED_AT_HEIGHT reversed is
   * newest first; RELEVANCE NOT reversed is pending first, then newest confirmed first.
   */
  async function transactions(
    query: { types: number[]; sortKey: 'CONFIRMED_AT_HEIGHT' | 'RELEVANCE'; reverse: boolean; toAddress?: string; confirmed?: boolean },
    enough: (page: TransactionRecord[]) => boolean,
  ): Promise<TransactionRecord[]> {
    await checkIdentity();
    const out: TransactionRecord[] = [];
    for (let start = 0; ; start += PAGE) {
      const answer = await rpc.call<{ transactions: TransactionRecord[] }>('get_transactions', {
        wallet_id: walletId,
        start,
        end: start + PAGE,
        sort_key: query.sortKey,
        reverse: query.reverse,
        type_filter: { values: query.types, mode: INCLUDE },
        ...(query.toAddress !== undefined ? { to_address: query.toAddress } : {}),
        ...(query.confirmed !== undefined ? { confirmed: query.confirmed } : {}),
      });
      const page = answer.transactions.filter((t) => query.types.includes(t.type));
      out.push(...page);
      if (answer.transactions.length < PAGE || enough(page)) return out;
    }
  }

  /**
   * A payment is the send to its address, of its amount, carrying its payment id as memo.
   * Only the sends to that address are read (the wallet filters them), all of them: no count
   * of earlier sends hides a payment.
   */
  async function findSent(payment: Payment): Promise<Sent | undefined> {
    const memo = hexOf(payment.paymentId);
    const matches = (t: TransactionRecord) => t.to_address === payment.to && BigInt(t.amount) === payment.amount && memoStrings(t.memos).includes(memo);
    const sent = await transactions({ types: [OUTGOING_TX], sortKey: 'RELEVANCE', reverse: false, toAddress: payment.to }, (page) => page.some(matches));
    const match = sent.find(matches);
    return match ? { txid: strip(match.name), fee: BigInt(match.fee_amount ?? 0) } : undefined;
  }

  async function record(txid: string): Promise<TransactionRecord | undefined> {
    try {
      const answer = await rpc.call<{ transaction: TransactionRecord }>('get_transaction', { transaction_id: `0x${strip(txid)}` });
      return answer.transaction;
    } catch (error) {
      if (error instanceof ChiaRpcRefusal) return undefined;
      throw error;
    }
  }

  async function height(): Promise<number> {
    const answer = await rpc.call<{ height: number }>('get_height_info', {});
    return answer.height;
  }

  return {
    coin,
    height,
    async depositAddress() {
      await checkIdentity();
      const answer = await rpc.call<{ address: string }>('get_next_address', { wallet_id: walletId, new_address: true });
      return answer.address;
    },
    async incoming(fromHeight, toHeight): Promise<IncomingTransfer[]> {
      const received = await transactions({ types: RECEIVED_TYPES, sortKey: 'CONFIRMED_AT_HEIGHT', reverse: true, confirmed: true }, (page) =>
        page.some((t) => t.confirmed && t.confirmed_at_height <= fromHeight),
      );
      return received
        .filter((t) => t.confirmed && t.confirmed_at_height > fromHeight && t.confirmed_at_height <= toHeight)
        .map((t) => ({ txid: strip(t.name), outputIndex: 0, coinId: receivedCoinId(t), address: t.to_address, amount: BigInt(t.amount), height: t.confirmed_at_height }));
    },
    async transferHeight(transfer) {
      const found = await record(transfer.txid);
      return found && found.confirmed && found.confirmed_at_height > 0 ? found.confirmed_at_height : undefined;
    },
    /** One attempt: the caller looks for the payment first (findSent) and never repeats an unknown outcome. */
    async send(request) {
      const configured = options.feeMojos ?? 0n;
      const fee = configured < request.maxFee ? configured : request.maxFee;
      await checkIdentity();
      try {
        const answer = await rpc.call<{ transaction_id: string }>('send_transaction', {
          wallet_id: walletId,
          address: request.to,
          amount: request.amount,
          fee,
          memos: [request.paymentId],
        });
        return { txid: strip(answer.transaction_id), fee };
      } catch (error) {
        if (error instanceof ChiaRpcRefusal) throw new SendRefusedError(error.reason, RETRYABLE_REFUSAL.test(error.reason));
        throw error;
      }
    },
    findSent,
    async paymentStatus(txid): Promise<PaymentState> {
      const found = await record(txid);
      if (!found) return { state: 'unknown' };
      // Chia marks a send the mempool rejected for good as confirmed at height 0.
      if (found.confirmed && found.confirmed_at_height === 0) return { state: 'failed', reason: sendErrors(found.sent_to).join(', ') || 'rejected by the chain' };
      if (!found.confirmed) return { state: 'pending' };
      return { state: 'confirmed', height: found.confirmed_at_height, confirmations: Math.max(0, (await height()) - found.confirmed_at_height + 1) };
    },
    async balance() {
      await checkIdentity();
      const answer = await rpc.call<{ wallet_balance: { unconfirmed_wallet_balance: number | string } }>('get_wallet_balance', { wallet_id: walletId });
      return BigInt(answer.wallet_balance.unconfirmed_wallet_balance);
    },
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
        if (error instanceof ChiaRpcRefusal) return false;
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
    network: config.chiaRpcNetwork,
    ...(config.chiaWalletCertSha256 ? { pinnedCertSha256: config.chiaWalletCertSha256 } : {}),
    ...(config.chiaWalletFingerprint ? { fingerprint: config.chiaWalletFingerprint } : {}),
  });
  return { chains: { adapter: (c) => (c === coin ? wallet : fallback.adapter(c)) }, close: () => wallet.close() };
}
