import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The consensus formulas around a proof of space that a pool needs (chia-blockchain
 * proof_of_space.py, pot_iterations.py, pos_quality.py). std_hash is sha256.
 */

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function expectLength(name: string, bytes: Uint8Array, length: number): void {
  if (bytes.length !== length) throw new RangeError(`${name} must be ${length} bytes, got ${bytes.length}`);
}

/** Plot id of a plot made for a pool contract (plot NFT): sha256(pool contract puzzle hash ‖ plot public key). */
export function calculatePlotIdPh(poolContractPuzzleHash: Uint8Array, plotPublicKey: Uint8Array): Uint8Array {
  expectLength('pool contract puzzle hash', poolContractPuzzleHash, 32);
  expectLength('plot public key', plotPublicKey, 48);
  return sha256(concat(poolContractPuzzleHash, plotPublicKey));
}

/**
 * Plot id from two keys: sha256(first ‖ plot public key). Chia names it calculate_plot_id_pk
 * for OG plots made to a pool public key (48 bytes); given the 32-byte pool contract puzzle
 * hash it is the same hash as calculatePlotIdPh, so either call gives a pool plot's id.
 */
export function calculatePlotIdPk(poolKeyOrPuzzleHash: Uint8Array, plotPublicKey: Uint8Array): Uint8Array {
  if (poolKeyOrPuzzleHash.length !== 48 && poolKeyOrPuzzleHash.length !== 32) {
    throw new RangeError(`pool public key must be 48 bytes (or a 32-byte pool contract puzzle hash), got ${poolKeyOrPuzzleHash.length}`);
  }
  expectLength('plot public key', plotPublicKey, 48);
  return sha256(concat(poolKeyOrPuzzleHash, plotPublicKey));
}

/** sha256(plot id ‖ challenge hash ‖ signage point): the plot filter's input. */
export function calculatePlotFilterInput(plotId: Uint8Array, challengeHash: Uint8Array, signagePoint: Uint8Array): Uint8Array {
  expectLength('plot id', plotId, 32);
  expectLength('challenge hash', challengeHash, 32);
  expectLength('signage point', signagePoint, 32);
  return sha256(concat(plotId, challengeHash, signagePoint));
}

/** The challenge a plot's proof must answer: sha256 of the plot filter input. */
export function calculatePosChallenge(plotId: Uint8Array, challengeHash: Uint8Array, signagePoint: Uint8Array): Uint8Array {
  return sha256(calculatePlotFilterInput(plotId, challengeHash, signagePoint));
}

/**
 * A network's plot filter schedule (chia's ConsensusConstants): the zero bits of a v1 plot's
 * filter at genesis, and the heights from which it drops by 1 (HARD_FORK_HEIGHT), 2, 3 and 4.
 */
export interface PlotFilterSchedule {
  zeroBits: number;
  hardForkHeight: number;
  filter128Height: number;
  filter64Height: number;
  filter32Height: number;
}

/** Mainnet: 9 bits (1/512), 8 from 5,496,000 (June 2024), 7 from 10,542,000, 6 from 15,592,000, 5 from 20,643,000. */
export const MAINNET_PLOT_FILTER: PlotFilterSchedule = {
  zeroBits: 9,
  hardForkHeight: 5_496_000,
  filter128Height: 10_542_000,
  filter64Height: 15_592_000,
  filter32Height: 20_643_000,
};

/** testnet11 (chia's initial-config overrides): the hard fork from genesis. */
export const TESTNET11_PLOT_FILTER: PlotFilterSchedule = { zeroBits: 9, hardForkHeight: 0, filter128Height: 6_029_568, filter64Height: 11_075_328, filter32Height: 16_121_088 };

/** calculate_prefix_bits: the zero bits a v1 plot's filter needs at `height`. */
export function calculatePrefixBits(schedule: PlotFilterSchedule, height: number): number {
  let bits = schedule.zeroBits;
  if (height >= schedule.filter32Height) bits -= 4;
  else if (height >= schedule.filter64Height) bits -= 3;
  else if (height >= schedule.filter128Height) bits -= 2;
  else if (height >= schedule.hardForkHeight) bits -= 1;
  return Math.max(0, bits);
}

/** True when the first `prefixBits` bits of the plot filter input are zero (0 bits: always). */
export function passesPlotFilter(prefixBits: number, plotId: Uint8Array, challengeHash: Uint8Array, signagePoint: Uint8Array): boolean {
  if (!Number.isInteger(prefixBits) || prefixBits < 0 || prefixBits > 256) throw new RangeError('prefix bits must be 0..256');
  const input = calculatePlotFilterInput(plotId, challengeHash, signagePoint);
  let bits = prefixBits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((input[i]! & mask) !== 0) return false;
  }
  return true;
}

/** Expected plot size in bytes-ish units the consensus divides by: (2k + 1) · 2^(k − 1). */
export function expectedPlotSize(k: number): bigint {
  if (!Number.isInteger(k) || k < 1) throw new RangeError('k must be a positive integer');
  return BigInt(2 * k + 1) * (1n << BigInt(k - 1));
}

const UINT64_MAX = (1n << 64n) - 1n;

/**
 * Required iterations of a proof: difficulty · constant factor · sha256(quality ‖ cc sp
 * output hash) / (2^256 · expected plot size), at least 1. Throws when the result does not
 * fit a uint64 (the reference's uint64() refuses it too).
 */
export function calculateIterationsQuality(difficultyConstantFactor: bigint, qualityString: Uint8Array, size: number, difficulty: bigint, ccSpOutputHash: Uint8Array): bigint {
  expectLength('quality string', qualityString, 32);
  expectLength('cc sp output hash', ccSpOutputHash, 32);
  const spQuality = sha256(concat(qualityString, ccSpOutputHash));
  let spQualityInt = 0n;
  for (const byte of spQuality) spQualityInt = (spQualityInt << 8n) | BigInt(byte);
  const iters = (difficulty * difficultyConstantFactor * spQualityInt) / ((1n << 256n) * expectedPlotSize(size));
  if (iters > UINT64_MAX) throw new RangeError('required iterations exceed uint64');
  return iters < 1n ? 1n : iters;
}
