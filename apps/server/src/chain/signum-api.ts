import http from 'node:http';
import https from 'node:https';
import { signumAccountId, signumAddressOf, U64_MAX } from '@platter/domain';
import { parseGenerationSignature, type DeadlineResult, type Submission } from '@platter/poc';
import { parseRpcJson, u64Of } from './bhd-rpc.ts';
import { signumNodeConfig, type Config } from '../config.ts';
import type { PlotterBinding, PocBlock, PocChain, PocMiningInfo, PocNonceOutcome } from './poc.ts';

/**
 * A Signum (formerly Burst) node over its HTTP API, `<url>/burst?requestType=…`, read from
 * signum-node's source (src/brs/web/api/http/handler/GetMiningInfo.java, SubmitNonce.java,
 * GetBlocks.java, GetBlock.java, GetRewardRecipient.java, GetAccountsWithRewardRecipient.java,
 * common/JSONData.java, common/JSONResponses.java):
 * - every answer is HTTP 200 JSON; a refusal is `{errorCode, errorDescription}` (1 incorrect
 *   request or POST required, 3 missing parameter, 4 incorrect parameter, 5 unknown object);
 * - ids, nonces, base targets and amounts are decimal strings (unsigned 64-bit), heights and
 *   timestamps numbers — except getMiningInfo, which writes every figure as a string;
 * - timestamps count seconds from Signum's epoch, 2014-08-11 02:00:00 UTC;
 * - getMiningInfo has no target deadline (a Signum pool sets its own);
 * - `submitNonce` is POST only and needs the passphrase of the account the plotter's reward
 *   recipient is (the pool's), unless the node has it in its own configuration; it answers
 *   `{result: 'success', deadline}` (the legacy deadline, hit ÷ base target) or `{result:
 *   '<reason>'}`;
 * - `getBlocks` counts from the tip (index 0 is the newest block), newest first, at most 100
 *   per call; a block carries its generator, nonce, own base target and generation signature,
 *   and its reward (`blockRewardNQT` plus fees, less the fees paid back and burnt since the
 *   SMART_FEES fork) goes to the generator's reward recipient, which the block does not name;
 * - a plotter mines for a pool once it assigned the pool as its reward recipient (a
 *   transaction of type 20, subtype 0), in force 4 blocks after the block that holds it;
 *   `getAccountsWithRewardRecipient` lists the assignments in force.
 */

/** Signum's epoch (2014-08-11 02:00:00 UTC), unix seconds. */
export const SIGNUM_EPOCH = 1_407_722_400;
/** The node's limit of blocks per getBlocks call. */
const BLOCKS_PER_CALL = 100;
/** A reward recipient assignment: transaction type 20 (mining), subtype 0. */
const ASSIGNMENT = { type: 20, subtype: 0 };

export interface SignumApiOptions {
  /** e.g. http://127.0.0.1:8125/ (the node's API port); `/burst` is added. */
  url: string;
  timeoutMs?: number;
}

/** The node answered `{errorCode, errorDescription}`: it refused the request. */
export class SignumApiError extends Error {
  override name = 'SignumApiError';
  constructor(
    readonly requestType: string,
    readonly code: number,
    readonly reason: string,
  ) {
    super(`${requestType}: ${reason} (errorCode ${code})`);
  }
}

export interface SignumApiClient {
  get<T>(requestType: string, params?: Record<string, string | number>): Promise<T>;
  post<T>(requestType: string, params?: Record<string, string | number>): Promise<T>;
  close(): void;
}

