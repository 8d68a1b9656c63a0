import { createHmac } from 'node:crypto';
import { signumAccountId, signumAddressOf, signumPublicKeyOf } from '@platter/domain';
import { signumNodeConfig, type Config } from '../config.ts';
import { SendRefusedError, type ChainAdapter, type ChainRegistry, type IncomingTransfer, type Payment, type PaymentState, type Sent } from './chain.ts';
import { SIGNUM_EPOCH, SignumApiError, signumApiClient, type SignumApiClient } from './signum-api.ts';

/**
 * BURST's custodial wallet on a Signum node: the pool's account (`BURST_POOL_ADDRESS`, the one
 * plotters set as their reward recipient) behind the platform's chain adapter, over the node's
 * HTTP API as signum-node's handlers answer it (SendMoney / APITransactionManagerImpl,
 * GetAccountTransactions, GetUnconfirmedTransactions, GetTransaction, ReadMessage, GetAccount,
 * GetBlockchainStatus, DecodeToken).
 * - Deposits: Signum's exchange convention (and the NXT family's): every user deposits to the
 *   pool's one account, which has its public key on the chain, with a plain-text message naming
 *   them (`depositMemo`: a number derived from the platform's secret and the user id, so it is
 *   stable and reveals nothing). Per-user throwaway accounts are what Signum's integration
 *   guide discourages: each would need its public key announced before it is safe, and every
 *   deposit swept at a fee. A payment to the account without a known message is kept for the
 *   operator (`unowned_transfers`, with its message).
 * - Deposits are read with getAccountTransactions (ordinary payments, type 0 subtype 0, newest
 *   first, at most 500 rows a call: paged with firstIndex/lastIndex until a page reaches below
 *   the range; a block made while paging shifts the rows later, so a row is seen twice, never
 *   missed, and kept once).
 * - Withdrawals: `sendMoney` (POST) from the pool's account with its passphrase, the fee the node
 *   asks for the payment's size (getConstants' feeQuantNQT × ⌊bytes / 176⌋, at least
 *   `BURST_WALLET_FEE_NQT`), a deadline of 120 minutes, the address book's memo as the plain
 *   message (what exchanges read) and `platter-payment:<id>` as a message encrypted to self,
 *   which only the pool's key reads back: a send whose answer never came is found by
 *   `findSent` (the account's payments to that recipient and amount, confirmed and waiting,
 *   each one's self message read with `decryptFrom` from its attachment — readMessage reads
 *   confirmed ones only and refuses a payment without a message; a candidate whose self
 *   message cannot be read, or no passphrase, is an error, never "not paid").
 * - Refusals before the node signs or broadcasts (errorCode 3 missing, 4 incorrect — a
 *   recipient without a public key on the chain too, 5 unknown account, 6 not enough funds)
 *   send nothing; any other failure leaves the outcome unknown.
 * - Message signatures (plot binding's ownership proof) are Signum tokens: the user's wallet's
 *   `generateToken` of the message (the "website"), checked with the node's `decodeToken`.
 */

export interface SignumWalletOptions {
  /** The pool's account (numeric or `S-…`). */
  poolAccount: string;
  /** Its passphrase; without one, withdrawals are refused. */
  passphrase?: string;
  /** The least fee of a payment, NQT (`BURST_WALLET_FEE_NQT`): the fee is the larger of this and the node's minimum for the payment's size. */
  feeNqt: bigint;
  /** The platform's secret: deposit memos are derived from it. */
  secret: string;
}

const PAYMENT_MESSAGE = 'platter-payment:';
/** The node's rows per getAccountTransactions call (apiServer's max records). */
export const SIGNUM_PAGE = 500;
/**
 * A payment's deadline, minutes (the node takes 1–1440): two hours — a payment the node dropped (or never broadcast) expires soon,
 * which bounds the window in which a lost send could still be mined after the operator decided on it.
 */
