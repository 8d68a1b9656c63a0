import { concatBytes } from '@noble/hashes/utils.js';
import { bytesToHex, hexToBytes } from '../streamable/codec.ts';
import { ClvmError, clvmList, curry, deserializeClvm, intToBytes, isAtom, serializeClvm, treeHash, type SExp } from './clvm.ts';
import programs from './programs.json' with { type: 'json' };
import { launcherIdToP2PuzzleHash, poolRewardPrefix, SINGLETON_LAUNCHER_HASH, SINGLETON_MOD_HASH } from './puzzles.ts';
import { coinId, FARMING_TO_POOL, LEAVING_POOL, SELF_POOLING, type Coin, type PlotNftParams, type PoolState } from './singleton.ts';

/**
 * Claiming a pool's block rewards (chia/pools/pool_puzzles.py create_absorb_spend, as the
 * reference pool's collect_pool_rewards_loop uses it): a block farmed by a plot NFT pays its
 * pool part (7/8) to the NFT's p2_singleton puzzle hash; the pool spends that coin together
 * with the singleton, whose pool-member puzzle sends the amount to the pool's target puzzle
 * hash and recreates itself. Neither spend needs a signature.
 */

/** Chia's compiled puzzles (their tree hashes are the module hashes of puzzles.ts; the tests check it). */
const program = (name: keyof typeof programs.puzzles): SExp => deserializeClvm(hexToBytes(programs.puzzles[name].hex));
const SINGLETON_MOD = program('singleton_top_layer');
const POOL_MEMBER_MOD = program('pool_member_innerpuz');
const POOL_WAITINGROOM_MOD = program('pool_waitingroom_innerpuz');
const P2_SINGLETON_MOD = program('p2_singleton_or_delayed_puzhash');
export const SINGLETON_LAUNCHER = program('singleton_launcher');

/** pool_state_to_inner_puzzle: the inner puzzle of a plot NFT in `state` (waiting room when leaving or self-pooling, else pool member). */
export function poolInnerPuzzle(state: PoolState, params: PlotNftParams): SExp {
  const p2PuzzleHash = launcherIdToP2PuzzleHash(params.launcherId, params.delayTime, params.delayPuzzleHash);
  const prefix = poolRewardPrefix(params.genesisChallenge);
  const waitingRoom = curry(POOL_WAITINGROOM_MOD, [state.target_puzzle_hash, p2PuzzleHash, state.owner_pubkey, prefix, intToBytes(state.relative_lock_height)]);
  if (state.state === LEAVING_POOL || state.state === SELF_POOLING) return waitingRoom;
  return curry(POOL_MEMBER_MOD, [state.target_puzzle_hash, p2PuzzleHash, state.owner_pubkey, prefix, treeHash(waitingRoom)]);
}

/** create_full_puzzle: the singleton top layer around an inner puzzle. */
export function singletonPuzzle(launcherId: Uint8Array, inner: SExp): SExp {
  return curry(SINGLETON_MOD, [[SINGLETON_MOD_HASH, [launcherId, SINGLETON_LAUNCHER_HASH]], inner]);
}

export interface CoinSpend {
  coin: Coin;
  puzzleReveal: Uint8Array;
  solution: Uint8Array;
}

/** The parent coin id of a pool reward farmed at `height`: the genesis challenge's first half, then the height. */
export function poolRewardParentId(height: number, genesisChallenge: Uint8Array): Uint8Array {
  const out = poolRewardPrefix(genesisChallenge);
  let h = BigInt(height);
  for (let i = 31; i >= 16 && h > 0n; i--) {
    out[i] = Number(h & 0xffn);
    h >>= 8n;
  }
  return out;
}

/** get_farmed_height: the height a pool reward coin confirmed at `confirmedHeight` was farmed at (128 blocks back at most), or null for a coin that is no pool reward. */
export function farmedHeight(coin: Coin, confirmedHeight: number, genesisChallenge: Uint8Array): number | null {
  const parent = bytesToHex(coin.parentCoinInfo);
  for (let height = confirmedHeight; height > confirmedHeight - 128 && height >= 0; height--) {
    if (bytesToHex(poolRewardParentId(height, genesisChallenge)) === parent) return height;
  }
  return null;
}

/** The inner puzzle of a singleton's puzzle reveal, (a (q . MOD) (c (q . STRUCT) (c (q . INNER) 1))), by its tree hash. */
export function singletonInnerPuzzleHash(puzzleReveal: Uint8Array): Uint8Array {
  const fail = (): never => {
    throw new ClvmError('not a singleton puzzle');
  };
  const at = (node: SExp, ...path: (0 | 1)[]): SExp => {
    let out = node;
    for (const step of path) out = isAtom(out) ? fail() : out[step];
    return out;
  };
  const puzzle = deserializeClvm(puzzleReveal);
  if (bytesToHex(treeHash(at(puzzle, 1, 0, 1))) !== bytesToHex(SINGLETON_MOD_HASH)) fail();
  // The environment (c (q . STRUCT) (c (q . INNER) 1)): INNER is the quoted value of its second cons.
  const inner = at(puzzle, 1, 1, 0, 1, 1, 0, 1, 0, 1);
  return treeHash(inner);
}

