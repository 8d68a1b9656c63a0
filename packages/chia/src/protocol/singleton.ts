import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { bytes32, bytesToHex, deserialize, g1Element, optional, str, struct, uint32, uint8, type StructValue } from '../streamable/codec.ts';
import { ClvmError, deserializeClvm, intFromBytes, intToBytes, isAtom, type SExp } from './clvm.ts';
import { poolMemberInnerPuzzleHash, poolWaitingRoomInnerPuzzleHash, SINGLETON_LAUNCHER_HASH, singletonPuzzleHash } from './puzzles.ts';

/**
 * Following a plot NFT on chain (pool-reference pool/singleton.py get_singleton_state, with
 * chia/pools/pool_puzzles.py for reading its spends): from the launcher spend (escape delay
 * and first pool state) along each singleton spend to the unspent tip, whose puzzle hash must
 * be the one its last state commits to. Reading needs only CLVM's serialised format and tree
 * hashes: the next singleton is the odd-amount child the node reports, not an interpreted run.
 */

/** chia.pools.pool_wallet_info.PoolState, the state a plot NFT declares in its spends. */
export const PoolState = struct('PoolState', {
  version: uint8,
  /** 1 self-pooling, 2 leaving a pool, 3 farming to a pool. */
  state: uint8,
  target_puzzle_hash: bytes32,
  owner_pubkey: g1Element,
  pool_url: optional(str),
  relative_lock_height: uint32,
});
export type PoolState = StructValue<typeof PoolState.fields>;

export const SELF_POOLING = 1;
export const LEAVING_POOL = 2;
export const FARMING_TO_POOL = 3;

export interface Coin {
  parentCoinInfo: Uint8Array;
  puzzleHash: Uint8Array;
  amount: bigint;
}

/** Coin.name(): sha256 of parent, puzzle hash and the amount in CLVM's integer bytes. */
export function coinId(coin: Coin): Uint8Array {
  return sha256(concatBytes(coin.parentCoinInfo, coin.puzzleHash, intToBytes(coin.amount)));
}

const atomText = (node: SExp): string | null => (isAtom(node) ? new TextDecoder().decode(node) : null);

/** The elements of a proper CLVM list; a malformed one is refused. */
function listItems(node: SExp): SExp[] {
  const out: SExp[] = [];
  let at = node;
  while (!isAtom(at)) {
    out.push(at[0]);
    at = at[1];
  }
  if (at.length !== 0) throw new ClvmError('not a proper list');
  return out;
}

function nth(node: SExp, index: number): SExp {
  const item = listItems(node)[index];
  if (item === undefined) throw new ClvmError(`no element ${index}`);
  return item;
}

function atomOf(node: SExp, what: string): Uint8Array {
  if (!isAtom(node)) throw new ClvmError(`${what} is not an atom`);
  return node;
}

/** The key/value pairs of a pool extra-data list: (key . value) or (key value). */
function keyValues(extraData: SExp): Map<string, SExp> {
  const out = new Map<string, SExp>();
  for (const item of listItems(extraData)) {
    if (isAtom(item)) throw new ClvmError('extra data entry is not a pair');
    const key = atomText(item[0]);
    if (key === null) continue;
    const rest = item[1];
    const value = !isAtom(rest) && isAtom(rest[1]) && rest[1].length === 0 ? rest[0] : rest;
    if (!out.has(key)) out.set(key, value);
  }
  return out;
}

/** pool_state_from_extra_data: the PoolState under key "p", or null when there is none. */
function poolStateOf(extra: Map<string, SExp>): PoolState | null {
  const value = extra.get('p');
  if (value === undefined) return null;
  return deserialize(PoolState, atomOf(value, 'pool state'));
}

const poolStateFromExtraData = (extraData: SExp): PoolState | null => poolStateOf(keyValues(extraData));

/** The launcher spend's solution (full puzzle hash, amount, extra data): escape delay, delay puzzle hash and first state. */
export function launcherSpendInfo(solution: Uint8Array): { delayTime: bigint; delayPuzzleHash: Uint8Array; state: PoolState | null } {
  const extra = keyValues(nth(deserializeClvm(solution), 2));
  const seconds = extra.get('t');
  const delayPuzzleHash = extra.get('h');
  if (seconds === undefined || delayPuzzleHash === undefined) throw new ClvmError('launcher spend without delay time or delay puzzle hash');
  const hash = atomOf(delayPuzzleHash, 'delay puzzle hash');
  if (hash.length !== 32) throw new ClvmError('delay puzzle hash is not 32 bytes');
  return { delayTime: intFromBytes(atomOf(seconds, 'delay time')), delayPuzzleHash: hash, state: poolStateOf(extra) };
}

/**
 * solution_to_pool_state: the state a spend declares, or null for a spend that keeps it (an
 * absorb of a block reward). The launcher's solution carries the first state; a pool member's
 * inner solution (extra_data 0) travels; a waiting room's (1 extra_data destination) too.
 */
export function solutionToPoolState(puzzleHash: Uint8Array, solution: Uint8Array): PoolState | null {
  const full = deserializeClvm(solution);
  if (bytesToHex(puzzleHash) === bytesToHex(SINGLETON_LAUNCHER_HASH)) return poolStateFromExtraData(nth(full, 2));
  const inner = nth(full, 2);
  const args = listItems(inner);
  if (args.length === 2) {
    if (intFromBytes(atomOf(args[1] as SExp, 'spend type')) !== 0n) return null;
    const extraData = args[0] as SExp;
    return isAtom(extraData) ? null : poolStateFromExtraData(extraData);
  }
  if (args.length === 3) {
    if (intFromBytes(atomOf(args[0] as SExp, 'spend type')) === 0n) return null;
    return poolStateFromExtraData(args[1] as SExp);
  }
  throw new ClvmError(`an inner solution of ${args.length} arguments is not a pool spend`);
}