export const SIGNUM_DEADLINE_MINUTES = 120;
/**
 * How far the node's chain must be past a payment's deadline, seconds, before a payment it no longer has is taken as expired: a
 * block may not take a payment past its deadline (signum-node's TransactionImpl.getExpiration), but a fork from before the
 * deadline could, so the chain's tip must be an hour (some 15 blocks) beyond it.
 */
export const SIGNUM_EXPIRY_MARGIN_SECONDS = 3600;
/** When a payment stops being valid (timestamp + deadline), as a time; undefined when the node did not say. */
const expiryOf = (tx: Pick<SignumTransaction, 'timestamp' | 'deadline'> | undefined): Date | undefined =>
  tx?.timestamp !== undefined && tx.deadline !== undefined ? new Date((SIGNUM_EPOCH + tx.timestamp + tx.deadline * 60) * 1000) : undefined;
/** Refusals that come before the node signs or broadcasts: nothing was sent. */
const REFUSED_CODES: readonly number[] = [3, 4, 5, 6];
const NOT_ENOUGH_FUNDS = 6;
/** signum-node's ORDINARY_TRANSACTION_BYTES: a payment without appendices; each further 176 bytes costs one more FEE_QUANT. */
const ORDINARY_TRANSACTION_BYTES = 176;
/** FEE_QUANT since SIP-34 (the SMART_FEES moment), when the node's getConstants does not say it. */
const FEE_QUANT_SIP34 = 1_000_000n;

/**
 * The size of a payment carrying `memo` as a plain message and `selfMessage` encrypted to self (and the recipient's public key
 * announced: a version byte and 32 bytes), bytes, at most
 * (signum-node's Appendix: a version byte and a 4-byte length each; the encrypted data is the gzip of the text,
 * AES-CBC with a 16-byte IV and padding, and a 32-byte nonce; gzip adds at most 23 bytes to text that does not compress).
 */
export function signumPaymentBytes(memo: string, selfMessage: string, announcesKey = false): number {
  const message = (memo ? 5 + Buffer.byteLength(memo) : 0) + (announcesKey ? 33 : 0);
  const gzipped = Buffer.byteLength(selfMessage) + 23;
  const encrypted = 16 + 16 * (Math.floor(gzipped / 16) + 1);
  return ORDINARY_TRANSACTION_BYTES + message + 5 + encrypted + 32;
}

/** The node's least fee for a transaction of `bytes`: FEE_QUANT per started-over 176 bytes (SIP-31: FEE_QUANT × ⌊bytes / 176⌋, at least one). */
export function signumMinimumFee(feeQuant: bigint, bytes: number): bigint {
  return feeQuant * BigInt(Math.max(1, Math.floor(bytes / ORDINARY_TRANSACTION_BYTES)));
}

interface SignumTransaction {
  transaction: string;
  type: number;
  subtype: number;
  sender: string;
  recipient?: string;
  amountNQT: string;
  feeNQT: string;
  height?: number;
  confirmations?: number;
  /** Seconds since Signum's epoch; the payment is valid until timestamp + deadline minutes. */
  timestamp?: number;
  deadline?: number;
  attachment?: { message?: string; messageIsText?: boolean; encryptToSelfMessage?: { data?: string; nonce?: string; isText?: boolean } };
}

/**
 * The memo a user's BURST deposits carry: 16 decimal digits from the secret and the user id, without a leading zero (a wallet or an
 * exchange form that takes it as a number would drop it). A memo that has one already is moved into [10^15, 10^16); the others are
 * unchanged, and a stored memo is kept (rechargeAddress replaces only a row of another address or without a memo).
 */
export function signumDepositMemo(secret: string, userId: string): string {
  const digest = createHmac('sha256', secret).update(`signum-deposit:${userId}`).digest();
  const value = digest.readBigUInt64BE(0) % 10n ** 16n;
  return (value >= 10n ** 15n ? value : 10n ** 15n + (value % (9n * 10n ** 15n))).toString();
}

