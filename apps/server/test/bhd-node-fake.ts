import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { addressFromBytes } from '@platter/domain';
import { computeDeadline, nextGenerationSignature } from '@platter/poc';

/**
 * A BHD-family node (btchd) on loopback, answering JSON-RPC as btchd's source does
 * (bhdone/btchd src/httprpc.cpp, src/rpc/blockchain.cpp, src/poc/poc_rpc.cpp, src/poc/poc.cpp,
 * src/wallet/rpcwallet.cpp, src/rpc/misc.cpp):
 * - HTTP: POST only (405 otherwise), 503 "Work queue depth exceeded" beyond -rpcworkqueue requests at
 *   once, basic authentication (401 with `WWW-Authenticate: Basic
 *   realm="jsonrpc"` and no body), `{result, error: {code, message}, id}` with HTTP 500 for an
 *   error (400 for -32600, 404 for -32601), a batch as an array.
 * - Chain: `getMiningInfo` (height = tip + 1 as a number, the next generation signature
 *   shabal256(genSig ‖ be64(plotterId)), the tip's base target as a string, targetDeadline
 *   2^32 − 1), `submitNonce` (nonce and plotter id as decimal strings; the deadline computed
 *   with the tip's base target; an unbound plotter answers `{result: 'error', errorCode:
 *   '-32600', errorDescription: '<id> with <address> not active bind'}`; a height above the tip
 *   a runtime error -1), `getblockhash` (-8 "Block height out of range"), `getblockheader` /
 *   `getblock` (uint64 numbers for plotterId, nonce, baseTarget; `deadline` in the header;
 *   `miner` and `rewardAmount` (base units) in the block; -5 "Block not found"; a block a
 *   reorganisation left behind has -1 confirmations), `listbindplotterofaddress` (newest first,
 *   blocks only, `active` in verbose mode).
 * - Wallet: labels (`getnewaddress`, `getaddressesbylabel` -11 when none), `listsinceblock`
 *   (every entry of transactions in blocks after the given one or in no block, in mapWallet's
 *   order — by txid, not by time; -5 for an unknown block), `listtransactions` (the `count`
 *   newest entries after skipping `skip`, returned oldest first), `gettransaction` (-5 "Invalid
 *   or non-wallet transaction id"), `sendtoaddress` (the comment kept with the transaction;
 *   refusals -5 / -3 / -6 / -4 store nothing), `getbalance`, `verifymessage` (-3 for an
 *   invalid or non-key address, -5 for malformed base64, false for a wrong signature).
 * Amounts are whole coins with eight decimals, written as bare JSON numbers.
 */

const SCALE = 8;
const COIN = 10n ** BigInt(SCALE);
const MAX_TARGET_DEADLINE = 4_294_967_295n;
const GENESIS_BASE_TARGET = 24_433_591_728n;
/** The fee the fake wallet takes per send, base units (0.0001). */
export const FAKE_FEE = 10_000n;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Whole coins with eight decimals, written bare. */
class Amount {
  constructor(readonly units: bigint) {}
  toJSON(): string {
    const negative = this.units < 0n;
    const abs = negative ? -this.units : this.units;
    return `\u0000num:${negative ? '-' : ''}${abs / COIN}.${(abs % COIN).toString().padStart(SCALE, '0')}`;
  }
}

const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `\u0000num:${v}` : v)).replace(/"\\u0000num:(-?\d+(?:\.\d+)?)"/g, '$1');

