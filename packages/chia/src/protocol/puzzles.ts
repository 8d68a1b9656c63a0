import { hexToBytes } from '../streamable/codec.ts';
import { atomTreeHash, curryTreeHash, intToBytes, pairTreeHash } from './clvm.ts';

/**
 * Puzzle hashes of Chia's pooling contracts (chia/pools/pool_puzzles.py), computed from module
 * hashes alone. The module hashes are the tree hashes of the compiled puzzles in chia-blockchain
 * (deployed_puzzle_hashes.json); the tests recompute them from the compiled puzzles.
 */

/** The networks' genesis challenges: pool puzzles commit to the first half (pool_reward_prefix). */
export const GENESIS_CHALLENGES = {
  mainnet: hexToBytes('ccd5bb71183532bff220ba46c268991a3ff07eb358e8255a65c30a2dce0e5fbb'),
  testnet11: hexToBytes('37a90eb5185a9c4439a91ddc98bbadce7b4feba060d50116a067de66bf236615'),
} as const;

/** singleton_top_layer.clsp (v1.0), the outer puzzle of plot NFTs. */
export const SINGLETON_MOD_HASH = hexToBytes('24e044101e57b3d8c908b8a38ad57848afd29d3eecc439dba45f4412df4954fd');
export const SINGLETON_LAUNCHER_HASH = hexToBytes('eff07522495060c066f66f32acc2a77e3a3e737aca8baea4d1a64ea4cdc13da9');
export const P2_SINGLETON_OR_DELAYED_MOD_HASH = hexToBytes('adb656e0211e2ab4f42069a4c5efc80dc907e7062be08bf1628c8e5b6d94d25b');
export const POOL_MEMBER_INNERPUZ_HASH = hexToBytes('a8490702e333ddd831a3ac9c22d0fa26d2bfeaf2d33608deb22f0e0123eb0494');
export const POOL_WAITINGROOM_INNERPUZ_HASH = hexToBytes('a317541a765bf8375e1c6e7c13503d0d2cbf56cacad5182befe947e78e2c0307');

function bytes32(value: Uint8Array, what: string): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length !== 32) throw new RangeError(`${what} must be 32 bytes`);
  return value;
}

function uint(value: bigint | number, bits: number, what: string): bigint {
  const v = BigInt(value);
  if (v < 0n || v >= 1n << BigInt(bits)) throw new RangeError(`${what} out of range`);
  return v;
}

/**
 * pool_puzzles.launcher_id_to_p2_puzzle_hash: the pool contract puzzle hash a plot NFT's plots
 * pay to — p2_singleton_or_delayed_puzhash curried with (SINGLETON_MOD_HASH, launcher_id,
 * SINGLETON_LAUNCHER_HASH, seconds_delay, delayed_puzzle_hash).
 */
export function launcherIdToP2PuzzleHash(launcherId: Uint8Array, delayTime: bigint | number, delayPuzzleHash: Uint8Array): Uint8Array {
  return curryTreeHash(P2_SINGLETON_OR_DELAYED_MOD_HASH, [
    atomTreeHash(SINGLETON_MOD_HASH),
    atomTreeHash(bytes32(launcherId, 'launcher id')),
    atomTreeHash(SINGLETON_LAUNCHER_HASH),
    atomTreeHash(intToBytes(uint(delayTime, 64, 'delay time'))),
    atomTreeHash(bytes32(delayPuzzleHash, 'delay puzzle hash')),
  ]);
}

/** Tree hash of the singleton struct (MOD_HASH . (LAUNCHER_ID . LAUNCHER_PUZZLE_HASH)). */
export function singletonStructHash(launcherId: Uint8Array): Uint8Array {
  return pairTreeHash(atomTreeHash(SINGLETON_MOD_HASH), pairTreeHash(atomTreeHash(bytes32(launcherId, 'launcher id')), atomTreeHash(SINGLETON_LAUNCHER_HASH)));
}

/** singleton_top_layer.puzzle_for_singleton(launcher_id, inner).get_tree_hash() from the inner puzzle hash. */
export function singletonPuzzleHash(launcherId: Uint8Array, innerPuzzleHash: Uint8Array): Uint8Array {
  return curryTreeHash(SINGLETON_MOD_HASH, [singletonStructHash(launcherId), bytes32(innerPuzzleHash, 'inner puzzle hash')]);
}

/** pool_reward_prefix of pool_puzzles: the first 16 bytes of the genesis challenge, then 16 zero bytes. */
export function poolRewardPrefix(genesisChallenge: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  out.set(bytes32(genesisChallenge, 'genesis challenge').subarray(0, 16));
  return out;
}

export interface PoolInnerPuzzleArgs {
  targetPuzzleHash: Uint8Array;
  launcherId: Uint8Array;
  ownerPublicKey: Uint8Array;
  genesisChallenge: Uint8Array;
  delayTime: bigint | number;
  delayPuzzleHash: Uint8Array;
}

/** create_waiting_room_inner_puzzle(...).get_tree_hash(): the state of a plot NFT leaving a pool. */
export function poolWaitingRoomInnerPuzzleHash(args: PoolInnerPuzzleArgs & { relativeLockHeight: number }): Uint8Array {
  return curryTreeHash(POOL_WAITINGROOM_INNERPUZ_HASH, [
    atomTreeHash(bytes32(args.targetPuzzleHash, 'target puzzle hash')),
    atomTreeHash(launcherIdToP2PuzzleHash(args.launcherId, args.delayTime, args.delayPuzzleHash)),
    atomTreeHash(ownerKey(args.ownerPublicKey)),
    atomTreeHash(poolRewardPrefix(args.genesisChallenge)),
    atomTreeHash(intToBytes(uint(args.relativeLockHeight, 32, 'relative lock height'))),
  ]);
}

/** create_pooling_inner_puzzle(...).get_tree_hash(): the state of a plot NFT farming to a pool. */
export function poolMemberInnerPuzzleHash(args: PoolInnerPuzzleArgs & { waitingRoomInnerPuzzleHash: Uint8Array }): Uint8Array {
  return curryTreeHash(POOL_MEMBER_INNERPUZ_HASH, [
    atomTreeHash(bytes32(args.targetPuzzleHash, 'target puzzle hash')),
    atomTreeHash(launcherIdToP2PuzzleHash(args.launcherId, args.delayTime, args.delayPuzzleHash)),
    atomTreeHash(ownerKey(args.ownerPublicKey)),
    atomTreeHash(poolRewardPrefix(args.genesisChallenge)),
    atomTreeHash(bytes32(args.waitingRoomInnerPuzzleHash, 'waiting room inner puzzle hash')),
  ]);
}

function ownerKey(pk: Uint8Array): Uint8Array {
  if (!(pk instanceof Uint8Array) || pk.length !== 48) throw new RangeError('owner public key must be 48 bytes');
  return pk;
}
