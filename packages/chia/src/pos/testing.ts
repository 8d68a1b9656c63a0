import fs from 'node:fs';
import path from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';

/** Test helpers: the chiapos vectors (fixtures/, copied from the shared vectors) and a seeded RNG. */
export interface ProofVector {
  plotId: Uint8Array;
  k: number;
  challenge: Uint8Array;
  proof: Uint8Array;
  quality: Uint8Array;
}

export const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));
export const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

export function loadVectors(): ProofVector[] {
  return readCsv('chiapos-k21-proofs.csv').map(([plotId, k, challenge, proof, quality]) => ({
    plotId: hex(plotId!),
    k: Number(k),
    challenge: hex(challenge!),
    proof: hex(proof!),
    quality: hex(quality!),
  }));
}

export interface MainnetProof {
  height: number;
  challenge: Uint8Array;
  plotPublicKey: Uint8Array;
  poolContractPuzzleHash: Uint8Array;
  proof: Uint8Array;
}

/** Two k = 32 proofs from Chia mainnet blocks (see fixtures/README.md). */
export function loadMainnetProofs(): MainnetProof[] {
  return readCsv('chia-mainnet-k32-proofs.csv').map(([height, challenge, plotPublicKey, poolContractPuzzleHash, proof]) => ({
    height: Number(height),
    challenge: hex(challenge!),
    plotPublicKey: hex(plotPublicKey!),
    poolContractPuzzleHash: hex(poolContractPuzzleHash!),
    proof: hex(proof!),
  }));
}

function readCsv(name: string): string[][] {
  return fs
    .readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(',').map((s) => s.trim()));
}

/** Deterministic numbers in [0, 1) from sha256(seed ‖ counter), so failures reproduce. */
export function seededRandom(seed: number): () => number {
  const input = new Uint8Array(8);
  const view = new DataView(input.buffer);
  view.setUint32(0, seed >>> 0);
  let block = new DataView(new ArrayBuffer(32));
  let used = 32;
  return () => {
    if (used === 32) {
      view.setUint32(4, view.getUint32(4) + 1);
      const digest = sha256(input);
      block = new DataView(digest.buffer, digest.byteOffset, 32);
      used = 0;
    }
    const value = block.getUint32(used);
    used += 4;
    return value / 4294967296;
  };
}
