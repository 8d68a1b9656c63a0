import type { PoolState } from '../protocols/chia/chia.schema.ts';

/**
 * What the Chia pool protocol needs from a Chia full node (issue 6): the recent signage points
 * and end-of-sub-slots (to check a partial's `sp_hash` and its timing), the peak height, and
 * the state of a farmer's plot NFT singleton. The devnet simulates it in the database
 * (chia-devnet.ts); production talks to the full node RPC over mutual TLS (chia-rpc.ts).
 */

/** A signage point or end of sub-slot as the full node's get_recent_signage_point_or_eos reports it. */
export interface SignagePointOrEos {
  /** The partial's sp_hash: the signage point's cc output hash, or the sub-slot's challenge hash. */
  spHash: string;
  endOfSubSlot: boolean;
  /** The challenge the proof of space answers: cc_vdf.challenge of the signage point, the EOS's own hash. */
  challengeHash: string;
  /** When the node received it (unix seconds). */
  timeReceived: number;
  reverted: boolean;
}

/** A plot NFT singleton: its launcher's parameters and its latest buried spend. */
export interface SingletonState {
  launcherId: string;
  /** From the launcher spend: the farmer's escape delay and where it pays. */
  delayTime: number;
  delayPuzzleHash: string;
  /** Coin id of the latest buried singleton spend and its confirmation height. */
  tip: string;
  tipHeight: number;
  state: PoolState;
  /**
   * The newest state, buried or not (what membership is judged on, as the reference does);
   * absent where every state is final at once (the devnet).
   */
  latest?: PoolState;
  /** The height the newest singleton coin was created at (the leave's lock counts from it). */
  latestHeight?: number;
}

/** A pool reward a plot NFT farmed, claimed for the pool (its 7/8 of the block, paid to the pool's target). */
export interface ClaimedReward {
  coinId: string;
  /** The height the block was farmed at. */
  height: number;
  amount: bigint;
  /** When the reward coin was confirmed (unix seconds). */
  timestamp: number;
  /** The coin the absorb pays to the pool's target (what must arrive before the reward is revenue). */
  arrivalCoinId: string;
}

/**
 * Where a claim stands on the chain: `arrived` once the coin paid to the pool's target is buried
 * (with the amount that arrived), `waiting` while it (or the reward's spend) is not buried yet,
 * `unclaimed` when the reward is still unspent (the absorb never confirmed: claim again), `lost`
 * when the reward is gone without paying the pool (reorged away, or spent by the farmer).
 */
export type ClaimOutcome = { status: 'arrived'; amount: bigint } | { status: 'waiting' | 'unclaimed' | 'lost' };

export interface ChiaChain {
  readonly coin: string;
  peakHeight(): Promise<number>;
  /** By sp_hash for a signage point, by challenge hash for an end of sub-slot; null when unknown. */
  signagePointOrEos(spHash: string, endOfSubSlot: boolean): Promise<SignagePointOrEos | null>;
  /**
   * The signage points (not reverted) the node received since `sinceSeconds` (unix), newest
   * first: what the OG pool hands its harvester proxies. Absent on a real node's RPC (it has no
   * such list): there the proxy takes signage points from the farmer's own node.
   */
  recentSignagePoints?(sinceSeconds: number): Promise<SignagePointOrEos[]>;
  /**
   * The singleton of `launcherId`, or null when no such plot NFT exists (or it is not a valid
   * one). `known` is what was read before: a node adapter may resume its walk from that tip.
   */
  singleton(launcherId: string, known?: Pick<SingletonState, 'tip' | 'state' | 'delayTime' | 'delayPuzzleHash'>): Promise<SingletonState | null>;
  /**
   * A real node only (the devnet books its blocks itself): absorbs the pool rewards buried at a
   * plot NFT's p2_singleton puzzle hash, if the NFT's latest state pays `targetPuzzleHash`
   * (farming to the pool or in its waiting room; not self-pooling); answers the rewards whose
   * spend the node accepted.
   */
  claimRewards?(farmer: { launcherId: string; p2SingletonPuzzleHash: string }, targetPuzzleHash: string): Promise<ClaimedReward[]>;
  /** A real node only: where a claim stands (see ClaimOutcome). */
  claimOutcome?(claim: { coinId: string; arrivalCoinId: string }): Promise<ClaimOutcome>;
}
