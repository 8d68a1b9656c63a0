import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signumAccountId, signumAddressOf } from '@platter/domain';
import { computeDeadline, nextGenerationSignature } from '@platter/poc';

/**
 * A Signum node on loopback answering `/burst?requestType=…` as signum-node's handlers do
 * (src/brs/web/api/http/handler/*.java, common/JSONData.java, common/JSONResponses.java):
 * - HTTP 200 for everything the API answers, refusals as `{errorCode, errorDescription}`:
 *   1 "Incorrect request" for an unknown requestType, 1 "This request is only accepted using
 *   POST!" for submitNonce over GET, 3 `"<param>" not specified`, 4 `Incorrect "<param>"`,
 *   5 `Unknown <object>`; `requestProcessingTime` in each answer;
 * - getMiningInfo: every figure a string (height = tip + 1, the next generation signature
 *   shabal256(genSig ‖ be64(generator)), the tip's base target, its timestamp since Signum's
 *   epoch, lastBlockReward…);
 * - submitNonce: a height other than tip + 1 refused with the node's sentence; without a
 *   passphrase, "Missing Passphrase and account passphrase not in solo mining config"; a
 *   passphrase whose account is not the plotter's reward recipient, "Passphrase does not
 *   match reward recipient"; else `{result: 'success', deadline}` (the legacy deadline);
 * - getBlocks: indices from the tip (0 newest), newest first, at most 100 (lastIndex capped
 *   to firstIndex + 99), nextIndex when more follow; getBlock by height (4 above the tip) or
 *   id (5 unknown);
 * - reward recipient assignments take effect 4 blocks after the block that holds them;
 *   getRewardRecipient answers the recipient in force (the account itself without one),
 *   getAccountsWithRewardRecipient the accounts whose assignment is in force (plus the target
 *   itself when it has none), getAccountTransactions newest first, filtered by type/subtype.
 * - the wallet side, as CreateTransaction / APITransactionManagerImpl, SendMoney,
 *   GetTransaction, GetAccountTransactions, GetUnconfirmedTransactions, ReadMessage,
 *   GetAccount, GetBlockchainStatus and DecodeToken answer: sendMoney is POST only, needs
 *   `deadline` (1–1440 minutes, 3 `"deadline" not specified`, 4 `Incorrect "deadline"`), a
 *   `feeNQT` of at least the FEE_QUANT (1,000,000 NQT since SIP-34; 4 `Incorrect "feeNQT"`), and of
 *   FEE_QUANT × ⌊size / 176⌋ for a larger transaction (else `{error, broadcasted: false}`, unsigned), a secretPhrase
 *   (3), funds for amount + fee in the unconfirmed balance (6 "Not enough funds"), and a
 *   recipient with a public key on chain unless `recipientPublicKey` is given (PK_API_BLOCK:
 *   4 `Incorrect "recipient"`); it answers `{transaction, fullHash, broadcasted: true, …}` and
 *   the payment is mined into the next block (unless `withheld`; a waiting payment whose timestamp + deadline a block's
 *   time passes is dropped, and getTransaction no longer knows it). `message` (messageIsText) travels in plain
 *   text, `messageToEncryptToSelf` only as opaque data (the attachment's
 *   encryptToSelfMessage {data, nonce, isText}) that `decryptFrom` with the sender's account and
 *   secretPhrase gives back as `decryptedMessage` (8 "Decryption failed" otherwise), and
 *   `readMessage` as `decryptedMessageToSelf` for a confirmed payment only (5 "Unknown
 *   transaction" while it waits, 8 "No attached message found" without a message). getAccountTransactions lists confirmed
 *   transactions of the account (sent or received), newest first, at most 500 a call
 *   (lastIndex capped to firstIndex + 499), `nextIndex` when more follow; getTransaction
 *   answers a confirmed one with `block`, `height`, `confirmations` (tip − height), an
 *   unconfirmed one without them, and 5 "Unknown transaction" otherwise.
 * The fake knows passphrases only as a table (`passphrases`), not by their keys; a token of
 * `generateToken` is the fake's own string, read back only by the fake's `decodeToken`.
 */