export interface PlotNftParams {
  launcherId: Uint8Array;
  genesisChallenge: Uint8Array;
  delayTime: bigint | number;
  delayPuzzleHash: Uint8Array;
}

/** pool_state_to_inner_puzzle + create_full_puzzle: the puzzle hash a singleton in `state` has. */
export function plotNftPuzzleHash(state: PoolState, params: PlotNftParams): Uint8Array {
  const args = {
    targetPuzzleHash: state.target_puzzle_hash,
    launcherId: params.launcherId,
    ownerPublicKey: state.owner_pubkey,
    genesisChallenge: params.genesisChallenge,
    delayTime: params.delayTime,
    delayPuzzleHash: params.delayPuzzleHash,
  };
  const waitingRoom = poolWaitingRoomInnerPuzzleHash({ ...args, relativeLockHeight: state.relative_lock_height });
  const inner = state.state === LEAVING_POOL || state.state === SELF_POOLING ? waitingRoom : poolMemberInnerPuzzleHash({ ...args, waitingRoomInnerPuzzleHash: waitingRoom });
  return singletonPuzzleHash(params.launcherId, inner);
}

export interface CoinRecord {
  coin: Coin;
  confirmedHeight: number;
  spent: boolean;
  spentHeight: number;
}

/** What the walk asks of a full node (its RPC: get_coin_record_by_name, get_coin_records_by_parent_ids, get_puzzle_and_solution). */
export interface SingletonNode {
  coinRecord(id: Uint8Array): Promise<CoinRecord | null>;
  children(parentId: Uint8Array): Promise<CoinRecord[]>;
  /** The serialised puzzle and solution the coin was spent with. */
  spend(id: Uint8Array, spentHeight: number): Promise<{ puzzleReveal: Uint8Array; solution: Uint8Array }>;
}

export interface PlotNftState {
  delayTime: bigint;
  delayPuzzleHash: Uint8Array;
  /** The coin whose spend is the latest one buried under `confirmations` blocks, and the height it was created at. */
  tip: Uint8Array;
  tipHeight: number;
  /** The state as of that buried spend (what the pool acts on). */
  state: PoolState;
  /** The newest state, buried or not. */
  latest: PoolState;
  /** The unspent singleton, and the coin whose spend created it (the launcher, or the singleton before). */
  unspent: CoinRecord;
  parent: CoinRecord;
}

export interface FollowOptions {
  peakHeight: number;
  /** Blocks a spend must be buried under before its state counts (the reference's confirmation_security_threshold). */
  confirmations: number;
  genesisChallenge: Uint8Array;
  /** A state read before: the walk resumes from its tip instead of the launcher. */
  from?: { tip: Uint8Array; state: PoolState; delayTime: bigint; delayPuzzleHash: Uint8Array };
  /** Spends followed at most in one walk (a guard against a node that answers in circles). */
  maxSpends?: number;
}

/** Malformed spends and states: the singleton is not a valid plot NFT. */
function invalidOnParseError<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof ClvmError || (error instanceof Error && error.name === 'StreamableError')) return undefined;
    throw error;
  }
}

/**
 * get_singleton_state: null when the launcher is unknown or unspent, a spend cannot be read,
 * the chain of singletons breaks, or the unspent tip's puzzle hash is not the one its state
 * commits to. Errors of the node itself are thrown (the caller answers a server error).
 */
export async function followPlotNft(node: SingletonNode, launcherId: Uint8Array, options: FollowOptions): Promise<PlotNftState | null> {
  let last: CoinRecord;
  let lastId: Uint8Array;
  let delayTime: bigint;
  let delayPuzzleHash: Uint8Array;
  let state: PoolState;
  if (options.from) {
    const record = await node.coinRecord(options.from.tip);
    if (!record) return null;
    ({ delayTime, delayPuzzleHash, state } = options.from);
    last = record;
    lastId = options.from.tip;
  } else {
    const launcher = await node.coinRecord(launcherId);
    if (!launcher || !launcher.spent || bytesToHex(launcher.coin.puzzleHash) !== bytesToHex(SINGLETON_LAUNCHER_HASH)) return null;
    const { solution } = await node.spend(launcherId, launcher.spentHeight);
    const info = invalidOnParseError(() => launcherSpendInfo(solution));
    if (!info?.state) return null;
    ({ delayTime, delayPuzzleHash } = info);
    state = info.state;
    last = launcher;
    lastId = launcherId;
  }

  let saved = { id: lastId, record: last, state };
  let latest = state;
  const params = { launcherId, genesisChallenge: options.genesisChallenge, delayTime, delayPuzzleHash };
  for (let step = 0; step <= (options.maxSpends ?? 100_000); step++) {
    const next = (await node.children(lastId)).find((child) => child.coin.amount % 2n === 1n);
    if (!next) return null;
    const nextId = coinId(next.coin);
    if (!next.spent) {
      if (bytesToHex(next.coin.puzzleHash) !== bytesToHex(plotNftPuzzleHash(latest, params))) return null;
      return { delayTime, delayPuzzleHash, tip: saved.id, tipHeight: saved.record.confirmedHeight, state: saved.state, latest, unspent: next, parent: last };
    }
    const { solution } = await node.spend(nextId, next.spentHeight);
    const declared = invalidOnParseError(() => solutionToPoolState(next.coin.puzzleHash, solution));
    if (declared === undefined) return null;
    if (declared) latest = declared;
    if (options.peakHeight - options.confirmations >= next.spentHeight) saved = { id: nextId, record: next, state: latest };
    last = next;
    lastId = nextId;
  }
  return null;
}
