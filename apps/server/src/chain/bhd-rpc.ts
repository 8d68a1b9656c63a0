import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { PointTerm } from '@platter/domain';
import type { PlotterBinding, PocBlock, PocChain, PocMiningInfo, PocNonceOutcome, PointTransfer } from './poc.ts';

/**
 * A BHD-family node (btchd and its forks: LHD, HDD, XHD) over its JSON-RPC: Bitcoin Core's
 * JSON-RPC 1.0 over HTTP POST with basic authentication (rpcuser/rpcpassword, or the
 * `__cookie__` pair of the node's `.cookie` file), one call per request. Read from btchd's own
 * source (bhdone/btchd src/httprpc.cpp, src/rpc/blockchain.cpp, src/poc/poc_rpc.cpp,
 * src/poc/poc.cpp, src/wallet/rpcwallet.cpp):
 * - a refusal answers `{result: null, error: {code, message}, id}` with HTTP 500 (400 for an
 *   invalid request, 404 for an unknown method); a runtime error of a call is code -1; a wrong
 *   password answers 401 with no body;
 * - the Burst-compatible calls keep their camel case: `getMiningInfo` (height as a number,
 *   baseTarget as a string, targetDeadline 2^32 − 1) and `submitNonce nonce plotterId [height
 *   address checkBind]` (nonce and plotter id as decimal strings), which reports a refusal in
 *   its result (`{result: 'error', errorCode, errorDescription}`), not as an RPC error;
 * - plotter ids, nonces and base targets are uint64 JSON numbers (getblock, getblockheader):
 *   they pass 2^53, so numbers are read as their exact text (`parseRpcJson`);
 * - amounts are whole coins with eight decimals (`1.50000000`), except getblock's
 *   `rewardAmount`, which is the coinbase output's value in base units.
 */

export interface BhdRpcOptions {
  /** e.g. http://127.0.0.1:8732/ (a wallet of a multi-wallet node: …/wallet/<name>); user:password@ in it is used. */
  url: string;
  user?: string;
  password?: string;
  /** The node's `.cookie` file (`__cookie__:<hex>`), read again at each call: the node writes a new one when it restarts. */
  cookieFile?: string;
  timeoutMs?: number;
}

/** The node answered with an error object: it refused the call. */
export class BhdRpcError extends Error {
  override name = 'BhdRpcError';
  constructor(
    readonly method: string,
    readonly code: number,
    readonly reason: string,
  ) {
    super(`${method}: ${reason} (code ${code})`);
  }
}

/** Bitcoin Core's RPC error codes the adapters tell apart (src/rpc/protocol.h). */
export const RPC = {
  MISC_ERROR: -1,
  TYPE_ERROR: -3,
  WALLET_ERROR: -4,
  INVALID_ADDRESS_OR_KEY: -5,
  WALLET_INSUFFICIENT_FUNDS: -6,
  INVALID_PARAMETER: -8,
  WALLET_INVALID_LABEL_NAME: -11,
  WALLET_UNLOCK_NEEDED: -13,
  IN_WARMUP: -28,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  PARSE_ERROR: -32700,
} as const;

/** A decimal amount written into the request as a bare JSON number, digit for digit. */
export class RpcDecimal {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a decimal: ${text}`);
  }
}

/** JSON for the node: bigints and RpcDecimals as bare numbers, exact. */
export function rpcJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `\u0000num:${v}`;
    if (v instanceof RpcDecimal) return `\u0000num:${v.text}`;
    return v;
  }).replace(/"\\u0000num:(-?\d+(?:\.\d+)?)"/g, '$1');
}

/**
 * JSON from the node with every number that a double would not hold exactly kept as its text:
 * integers beyond 2^53 (plotter ids, nonces) and every number with a fraction or exponent
 * (amounts) become strings; smaller integers stay numbers.
 */
export function parseRpcJson(text: string): unknown {
  let out = '';
  let i = 0;
  const number = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      // Copy the string through, escapes and all.
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      number.lastIndex = i;
      const match = number.exec(text);
      if (!match) throw new SyntaxError(`bad number at ${i}`);
      const token = match[0];
      const exact = !match[1] && !match[2] && Number.isSafeInteger(Number(token));
      out += exact ? token : `"${token}"`;
      i += token.length;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out) as unknown;
}

export interface BhdRpcClient {
  call<T>(method: string, params?: unknown[]): Promise<T>;
  close(): void;
}

export function bhdRpcClient(options: BhdRpcOptions): BhdRpcClient {
  const url = new URL(options.url);
  const secure = url.protocol === 'https:';
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const timeoutMs = options.timeoutMs ?? 30_000;
  let nextId = 1;

  function credentials(): string {
    if (options.cookieFile) return readFileSync(options.cookieFile, 'utf8').trim();
    const user = options.user ?? decodeURIComponent(url.username);
    const password = options.password ?? decodeURIComponent(url.password);
    return `${user}:${password}`;
  }

  function call<T>(method: string, params: unknown[] = []): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let auth: string;
      try {
        auth = Buffer.from(credentials(), 'utf8').toString('base64');
      } catch (error) {
        reject(new Error(`${method}: cannot read the RPC credentials: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      const payload = rpcJson({ jsonrpc: '1.0', id: nextId++, method, params });
      const target = new URL(url.pathname + url.search, `${url.protocol}//${url.host}`);
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          agent,
          timeout: timeoutMs,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Basic ${auth}` },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const body = Buffer.concat(chunks).toString('utf8');
            if (status === 401) {
              reject(new Error(`${method}: the node refused the RPC credentials (HTTP 401)`));
              return;
            }
            let answer: { result?: unknown; error?: { code?: unknown; message?: unknown } | null };
            try {
              answer = parseRpcJson(body) as typeof answer;
            } catch {
              reject(new Error(`${method}: HTTP ${status} from the node: ${body.slice(0, 200)}`));
              return;
            }
            if (answer.error) {
              reject(new BhdRpcError(method, Number(answer.error.code ?? 0), String(answer.error.message ?? 'error')));
              return;
            }
            if (status !== 200) {
              reject(new Error(`${method}: HTTP ${status} from the node`));
              return;
            }
            resolve(answer.result as T);
          });
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method}: the node did not answer within ${timeoutMs} ms`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  return { call, close: () => agent.destroy() };
}