export const FAKE_SIGNUM_GENESIS_BASE_TARGET = 18_325_193_796n;
const WAIT = 4;
const ONE_SIGNA = 100_000_000n;
/** signum-node's FEE_QUANT since SIP-34 (FEE_QUANT_SIP34): the least fee of a transaction. */
export const FAKE_SIGNUM_MIN_FEE = 1_000_000n;
/** signum-node's ORDINARY_TRANSACTION_BYTES. */
const ORDINARY_BYTES = 176;

/** A payment's size as signum-node counts it: 176 bytes, plus each appendix (version, length, data; encrypted data is gzip + AES-CBC with IV, plus a 32-byte nonce). */
export function fakeSignumPaymentBytes(message: string | undefined, selfMessage: string | undefined, announcesKey = false): number {
  let bytes = ORDINARY_BYTES + (announcesKey ? 33 : 0);
  if (message) bytes += 5 + Buffer.byteLength(message);
  if (selfMessage) bytes += 5 + 16 + 16 * (Math.floor(gzipSync(Buffer.from(selfMessage)).length / 16) + 1) + 32;
  return bytes;
}
/** getAccountTransactions' rows per call (the node's default apiServer max records). */
export const FAKE_SIGNUM_MAX_ROWS = 500;

/** A payment (type 0, subtype 0). */
export interface FakeSignumPayment {
  id: bigint;
  sender: bigint;
  recipient: bigint;
  amount: bigint;
  fee: bigint;
  message?: string;
  /** The encrypt-to-self message, as the sender's key would read it. */
  selfMessage?: string;
  /** Minutes (1440 for the fake's own payments). */
  deadline?: number;
  timestamp: number;
  /** Set once mined. */
  height?: number;
}

export interface FakeSignumBlock {
  id: bigint;
  height: number;
  timestamp: number;
  generator: bigint;
  nonce: bigint;
  baseTarget: bigint;
  generationSignature: string;
  previous?: bigint;
  reward: bigint;
  fees: bigint;
  cashBack: bigint;
  burnt: bigint;
}

interface Assignment {
  account: bigint;
  recipient: bigint;
  previous: bigint;
  fromHeight: number;
  txid: bigint;
  height: number;
}

