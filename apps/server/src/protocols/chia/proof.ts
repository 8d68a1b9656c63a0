import type { ChiaChain, SignagePointOrEos } from '../../chain/chia.ts';
import { ITERS_LIMIT, POOL_ERROR, type PoolErrorName } from './constants.ts';
import type { ChiaPrimitives, ProofOfSpaceFields } from './primitives.ts';

/**
 * The checks a proof of space passes before a pool counts it, shared by the pool protocol's
 * partials (plot NFTs) and the OG pool's proofs (plots made with the pool's keys): the signage
 * point known to the node and not reverted, the answer in time, the proof itself against the
 * plot filter of the peak's height, and its required iterations below the limit at the
 * farmer's difficulty — in the reference pool's order (pool-reference process_partial).
 */

export class PoolProtocolError extends Error {
  readonly errorCode: number;
  constructor(name: PoolErrorName, message: string) {
    super(message);
    this.name = 'PoolProtocolError';
    this.errorCode = POOL_ERROR[name];
  }
}

export interface ProofRules {
  /** Seconds between the node seeing a signage point and the proof arriving. */
  partialTimeLimit: number;
  /** Wait before the second signage point lookup (the reference waits 10 s). */
  signagePointRetryMs: number;
  /** Smallest accepted k (32 on mainnet; the devnet's dev plots are smaller). */
  minK: number;
  /**
   * Zero bits of the plot filter: a number (the devnet's setting; 0 lets every plot answer), or
   * the network's schedule by peak height (calculate_prefix_bits: 8 bits on mainnet now).
   */
  plotFilterBits: number | ((height: number) => number);
  /** The consensus DIFFICULTY_CONSTANT_FACTOR (2^67 on mainnet; smaller on test networks). */
  difficultyConstantFactor: bigint;
}

export interface ProofInput {
  pos: ProofOfSpaceFields;
  spHash: string;
  endOfSubSlot: boolean;
  /** When the proof arrived (ms). */
  receivedMs: number;
  difficulty: bigint;
}

/** A verifier of proofs for one pool; `now` and `sleep` are the pool service's clock. */
export function proofVerifier(deps: { chain: ChiaChain; crypto: ChiaPrimitives; rules: ProofRules; now: () => number; sleep: (ms: number) => Promise<void> }) {
  const { chain, crypto, rules, now, sleep } = deps;

  /** The peak as the reference reads it (its get_peak_loop refreshes every 30 s). */
  let peak: { height: number; at: number } | null = null;
  async function filterBits(): Promise<number> {
    const rule = rules.plotFilterBits;
    if (typeof rule === 'number') return rule;
    if (!peak || now() - peak.at > 30_000) peak = { height: await chain.peakHeight(), at: now() };
    return rule(peak.height);
  }

  /** The signage point (or end of sub-slot) of a proof: known, not reverted, answered in time. */
  async function signagePoint(input: Pick<ProofInput, 'spHash' | 'endOfSubSlot' | 'receivedMs'>): Promise<SignagePointOrEos> {
    // The node may not have the signage point yet: look again once after a short wait.
    let signage = await chain.signagePointOrEos(input.spHash, input.endOfSubSlot);
    if (!signage) {
      await sleep(rules.signagePointRetryMs);
      signage = await chain.signagePointOrEos(input.spHash, input.endOfSubSlot);
    }
    if (!signage) throw new PoolProtocolError('NOT_FOUND', `Did not find signage point or EOS ${input.spHash}`);
    if (signage.reverted) throw new PoolProtocolError('REVERTED_SIGNAGE_POINT', `Signage point or EOS ${input.spHash} was reverted`);
    const late = Math.floor(input.receivedMs / 1000) - signage.timeReceived;
    if (late > rules.partialTimeLimit) {
      throw new PoolProtocolError(
        'TOO_LATE',
        `Received partial in ${late}. Make sure your proof of space lookups are fast, and network connectivity is good. Response must happen in less than ${rules.partialTimeLimit} seconds. NAS or network farming can be an issue`,
      );
    }
    return signage;
  }

  return {
    filterBits,
    /** Every check after the pool's own (keys, signature); answers the proof's quality. */
    async check(input: ProofInput): Promise<{ quality: string; required: bigint }> {
      const signage = await signagePoint(input);
      const { pos } = input;
      const check = crypto.verifyProofOfSpace(pos, signage.challengeHash, input.spHash, { minK: rules.minK, filterBits: await filterBits() });
      if (!check.ok) {
        const why = check.reason === 'filter' ? 'does not pass the plot filter' : check.reason === 'size' ? `k${pos.size} is not accepted` : 'is invalid';
        throw new PoolProtocolError('INVALID_PROOF', `Proof of space ${why} ${input.spHash}`);
      }
      const required = crypto.requiredIterations(check.quality, pos.size, input.difficulty, input.spHash, rules.difficultyConstantFactor);
      if (required >= ITERS_LIMIT) {
        throw new PoolProtocolError('PROOF_NOT_GOOD_ENOUGH', `Proof of space has required iters ${required}, too high for difficulty ${input.difficulty}`);
      }
      return { quality: check.quality, required };
    },
  };
}
export type ProofVerifier = ReturnType<typeof proofVerifier>;