export function signumApiClient(options: SignumApiOptions): SignumApiClient {
  const base = new URL(options.url);
  const secure = base.protocol === 'https:';
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const endpoint = new URL(`${base.pathname.replace(/\/+$/, '')}/burst`, base);

  function request<T>(method: 'GET' | 'POST', requestType: string, params: Record<string, string | number> = {}): Promise<T> {
    const fields = new URLSearchParams({ requestType });
    for (const [key, value] of Object.entries(params)) fields.set(key, String(value));
    const body = method === 'POST' ? fields.toString() : '';
    const target = new URL(endpoint);
    target.search = method === 'GET' ? fields.toString() : `requestType=${encodeURIComponent(requestType)}`;
    return new Promise<T>((resolve, reject) => {
      const req = (secure ? https : http).request(
        target,
        {
          method,
          agent,
          timeout: timeoutMs,
          headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {},
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8');
            if (status !== 200) {
              reject(new Error(`${requestType}: HTTP ${status} from the node: ${text.slice(0, 200)}`));
              return;
            }
            let answer: Record<string, unknown>;
            try {
              answer = parseRpcJson(text) as Record<string, unknown>;
            } catch {
              reject(new Error(`${requestType}: the node's answer is not JSON: ${text.slice(0, 200)}`));
              return;
            }
            if (answer.errorCode !== undefined) {
              reject(new SignumApiError(requestType, Number(answer.errorCode), String(answer.errorDescription ?? 'error')));
              return;
            }
            resolve(answer as T);
          });
          response.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${requestType}: the node did not answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  return {
    // A kept-alive socket the node closed meanwhile resets the next request: a read is sent again once.
    get: <T>(requestType: string, params?: Record<string, string | number>) =>
      request<T>('GET', requestType, params).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'ECONNRESET') return request<T>('GET', requestType, params);
        throw error;
      }),
    post: (requestType, params) => request('POST', requestType, params),
    close: () => agent.destroy(),
  };
}

interface SignumBlock {
  block: string;
  height: number;
  generator: string;
  nonce: string;
  timestamp: number;
  baseTarget: string;
  generationSignature: string;
  previousBlock?: string;
  blockRewardNQT: string;
  totalFeeNQT: string;
  totalFeeCashBackNQT?: string;
  totalFeeBurntNQT?: string;
}

/** The NQT a block paid its generator's reward recipient. */
export function blockRewardOf(block: Pick<SignumBlock, 'blockRewardNQT' | 'totalFeeNQT' | 'totalFeeCashBackNQT' | 'totalFeeBurntNQT'>): bigint {
  const n = (v: string | undefined) => (v === undefined ? 0n : BigInt(v));
  return n(block.blockRewardNQT) + n(block.totalFeeNQT) - n(block.totalFeeCashBackNQT) - n(block.totalFeeBurntNQT);
}

export interface SignumPocOptions {
  /** The pool's account (numeric or `S-…`): plotters assign it as their reward recipient. */
  poolAccount: string;
  /** The pool account's passphrase, sent with each nonce; absent: the node must hold it. */
  passphrase?: string;
  /** Recomputes a block's deadline (the block does not carry it): the pool's verifier. */
  verify: (submission: Submission) => Promise<DeadlineResult>;
}

/**
 * The pool's view of a Signum node: mining info, nonce submission, blocks (each with the
 * reward recipient of its generator) and the plotters whose reward recipient is the pool.
 * Addresses are written `S-XXXX-XXXX-XXXX-XXXXX`.
 */