export interface FakeSignumNode {
  url: string;
  blocks: FakeSignumBlock[];
  /** Passphrase → the account it is the key of. */
  passphrases: Map<string, bigint>;
  /** The nonces submitted, in order. */
  submitted: { accountId: string; nonce: string; blockheight?: string; secretPhrase?: string }[];
  /** requestType → HTTP status to answer once (e.g. 503 from a proxy in front). */
  failOnce: Map<string, number>;
  /** requestType → milliseconds to wait after doing the work, before answering. */
  lateMs: Map<string, number>;
  /** Every payment, mined or waiting for the next block. */
  payments: FakeSignumPayment[];
  /** Confirmed balances (NQT) of the accounts the fake knows. */
  balances: Map<bigint, bigint>;
  /** Accounts whose public key is on the chain. */
  publicKeys: Set<bigint>;
  /** Answer getAccountTransactions without `nextIndex`, as older handlers do. */
  legacyPaging: boolean;
  /** Payments no block takes (a network that does not relay them, a fee market above them): they wait until their deadline drops them. */
  withheld: Set<bigint>;
  /** A payment from outside (any account with coins), mined into the next block. */
  pay(from: bigint, to: bigint, amount: bigint, message?: string): FakeSignumPayment;
  tip(): FakeSignumBlock;
  mine(options?: { generator?: bigint; nonce?: bigint; reward?: bigint; fees?: bigint; cashBack?: bigint; burnt?: bigint; seconds?: number }): FakeSignumBlock;
  /** A reward recipient assignment mined into the next block. */
  assign(account: bigint, recipient: bigint): bigint;
  close(): Promise<void>;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const idOf = (...parts: (string | number | bigint)[]) => createHash('sha256').update(parts.join(':')).digest().readBigUInt64LE(0);

export async function startFakeSignumNode(): Promise<FakeSignumNode> {
  const blocks: FakeSignumBlock[] = [];
  const assignments: Assignment[] = [];
  const pending: Omit<Assignment, 'fromHeight' | 'height'>[] = [];
  const payments: FakeSignumPayment[] = [];
  const balances = new Map<bigint, bigint>();
  const publicKeys = new Set<bigint>();
  const withheld = new Set<bigint>();
  const balanceOf = (a: bigint) => balances.get(a) ?? 0n;
  /** The unconfirmed balance: less what its waiting payments spend. */
  const unconfirmedOf = (a: bigint) => payments.filter((p) => p.height === undefined && p.sender === a).reduce((left, p) => left - p.amount - p.fee, balanceOf(a));
  const genesis: FakeSignumBlock = {
    id: idOf('genesis'),
    height: 0,
    timestamp: 0,
    generator: 0n,
    nonce: 0n,
    baseTarget: FAKE_SIGNUM_GENESIS_BASE_TARGET,
    generationSignature: '00'.repeat(32),
    reward: 0n,
    fees: 0n,
    cashBack: 0n,
    burnt: 0n,
  };
  blocks.push(genesis);

  const tip = () => blocks.at(-1)!;
  const assignmentOf = (account: bigint) => assignments.filter((a) => a.account === account).at(-1);
  /** The recipient in force for the block being mined (GetRewardRecipient's rule). */
  const recipientOf = (account: bigint) => {
    const a = assignmentOf(account);
    if (!a) return account;
    return a.fromHeight > tip().height + 1 ? a.previous : a.recipient;
  };
  const nextGenSig = () => hex(nextGenerationSignature(Buffer.from(tip().generationSignature, 'hex'), tip().generator));

  function mine(options: Parameters<FakeSignumNode['mine']>[0] = {}): FakeSignumBlock {
    const previous = tip();
    const height = previous.height + 1;
    const block: FakeSignumBlock = {
      id: idOf('block', height, previous.id),
      height,
      timestamp: previous.timestamp + (options.seconds ?? 240),
      generator: options.generator ?? idOf('network', height),
      nonce: options.nonce ?? BigInt(height),
      // A small retarget each block, so a deadline divides by the right one.
      baseTarget: previous.baseTarget + BigInt(height),
      generationSignature: nextGenSig(),
      previous: previous.id,
      reward: options.reward ?? 100n * ONE_SIGNA,
      fees: options.fees ?? 0n,
      cashBack: options.cashBack ?? 0n,
      burnt: options.burnt ?? 0n,
    };
    blocks.push(block);
    for (const p of pending.splice(0)) assignments.push({ ...p, height, fromHeight: height + WAIT });
    // A payment past its deadline at the block's time is dropped from the waiting pool (TransactionProcessorImpl's
    // removal of expired transactions; a block may not take one: TransactionImpl.getExpiration), so the node no longer knows it.
    for (let i = payments.length - 1; i >= 0; i--) {
      const p = payments[i]!;
      if (p.height === undefined && p.timestamp + (p.deadline ?? 1440) * 60 < block.timestamp) payments.splice(i, 1);
    }
    for (const p of payments) {
      if (p.height !== undefined || withheld.has(p.id)) continue;
      p.height = height;
      balances.set(p.sender, balanceOf(p.sender) - p.amount - p.fee);
      balances.set(p.recipient, balanceOf(p.recipient) + p.amount);
      publicKeys.add(p.sender);
    }
    return block;
  }

  const blockJson = (b: FakeSignumBlock) => ({
    block: b.id.toString(),
    height: b.height,
    generator: b.generator.toString(),
    generatorRS: 'S-2222-2222-2222-22222',
    nonce: b.nonce.toString(),
    scoopNum: 0,
    timestamp: b.timestamp,
    numberOfTransactions: 0,
    totalAmountNQT: '0',
    totalFeeNQT: b.fees.toString(),
    totalFeeCashBackNQT: b.cashBack.toString(),
    totalFeeBurntNQT: b.burnt.toString(),
    blockRewardNQT: b.reward.toString(),
    blockReward: (b.reward / ONE_SIGNA).toString(),
    payloadLength: 0,
    version: 3,
    baseTarget: b.baseTarget.toString(),
    averageCommitmentNQT: '0',
    cumulativeDifficulty: '0',
    ...(b.previous !== undefined ? { previousBlock: b.previous.toString() } : {}),
    ...(blocks[b.height + 1] ? { nextBlock: blocks[b.height + 1]!.id.toString() } : {}),
    generationSignature: b.generationSignature,
    transactions: [],
  });

  const tokens = new Map<string, { account: bigint; website: string }>();
  /** The fake's "encryption" of a self message: opaque, read back only through decryptFrom with the sender's passphrase. */
  const sealedOf = (text: string) => createHash('sha256').update(text).digest('hex');
  const SEAL_NONCE = '00'.repeat(32);
  const paymentJson = (p: FakeSignumPayment) => ({
    type: 0,
    subtype: 0,
    timestamp: p.timestamp,
    deadline: p.deadline ?? 1440,
    transaction: p.id.toString(),
    sender: p.sender.toString(),
    senderRS: signumAddressOf(p.sender),
    recipient: p.recipient.toString(),
    recipientRS: signumAddressOf(p.recipient),
    amountNQT: p.amount.toString(),
    feeNQT: p.fee.toString(),
    attachment: {
      ...(p.message !== undefined ? { 'version.Message': 1, message: p.message, messageIsText: true } : {}),
      ...(p.selfMessage !== undefined ? { 'version.EncryptToSelfMessage': 1, encryptToSelfMessage: { data: sealedOf(p.selfMessage), nonce: SEAL_NONCE, isText: true } } : {}),
    },
    ...(p.height !== undefined
      ? { block: blocks[p.height]!.id.toString(), height: p.height, confirmations: tip().height - p.height, blockTimestamp: blocks[p.height]!.timestamp }
      : {}),
  });
  const missing = (p: string) => ({ errorCode: 3, errorDescription: `"${p}" not specified` });
  const incorrect = (p: string) => ({ errorCode: 4, errorDescription: `Incorrect "${p}"` });
  const unknown = (p: string) => ({ errorCode: 5, errorDescription: `Unknown ${p}` });
  const account = (text: string | null) => (text ? signumAccountId(text) : undefined);
  /** Java's Integer.parseInt, or undefined. */
  const int = (text: string | null) => (text !== null && /^-?\d{1,10}$/.test(text) && Math.abs(Number(text)) < 2 ** 31 ? Number(text) : undefined);

  const node: FakeSignumNode = {
    url: '',
    blocks,
    passphrases: new Map(),
    submitted: [],
    failOnce: new Map(),
    lateMs: new Map(),
    payments,
    balances,
    publicKeys,
    legacyPaging: false,
    withheld,
    pay(from, to, amount, message) {
      const payment: FakeSignumPayment = {
        id: idOf('payment', from, to, amount, payments.length),
        sender: from,
        recipient: to,
        amount,
        fee: FAKE_SIGNUM_MIN_FEE,
        ...(message !== undefined ? { message } : {}),
        timestamp: tip().timestamp + 1,
      };
      balances.set(from, balanceOf(from) + amount + FAKE_SIGNUM_MIN_FEE);
      payments.push(payment);
      return payment;
    },
    tip,
    mine,
    assign(accountId, recipient) {
      const txid = idOf('assign', accountId, recipient, blocks.length, pending.length);
      pending.push({ account: accountId, recipient, previous: recipientOf(accountId), txid });
      return txid;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function answer(method: string, q: URLSearchParams): unknown {
    const type = q.get('requestType');
    switch (type) {
      case 'getMiningInfo': {
        const t = tip();
        return {
          height: String(t.height + 1),
          generationSignature: nextGenSig(),
          baseTarget: t.baseTarget.toString(),
          averageCommitmentNQT: '0',
          lastBlockReward: (t.reward / ONE_SIGNA).toString(),
          lastBlockRewardNQT: t.reward.toString(),
          timestamp: String(t.timestamp),
        };
      }
      case 'submitNonce': {
        if (method !== 'POST') return { errorCode: 1, errorDescription: 'This request is only accepted using POST!' };
        const nonceText = q.get('nonce') ?? '';
        const accountText = q.get('accountId');
        const heightText = q.get('blockheight');
        const secret = q.get('secretPhrase') ?? undefined;
        node.submitted.push({
          accountId: accountText ?? '',
          nonce: nonceText,
          ...(heightText !== null ? { blockheight: heightText } : {}),
          ...(secret ? { secretPhrase: secret } : {}),
        });
        if (!/^\d{1,20}$/.test(nonceText) || BigInt(nonceText) > 2n ** 64n - 1n) return incorrect('nonce');
        if (heightText) {
          const h = int(heightText);
          if (h === undefined) return { result: 'Given block height is not a number' };
          if (h !== tip().height + 1) return { result: 'Given block height does not match current blockchain height' };
        }
        const plotter = account(accountText);
        if (!secret) {
          if (plotter === undefined) return { result: 'Missing Passphrase and Account ID is malformed' };
          return { result: 'Missing Passphrase and account passphrase not in solo mining config' };
        }
        const signer = node.passphrases.get(secret);
        if (signer === undefined || plotter === undefined) return { result: 'Passphrase is for a different account' };
        if (recipientOf(plotter) !== signer) return { result: 'Passphrase does not match reward recipient' };
        const t = tip();
        const { deadline } = computeDeadline({
          genSig: Buffer.from(nextGenSig(), 'hex'),
          height: t.height + 1,
          accountId: plotter,
          nonce: BigInt(nonceText),
          baseTarget: t.baseTarget,
          version: 2,
        });
        return { result: 'success', deadline: Number(deadline) };
      }
      case 'getBlocks': {
        const first = Math.max(0, int(q.get('firstIndex')) ?? 0);
        let last = int(q.get('lastIndex')) ?? -1;
        if (last < 0 || last - first > 99) last = first + 99;
        const newest = [...blocks].reverse();
        const page = newest.slice(first, last + 1);
        return { blocks: page.map(blockJson), ...(newest.length > last + 1 ? { nextIndex: last + 1 } : {}) };
      }
      case 'getBlock': {
        const byId = q.get('block');
        const byHeight = q.get('height');
        if (byId) {
          if (!/^\d{1,20}$/.test(byId)) return incorrect('block');
          const found = blocks.find((b) => b.id === BigInt(byId));
          return found ? blockJson(found) : unknown('block');
        }
        if (byHeight) {
          const h = int(byHeight);
          if (h === undefined || h < 0 || h > tip().height) return incorrect('height');
          return blockJson(blocks[h]!);
        }
        return blockJson(tip());
      }
      case 'getRewardRecipient': {
        const text = q.get('account');
        if (!text) return missing('account');
        const id = account(text);
        if (id === undefined) return incorrect('account');
        return { rewardRecipient: recipientOf(id).toString() };
      }
      case 'getAccountsWithRewardRecipient': {
        const text = q.get('account');
        if (!text) return missing('account');
        const target = account(text);
        if (target === undefined) return incorrect('account');
        const accounts = new Map<bigint, Assignment>();
        for (const a of assignments) accounts.set(a.account, a);
        const inForce = [...accounts.values()].filter((a) => a.recipient === target && a.fromHeight <= tip().height + 1).map((a) => a.account.toString());
        if (!assignmentOf(target)) inForce.push(target.toString());
        return { accounts: inForce };
      }
      case 'getAccountTransactions': {
        const text = q.get('account');
        if (!text) return missing('account');
        const id = account(text);
        if (id === undefined) return incorrect('account');
        const first = Math.max(0, int(q.get('firstIndex')) ?? 0);
        let last = int(q.get('lastIndex')) ?? -1;
        if (last < 0 || last - first > FAKE_SIGNUM_MAX_ROWS - 1) last = first + FAKE_SIGNUM_MAX_ROWS - 1;
        const type = int(q.get('type'));
        const subtype = int(q.get('subtype'));
        const wanted = (t: number, st: number) => (type === undefined || type === t) && (subtype === undefined || subtype === st);
        const rows: { height: number; order: number; json: object }[] = [];
        assignments.forEach((a, order) => {
          if (a.account !== id || !wanted(20, 0)) return;
          rows.push({
            height: a.height,
            order,
            json: {
              transaction: a.txid.toString(),
              type: 20,
              subtype: 0,
              height: a.height,
              confirmations: tip().height - a.height,
              sender: a.account.toString(),
              recipient: a.recipient.toString(),
            },
          });
        });
        payments.forEach((p, order) => {
          if (p.height === undefined || (p.sender !== id && p.recipient !== id) || !wanted(0, 0)) return;
          rows.push({ height: p.height, order, json: paymentJson(p) });
        });
        // Newest first (height, then the order within the block).
        rows.sort((a, b) => b.height - a.height || b.order - a.order);
        const page = rows.slice(first, last + 1).map((r) => r.json);
        return { transactions: page, ...(rows.length > last + 1 && !node.legacyPaging ? { nextIndex: last + 1 } : {}) };
      }
      case 'getUnconfirmedTransactions': {
        const id = account(q.get('account'));
        const waiting = payments.filter((p) => p.height === undefined && (id === undefined || p.sender === id || p.recipient === id));
        return { unconfirmedTransactions: waiting.map(paymentJson) };
      }
      case 'getTransaction': {
        const text = q.get('transaction');
        if (!text) return { errorCode: 3, errorDescription: '"transaction" or "fullHash" not specified' };
        if (!/^\d{1,20}$/.test(text)) return incorrect('transaction');
        const found = payments.find((p) => p.id === BigInt(text));
        return found ? paymentJson(found) : { errorCode: 5, errorDescription: 'Unknown transaction' };
      }
      case 'readMessage': {
        const text = q.get('transaction');
        if (!text) return missing('transaction');
        // ReadMessage: blockchain.getTransaction, so a payment still waiting for a block is unknown; NO_MESSAGE without any message.
        const found = /^\d{1,20}$/.test(text) ? payments.find((p) => p.id === BigInt(text) && p.height !== undefined) : undefined;
        if (!found) return { errorCode: 5, errorDescription: 'Unknown transaction' };
        if (found.message === undefined && found.selfMessage === undefined) return { errorCode: 8, errorDescription: 'No attached message found' };
        const secret = q.get('secretPhrase');
        const reader = secret ? node.passphrases.get(secret) : undefined;
        return {
          ...(found.message !== undefined ? { message: found.message, messageIsPrunable: false } : {}),
          ...(found.selfMessage !== undefined && reader === found.sender ? { decryptedMessageToSelf: found.selfMessage } : {}),
        };
      }
      case 'decryptFrom': {
        // DecryptFrom: account.decryptFrom(data, nonce, secretPhrase) — the account's public key with the reader's private key; a message
        // encrypted to self reads back when the account is the reader's own. 4 INCORRECT_ACCOUNT without a public key, 8 "Decryption failed".
        const text = q.get('account');
        if (!text) return missing('account');
        const id = account(text);
        if (id === undefined || !publicKeys.has(id)) return incorrect('account');
        const secret = q.get('secretPhrase');
        if (!secret) return missing('secretPhrase');
        const reader = node.passphrases.get(secret);
        const sealed = payments.find((p) => p.selfMessage !== undefined && sealedOf(p.selfMessage) === q.get('data') && q.get('nonce') === SEAL_NONCE);
        if (!sealed || reader !== sealed.sender || id !== sealed.sender) return { errorCode: 8, errorDescription: 'Decryption failed' };
        return { decryptedMessage: sealed.selfMessage };
      }
      case 'getAccount': {
        const text = q.get('account');
        if (!text) return missing('account');
        const id = account(text);
        if (id === undefined) return incorrect('account');
        if (!balances.has(id)) return { errorCode: 5, errorDescription: 'Unknown account' };
        return {
          account: id.toString(),
          accountRS: signumAddressOf(id),
          balanceNQT: balanceOf(id).toString(),
          unconfirmedBalanceNQT: unconfirmedOf(id).toString(),
          guaranteedBalanceNQT: balanceOf(id).toString(),
          ...(publicKeys.has(id) ? { publicKey: 'ab'.repeat(32) } : {}),
        };
      }
      case 'getConstants':
        return { feeQuantNQT: Number(FAKE_SIGNUM_MIN_FEE), ordinaryTransactionLength: ORDINARY_BYTES, maxArbitraryMessageLength: 1000 };
      case 'getBlockchainStatus': {
        const t = tip();
        return {
          application: 'Signum',
          version: 'v3.8.0',
          time: t.timestamp,
          lastBlock: t.id.toString(),
          lastBlockTimestamp: t.timestamp,
          numberOfBlocks: blocks.length,
          cumulativeDifficulty: '0',
          isScanning: false,
        };
      }
      case 'sendMoney': {
        if (method !== 'POST') return { errorCode: 1, errorDescription: 'This request is only accepted using POST!' };
        const recipientText = q.get('recipient');
        if (!recipientText) return missing('recipient');
        const recipient = account(recipientText);
        if (recipient === undefined) return incorrect('recipient');
        const amountText = q.get('amountNQT');
        if (!amountText) return missing('amountNQT');
        if (!/^\d{1,19}$/.test(amountText) || BigInt(amountText) <= 0n) return incorrect('amountNQT');
        const secret = q.get('secretPhrase');
        if (!secret) return { errorCode: 3, errorDescription: '"secretPhrase" or "publicKey" not specified' };
        const deadline = q.get('deadline');
        if (!deadline) return missing('deadline');
        const minutes = int(deadline);
        if (minutes === undefined || minutes < 1 || minutes > 1440) return incorrect('deadline');
        const feeText = q.get('feeNQT') ?? '0';
        const fee = /^\d{1,19}$/.test(feeText) ? BigInt(feeText) : -1n;
        if (fee < FAKE_SIGNUM_MIN_FEE) return incorrect('feeNQT');
        const sender = node.passphrases.get(secret);
        if (sender === undefined) return { errorCode: 5, errorDescription: 'Unknown account' };
        const amount = BigInt(amountText);
        if (amount + fee > unconfirmedOf(sender)) return { errorCode: 6, errorDescription: 'Not enough funds' };
        if (!publicKeys.has(recipient) && !q.get('recipientPublicKey')) return incorrect('recipient');
        const message = q.get('message') ?? undefined;
        const selfMessage = q.get('messageToEncryptToSelf') ?? undefined;
        // The transaction's validation: FEE_QUANT × ⌊size / 176⌋ at least; refused unsigned, as the `error` of the answer.
        const least = FAKE_SIGNUM_MIN_FEE * BigInt(Math.max(1, Math.floor(fakeSignumPaymentBytes(message, selfMessage, Boolean(q.get('recipientPublicKey'))) / ORDINARY_BYTES)));
        if (fee < least) return { error: `Transaction fee ${fee} less than minimum fee ${least} at height ${tip().height}`, broadcasted: false };
        const payment: FakeSignumPayment = {
          id: idOf('send', sender, recipient, amount, payments.length, tip().timestamp, selfMessage ?? ''),
          sender,
          recipient,
          amount,
          fee,
          ...(message ? { message } : {}),
          ...(selfMessage ? { selfMessage } : {}),
          deadline: minutes,
          timestamp: tip().timestamp + 1,
        };
        payments.push(payment);
        return {
          transaction: payment.id.toString(),
          fullHash: createHash('sha256').update(payment.id.toString()).digest('hex'),
          broadcasted: true,
          numberPeersSentTo: 3,
          transactionJSON: paymentJson(payment),
        };
      }
      case 'generateToken': {
        const secret = q.get('secretPhrase');
        const website = q.get('website');
        if (!secret) return missing('secretPhrase');
        if (!website) return missing('website');
        const signer = node.passphrases.get(secret);
        if (signer === undefined) return incorrect('secretPhrase');
        const token = `${signer.toString(36)}.${createHash('sha256').update(`${secret}\n${website}`).digest('hex')}`;
        tokens.set(token, { account: signer, website });
        return { token };
      }
      case 'decodeToken': {
        const website = q.get('website');
        const token = q.get('token');
        if (!website) return missing('website');
        if (!token) return missing('token');
        const known = tokens.get(token);
        if (!known) {
          if (!/^[0-9a-z]+\.[0-9a-f]{64}$/.test(token)) return incorrect('token');
          return { account: '0', accountRS: signumAddressOf(0n), timestamp: 0, valid: false };
        }
        return { account: known.account.toString(), accountRS: signumAddressOf(known.account), timestamp: tip().timestamp, valid: known.website === website };
      }
      default:
        return { errorCode: 1, errorDescription: 'Incorrect request' };
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== '/burst') {
        response.writeHead(404).end();
        return;
      }
      const q = new URLSearchParams(url.search);
      if (request.method === 'POST') for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) q.set(k, v);
      const type = q.get('requestType') ?? '';
      const failing = node.failOnce.get(type);
      if (failing !== undefined) {
        node.failOnce.delete(type);
        response.writeHead(failing, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
        return;
      }
      const body = { ...(answer(request.method ?? 'GET', q) as object), requestProcessingTime: 0 };
      const late = node.lateMs.get(type) ?? 0;
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
      }, late);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return node;
}
