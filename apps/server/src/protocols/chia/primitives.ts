/**
 * The Chia primitives the pool protocol uses, all from packages/chia (proof of space, BLS in
 * the augmented scheme, streamable hashes of the protocol's payloads). Bytes travel as lower
 * case hex without 0x between this file and the protocol service.
 */
export interface ProofOfSpaceFields {
  challenge: string;
  poolPublicKey: string | null;
  poolContractPuzzleHash: string | null;
  plotPublicKey: string;
  size: number;
  proof: string;
}

export interface PartialPayloadFields {
  launcherId: string;
  authenticationToken: bigint;
  proofOfSpace: ProofOfSpaceFields;
  spHash: string;
  endOfSubSlot: boolean;
  harvesterId: string;
}

export interface FarmerPayloadFields {
  launcherId: string;
  authenticationToken: bigint;
  authenticationPublicKey: string | null;
  payoutInstructions: string | null;
  suggestedDifficulty: bigint | null;
}

export type PlotCheck = { ok: true; quality: string } | { ok: false; reason: 'size' | 'challenge' | 'filter' | 'proof' | 'keys' };

export interface ChiaPrimitives {
  /** sha256 of AuthenticationPayload(method, launcher_id, target_puzzle_hash, token) in streamable form. */
  authenticationPayloadHash(method: 'get_farmer' | 'get_login', launcherId: string, targetPuzzleHash: string, token: bigint): string;
  /** sha256 of PostFarmerPayload (all fields present) or PutFarmerPayload (optionals). */
  farmerPayloadHash(kind: 'post' | 'put', payload: FarmerPayloadFields): string;
  partialPayloadHash(payload: PartialPayloadFields): string;
  proofOfSpaceHash(pos: ProofOfSpaceFields): string;
  verify(publicKey: string, messageHex: string, signature: string): Promise<boolean>;
  aggregateVerify(publicKeys: string[], messagesHex: string[], signature: string): Promise<boolean>;
  /**
   * The reference's verify_and_get_quality_string: plot id from the pool contract puzzle hash
   * (or pool key) and plot key, the challenge recomputed from `originalChallenge` and `spHash`,
   * the plot filter, the proof itself. `minK` relaxes Chia's k ≥ 32 on the devnet.
   */
  verifyProofOfSpace(pos: ProofOfSpaceFields, originalChallenge: string, spHash: string, rules: { minK: number; filterBits: number }): PlotCheck;
  /** Required iterations of a quality at a difficulty (calculate_iterations_quality). */
  requiredIterations(quality: string, size: number, difficulty: bigint, spHash: string, difficultyConstantFactor: bigint): bigint;
  /** An OG plot's public key: local + farmer (generate_plot_public_key without taproot). */
  ogPlotPublicKey(localPublicKey: string, farmerPublicKey: string): string;
  /**
   * What an OG proof's local key signs: sha256(pool ‖ 0 ‖ sha256(ProofOfSpace) ‖ sp_hash ‖
   * end_of_sub_slot), so a signature answers one signage point of one pool.
   */
  ogProofHash(pool: string, pos: ProofOfSpaceFields, spHash: string, endOfSubSlot: boolean): string;
  /** The p2 singleton puzzle hash a launcher's plots pay to. */
  p2SingletonPuzzleHash(launcherId: string, delayTime: number, delayPuzzleHash: string): string;
}
