import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, serialize } from '../streamable/codec.ts';
import { poolInnerPuzzle, SINGLETON_LAUNCHER, singletonPuzzle } from './absorb.ts';
import { clvmList, intToBytes, serializeClvm, type SExp } from './clvm.ts';
import { GENESIS_CHALLENGES, poolWaitingRoomInnerPuzzleHash, SINGLETON_LAUNCHER_HASH } from './puzzles.ts';
import { coinId, FARMING_TO_POOL, LEAVING_POOL, plotNftPuzzleHash, PoolState, type Coin, type CoinRecord, type SingletonNode } from './singleton.ts';

/**
 * A plot NFT's history as a full node stores it, spends shaped as chia's pool_puzzles.py builds
 * them (launcher solution with its key/value list, absorb and travel inner solutions), for the
 * tests of the walk and of the RPC adapter: launched farming to pool A (height 100), a block
 * reward absorbed (200), leaving A (300), and farming to pool B from 400, its tip unspent.
 */

export const MAINNET_GENESIS_CHALLENGE = GENESIS_CHALLENGES.mainnet;

const text = (s: string) => new TextEncoder().encode(s);
const seeded = (label: string) => sha256(text(label));
const pair = (key: string, value: Uint8Array): SExp => [text(key), value];

export interface PlotNftHistory {
  launcherId: Uint8Array;
  delayTime: bigint;
  delayPuzzleHash: Uint8Array;
  states: { poolA: PoolState; leavingA: PoolState; poolB: PoolState };
  /** The singleton coins in order: the launcher's child first, the unspent tip last. */
  coins: CoinRecord[];
  records: Map<string, CoinRecord>;
  solutions: Map<string, Uint8Array>;
  /** Puzzle reveals of the spent coins, by coin id. */
  reveals: Map<string, Uint8Array>;
  node: SingletonNode;
}