export interface AbsorbInput {
  launcherId: Uint8Array;
  genesisChallenge: Uint8Array;
  delayTime: bigint;
  delayPuzzleHash: Uint8Array;
  /** The plot NFT's current state: farming to this pool, or leaving it (the waiting room still pays the pool). */
  state: PoolState;
  /** The unspent singleton and what its spend must prove of its parent. */
  singleton: Coin;
  /** The launcher's parent and amount when the singleton is the launcher's child; else its parent's parent, inner puzzle hash and amount. */
  lineage: { parentCoinInfo: Uint8Array; innerPuzzleHash?: Uint8Array; amount: bigint };
  /** Pool rewards waiting at the NFT's p2_singleton puzzle hash, with the heights they were farmed at. */
  rewards: readonly { coin: Coin; height: number }[];
}

/**
 * The spends that absorb `rewards` one after another: each pair spends the singleton of the
 * moment (recreating it) and one reward coin, paying the reward to the pool's target.
 */
export function absorbSpends(input: AbsorbInput): CoinSpend[] {
  // The reference pool skips only SELF_POOLING: a plot NFT in the waiting room (LEAVING_POOL)
  // still pays its rewards to the pool it is leaving.
  if (input.state.state !== FARMING_TO_POOL && input.state.state !== LEAVING_POOL) throw new RangeError('a self-pooling plot NFT has no pool to absorb for');
  const waitingRoom = input.state.state === LEAVING_POOL;
  const params = { launcherId: input.launcherId, genesisChallenge: input.genesisChallenge, delayTime: input.delayTime, delayPuzzleHash: input.delayPuzzleHash };
  const p2PuzzleHash = launcherIdToP2PuzzleHash(input.launcherId, input.delayTime, input.delayPuzzleHash);
  const inner = poolInnerPuzzle(input.state, params);
  const innerHash = treeHash(inner);
  const fullPuzzle = serializeClvm(singletonPuzzle(input.launcherId, inner));
  const p2Puzzle = serializeClvm(curry(P2_SINGLETON_MOD, [SINGLETON_MOD_HASH, input.launcherId, SINGLETON_LAUNCHER_HASH, intToBytes(input.delayTime), input.delayPuzzleHash]));

  const spends: CoinSpend[] = [];
  let singleton = input.singleton;
  let lineage = input.lineage;
  for (const reward of input.rewards) {
    if (bytesToHex(reward.coin.puzzleHash) !== bytesToHex(p2PuzzleHash)) throw new RangeError('a reward not paid to this plot NFT');
    const lineageProof = lineage.innerPuzzleHash
      ? clvmList([lineage.parentCoinInfo, lineage.innerPuzzleHash, intToBytes(lineage.amount)])
      : clvmList([lineage.parentCoinInfo, intToBytes(lineage.amount)]);
    spends.push({
      coin: singleton,
      puzzleReveal: fullPuzzle,
      // Inner solution: (amount height) for a pool member, (0 amount height) in the waiting room.
      solution: serializeClvm(
        clvmList([
          lineageProof,
          intToBytes(singleton.amount),
          clvmList(waitingRoom ? [intToBytes(0), intToBytes(reward.coin.amount), intToBytes(reward.height)] : [intToBytes(reward.coin.amount), intToBytes(reward.height)]),
        ]),
      ),
    });
    spends.push({ coin: reward.coin, puzzleReveal: p2Puzzle, solution: serializeClvm(clvmList([innerHash, coinId(reward.coin)])) });
    // The singleton recreates itself: the next absorb spends that child.
    lineage = { parentCoinInfo: singleton.parentCoinInfo, innerPuzzleHash: innerHash, amount: singleton.amount };
    singleton = { parentCoinInfo: coinId(singleton), puzzleHash: singleton.puzzleHash, amount: singleton.amount };
  }
  return spends;
}

/** A spend bundle as the full node's push_tx takes it (no signature: the infinity point). */
export function spendBundleJson(spends: readonly CoinSpend[]): Record<string, unknown> {
  const hex = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}`;
  return {
    coin_spends: spends.map((s) => ({
      coin: { parent_coin_info: hex(s.coin.parentCoinInfo), puzzle_hash: hex(s.coin.puzzleHash), amount: Number(s.coin.amount) },
      puzzle_reveal: hex(s.puzzleReveal),
      solution: hex(s.solution),
    })),
    aggregated_signature: hex(concatBytes(Uint8Array.of(0xc0), new Uint8Array(95))),
  };
}