/** A uint64 the node wrote as a JSON number or a decimal string. */
export function u64Of(value: unknown): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value);
  throw new Error(`not an unsigned integer: ${String(value)}`);
}

/** Whole coins as the node writes them (`-0.10000000`) → base units; exact, at most `scale` decimals. */
export function baseUnitsOf(value: unknown, scale: number): bigint {
  const text = typeof value === 'number' ? String(value) : value;
  const match = typeof text === 'string' ? /^(-?)(\d+)(?:\.(\d+))?$/.exec(text) : null;
  if (!match) throw new Error(`not an amount: ${String(value)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > scale) throw new Error(`more than ${scale} decimals: ${String(text)}`);
  const units = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return sign === '-' ? -units : units;
}

/** Base units → whole coins with `scale` decimals, for the node. */
export function coinsOf(units: bigint, scale: number): RpcDecimal {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const unit = 10n ** BigInt(scale);
  const fraction = scale > 0 ? `.${(abs % unit).toString().padStart(scale, '0')}` : '';
  return new RpcDecimal(`${negative ? '-' : ''}${abs / unit}${fraction}`);
}

interface RpcHeader {
  hash: string;
  height: number;
  time: number;
  confirmations: number;
  previousblockhash?: string;
  baseTarget?: unknown;
  plotterId?: unknown;
  nonce?: unknown;
  generationSignature?: string;
  deadline?: unknown;
}

interface RpcBlock {
  hash: string;
  height: number;
  miner?: string;
  rewardAmount?: unknown;
}

interface RpcBinding {
  address: string;
  plotterId: string;
  txid: string;
  blockheight: number;
  active?: boolean;
}

/** A point as btchd lists it (v1.4 `height`, later `blockheight`; DePINC adds `lock_blocks`). */
interface RpcPoint {
  from: string;
  to: string;
  amount: unknown;
  txid: string;
  blockheight?: number;
  height?: number;
  lock_blocks?: number;
}

/** DePINC's term from its lock (chainparams: 2400, 175200, 350400, 525600 blocks); BHD's points have none (Noterm). */
export function termOfLockBlocks(lockBlocks: number | undefined): PointTerm {
  if (lockBlocks === undefined || lockBlocks <= 2400) return 'Noterm';
  if (lockBlocks <= 175_200) return 'Term1';
  if (lockBlocks <= 350_400) return 'Term2';
  return 'Term3';
}

/** listbindplotterofaddress's count for "all" (its default, INT_MAX; given because verbose comes after it). */
const ALL = 2_147_483_647;

/** The block header (getblockheader, verbose). */
export function blockHeader(rpc: BhdRpcClient, hash: string): Promise<RpcHeader> {
  return rpc.call<RpcHeader>('getblockheader', [hash, true]);
}

/** The hash of the active chain's block at `height`, or undefined above the tip (btchd: -8 "Block height out of range"). */
export async function blockHashAt(rpc: BhdRpcClient, height: number): Promise<string | undefined> {
  try {
    return await rpc.call<string>('getblockhash', [height]);
  } catch (error) {
    if (error instanceof BhdRpcError && error.code === RPC.INVALID_PARAMETER) return undefined;
    throw error;
  }
}

/** The pool's view of a BHD-family node: mining info, nonce submission, blocks, plotter bindings. */
export function bhdPocChain(coin: string, rpc: BhdRpcClient, scale = 8): PocChain {
  /** listpledgeloanofaddress / listpledgedebitofaddress: the node's coins view, so mined and unspent points only. */
  async function points(method: 'listpledgeloanofaddress' | 'listpledgedebitofaddress', address: string): Promise<PointTransfer[]> {
    const list = await rpc.call<RpcPoint[]>(method, [address]);
    return list.map((p) => ({
      txid: p.txid,
      from: p.from,
      to: p.to,
      amount: baseUnitsOf(p.amount, scale),
      height: p.blockheight ?? p.height,
      term: termOfLockBlocks(p.lock_blocks),
    }));
  }

  async function miningInfo(): Promise<PocMiningInfo> {
    // getMiningInfo has no tip time: the tip's header, read first, gives it; when a block came
    // in between (the mining info is not for the tip + 1), both are read again.
    for (let attempt = 0; ; attempt++) {
      const best = await blockHeader(rpc, await rpc.call<string>('getbestblockhash'));
      const info = await rpc.call<{ height: number; generationSignature: string; baseTarget: unknown; targetDeadline?: unknown }>('getMiningInfo');
      if (info.height === best.height + 1 || attempt >= 2) {
        if (info.height !== best.height + 1) throw new Error(`${coin} node: the tip keeps changing (mining info for ${info.height}, tip ${best.height})`);
        return {
          height: info.height,
          generationSignature: info.generationSignature.toLowerCase(),
          baseTarget: u64Of(info.baseTarget),
          targetDeadline: info.targetDeadline === undefined ? 2n ** 32n - 1n : u64Of(info.targetDeadline),
          tipTime: best.time,
        };
      }
    }
  }

  return {
    coin,
    miningInfo,
    async submitNonce(submission): Promise<PocNonceOutcome> {
      let answer: { result: string; deadline?: unknown; errorCode?: unknown; errorDescription?: unknown };
      try {
        answer = await rpc.call('submitNonce', [submission.nonce.toString(), submission.plotterId.toString(), submission.height, submission.address, true]);
      } catch (error) {
        // A height above the tip is a runtime error of the call ("Invalid mining height"), as
        // is a malformed number: refusals of this nonce, not of the node.
        if (error instanceof BhdRpcError && error.code !== RPC.IN_WARMUP && error.code !== RPC.METHOD_NOT_FOUND) return { accepted: false, reason: error.reason };
        throw error;
      }
      if (answer.result === 'success') return { accepted: true, deadline: u64Of(answer.deadline) };
      const code = answer.errorCode === undefined ? '' : ` (${String(answer.errorCode)})`;
      return { accepted: false, reason: `${String(answer.errorDescription ?? answer.result)}${code}` };
    },
    /**
     * Each block with the base target its deadline divides by: the previous block's (btchd's
     * AddNonce and CalculateDeadline divide by the mining block's nBaseTarget, the figure
     * getMiningInfo gave while the block was mined), not the block's own retargeted one.
     */
    async blocks(fromHeight, toHeight): Promise<PocBlock[]> {
      const out: PocBlock[] = [];
      let previous: RpcHeader | undefined;
      for (let height = fromHeight + 1; height <= toHeight; height++) {
        const hash = await blockHashAt(rpc, height);
        if (!hash) break;
        const header = await blockHeader(rpc, hash);
        if (!header.previousblockhash || header.plotterId === undefined || header.generationSignature === undefined)
          throw new Error(`${coin} node: block ${height} carries no proof of capacity`);
        // Read one height at a time: a reorganisation in between would mix two chains.
        if (previous && header.previousblockhash !== previous.hash) throw new Error(`${coin} node: the chain changed while blocks ${fromHeight + 1}..${toHeight} were read`);
        previous ??= await blockHeader(rpc, header.previousblockhash);
        const block = await rpc.call<RpcBlock>('getblock', [hash, 1]);
        out.push({
          height: header.height,
          hash: header.hash,
          time: header.time,
          generationSignature: header.generationSignature.toLowerCase(),
          baseTarget: u64Of(previous.baseTarget),
          plotterId: u64Of(header.plotterId),
          nonce: u64Of(header.nonce),
          deadline: u64Of(header.deadline),
          rewardAddress: block.miner ?? '',
          reward: block.rewardAmount === undefined ? 0n : BigInt(String(block.rewardAmount)),
        });
        previous = header;
      }
      return out;
    },
    blockHash: (height) => blockHashAt(rpc, height),
    async plotterBindings(address): Promise<PlotterBinding[]> {
      // Newest first, as the node lists them; only bindings in blocks (the node's coins view).
      const list = await rpc.call<RpcBinding[]>('listbindplotterofaddress', [address, '0', ALL, true]);
      return list.map((b) => ({ plotterId: u64Of(b.plotterId), address: b.address, txid: b.txid, height: b.blockheight, active: b.active === true }));
    },
    pointsFrom: (address) => points('listpledgeloanofaddress', address),
    pointsTo: (address) => points('listpledgedebitofaddress', address),
  };
}
