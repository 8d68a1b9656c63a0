import {
  BlsVerifierPool,
  generatePlotPublicKey,
  calculateIterationsQuality,
  calculatePlotIdPh,
  calculatePlotIdPk,
  calculatePosChallenge,
  authenticationPayloadHash,
  launcherIdToP2PuzzleHash,
  MIN_K,
  postFarmerPayloadHash,
  postPartialPayloadHash,
  ProofOfSpace,
  putFarmerPayloadHash,
  streamableHash,
  passesPlotFilter,
  verifyProof,
} from '@platter/chia';
import { createHash } from 'node:crypto';
import type { ChiaPrimitives, FarmerPayloadFields, PartialPayloadFields, ProofOfSpaceFields } from './primitives.ts';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/i, ''), 'hex'));
const hex = (value: Uint8Array) => Buffer.from(value).toString('hex');

function proofOfSpace(pos: ProofOfSpaceFields): ProofOfSpace {
  return {
    challenge: bytes(pos.challenge),
    pool_public_key: pos.poolPublicKey === null ? null : bytes(pos.poolPublicKey),
    pool_contract_puzzle_hash: pos.poolContractPuzzleHash === null ? null : bytes(pos.poolContractPuzzleHash),
    plot_public_key: bytes(pos.plotPublicKey),
    size: pos.size,
    proof: bytes(pos.proof),
  };
}

/**
 * The primitives from packages/chia: Chia's BLS (AugSchemeMPL), the chiapos verifier and the
 * consensus formulas; the payload hashes are sha256 of their streamable bytes.
 */
export async function chiaPrimitives(options: { blsThreads?: number } = {}): Promise<ChiaPrimitives & { close(): Promise<void> }> {
  // BLS verification (~20 ms of CPU each) runs in worker threads, off the event loop.
  const pool = new BlsVerifierPool(options.blsThreads === undefined ? {} : { size: options.blsThreads });
  const verifyIn = async (publicKeys: string[], messagesHex: string[], signature: string) => {
    try {
      return await pool.aggregateVerify(publicKeys.map(bytes), messagesHex.map(bytes), bytes(signature));
    } catch {
      return false;
    }
  };
  return {
    authenticationPayloadHash: (method, launcherId, targetPuzzleHash, token) => hex(authenticationPayloadHash(method, bytes(launcherId), bytes(targetPuzzleHash), token)),
    farmerPayloadHash(kind: 'post' | 'put', p: FarmerPayloadFields) {
      const common = { launcher_id: bytes(p.launcherId), authentication_token: p.authenticationToken, suggested_difficulty: p.suggestedDifficulty };
      if (kind === 'post') {
        return hex(postFarmerPayloadHash({ ...common, authentication_public_key: bytes(p.authenticationPublicKey ?? ''), payout_instructions: p.payoutInstructions ?? '' }));
      }
      return hex(
        putFarmerPayloadHash({
          ...common,
          authentication_public_key: p.authenticationPublicKey === null ? null : bytes(p.authenticationPublicKey),
          payout_instructions: p.payoutInstructions,
        }),
      );
    },
    partialPayloadHash: (p: PartialPayloadFields) =>
      hex(
        postPartialPayloadHash({
          launcher_id: bytes(p.launcherId),
          authentication_token: p.authenticationToken,
          proof_of_space: proofOfSpace(p.proofOfSpace),
          sp_hash: bytes(p.spHash),
          end_of_sub_slot: p.endOfSubSlot,
          harvester_id: bytes(p.harvesterId),
        }),
      ),
    proofOfSpaceHash: (pos: ProofOfSpaceFields) => hex(streamableHash(ProofOfSpace, proofOfSpace(pos))),
    verify: (publicKey, messageHex, signature) => verifyIn([publicKey], [messageHex], signature),
    aggregateVerify: verifyIn,
    verifyProofOfSpace(pos, originalChallenge, spHash, rules) {
      // As chia's verify_and_get_quality_string: exactly one of pool key and contract hash.
      if ((pos.poolPublicKey === null) === (pos.poolContractPuzzleHash === null)) return { ok: false, reason: 'keys' };
      if (pos.size < rules.minK || pos.size > 50) return { ok: false, reason: 'size' };
      const plotPk = bytes(pos.plotPublicKey);
      const plotId = pos.poolContractPuzzleHash !== null ? calculatePlotIdPh(bytes(pos.poolContractPuzzleHash), plotPk) : calculatePlotIdPk(bytes(pos.poolPublicKey ?? ''), plotPk);
      const challenge = calculatePosChallenge(plotId, bytes(originalChallenge), bytes(spHash));
      if (hex(challenge) !== pos.challenge) return { ok: false, reason: 'challenge' };
      if (!passesPlotFilter(rules.filterBits, plotId, bytes(originalChallenge), bytes(spHash))) return { ok: false, reason: 'filter' };
      const result = verifyProof({ plotId, k: pos.size, challenge, proof: bytes(pos.proof), allowSmallK: rules.minK < MIN_K });
      return result.ok ? { ok: true, quality: hex(result.quality) } : { ok: false, reason: 'proof' };
    },
    requiredIterations: (quality, size, difficulty, spHash, factor) => calculateIterationsQuality(factor, bytes(quality), size, difficulty, bytes(spHash)),
    ogPlotPublicKey: (localPublicKey, farmerPublicKey) => hex(generatePlotPublicKey(bytes(localPublicKey), bytes(farmerPublicKey), false)),
    ogProofHash: (pool, pos, spHash, endOfSubSlot) =>
      createHash('sha256')
        .update(pool, 'utf8')
        .update(Uint8Array.of(0))
        .update(streamableHash(ProofOfSpace, proofOfSpace(pos)))
        .update(bytes(spHash))
        .update(Uint8Array.of(endOfSubSlot ? 1 : 0))
        .digest('hex'),
    p2SingletonPuzzleHash: (launcherId, delayTime, delayPuzzleHash) => hex(launcherIdToP2PuzzleHash(bytes(launcherId), BigInt(delayTime), bytes(delayPuzzleHash))),
    close: () => pool.close(),
  };
}