export function signumPocChain(coin: string, api: SignumApiClient, options: SignumPocOptions): PocChain {
  const pool = signumAccountId(options.poolAccount);
  if (pool === undefined) throw new Error(`not a Signum account: ${options.poolAccount}`);
  const poolAddress = signumAddressOf(pool);
  /** Each bound plotter's assignment transaction, read once (an assignment never moves). */
  const assignments = new Map<bigint, { txid: string; height: number }>();

  async function miningInfo(): Promise<PocMiningInfo> {
    const info = await api.get<{ height: string; generationSignature: string; baseTarget: string; timestamp: string }>('getMiningInfo');
    return {
      height: Number(info.height),
      generationSignature: info.generationSignature.toLowerCase(),
      baseTarget: u64Of(info.baseTarget),
      // Signum has no node-wide target deadline: the pool's own applies.
      targetDeadline: U64_MAX,
      tipTime: Number(info.timestamp) + SIGNUM_EPOCH,
    };
  }

  /** Blocks `from..to` (heights), oldest first, read newest-first from the tip in calls of 100. */
  async function blocksBetween(from: number, to: number): Promise<SignumBlock[]> {
    for (let attempt = 0; ; attempt++) {
      const tip = (await miningInfo()).height - 1;
      const top = Math.min(to, tip);
      if (top < from) return [];
      const out: SignumBlock[] = [];
      for (let first = tip - top; first <= tip - from; first += BLOCKS_PER_CALL) {
        const last = Math.min(first + BLOCKS_PER_CALL - 1, tip - from);
        const page = await api.get<{ blocks: SignumBlock[] }>('getBlocks', { firstIndex: first, lastIndex: last });
        out.push(...page.blocks);
      }
      out.sort((a, b) => a.height - b.height);
      // A block made between the calls shifts the indices: the heights no longer line up.
      const lined = out.length === top - from + 1 && out.every((b, i) => b.height === from + i && (i === 0 || b.previousBlock === out[i - 1]!.block));
      if (lined) return out;
      if (attempt >= 2) throw new Error(`${coin} node: the chain kept changing while blocks ${from}..${to} were read`);
    }
  }

  return {
    coin,
    miningInfo,
    async submitNonce(submission): Promise<PocNonceOutcome> {
      const params: Record<string, string | number> = { nonce: submission.nonce.toString(), accountId: submission.plotterId.toString(), blockheight: submission.height };
      if (options.passphrase) params.secretPhrase = options.passphrase;
      let answer: { result: string; deadline?: unknown };
      try {
        answer = await api.post('submitNonce', params);
      } catch (error) {
        // A parameter the node could not read refuses this nonce, not the node.
        if (error instanceof SignumApiError && error.code !== 1) return { accepted: false, reason: error.reason };
        throw error;
      }
      if (answer.result === 'success') return { accepted: true, deadline: u64Of(answer.deadline) };
      return { accepted: false, reason: answer.result };
    },
    /** Each block with the base target its deadline divides by: the block before it's (the mining info's while it was mined). */
    async blocks(fromHeight, toHeight): Promise<PocBlock[]> {
      const read = await blocksBetween(Math.max(0, fromHeight), toHeight);
      const recipients = new Map<string, string>();
      const out: Omit<PocBlock, 'deadline'>[] = [];
      for (const [i, block] of read.entries()) {
        const previous = read[i - 1];
        if (!previous) continue;
        let recipient = recipients.get(block.generator);
        if (recipient === undefined) {
          // The recipient in force now: an assignment changes it only 4 blocks after it is mined.
          const answer = await api.get<{ rewardRecipient: string }>('getRewardRecipient', { account: block.generator });
          recipient = signumAddressOf(u64Of(answer.rewardRecipient));
          recipients.set(block.generator, recipient);
        }
        out.push({
          height: block.height,
          hash: block.block,
          time: block.timestamp + SIGNUM_EPOCH,
          generationSignature: block.generationSignature.toLowerCase(),
          baseTarget: u64Of(previous.baseTarget),
          plotterId: u64Of(block.generator),
          nonce: u64Of(block.nonce),
          rewardAddress: recipient,
          reward: blockRewardOf(block),
        });
      }
      // A block does not carry its deadline. The pool's own blocks get theirs recomputed (by the
      // verifier threads, all at once: a nonce costs about 0.3 s); the others, which the pool
      // only skips, the seconds they took, the most their deadline can have been.
      return Promise.all(
        out.map(async (b, i) => {
          if (b.rewardAddress !== poolAddress) return { ...b, deadline: BigInt(Math.max(0, read[i + 1]!.timestamp - read[i]!.timestamp)) };
          const { deadline } = await options.verify({
            genSig: parseGenerationSignature(b.generationSignature),
            height: b.height,
            accountId: b.plotterId,
            nonce: b.nonce,
            baseTarget: b.baseTarget,
            version: 2,
          });
          return { ...b, deadline };
        }),
      );
    },
    async blockHash(height) {
      try {
        return (await api.get<{ block: string }>('getBlock', { height })).block;
      } catch (error) {
        // Above the tip: `Incorrect "height"` (errorCode 4).
        if (error instanceof SignumApiError && error.code === 4) return undefined;
        throw error;
      }
    },
    async plotterBindings(address): Promise<PlotterBinding[]> {
      const target = signumAccountId(address);
      if (target === undefined) throw new Error(`not a Signum account: ${address}`);
      const { accounts } = await api.get<{ accounts: string[] }>('getAccountsWithRewardRecipient', { account: target.toString() });
      const bound = new Set<bigint>();
      const out: PlotterBinding[] = [];
      for (const text of accounts) {
        const id = u64Of(text);
        // The pool itself is listed while it has no recipient of its own.
        if (id === target) continue;
        bound.add(id);
        let assignment = assignments.get(id);
        if (!assignment) {
          const { transactions } = await api.get<{ transactions: { transaction: string; height: number; recipient?: string }[] }>('getAccountTransactions', {
            account: id.toString(),
            type: ASSIGNMENT.type,
            subtype: ASSIGNMENT.subtype,
            firstIndex: 0,
            lastIndex: 0,
          });
          const tx = transactions[0];
          // The node lists only assignments in force: one without its transaction (pruned) is deep enough.
          assignment = tx && tx.recipient === target.toString() ? { txid: tx.transaction, height: tx.height } : { txid: '', height: 0 };
          assignments.set(id, assignment);
        }
        out.push({ plotterId: id, address: target === pool ? poolAddress : signumAddressOf(target), txid: assignment.txid, height: assignment.height, active: true });
      }
      for (const id of assignments.keys()) if (!bound.has(id)) assignments.delete(id);
      // Newest first, as the BHD node lists its bindings.
      return out.sort((a, b) => (b.height ?? 0) - (a.height ?? 0));
    },
    // Signum has no pledge (point) transactions: a coin owner cannot point BURST to a pool.
    pointsFrom: () => Promise.resolve([]),
    pointsTo: () => Promise.resolve([]),
  };
}

