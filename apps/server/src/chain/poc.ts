/**
 * What a Burst / BHD-family pool (issue 21) needs from a proof-of-capacity coin's node, beside
 * the wallet side every coin has (ChainAdapter: deposits, payouts). One per `poc-burst` coin:
 * the devnet simulates each chain in the database (real generation signatures and base targets,
 * per coin block time and genesis base target); production talks to a BHD-family node's JSON-RPC
 * (`getmininginfo`, `submitnonce`, `listbindplotterofaddress`, `getpledgeofaddress`, blocks).
 *
 * Numbers that pass 2^53 (plotter ids, nonces, base targets, deadlines, amounts) are bigint;
 * plotter ids and nonces are unsigned 64-bit.
 */
import type { PointTerm } from '@platter/domain';

/** The block being mined now, as the node's getmininginfo reports it. */
export interface PocMiningInfo {
  /** The height of the block being mined (the tip's height + 1). */
  height: number;
  /** Its generation signature, 64 lower-case hex. */
  generationSignature: string;
  baseTarget: bigint;
  /** The node's own target deadline, seconds (BHD: 2^32 − 1). */
  targetDeadline: bigint;
  /** When the tip was made (unix seconds): a block is due at tip time + deadline + 1. */
  tipTime: number;
}

/** A nonce the pool forwards to the node for the round (its best one so far). */
export interface PocNonceSubmission {
  plotterId: bigint;
  nonce: bigint;
  height: number;
  /** The address the block must pay: the pool's, to which the plotter is bound. */
  address: string;
}

export type PocNonceOutcome =
  | { accepted: true; deadline: bigint }
  /** The node refused it (another height, not bound to the address, above its target deadline…), with its reason. */
  | { accepted: false; reason: string };

/** A block of the chain, as far as a pool cares. */
export interface PocBlock {
  height: number;
  hash: string;
  /** Unix seconds. */
  time: number;
  generationSignature: string;
  baseTarget: bigint;
  /** The plotter whose nonce made the block, and that nonce and its deadline (seconds). */
  plotterId: bigint;
  nonce: bigint;
  deadline: bigint;
  /** The address the block's reward went to (the plotter's bound address at that height). */
  rewardAddress: string;
  /** Subsidy plus fees paid to `rewardAddress`, base units. */
  reward: bigint;
}

/** A plotter's binding to an address, as the chain shows it (BHD's bindplotter transactions). */
export interface PlotterBinding {
  plotterId: bigint;
  address: string;
  /** The bind transaction. */
  txid: string;
  /** The height it was mined at; undefined while it waits in the mempool. */
  height?: number;
  /** The binding in force for the plotter now (a later bind elsewhere or an unbind ends it). */
  active: boolean;
}

/**
 * A point (pledge) transaction (issue 22): coins of `from` pointed to `to` (BHD's
 * sendpledgetoaddress; DePINC's with a term). The coins stay in `from`'s output, locked, until
 * `withdrawpledge` spends it — then the node no longer lists it.
 */
export interface PointTransfer {
  txid: string;
  from: string;
  to: string;
  /** Base units. */
  amount: bigint;
  /** Mined at; undefined while in the mempool (only the devnet shows those). */
  height?: number;
  /** DePINC's term (its lock_blocks); BHD has none: Noterm. */
  term: PointTerm;
}

export interface PocChain {
  readonly coin: string;
  miningInfo(): Promise<PocMiningInfo>;
  /** Hands the pool's best nonce of a round to the node, which forges the block if it wins. */
  submitNonce(submission: PocNonceSubmission): Promise<PocNonceOutcome>;
  /** Blocks in (fromHeight, toHeight], oldest first. */
  blocks(fromHeight: number, toHeight: number): Promise<PocBlock[]>;
  /**
   * The hash of the block at `height` now, or undefined above the tip: a block read before is
   * still on the chain only while its hash is the same (a reorganisation replaces it).
   */
  blockHash(height: number): Promise<string | undefined>;
  /** The plotters bound (or being bound) to `address`, newest first (listbindplotterofaddress). */
  plotterBindings(address: string): Promise<PlotterBinding[]>;
  /** Standing points made from `address` (listpledgeloanofaddress): withdrawn ones are gone. */
  pointsFrom(address: string): Promise<PointTransfer[]>;
  /** Standing points made to `address` (listpledgedebitofaddress). */
  pointsTo(address: string): Promise<PointTransfer[]>;
}
