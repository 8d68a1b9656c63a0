import { verifyChiaposProof, type VerifyResult } from './chiapos.ts';

/**
 * Proof-of-space verification keyed by proof version. Version 1 is chiapos (every plot on the
 * chain today). Chia's v2 plots arrive with a hard fork and get their own verifier in
 * PROOF_VERIFIERS[2]; until then a version-2 proof is refused as unsupported.
 */
export type ProofVersion = 1;

export interface VerifyProofInput {
  /** proof format version; 1 (chiapos) when left out */
  version?: number;
  plotId: Uint8Array;
  /** plot size k */
  k: number;
  /** the proof-of-space challenge (calculatePosChallenge), 32 bytes */
  challenge: Uint8Array;
  proof: Uint8Array;
  /** accept 18 <= k < 32 as the reference verifier does (test plots only; consensus needs k >= 32) */
  allowSmallK?: boolean;
}

export type { VerifyResult };

export type ProofVerifier = (input: Omit<VerifyProofInput, 'version'>) => VerifyResult;

export const PROOF_VERIFIERS: Readonly<Record<number, ProofVerifier | undefined>> = {
  1: verifyChiaposProof,
  // 2: v2 plots (hard fork) — not implemented yet
};

export function verifyProof(input: VerifyProofInput): VerifyResult {
  const version = input.version ?? 1;
  const verifier = PROOF_VERIFIERS[version];
  if (!verifier) return { ok: false, reason: `unsupported proof version ${version}` };
  return verifier(input);
}
