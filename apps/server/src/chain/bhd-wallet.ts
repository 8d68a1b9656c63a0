import { POC_NODE_COINS, pocNodeConfig, type Config } from '../config.ts';
import { SendRefusedError, type ChainAdapter, type ChainRegistry, type IncomingTransfer, type Payment, type PaymentState, type Sent } from './chain.ts';
import { baseUnitsOf, BhdRpcError, bhdPocChain, bhdRpcClient, blockHashAt, blockHeader, coinsOf, RPC, type BhdRpcClient } from './bhd-rpc.ts';
import type { PocChain } from './poc.ts';

/**
 * The custodial wallet of a BHD-family coin: the node's own wallet (Bitcoin Core's wallet RPC,
 * as btchd keeps it) behind the platform's chain adapter.
 * - Deposit addresses: one per user, labelled `platter-deposit:<user id>` in the wallet
 *   (`getaddressesbylabel`, else `getnewaddress <label>`): the same user gets the same address
 *   again (labels live in the wallet file: restore it from a backup, not from its keys alone).
 * - Deposits: the wallet's `receive` entries of `listsinceblock <hash of fromHeight>`, each
 *   block's height read from its header (the wallet reports the block hash, not its height).
 * - Withdrawals: `sendtoaddress` with the payment id in the wallet's comment
 *   (`platter-payment:<id>`); the wallet stores the transaction with its comment before it
 *   answers, so a send whose answer never came is found again by `findSent` (all of the
 *   wallet's sends, `listtransactions` window by window) with its address and amount.
 */

export interface BhdWalletOptions {
  /** Decimals of the coin's base unit (8 for the whole family). */
  scale?: number;
}

/** verifymessage's errors for an address that is not a key's or a malformed signature. */
const NOT_SIGNED: readonly number[] = [RPC.TYPE_ERROR, RPC.INVALID_ADDRESS_OR_KEY, RPC.INVALID_PARAMETER];
const DEPOSIT_LABEL = 'platter-deposit:';
const PAYMENT_COMMENT = 'platter-payment:';
/** listtransactions' window. */
const PAGE = 500;

interface WalletEntry {
  txid: string;
  category: string;
  address?: string;
  amount: unknown;
  fee?: unknown;
  vout?: number;
  confirmations: number;
  blockhash?: string;
  comment?: string;
  abandoned?: boolean;
}

interface WalletTransaction {
  txid: string;
  amount: unknown;
  fee?: unknown;
  confirmations: number;
  blockhash?: string;
  comment?: string;
  details: WalletEntry[];
}

/** Refusals a later attempt of the same payment may get past (funds still confirming, a locked wallet, a fee above the limit today). */
const RETRYABLE_REFUSAL = /insufficient|fee|unlock|passphrase|keypool|not enough/i;
/** Error codes of sendtoaddress that mean nothing was sent. */
const REFUSALS: readonly number[] = [RPC.WALLET_INSUFFICIENT_FUNDS, RPC.WALLET_UNLOCK_NEEDED, RPC.WALLET_ERROR, RPC.INVALID_ADDRESS_OR_KEY, RPC.TYPE_ERROR, RPC.INVALID_PARAMETER];