export function signumWalletAdapter(coin: string, api: SignumApiClient, options: SignumWalletOptions): ChainAdapter {
  const pool = signumAccountId(options.poolAccount);
  if (pool === undefined) throw new Error(`not a Signum account: ${options.poolAccount}`);
  const poolId = pool.toString();
  const poolAddress = signumAddressOf(pool);

  const isRefusal = (error: unknown): error is SignumApiError => error instanceof SignumApiError && REFUSED_CODES.includes(error.code);

  async function transaction(txid: string): Promise<SignumTransaction | undefined> {
    try {
      return await api.get<SignumTransaction>('getTransaction', { transaction: txid });
    } catch (error) {
      // "Unknown transaction" (5), or an id that is not one (4).
      if (error instanceof SignumApiError && (error.code === 5 || error.code === 4)) return undefined;
      throw error;
    }
  }

  /** The account's confirmed ordinary payments, newest first, page by page until `stop` says a page reached far enough. */
  async function* payments(stop: (page: SignumTransaction[]) => boolean): AsyncGenerator<SignumTransaction> {
    const seen = new Set<string>();
    for (let first = 0; ; first += SIGNUM_PAGE) {
      const answer = await api.get<{ transactions: SignumTransaction[] }>('getAccountTransactions', {
        account: poolId,
        type: 0,
        subtype: 0,
        firstIndex: first,
        lastIndex: first + SIGNUM_PAGE - 1,
      });
      for (const tx of answer.transactions) {
        if (seen.has(tx.transaction)) continue;
        seen.add(tx.transaction);
        yield tx;
      }
      // A full page may have more behind it: older handlers never send nextIndex, so the page's size decides.
      if (answer.transactions.length < SIGNUM_PAGE || stop(answer.transactions)) return;
    }
  }

  let feeQuant: bigint | undefined;
  async function paymentFee(memo: string, selfMessage: string, announcesKey: boolean): Promise<bigint> {
    if (feeQuant === undefined) {
      const constants = await api.get<{ feeQuantNQT?: number | string }>('getConstants');
      feeQuant = constants.feeQuantNQT === undefined ? FEE_QUANT_SIP34 : BigInt(constants.feeQuantNQT);
    }
    const least = signumMinimumFee(feeQuant, signumPaymentBytes(memo, selfMessage, announcesKey));
    return least > options.feeNqt ? least : options.feeNqt;
  }

  /** The node's chain: its block count and its last block's time (seconds since Signum's epoch). */
  const chainStatus = () => api.get<{ numberOfBlocks: number; lastBlockTimestamp: number }>('getBlockchainStatus');

  async function tipHeight(): Promise<number> {
    return (await chainStatus()).numberOfBlocks - 1;
  }

  /**
   * The self message of one of the pool's payments, read with the node's decryptFrom (the pool's own public key and its passphrase: what
   * encryptTo(self) sealed), from the attachment getAccountTransactions / getUnconfirmedTransactions answer — so a payment still waiting for
   * a block is read too (readMessage reads confirmed ones only). Undefined: the payment has no self message, so it is not one of ours.
   * Throws when the message cannot be read: the caller must not take that as "not paid".
   */
  async function selfMessage(tx: SignumTransaction, passphrase: string): Promise<string | undefined> {
    const sealed = tx.attachment?.encryptToSelfMessage;
    if (!sealed || typeof sealed.data !== 'string' || typeof sealed.nonce !== 'string') return undefined;
    const read = await api.post<{ decryptedMessage?: string }>('decryptFrom', {
      account: poolId,
      data: sealed.data,
      nonce: sealed.nonce,
      decryptedMessageIsText: sealed.isText === false ? 'false' : 'true',
      secretPhrase: passphrase,
    });
    if (typeof read.decryptedMessage !== 'string') throw new Error(`decryptFrom: the self message of ${tx.transaction} was not read back`);
    return read.decryptedMessage;
  }

  /** The payment with `payment`'s id, after reading every candidate (same recipient and amount); throws when it cannot tell, never answers "not paid" then. */
  async function findSent(payment: Payment): Promise<Sent | undefined> {
    const passphrase = options.passphrase;
    if (!passphrase) throw new Error('BURST_POOL_PASSPHRASE is not set: the pool account cannot read back which payments it made');
    const to = signumAccountId(payment.to)?.toString();
    if (to === undefined) return undefined;
    const wanted = `${PAYMENT_MESSAGE}${payment.paymentId}`;
    const matches = (tx: SignumTransaction) => tx.sender === poolId && tx.recipient === to && BigInt(tx.amountNQT) === payment.amount;
    const check = async (tx: SignumTransaction): Promise<Sent | undefined> => {
      if (!matches(tx) || (await selfMessage(tx, passphrase)) !== wanted) return undefined;
      const expiresAt = expiryOf(tx);
      return { txid: tx.transaction, fee: BigInt(tx.feeNQT), ...(expiresAt ? { expiresAt } : {}) };
    };
    // Waiting for a block first, then every confirmed payment of the account.
    const waiting = await api.get<{ unconfirmedTransactions: SignumTransaction[] }>('getUnconfirmedTransactions', { account: poolId });
    for (const tx of waiting.unconfirmedTransactions) {
      const found = await check(tx);
      if (found) return found;
    }
    for await (const tx of payments(() => false)) {
      const found = await check(tx);
      if (found) return found;
    }
    return undefined;
  }

  return {
    coin,
    height: tipHeight,
    depositAddress: () => Promise.resolve(poolAddress),
    depositMemo: (userId) => signumDepositMemo(options.secret, userId),
    source: `signum:${poolId}`,
    async incoming(fromHeight, toHeight): Promise<IncomingTransfer[]> {
      const out: IncomingTransfer[] = [];
      const below = (page: SignumTransaction[]) => (page.at(-1)?.height ?? 0) <= fromHeight;
      for await (const tx of payments(below)) {
        const height = tx.height;
        if (height === undefined || height <= fromHeight || height > toHeight) continue;
        if (tx.recipient !== poolId || tx.sender === poolId) continue;
        const memo = tx.attachment?.messageIsText === true && typeof tx.attachment.message === 'string' ? tx.attachment.message.trim() : '';
        out.push({ txid: tx.transaction, outputIndex: 0, coinId: tx.transaction, address: poolAddress, amount: BigInt(tx.amountNQT), height, memo });
      }
      return out.sort((a, b) => a.height - b.height);
    },
    async transferHeight(transfer) {
      const tx = await transaction(transfer.txid);
      // An unconfirmed one (back in the pool after a reorganisation) has no height.
      if (!tx || tx.height === undefined || tx.confirmations === undefined || tx.recipient !== poolId) return undefined;
      return tx.height;
    },
    /** One attempt: the caller looks for the payment first (findSent) and never repeats an unknown outcome. */
    async send(request): Promise<Sent> {
      if (!options.passphrase) throw new SendRefusedError('BURST_POOL_PASSPHRASE is not set: the pool account cannot sign payments', false);
      const recipient = signumAccountId(request.to);
      if (recipient === undefined) throw new SendRefusedError(`not a Signum account: ${request.to}`, false);
      const recipientKey = signumPublicKeyOf(request.to);
      const memo = request.memo.trim();
      const selfMessage = `${PAYMENT_MESSAGE}${request.paymentId}`;
      const fee = await paymentFee(memo, selfMessage, recipientKey !== undefined);
      if (fee > request.maxFee) throw new SendRefusedError(`the chain fee ${fee} NQT is above the withdrawal's fee ${request.maxFee}`, false);
      let answer: { transaction?: string; broadcasted?: boolean; error?: string; transactionJSON?: SignumTransaction };
      try {
        answer = await api.post<{ transaction?: string; broadcasted?: boolean; error?: string; transactionJSON?: SignumTransaction }>('sendMoney', {
          recipient: recipient.toString(),
          // An extended address carries the recipient's public key: a fresh account can be paid (the node's PK_API_BLOCK), and its key is announced.
          ...(recipientKey ? { recipientPublicKey: recipientKey } : {}),
          amountNQT: request.amount.toString(),
          feeNQT: fee.toString(),
          deadline: SIGNUM_DEADLINE_MINUTES,
          secretPhrase: options.passphrase,
          ...(memo ? { message: memo, messageIsText: 'true' } : {}),
          messageToEncryptToSelf: selfMessage,
          messageToEncryptToSelfIsText: 'true',
        });
      } catch (error) {
        if (isRefusal(error)) throw new SendRefusedError(error.reason, error.code === NOT_ENOUGH_FUNDS);
        throw error;
      }
      // The node's validation refused the transaction before signing it (e.g. a fee below its minimum for the size): nothing was sent.
      if (answer.transaction === undefined && typeof answer.error === 'string') throw new SendRefusedError(answer.error, false);
      if (answer.transaction === undefined || answer.broadcasted !== true)
        throw new Error(`sendMoney: the node signed ${answer.transaction ?? '(no id)'} but did not broadcast it`);
      const expiresAt = expiryOf(answer.transactionJSON);
      return { txid: answer.transaction, fee, ...(expiresAt ? { expiresAt } : {}) };
    },
    findSent,
    async paymentStatus(txid, expiresAt): Promise<PaymentState> {
      const tx = await transaction(txid);
      if (!tx) {
        // Dropped (never relayed, or expired in the node's waiting pool): once the chain is past its deadline no block can take it.
        if (!expiresAt) return { state: 'unknown' };
        const tip = (SIGNUM_EPOCH + Number((await chainStatus()).lastBlockTimestamp)) * 1000;
        return tip > expiresAt.getTime() + SIGNUM_EXPIRY_MARGIN_SECONDS * 1000 ? { state: 'expired' } : { state: 'unknown' };
      }
      if (tx.height === undefined || tx.confirmations === undefined) return { state: 'pending' };
      // Signum counts the blocks above the transaction's; the platform counts its own block too.
      return { state: 'confirmed', height: tx.height, confirmations: tx.confirmations + 1 };
    },
    async balance() {
      try {
        const account = await api.get<{ unconfirmedBalanceNQT: string }>('getAccount', { account: poolId });
        return BigInt(account.unconfirmedBalanceNQT);
      } catch (error) {
        // An account the chain has never seen holds nothing.
        if (error instanceof SignumApiError && error.code === 5) return 0n;
        throw error;
      }
    },
    /** `signature` is a Signum token: the user's wallet's generateToken with `message` as the website. */
    async verifyMessage(address, message, signature) {
      const id = signumAccountId(address);
      if (id === undefined) return false;
      try {
        const decoded = await api.get<{ account: string; valid: boolean }>('decodeToken', { website: message, token: signature });
        return decoded.valid && decoded.account === id.toString();
      } catch (error) {
        if (error instanceof SignumApiError && error.code === 4) return false;
        throw error;
      }
    },
  };
}

/** The chain registry with BURST on its Signum node (BURST_RPC_URL) when configured; every other coin stays with `fallback`. */
export function withSignumWallet(config: Config, fallback: ChainRegistry, secret: string): { chains: ChainRegistry; close(): void } {
  const node = signumNodeConfig(config);
  if (!node) return { chains: fallback, close: () => undefined };
  const api = signumApiClient({ url: node.url, timeoutMs: node.timeoutMs });
  const wallet = signumWalletAdapter('BURST', api, { poolAccount: node.poolAddress, feeNqt: node.feeNqt, secret, ...(node.passphrase ? { passphrase: node.passphrase } : {}) });
  return { chains: { adapter: (coin) => (coin === 'BURST' ? wallet : fallback.adapter(coin)) }, close: () => api.close() };
}
