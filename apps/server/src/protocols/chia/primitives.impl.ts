import {
  aggregateVerify,
  calculateIterationsQuality,
  calculatePlotIdPh,
  calculatePlotIdPk,
  calculatePosChallenge,
  MIN_K,
  passesPlotFilter,
  verify,
  verifyProof,
} from '@platter/chia';
import type { ChiaPrimitives, FarmerPayloadFields, PartialPayloadFields, ProofOfSpaceFields } from './primitives.ts';
import { streamable } from './streamable.ts';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/i, ''), 'hex'));
const hex = (value: Uint8Array) => Buffer.from(value).toString('hex');

function safely(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    // A key or signature that is not a valid curve point is simply not a valid signature.
    return false;
  }
}

/**
 * The primitives from packages/chia: Chia's BLS (AugSchemeMPL), the chiapos verifier and the
 * consensus formulas; the payload hashes are sha256 of their streamable bytes.
 */
export async function chiaPrimitives(): Promise<ChiaPrimitives & { close(): Promise<void> }> {
  return {
    authenticationPayloadHash: (method, launcherId, targetPuzzleHash, token) => hex(streamable.authenticationPayloadHash(method, bytes(launcherId), bytes(targetPuzzleHash), token)),
    farmerPayloadHash: (kind: 'post' | 'put', payload: FarmerPayloadFields) => hex(streamable.farmerPayloadHash(kind, payload)),
    partialPayloadHash: (payload: PartialPayloadFields) => hex(streamable.partialPayloadHash(payload)),
    proofOfSpaceHash: (pos: ProofOfSpaceFields) => hex(streamable.proofOfSpaceHash(pos)),
    verify: (publicKey, messageHex, signature) => Promise.resolve(safely(() => verify(bytes(publicKey), bytes(messageHex), bytes(signature)))),
    aggregateVerify: (publicKeys, messagesHex, signature) =>
      Promise.resolve(safely(() => aggregateVerify(publicKeys.map(bytes), messagesHex.map(bytes), bytes(signature)))),
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
    p2SingletonPuzzleHash: (launcherId, delayTime, delayPuzzleHash) => hex(launcherIdToP2PuzzleHash(bytes(launcherId), BigInt(delayTime), bytes(delayPuzzleHash))),
    close: () => Promise.resolve(),
  };
}