export function bhdWalletAdapter(coin: string, rpc: BhdRpcClient, options: BhdWalletOptions = {}): ChainAdapter {
  const scale = options.scale ?? 8;
  const amountOf = (value: unknown) => baseUnitsOf(value, scale);
  /** Deposit addresses are made one at a time: two at once for a user would make two. */
  let addressQueue: Promise<unknown> = Promise.resolve();

  async function heightOfBlock(hash: string, known: Map<string, number>): Promise<number | undefined> {
    const cached = known.get(hash);
    if (cached !== undefined) return cached;
    const header = await blockHeader(rpc, hash);
    // A block off the active chain (-1 confirmations) holds nothing.
    const height = header.confirmations > 0 ? header.height : undefined;
    if (height !== undefined) known.set(hash, height);
    return height;
  }

  async function transaction(txid: string): Promise<WalletTransaction | undefined> {
    try {
      return await rpc.call<WalletTransaction>('gettransaction', [txid]);
    } catch (error) {
      // "Invalid or non-wallet transaction id"
      if (error instanceof BhdRpcError && error.code === RPC.INVALID_ADDRESS_OR_KEY) return undefined;
      throw error;
    }
  }

  async function findSent(payment: Payment): Promise<Sent | undefined> {
    const comment = `${PAYMENT_COMMENT}${payment.paymentId}`;
    // Newest first, window by window (each window comes oldest first), through all of them.
    for (let skip = 0; ; skip += PAGE) {
      const page = await rpc.call<WalletEntry[]>('listtransactions', ['*', PAGE, skip, false]);
      const match = page.find((e) => e.category === 'send' && e.comment === comment && e.address === payment.to && amountOf(e.amount) === -payment.amount);
      if (match) return { txid: match.txid, fee: match.fee === undefined ? 0n : -amountOf(match.fee) };
      if (page.length < PAGE) return undefined;
    }
  }

  async function depositAddress(userId: string): Promise<string> {
    const label = `${DEPOSIT_LABEL}${userId}`;
    try {
      const owned = await rpc.call<Record<string, { purpose?: string }>>('getaddressesbylabel', [label]);
      const receiving = Object.keys(owned)
        .filter((address) => owned[address]?.purpose !== 'send')
        .sort();
      if (receiving[0]) return receiving[0];
    } catch (error) {
      // "No addresses with label …"
      if (!(error instanceof BhdRpcError && error.code === RPC.WALLET_INVALID_LABEL_NAME)) throw error;
    }
    return rpc.call<string>('getnewaddress', [label]);
  }

  return {
    coin,
    height: () => rpc.call<number>('getblockcount'),
    depositAddress(userId) {
      const next = addressQueue.then(() => depositAddress(userId));
      addressQueue = next.catch(() => undefined);
      return next;
    },
    async incoming(fromHeight, toHeight): Promise<IncomingTransfer[]> {
      const since = await blockHashAt(rpc, fromHeight);
      if (!since) return [];
      const answer = await rpc.call<{ transactions: WalletEntry[] }>('listsinceblock', [since, 1, false, false]);
      const heights = new Map<string, number>();
      const out: IncomingTransfer[] = [];
      for (const e of answer.transactions) {
        if (e.category !== 'receive' || e.confirmations <= 0 || !e.blockhash || e.address === undefined) continue;
        const height = await heightOfBlock(e.blockhash, heights);
        if (height === undefined || height <= fromHeight || height > toHeight) continue;
        const outputIndex = e.vout ?? 0;
        out.push({ txid: e.txid, outputIndex, coinId: outputIndex === 0 ? e.txid : `${e.txid}:${outputIndex}`, address: e.address, amount: amountOf(e.amount), height });
      }
      return out.sort((a, b) => a.height - b.height);
    },
    async transferHeight(transfer) {
      const tx = await transaction(transfer.txid);
      if (!tx || tx.confirmations <= 0 || !tx.blockhash) return undefined;
      if (!tx.details.some((d) => d.category === 'receive' && (d.vout ?? 0) === transfer.outputIndex)) return undefined;
      return heightOfBlock(tx.blockhash, new Map());
    },
    /** One attempt: the caller looks for the payment first (findSent) and never repeats an unknown outcome. */
    async send(request): Promise<Sent> {
      let txid: string;
      try {
        txid = await rpc.call<string>('sendtoaddress', [request.to, coinsOf(request.amount, scale), `${PAYMENT_COMMENT}${request.paymentId}`]);
      } catch (error) {
        // Refusals come before the wallet commits anything (SendMoney: the amount, the
        // balance, the address, creating and signing the transaction). "rejected" is said of
        // a committed one, and a runtime error (-1) may come after: their outcome is unknown.
        if (error instanceof BhdRpcError && REFUSALS.includes(error.code) && !/rejected/i.test(error.reason)) {
          const retryable =
            error.code === RPC.WALLET_INSUFFICIENT_FUNDS || error.code === RPC.WALLET_UNLOCK_NEEDED || (error.code === RPC.WALLET_ERROR && RETRYABLE_REFUSAL.test(error.reason));
          throw new SendRefusedError(error.reason, retryable);
        }
        throw error;
      }
      // The fee the wallet chose (its paytxfee / fee estimate, bounded by the node's -maxtxfee).
      const tx = await transaction(txid);
      return { txid, fee: tx?.fee === undefined ? 0n : -amountOf(tx.fee) };
    },
    findSent,
    async paymentStatus(txid): Promise<PaymentState> {
      const tx = await transaction(txid);
      if (!tx) return { state: 'unknown' };
      if (tx.confirmations < 0) return { state: 'failed', reason: 'a conflicting transaction is in the chain' };
      if (tx.confirmations === 0) {
        if (tx.details.some((d) => d.abandoned === true)) return { state: 'failed', reason: 'abandoned in the wallet' };
        return { state: 'pending' };
      }
      const height = tx.blockhash ? await heightOfBlock(tx.blockhash, new Map()) : undefined;
      if (height === undefined) return { state: 'pending' };
      return { state: 'confirmed', height, confirmations: tx.confirmations };
    },
    async balance() {
      return amountOf(await rpc.call<unknown>('getbalance'));
    },
    /** `signature` is what the wallet's `signmessage <address> <message>` gives (base64). */
    async verifyMessage(address, message, signature) {
      try {
        return (await rpc.call<boolean>('verifymessage', [address, signature, message])) === true;
      } catch (error) {
        // An address that is not a key's, a malformed signature: not the address's signature.
        if (error instanceof BhdRpcError && NOT_SIGNED.includes(error.code)) return false;
        throw error;
      }
    },
  };
}

/** The BHD-family coins with a configured node: their wallets in the chain registry, and their PocChains. */
export interface BhdNodes {
  chains: ChainRegistry;
  /** The node's PocChain of a configured coin; undefined for the others (the devnet's then). */
  pocChain(coin: string): PocChain | undefined;
  /** The address a configured coin's pools mine to (BHD_POOL_ADDRESS…); undefined for the others. */
  poolAddress(coin: string): string | undefined;
  close(): void;
}

/**
 * The chain registry with the node of `<COIN>_RPC_URL` for each BHD-family coin that has one
 * (BHD, LHD, HDD, XHD): that node's wallet is the coin's custodial wallet and its PocChain the
 * coin's chain; every other coin stays with `fallback`.
 */
export function withBhdNodes(config: Config, fallback: ChainRegistry): BhdNodes {
  const nodes = new Map<string, { wallet: ChainAdapter; poc: PocChain; rpc: BhdRpcClient; poolAddress: string }>();
  for (const coin of POC_NODE_COINS) {
    const node = pocNodeConfig(config, coin);
    if (!node) continue;
    const rpc = bhdRpcClient(node);
    nodes.set(coin, { wallet: bhdWalletAdapter(coin, rpc), poc: bhdPocChain(coin, rpc), rpc, poolAddress: node.poolAddress });
  }
  return {
    chains: { adapter: (coin) => nodes.get(coin)?.wallet ?? fallback.adapter(coin) },
    pocChain: (coin) => nodes.get(coin)?.poc,
    poolAddress: (coin) => nodes.get(coin)?.poolAddress,
    close: () => {
      for (const node of nodes.values()) node.rpc.close();
    },
  };
}
