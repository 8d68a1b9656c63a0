import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { nobleBackend } from './noble.ts';
import { createWasmBackend } from './wasm.ts';
import type { BlsBackend } from './types.ts';

export { AUG_SCHEME_DST, BlsInputError, G1_SIZE, G2_SIZE, SK_SIZE, type BlsBackend } from './types.ts';
export { CURVE_ORDER } from './keygen.ts';
export { nobleBackend } from './noble.ts';
export { createWasmBackend, type WasmBls } from './wasm.ts';
export { BlsVerifierPool, type BlsVerifierPoolOptions } from './pool.ts';

/** Chia's own BLS (WASM), one instance for this thread. */
export const wasmBackend = createWasmBackend();

/**
 * The default backend: Chia's WASM build, measured ~4–5× faster than @noble/curves on this
 * machine (`BENCH_ONLY=bls npm run bench`); both agree on Chia's published vectors (tests).
 */
export const bls: BlsBackend = wasmBackend;

export function backendByName(name: BlsBackend['name']): BlsBackend {
  return name === 'noble' ? nobleBackend : wasmBackend;
}

export const keyGen = (seed: Uint8Array): Uint8Array => bls.keyGen(seed);
export const skToPk = (sk: Uint8Array): Uint8Array => bls.skToPk(sk);
export const sign = (sk: Uint8Array, message: Uint8Array): Uint8Array => bls.sign(sk, message);
export const verify = (pk: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean => bls.verify(pk, message, signature);
export const aggregate = (signatures: readonly Uint8Array[]): Uint8Array => bls.aggregate(signatures);
export const aggregateVerify = (pks: readonly Uint8Array[], messages: readonly Uint8Array[], signature: Uint8Array): boolean => bls.aggregateVerify(pks, messages, signature);
export const g1Add = (points: readonly Uint8Array[]): Uint8Array => bls.g1Add(points);
export const isValidG1 = (bytes: Uint8Array): boolean => bls.isValidG1(bytes);
export const isValidG2 = (bytes: Uint8Array): boolean => bls.isValidG2(bytes);

/** chia proof_of_space.generate_taproot_sk: key_gen(sha256(bytes(local + farmer) ‖ local ‖ farmer)). */
export function generateTaprootSk(localPk: Uint8Array, farmerPk: Uint8Array): Uint8Array {
  return bls.keyGen(sha256(concatBytes(bls.g1Add([localPk, farmerPk]), localPk, farmerPk)));
}

/**
 * chia proof_of_space.generate_plot_public_key: local + farmer, plus the taproot key for plots
 * that pay to a pool contract (plot NFTs), which Chia creates with include_taproot = true.
 */
export function generatePlotPublicKey(localPk: Uint8Array, farmerPk: Uint8Array, includeTaproot: boolean): Uint8Array {
  const points = [localPk, farmerPk];
  if (includeTaproot) points.push(bls.skToPk(generateTaprootSk(localPk, farmerPk)));
  return bls.g1Add(points);
}