/** Request JSON with every number kept as its text (as UniValue keeps it). */
function parseRequest(text: string): unknown {
  return JSON.parse(
    text.replace(/("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g, (m, str: string | undefined) => (str ? m : `"\\u0000num:${m}"`)),
    (_k, v: unknown) => (typeof v === 'string' && v.startsWith('\u0000num:') ? { num: v.slice(5) } : v),
  );
}

type Param = string | boolean | null | { num: string } | Param[] | { [k: string]: Param };
const isNum = (p: Param | undefined): p is { num: string } => typeof p === 'object' && p !== null && 'num' in p;

function int(p: Param | undefined, name: string): number {
  if (isNum(p) && /^-?\d+$/.test(p.num)) return Number(p.num);
  throw new RpcError(-1, `JSON value is not an integer as expected (${name})`);
}
function str(p: Param | undefined): string {
  if (typeof p === 'string') return p;
  throw new RpcError(-1, 'JSON value is not a string as expected');
}
/** std::stoull: leading digits, else invalid_argument (what() "stoull"). */
function stoull(text: string): bigint {
  const m = /^\s*\+?(\d+)/.exec(text);
  if (!m) throw new RpcError(-1, 'stoull');
  const value = BigInt(m[1] as string);
  if (value >= 2n ** 64n) throw new RpcError(-1, 'stoull');
  return value;
}
/** AmountFromValue: a number or a string, at most eight decimals, in MoneyRange. */
function amountFrom(p: Param | undefined): bigint {
  const text = isNum(p) ? p.num : typeof p === 'string' ? p : undefined;
  if (text === undefined) throw new RpcError(-3, 'Amount is not a number or string');
  const m = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) throw new RpcError(-3, 'Invalid amount');
  const units = BigInt(m[1] as string) * COIN + BigInt((m[2] ?? '').padEnd(SCALE, '0'));
  if (units > 21_000_000n * COIN) throw new RpcError(-3, 'Amount out of range');
  return units;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ADDRESS = /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/;
/**
 * A fresh address: P2SH-segwit ("3…", btchd's default type; a valid Base58Check address, as the
 * address book checks it) or P2PKH-looking ("1…", a key's: verifymessage checks only those).
 */
export function fakeBhdAddress(kind: 'p2sh' | 'p2pkh' = 'p2sh'): string {
  return kind === 'p2sh' ? addressFromBytes('BHD', randomBytes(32)) : `1${Array.from(randomBytes(33), (b) => BASE58[b % 58]).join('')}`;
}

export interface FakeBlock {
  hash: string;
  height: number;
  time: number;
  prevHash: string;
  /** The generation signature it was mined with. */
  generationSignature: string;
  /** Its own base target (the next block's deadlines divide by it). */
  baseTarget: bigint;
  plotterId: bigint;
  nonce: bigint;
  /** hit / the previous block's base target. */
  deadline: bigint;
  miner: string;
  reward: bigint;
  txids: string[];
}

export interface FakeEntry {
  category: 'send' | 'receive';
  address: string;
  /** Positive, base units. */
  amount: bigint;
  vout: number;
}

export interface FakeWalletTx {
  txid: string;
  entries: FakeEntry[];
  /** Base units, sends only. */
  fee: bigint;
  comment?: string;
  blockHash?: string;
  /** A double spend of it is in the chain (Bitcoin Core: negative confirmations). */
  conflicted: boolean;
  abandoned: boolean;
  time: number;
}

export interface FakeBhdNode {
  url: string;
  /** The RPC URL without credentials (with the cookie file, or user/password given apart). */
  bareUrl: string;
  cookieFile: string;
  user: string;
  password: string;
  blocks: FakeBlock[];
  txs: Map<string, FakeWalletTx>;
  /** Spendable base units of the wallet. */
  balance: bigint;
  /** Milliseconds to wait, after doing the work, before answering a method (the client may give up first). */
  lateMs: Record<string, number>;
  /** Methods called, in order. */
  calls: string[];
  /** Requests worked on at once before the node answers 503 "Work queue depth exceeded" (-rpcworkqueue, 16 by default). */
  workQueue: number;
  tip(): FakeBlock;
  /** Mines a block on the tip, confirming the transactions waiting; a plotter id and nonce make its proof. */
  mine(options?: { plotterId?: bigint; nonce?: bigint; miner?: string; reward?: bigint; baseTarget?: bigint }): FakeBlock;
  /** Coins arriving in one transaction (outputs to any addresses), waiting for the next block. */
  receive(outputs: { address: string; amount: bigint; vout?: number }[]): FakeWalletTx;
  /** Takes the last `depth` blocks off the chain; their transactions wait again, or conflict (`conflicted`). */
  reorg(depth: number, conflicted?: string[]): void;
  /** A bind transaction of `plotterId` to `address`, mined in the next block. */
  bind(plotterId: bigint, address: string): void;
  /** A point (sendpledgetoaddress) of `amount` from `from` to `to`, mined in the next block; its txid. */
  point(from: string, to: string, amount: bigint): string;
  /** The point's withdrawpledge, mined in the next block: the node stops listing it then. */
  withdrawPoint(txid: string): void;
  /** A signature verifymessage accepts for (address, message): only P2PKH addresses have keys. */
  sign(address: string, message: string): string;
  /** The node restarted: a new cookie. */
  rotateCookie(): void;
  close(): Promise<void>;
}

interface Binding {
  plotterId: bigint;
  address: string;
  txid: string;
  /** Mined when its block is on the chain. */
  blockHash?: string;
}

interface Point {
  from: string;
  to: string;
  amount: bigint;
  txid: string;
  blockHash?: string;
  /** The withdrawal's block, once mined; 'pending' until then. */
  withdrawn?: string;
}

const sha = (...parts: (string | bigint | number)[]) => createHash('sha256').update(parts.join('|')).digest('hex');

export async function startFakeBhdNode(options: { user?: string; password?: string } = {}): Promise<FakeBhdNode> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bhd-node-'));
  const cookieFile = path.join(dir, '.cookie');
  let cookie = `__cookie__:${randomBytes(32).toString('hex')}`;
  writeFileSync(cookieFile, cookie);
  const user = options.user ?? 'platter';
  const password = options.password ?? 'p@ss:w/rd';
  const signingSecret = randomBytes(16);
  const labels = new Map<string, string>();
  const bindings: Binding[] = [];
  const points: Point[] = [];
  const stale = new Map<string, FakeBlock>();
  const genesisTime = 1_700_000_000;
  const genesis: FakeBlock = {
    hash: sha('genesis'),
    height: 0,
    time: genesisTime,
    prevHash: '0'.repeat(64),
    generationSignature: sha('genesis-gensig'),
    baseTarget: GENESIS_BASE_TARGET,
    plotterId: 0n,
    nonce: 0n,
    deadline: 0n,
    miner: fakeBhdAddress(),
    reward: 0n,
    txids: [],
  };
  let salt = 0;

  const node: FakeBhdNode = {
    url: '',
    bareUrl: '',
    cookieFile,
    user,
    password,
    blocks: [genesis],
    txs: new Map(),
    balance: 0n,
    lateMs: {},
    calls: [],
    workQueue: 16,
    tip: () => node.blocks.at(-1) as FakeBlock,
    mine(o = {}) {
      const prev = node.tip();
      const plotterId = o.plotterId ?? 10_282_355_196_851_764_065n;
      const nonce = o.nonce ?? BigInt(node.blocks.length);
      const height = prev.height + 1;
      const genSig = nextGenerationSignature(Buffer.from(prev.generationSignature, 'hex'), prev.plotterId);
      const { deadline } = computeDeadline({ genSig, height, accountId: plotterId, nonce, baseTarget: prev.baseTarget, version: 2 });
      const block: FakeBlock = {
        hash: sha(prev.hash, height, plotterId, nonce, salt++),
        height,
        // A block is valid at the previous one's time + deadline + 1 (BHDIP007).
        time: prev.time + Number(deadline) + 1,
        prevHash: prev.hash,
        generationSignature: Buffer.from(genSig).toString('hex'),
        baseTarget: o.baseTarget ?? prev.baseTarget,
        plotterId,
        nonce,
        deadline,
        miner: o.miner ?? fakeBhdAddress(),
        reward: o.reward ?? 7_500_000_000n,
        txids: [],
      };
      for (const tx of node.txs.values()) {
        if (!tx.blockHash && !tx.conflicted && !tx.abandoned) {
          tx.blockHash = block.hash;
          block.txids.push(tx.txid);
        }
      }
      for (const b of bindings) b.blockHash ??= block.hash;
      for (const p of points) {
        p.blockHash ??= block.hash;
        if (p.withdrawn === 'pending') p.withdrawn = block.hash;
      }
      node.blocks.push(block);
      return block;
    },
    receive(outputs) {
      const tx: FakeWalletTx = {
        txid: randomBytes(32).toString('hex'),
        entries: outputs.map((o, i) => ({ category: 'receive', address: o.address, amount: o.amount, vout: o.vout ?? i })),
        fee: 0n,
        conflicted: false,
        abandoned: false,
        time: node.tip().time,
      };
      node.txs.set(tx.txid, tx);
      node.balance += outputs.filter((o) => labels.has(o.address)).reduce((sum, o) => sum + o.amount, 0n);
      return tx;
    },
    reorg(depth, conflicted = []) {
      for (let i = 0; i < depth; i++) {
        const block = node.blocks.pop() as FakeBlock;
        stale.set(block.hash, block);
        for (const tx of node.txs.values()) {
          if (tx.blockHash !== block.hash) continue;
          tx.blockHash = undefined;
          if (conflicted.includes(tx.txid)) tx.conflicted = true;
        }
        for (const b of bindings) if (b.blockHash === block.hash) b.blockHash = undefined;
        for (const p of points) {
          if (p.blockHash === block.hash) p.blockHash = undefined;
          if (p.withdrawn === block.hash) p.withdrawn = 'pending';
        }
      }
    },
    point(from, to, amount) {
      const txid = randomBytes(32).toString('hex');
      points.push({ from, to, amount, txid });
      return txid;
    },
    withdrawPoint(txid) {
      const point = points.find((p) => p.txid === txid);
      if (point) point.withdrawn = 'pending';
    },
    bind(plotterId, address) {
      bindings.push({ plotterId, address, txid: randomBytes(32).toString('hex') });
    },
    sign(address, message) {
      return createHmac('sha256', signingSecret).update(`${address}\n${message}`).digest('base64');
    },
    rotateCookie() {
      cookie = `__cookie__:${randomBytes(32).toString('hex')}`;
      writeFileSync(cookieFile, cookie);
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };

  const activeIndex = (hash: string) => node.blocks.findIndex((b) => b.hash === hash);
  const blockOf = (hash: string): FakeBlock => {
    const block = node.blocks[activeIndex(hash)] ?? stale.get(hash);
    if (!block) throw new RpcError(-5, 'Block not found');
    return block;
  };
  const confirmationsOf = (block: FakeBlock) => (activeIndex(block.hash) >= 0 ? node.tip().height - block.height + 1 : -1);
  const txDepth = (tx: FakeWalletTx) => {
    if (tx.conflicted) return -1;
    if (!tx.blockHash) return 0;
    const index = activeIndex(tx.blockHash);
    return index >= 0 ? node.tip().height - (node.blocks[index] as FakeBlock).height + 1 : 0;
  };
  /** WalletTxToJSON. */
  function walletTxFields(tx: FakeWalletTx) {
    const confirmations = txDepth(tx);
    const block = confirmations > 0 && tx.blockHash ? blockOf(tx.blockHash) : undefined;
    return {
      confirmations,
      ...(block ? { blockhash: block.hash, blockindex: block.txids.indexOf(tx.txid) + 1, blocktime: block.time } : { trusted: confirmations === 0 }),
      txid: tx.txid,
      walletconflicts: [],
      time: tx.time,
      timereceived: tx.time,
      'bip125-replaceable': 'no',
      ...(tx.comment !== undefined ? { comment: tx.comment } : {}),
    };
  }
  /** ListTransactions' entries of one transaction: its sends, then what it paid the wallet. */
  function entriesOf(tx: FakeWalletTx, label?: string) {
    return tx.entries
      .filter((e) => e.category === 'send' || labels.has(e.address))
      .filter((e) => label === undefined || labels.get(e.address) === label)
      .sort((a, b) => (a.category === b.category ? 0 : a.category === 'send' ? -1 : 1))
      .map((e) => ({
        address: e.address,
        category: e.category,
        amount: new Amount(e.category === 'send' ? -e.amount : e.amount),
        ...(labels.has(e.address) ? { label: labels.get(e.address) } : {}),
        vout: e.vout,
        ...(e.category === 'send' ? { fee: new Amount(-tx.fee), abandoned: tx.abandoned } : {}),
      }));
  }

  function listPoints(p: Param[], side: 'from' | 'to') {
    if (p.length !== 1) throw new RpcError(-1, `listpledge${side === 'from' ? 'loan' : 'debit'}ofaddress "address"`);
    const address = str(p[0]);
    if (!ADDRESS.test(address)) throw new RpcError(-8, 'Invalid address');
    return points
      .filter((x) => x[side] === address && x.blockHash && (!x.withdrawn || x.withdrawn === 'pending'))
      .sort((a, b) => a.txid.localeCompare(b.txid))
      .map((x) => {
        const block = blockOf(x.blockHash as string);
        return { from: x.from, to: x.to, amount: new Amount(x.amount), txid: x.txid, blockhash: block.hash, blocktime: block.time, blockheight: block.height };
      });
  }

  const methods: Record<string, (p: Param[]) => unknown> = {
    getblockcount: () => node.tip().height,
    getbestblockhash: () => node.tip().hash,
    getblockhash(p) {
      const height = int(p[0], 'height');
      const block = node.blocks[height];
      if (height < 0 || !block) throw new RpcError(-8, 'Block height out of range');
      return block.hash;
    },
    getblockheader(p) {
      const block = blockOf(str(p[0]));
      const prev = node.blocks[activeIndex(block.prevHash)] ?? stale.get(block.prevHash);
      const next = node.blocks[activeIndex(block.hash) + 1];
      return {
        hash: block.hash,
        confirmations: confirmationsOf(block),
        height: block.height,
        version: 536870912,
        versionHex: '20000000',
        merkleroot: sha('merkle', block.hash),
        time: block.time,
        mediantime: block.time,
        difficulty: Number(2n ** 64n / block.baseTarget),
        chainwork: sha('work', block.height),
        nTx: block.txids.length + 1,
        baseTarget: block.baseTarget,
        plotterId: block.plotterId,
        nonce: block.nonce,
        generationSignature: block.generationSignature,
        deadline: prev ? block.deadline : 0n,
        generator: sha('generator', block.plotterId).slice(0, 40),
        ...(prev ? { previousblockhash: prev.hash } : {}),
        ...(next && activeIndex(block.hash) >= 0 ? { nextblockhash: next.hash } : {}),
      };
    },
    getblock(p) {
      const block = blockOf(str(p[0]));
      const header = methods.getblockheader!([block.hash]) as Record<string, unknown>;
      const { deadline: _deadline, ...rest } = header;
      return { ...rest, miner: block.miner, rewardAmount: block.reward, tx: [sha('coinbase', block.hash), ...block.txids], size: 400, weight: 1600 };
    },
    getMiningInfo() {
      const tip = node.tip();
      return {
        height: tip.height + 1,
        generationSignature: Buffer.from(nextGenerationSignature(Buffer.from(tip.generationSignature, 'hex'), tip.plotterId)).toString('hex'),
        baseTarget: tip.baseTarget.toString(),
        targetDeadline: MAX_TARGET_DEADLINE,
      };
    },
    submitNonce(p) {
      if (p.length < 2 || p.length > 5) throw new RpcError(-1, 'submitNonce "nonce" "plotterId" (height "address" checkBind)');
      const nonce = stoull(str(p[0]));
      const plotterId = stoull(str(p[1]));
      const targetHeight = p.length >= 3 ? (isNum(p[2]) ? int(p[2], 'height') : Number.parseInt(str(p[2]), 10)) : 0;
      const address = p.length >= 4 ? str(p[3]) : '';
      const checkBind = p.length >= 5 ? p[4] === true : true;
      const mining = node.blocks[targetHeight < 1 ? node.tip().height : targetHeight - 1];
      if (!mining) throw new RpcError(-1, 'Invalid mining height');
      try {
        const genSig = nextGenerationSignature(Buffer.from(mining.generationSignature, 'hex'), mining.plotterId);
        const { deadline } = computeDeadline({ genSig, height: mining.height + 1, accountId: plotterId, nonce, baseTarget: mining.baseTarget, version: 2 });
        if (!ADDRESS.test(address) || !address.startsWith('3')) throw new RpcError(-32600, 'Invalid BitcoinHD address');
        const bound = bindings.filter((b) => b.plotterId === plotterId && b.blockHash).at(-1);
        if (checkBind && bound?.address !== address) throw new RpcError(-32600, `${plotterId} with ${address} not active bind`);
        return { result: 'success', deadline, height: mining.height + 1, targetDeadline: MAX_TARGET_DEADLINE };
      } catch (error) {
        if (!(error instanceof RpcError)) throw error;
        return { result: 'error', errorCode: String(error.code), errorDescription: error.message };
      }
    },
    listbindplotterofaddress(p) {
      const address = str(p[0]);
      if (!ADDRESS.test(address)) throw new RpcError(-8, 'Invalid address');
      const filter = p[1] === undefined ? 0n : stoull(str(p[1]) || '0');
      const count = p[2] === undefined ? 2_147_483_647 : int(p[2], 'count');
      if (count < 0) throw new RpcError(-8, 'Invalid count');
      const verbose = p[3] === true || (isNum(p[3]) && p[3].num !== '0');
      const height = (b: Binding) => blockOf(b.blockHash as string).height;
      return bindings
        .map((b, order) => ({ b, order }))
        .filter(({ b }) => b.blockHash && b.address === address && (filter === 0n || b.plotterId === filter))
        .sort((x, y) => height(y.b) - height(x.b) || y.order - x.order)
        .slice(0, count)
        .map(({ b }) => {
          const block = blockOf(b.blockHash as string);
          const active = bindings.filter((other) => other.plotterId === b.plotterId && other.blockHash).at(-1) === b;
          return {
            address: b.address,
            plotterId: b.plotterId.toString(),
            txid: b.txid,
            blockhash: block.hash,
            blocktime: block.time,
            blockheight: block.height,
            capacity: '0 TB',
            ...(verbose ? { bindheightlimit: block.height + 2016, unbindheightlimit: block.height + 6, active } : {}),
          };
        });
    },
    // The coins view: mined points whose output is not spent by a mined withdrawal, in txid order (the cursor's).
    listpledgeloanofaddress: (p) => listPoints(p, 'from'),
    listpledgedebitofaddress: (p) => listPoints(p, 'to'),
    getnewaddress(p) {
      const label = p[0] === undefined ? '' : str(p[0]);
      if (label === '*') throw new RpcError(-11, 'Invalid label name');
      const address = fakeBhdAddress();
      labels.set(address, label);
      return address;
    },
    getaddressesbylabel(p) {
      const label = str(p[0]);
      const owned = [...labels].filter(([, l]) => l === label);
      if (owned.length === 0) throw new RpcError(-11, `No addresses with label ${label}`);
      return Object.fromEntries(owned.map(([address]) => [address, { purpose: 'receive' }]));
    },
    listsinceblock(p) {
      let depth = -1;
      if (p[0] !== undefined && p[0] !== null && str(p[0]) !== '') {
        let block = blockOf(str(p[0]));
        // A block off the chain: from the fork point.
        while (activeIndex(block.hash) < 0) block = blockOf(block.prevHash);
        depth = node.tip().height + 1 - block.height;
      }
      const target = p[1] === undefined ? 1 : int(p[1], 'target_confirmations');
      if (target < 1) throw new RpcError(-8, 'Invalid parameter');
      const transactions = [...node.txs.values()]
        .sort((a, b) => (a.txid < b.txid ? -1 : 1))
        .filter((tx) => depth === -1 || Math.abs(txDepth(tx)) < depth)
        .flatMap((tx) => entriesOf(tx).map((e) => ({ ...e, ...walletTxFields(tx) })));
      const last = node.blocks[node.tip().height + 1 - target] ?? genesis;
      return { transactions, removed: [], lastblock: last.hash };
    },
    listtransactions(p) {
      const label = p[0] === undefined || p[0] === '*' ? undefined : str(p[0]);
      const count = p[1] === undefined ? 10 : int(p[1], 'count');
      const skip = p[2] === undefined ? 0 : int(p[2], 'skip');
      if (count < 0) throw new RpcError(-8, 'Negative count');
      if (skip < 0) throw new RpcError(-8, 'Negative from');
      const all = [...node.txs.values()].flatMap((tx) => entriesOf(tx, label).map((e) => ({ ...e, ...walletTxFields(tx) })));
      return all
        .reverse()
        .slice(skip, skip + count)
        .reverse();
    },
    gettransaction(p) {
      const tx = node.txs.get(str(p[0]));
      if (!tx) throw new RpcError(-5, 'Invalid or non-wallet transaction id');
      const details = entriesOf(tx);
      const received = tx.entries.filter((e) => e.category === 'receive' && labels.has(e.address)).reduce((s, e) => s + e.amount, 0n);
      const sent = tx.entries.filter((e) => e.category === 'send').reduce((s, e) => s + e.amount, 0n);
      return {
        amount: new Amount(received - sent),
        ...(sent > 0n ? { fee: new Amount(-tx.fee) } : {}),
        ...walletTxFields(tx),
        details,
        hex: '02000000',
      };
    },
    sendtoaddress(p) {
      const address = str(p[0]);
      if (!ADDRESS.test(address)) throw new RpcError(-5, 'Invalid address');
      const amount = amountFrom(p[1]);
      if (amount <= 0n) throw new RpcError(-3, 'Invalid amount for send');
      if (amount > node.balance) throw new RpcError(-6, 'Insufficient funds');
      if (amount + FAKE_FEE > node.balance) throw new RpcError(-4, 'Error: This transaction requires a transaction fee of at least 0.00010000');
      const tx: FakeWalletTx = {
        txid: randomBytes(32).toString('hex'),
        entries: [{ category: 'send', address, amount, vout: 0 }],
        fee: FAKE_FEE,
        ...(p[2] !== undefined && p[2] !== null && str(p[2]) !== '' ? { comment: str(p[2]) } : {}),
        conflicted: false,
        abandoned: false,
        time: node.tip().time,
      };
      node.txs.set(tx.txid, tx);
      node.balance -= amount + FAKE_FEE;
      return tx.txid;
    },
    getbalance: () => new Amount(node.balance),
    verifymessage(p) {
      const [address, signature, message] = [str(p[0]), str(p[1]), str(p[2])];
      if (!ADDRESS.test(address)) throw new RpcError(-3, 'Invalid address');
      if (!address.startsWith('1')) throw new RpcError(-3, 'Address does not refer to key');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(signature) || signature.length % 4 !== 0) throw new RpcError(-5, 'Malformed base64 encoding');
      return signature === node.sign(address, message);
    },
  };

  async function execute(request: unknown): Promise<{ status: number; body: unknown }> {
    const r = request as { id?: unknown; method?: unknown; params?: unknown };
    const id = isNum(r?.id as Param) ? BigInt((r.id as { num: string }).num) : (r?.id ?? null);
    try {
      if (typeof r !== 'object' || r === null || Array.isArray(r)) throw new RpcError(-32600, 'Invalid Request object');
      if (typeof r.method !== 'string') throw new RpcError(-32600, 'Method must be a string');
      const params = r.params === undefined || r.params === null ? [] : r.params;
      if (!Array.isArray(params)) throw new RpcError(-32600, 'Params must be an array or object');
      const method = methods[r.method];
      if (!method) throw new RpcError(-32601, 'Method not found');
      node.calls.push(r.method);
      const result = method(params as Param[]);
      const late = node.lateMs[r.method];
      if (late) await sleep(late);
      return { status: 200, body: { result, error: null, id } };
    } catch (error) {
      const e = error instanceof RpcError ? error : new RpcError(-1, error instanceof Error ? error.message : String(error));
      const status = e.code === -32600 ? 400 : e.code === -32601 ? 404 : 500;
      return { status, body: { result: null, error: { code: e.code, message: e.message }, id } };
    }
  }

  let inFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST') {
          res.writeHead(405).end('JSONRPC server handles only POST requests');
          return;
        }
        const auth = req.headers.authorization ?? '';
        const given = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8') : undefined;
        if (given !== `${user}:${password}` && given !== cookie) {
          // btchd sleeps 250 ms on a wrong password before answering.
          if (given !== undefined) await sleep(250);
          res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="jsonrpc"' }).end();
          return;
        }
        if (inFlight >= node.workQueue) {
          res.writeHead(503).end('Work queue depth exceeded');
          return;
        }
        inFlight++;
        try {
          await answer(res, Buffer.concat(chunks).toString('utf8'));
        } finally {
          inFlight--;
        }
      })();
    });
  });

  async function answer(res: http.ServerResponse, text: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = parseRequest(text);
    } catch {
      res.writeHead(500, { 'content-type': 'application/json' }).end(json({ result: null, error: { code: -32700, message: 'Parse error' }, id: null }));
      return;
    }
    if (Array.isArray(parsed)) {
      const answers = await Promise.all(parsed.map(async (r) => (await execute(r)).body));
      res.writeHead(200, { 'content-type': 'application/json' }).end(json(answers));
      return;
    }
    const { status, body } = await execute(parsed);
    // A client that gave up waiting is gone: the work is done all the same.
    if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(json(body));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  node.bareUrl = `http://127.0.0.1:${port}/`;
  node.url = `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/`;
  return node;
}