/** The PoC nodes of the coins that have one: a PocChain and the address its pools mine to. */
export interface PocNodes {
  pocChain(coin: string): PocChain | undefined;
  poolAddress(coin: string): string | undefined;
  close(): void;
}

/** BURST's Signum node (BURST_RPC_URL), when configured: its PocChain replaces the devnet's in the BURST pools. */
export function withSignumNode(config: Config, verify: (submission: Submission) => Promise<DeadlineResult>): PocNodes {
  const node = signumNodeConfig(config);
  if (!node) return { pocChain: () => undefined, poolAddress: () => undefined, close: () => undefined };
  const api = signumApiClient({ url: node.url, timeoutMs: node.timeoutMs });
  const chain = signumPocChain('BURST', api, { poolAccount: node.poolAddress, verify, ...(node.passphrase ? { passphrase: node.passphrase } : {}) });
  return {
    pocChain: (coin) => (coin === 'BURST' ? chain : undefined),
    poolAddress: (coin) => (coin === 'BURST' ? node.poolAddress : undefined),
    close: () => api.close(),
  };
}

/** The first node that has a coin, in order. */
export function eitherNodes(...nodes: Omit<PocNodes, 'close'>[]): Omit<PocNodes, 'close'> {
  return {
    pocChain: (coin) => nodes.map((n) => n.pocChain(coin)).find((c) => c !== undefined),
    poolAddress: (coin) => nodes.map((n) => n.poolAddress(coin)).find((a) => a !== undefined),
  };
}
