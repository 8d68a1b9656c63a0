import { calculatePlotIdPk, keyGen, sign, skToPk } from '@platter/chia';
import { createHash } from 'node:crypto';
import type { SignagePointOrEos } from '../../chain/chia.ts';
import { devPlotAnswers, proofOfSpaceJson } from './farmer.ts';
import type { ChiaPrimitives, ProofOfSpaceFields } from './primitives.ts';

/**
 * A harvester with an OG plot, as the OG pool's proxy drives it, for the devnet simulator and
 * the tests: a local key of its own, a real small-k dev plot made with the pool's farmer and pool
 * public keys (plot key = local + farmer key, plot id = sha256(pool key ‖ plot key)), and the
 * proof bodies signed by the local key. The HTTP calls carry the user's miner API key.
 */

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => Uint8Array.from(Buffer.from(h.replace(/^0x/i, ''), 'hex'));

export interface OgFarmerOptions {
  seed: string;
  crypto: ChiaPrimitives;
  /** The OG pool (pools.type) whose proofs it signs. */
  pool: string;
  /** The keys the plot is made with (the pool's, or another pool's to test a refusal). */
  farmerPublicKey: string;
  poolPublicKey: string;
  k: number;
  difficultyConstantFactor: bigint;
  /** The miner name the proxy reports. */
  miner: string;
}

export function simulatedOgFarmer(options: OgFarmerOptions) {
  const { crypto } = options;
  const localSk = keyGen(Uint8Array.from(createHash('sha256').update(`${options.seed}:og-local`).digest()));
  const localPublicKey = hex(skToPk(localSk));
  const plotPublicKey = crypto.ogPlotPublicKey(localPublicKey, options.farmerPublicKey);
  const poolPublicKey = options.poolPublicKey.replace(/^0x/i, '').toLowerCase();
  const plotId = calculatePlotIdPk(bytes(poolPublicKey), bytes(plotPublicKey));
  const answers = devPlotAnswers({
    crypto,
    plotId,
    k: options.k,
    difficultyConstantFactor: options.difficultyConstantFactor,
    poolPublicKey,
    poolContractPuzzleHash: null,
    plotPublicKey,
  });

  return {
    localPublicKey,
    plotPublicKey,
    plotId: hex(plotId),
    /** Proofs of the dev plot for a signage point, each with whether it is good enough at `difficulty`. */
    proofsFor: answers,
    /** Makes the dev plot in a worker thread (devPlotAnswers' prepare). */
    preparePlot: answers.prepare,
    /** The POST proof body, signed by the local key (tamper with the result to test the pool's checks). */
    proofBody(sp: SignagePointOrEos, pos: ProofOfSpaceFields, overrides: { signWith?: Uint8Array; miner?: string } = {}) {
      const message = crypto.ogProofHash(options.pool, pos, sp.spHash, sp.endOfSubSlot);
      return {
        miner: overrides.miner ?? options.miner,
        local_public_key: `0x${localPublicKey}`,
        proof_of_space: proofOfSpaceJson(pos),
        sp_hash: `0x${sp.spHash}`,
        end_of_sub_slot: sp.endOfSubSlot,
        signature: `0x${hex(sign(overrides.signWith ?? localSk, bytes(message)))}`,
      };
    },
  };
}
export type SimulatedOgFarmer = ReturnType<typeof simulatedOgFarmer>;
