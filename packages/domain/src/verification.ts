/**
 * Verified work (issue 18): every credit traces to evidence the pool verified. A pool's
 * protocol (the registry's `MinerProtocol`) names the one kind of evidence that earns on it;
 * anything else a miner sends is kept for display (heartbeats, capacity, plot inventories) and
 * earns nothing. Pure rules, shared by the report endpoint, the settlement and the pages.
 */
import { K32_BYTES, POINTS_PER_K32_PER_DAY } from './pool.ts';
import type { MinerProtocol } from './registry/pools.ts';

/** What a miner (or its proxy) can put in front of the pool. */
export type WorkEvidence =
  /** A Chia pool protocol v1 partial, its proof of space and signature checked. */
  | 'pool-partial'
  /** A proof of space from an OG plot made with the pool's keys, checked like a partial. */
  | 'og-proof'
  /** A Burst-family deadline the pool recomputed from the nonce (issue 21). */
  | 'poc-deadline'
  /** A proof-of-work solution to the pool's own job, at the pool's share difficulty. */
  | 'pow-solution'
  /** A reward the chain paid to an identity the user proved they control. */
  | 'chain-reward'
  /** Shares a proxy reports (`POST /api/miner/report`): a claim, not a proof. */
  | 'proxy-report';

/** The evidence each protocol verifies. */
export const VERIFIED_EVIDENCE: Readonly<Record<MinerProtocol, WorkEvidence>> = {
  'chia-pool-v1': 'pool-partial',
  'chia-og': 'og-proof',
  'poc-burst': 'poc-deadline',
  'pow-share': 'pow-solution',
  'onchain-reward': 'chain-reward',
  'trusted-proxy': 'proxy-report',
};

/** Who made the miner key a report came with. */
export type KeyIssuer = 'user' | 'operator';

export interface EvidenceContext {
  protocol: MinerProtocol;
  /** The pool's trusted-proxy mode, which the operator turns on (pool config). */
  trustedProxy: boolean;
  /** The maker of the key the evidence came with (reports only). */
  keyIssuer?: KeyIssuer;
}

/**
 * Whether the evidence may earn a share of the pool's revenue. Only the protocol's own evidence
 * does; a self-reported share earns only on a trusted-proxy pool whose mode is on and only
 * through a key the operator issued to a proxy it runs — a key a user made never splits revenue.
 */
export function evidenceEarns(evidence: WorkEvidence, context: EvidenceContext): boolean {
  if (VERIFIED_EVIDENCE[context.protocol] !== evidence) return false;
  if (evidence !== 'proxy-report') return true;
  return context.trustedProxy && context.keyIssuer === 'operator';
}

/**
 * How many hashes a point is expected to take: a PoW share of difficulty d counts d points and
 * is expected once per d × HASHES_PER_POINT hashes, so a hashrate h earns h × seconds ÷ this.
 */
export const HASHES_PER_POINT = 1_000_000n;

/** The points per day a hashrate earns in expectation (hashes per second). */
export function pointsPerDayOfHashrate(hashrate: bigint): bigint {
  return (hashrate * 86_400n) / HASHES_PER_POINT;
}

/** Default plausibility tolerance: points up to 1.5 × what the capacity or hashrate could earn. */
export const DEFAULT_PLAUSIBILITY_TOLERANCE_BP = 5_000;

/**
 * The most points a miner's proven capacity or hashrate could plausibly earn in `seconds`: the
 * expected points (capacity: POINTS_PER_K32_PER_DAY per K32; hashrate: one point per
 * HASHES_PER_POINT hashes) plus `toleranceBp` basis points for luck, rounded up.
 */
export function plausiblePoints(miner: { capacityBytes: bigint; hashrate: bigint }, seconds: number, toleranceBp: number): bigint {
  if (seconds <= 0 || !Number.isInteger(toleranceBp) || toleranceBp < 0) throw new RangeError('seconds must be positive and toleranceBp a non-negative integer');
  const s = BigInt(Math.ceil(seconds));
  // points × 86,400 × K32 × 10,000, so that one division rounds the whole bound
  const fromCapacity = miner.capacityBytes * POINTS_PER_K32_PER_DAY * HASHES_PER_POINT;
  const fromHashrate = miner.hashrate * 86_400n * K32_BYTES;
  const scaled = (fromCapacity + fromHashrate) * s * BigInt(10_000 + toleranceBp);
  const divisor = 86_400n * K32_BYTES * HASHES_PER_POINT * 10_000n;
  return (scaled + divisor - 1n) / divisor;
}

/** The protocols whose points the plausibility bound checks: where points are a proxy's count, not proofs. */
export function plausibilityChecked(protocol: MinerProtocol): boolean {
  return protocol === 'trusted-proxy';
}