/** `leaving`: the history stops in the waiting room, leaving pool A (its tip unspent since 300). */
export function plotNftHistory(options: { tipPuzzleHash?: Uint8Array; leaving?: boolean } = {}): PlotNftHistory {
  const ownerPubkey = seeded('owner').subarray(0, 32);
  const owner = new Uint8Array(48);
  owner.set(ownerPubkey);
  owner[0] = 0xa0;
  const state = (value: number, target: string, url: string | null): PoolState => ({
    version: 1,
    state: value,
    target_puzzle_hash: seeded(target),
    owner_pubkey: owner,
    pool_url: url,
    relative_lock_height: 100,
  });
  const poolA = state(FARMING_TO_POOL, 'pool A', 'https://a.example');
  const leavingA = state(LEAVING_POOL, 'pool A', 'https://a.example');
  const poolB = state(FARMING_TO_POOL, 'pool B', 'https://b.example');
  const delayTime = 604_800n;
  const delayPuzzleHash = seeded('delay');

  const records = new Map<string, CoinRecord>();
  const solutions = new Map<string, Uint8Array>();
  const reveals = new Map<string, Uint8Array>();
  const add = (coin: Coin, confirmedHeight: number, spentHeight = 0, solution?: SExp, puzzle?: SExp): Uint8Array => {
    const id = coinId(coin);
    records.set(bytesToHex(id), { coin, confirmedHeight, spent: spentHeight > 0, spentHeight });
    if (solution !== undefined) solutions.set(bytesToHex(id), serializeClvm(solution));
    if (puzzle !== undefined) reveals.set(bytesToHex(id), serializeClvm(puzzle));
    return id;
  };
  const puzzleOf = (s: PoolState) => singletonPuzzle(launcherId, poolInnerPuzzle(s, params));

  const launcherCoin: Coin = { parentCoinInfo: seeded('wallet coin'), puzzleHash: SINGLETON_LAUNCHER_HASH, amount: 1n };
  const launcherId = coinId(launcherCoin);
  const params = { launcherId, genesisChallenge: MAINNET_GENESIS_CHALLENGE, delayTime, delayPuzzleHash };
  const phA = plotNftPuzzleHash(poolA, params);
  const phLeaving = plotNftPuzzleHash(leavingA, params);
  const phB = plotNftPuzzleHash(poolB, params);
  add(
    launcherCoin,
    99,
    100,
    clvmList([phA, intToBytes(1), clvmList([pair('p', serialize(PoolState, poolA)), pair('t', intToBytes(delayTime)), pair('h', delayPuzzleHash)])]),
    SINGLETON_LAUNCHER,
  );
  const lineage = clvmList([seeded('lineage'), intToBytes(1)]);
  // The pool member absorbs a block reward: inner solution (pool_reward_amount pool_reward_height).
  const c1: Coin = { parentCoinInfo: launcherId, puzzleHash: phA, amount: 1n };
  const id1 = add(c1, 100, 200, clvmList([lineage, intToBytes(1), clvmList([intToBytes(1_750_000_000_000n), intToBytes(199)])]), puzzleOf(poolA));
  // The absorb also pays the pool: an even-amount child beside the singleton.
  add({ parentCoinInfo: id1, puzzleHash: poolA.target_puzzle_hash, amount: 1_750_000_000_000n }, 200);
  // The member travels to the waiting room: inner solution (((p . state)) 0).
  const c2: Coin = { parentCoinInfo: id1, puzzleHash: phA, amount: 1n };
  const id2 = add(c2, 200, 300, clvmList([lineage, intToBytes(1), clvmList([clvmList([pair('p', serialize(PoolState, leavingA))]), intToBytes(0)])]), puzzleOf(poolA));
  // The waiting room travels to pool B: inner solution (1 ((p . state)) destination_inner_hash).
  const c3: Coin = { parentCoinInfo: id2, puzzleHash: phLeaving, amount: 1n };
  const destination = poolWaitingRoomInnerPuzzleHash({
    targetPuzzleHash: poolB.target_puzzle_hash,
    launcherId,
    ownerPublicKey: owner,
    genesisChallenge: MAINNET_GENESIS_CHALLENGE,
    delayTime,
    delayPuzzleHash,
    relativeLockHeight: 100,
  });
  if (options.leaving) {
    add(c3, 300);
    const coins = [c1, c2, c3].map((coin) => records.get(bytesToHex(coinId(coin))) as CoinRecord);
    return { launcherId, delayTime, delayPuzzleHash, states: { poolA, leavingA, poolB }, coins, records, solutions, reveals, node: fixtureNode(records, solutions, reveals) };
  }
  const id3 = add(c3, 300, 400, clvmList([lineage, intToBytes(1), clvmList([intToBytes(1), clvmList([pair('p', serialize(PoolState, poolB))]), destination])]), puzzleOf(leavingA));
  const c4: Coin = { parentCoinInfo: id3, puzzleHash: options.tipPuzzleHash ?? phB, amount: 1n };
  add(c4, 400);

  const coins = [c1, c2, c3, c4].map((coin) => records.get(bytesToHex(coinId(coin))) as CoinRecord);
  return { launcherId, delayTime, delayPuzzleHash, states: { poolA, leavingA, poolB }, coins, records, solutions, reveals, node: fixtureNode(records, solutions, reveals) };
}

function fixtureNode(records: Map<string, CoinRecord>, solutions: Map<string, Uint8Array>, reveals: Map<string, Uint8Array>): SingletonNode {
  return {
    coinRecord: (id) => Promise.resolve(records.get(bytesToHex(id)) ?? null),
    children: (parentId) => Promise.resolve([...records.values()].filter((r) => bytesToHex(r.coin.parentCoinInfo) === bytesToHex(parentId))),
    spend: (id) => {
      const solution = solutions.get(bytesToHex(id));
      const puzzleReveal = reveals.get(bytesToHex(id));
      return solution && puzzleReveal ? Promise.resolve({ puzzleReveal, solution }) : Promise.reject(new Error(`no spend of ${bytesToHex(id)}`));
    },
  };
}
