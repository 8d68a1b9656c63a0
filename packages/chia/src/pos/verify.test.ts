import { describe, expect, it } from 'vitest';
import { verifyProof } from './verify.ts';
import { calculatePlotIdPh } from './consensus.ts';
import { loadMainnetProofs, loadVectors, seededRandom, toHex } from './testing.ts';

const vectors = loadVectors();

describe('chiapos proof verification (v1)', () => {
  it('accepts every reference vector with exactly its quality string', () => {
    expect(vectors).toHaveLength(24);
    for (const v of vectors) {
      const result = verifyProof({ plotId: v.plotId, k: v.k, challenge: v.challenge, proof: v.proof, allowSmallK: true });
      expect(result.ok ? toHex(result.quality) : result.reason).toBe(toHex(v.quality));
    }
  });

  it('rejects 1,000 proofs with one flipped bit each', () => {
    const random = seededRandom(0x5eed);
    const accepted: string[] = [];
    for (let n = 0; n < 1000; n++) {
      const v = vectors[Math.floor(random() * vectors.length)]!;
      const bit = Math.floor(random() * v.proof.length * 8);
      const proof = v.proof.slice();
      proof[bit >> 3]! ^= 0x80 >> (bit & 7);
      const result = verifyProof({ plotId: v.plotId, k: v.k, challenge: v.challenge, proof, allowSmallK: true });
      if (result.ok) accepted.push(`bit ${bit} of ${toHex(v.proof).slice(0, 16)}`);
    }
    expect(accepted).toEqual([]);
  });

  it('rejects a valid proof against another challenge or another plot id', () => {
    const v = vectors[0]!;
    const other = vectors.find((w) => toHex(w.challenge) !== toHex(v.challenge))!;
    expect(verifyProof({ ...v, challenge: other.challenge, allowSmallK: true })).toMatchObject({ ok: false });
    const first = v.plotId.slice();
    first[0]! ^= 1;
    expect(verifyProof({ ...v, plotId: first, allowSmallK: true })).toMatchObject({ ok: false });
  });

  it('keys F1 on the first 31 bytes of the plot id only, as chiapos does (the pos challenge binds the whole id)', () => {
    const v = vectors[0]!;
    const plotId = v.plotId.slice();
    plotId[31]! ^= 1;
    expect(verifyProof({ ...v, plotId, allowSmallK: true })).toMatchObject({ ok: true });
  });

  it('rejects a proof of the wrong length, a k out of range and a bad challenge or plot id length', () => {
    const v = vectors[0]!;
    expect(verifyProof({ ...v, proof: v.proof.subarray(1), allowSmallK: true })).toEqual({
      ok: false,
      reason: 'proof must be 168 bytes (64 x values of 21 bits), got 167',
    });
    expect(verifyProof({ ...v, proof: new Uint8Array([...v.proof, 0]), allowSmallK: true })).toMatchObject({ ok: false });
    expect(verifyProof({ ...v, k: 22, allowSmallK: true })).toMatchObject({ ok: false });
    expect(verifyProof({ ...v, k: 17, allowSmallK: true })).toMatchObject({ ok: false, reason: expect.stringContaining('from 18 to 50') });
    expect(verifyProof({ ...v, k: 51, allowSmallK: true })).toMatchObject({ ok: false });
    expect(verifyProof({ ...v, challenge: v.challenge.subarray(0, 31), allowSmallK: true })).toMatchObject({ ok: false });
    expect(verifyProof({ ...v, plotId: new Uint8Array(33), allowSmallK: true })).toMatchObject({ ok: false });
  });

  it('refuses k below 32 unless small k is allowed, as consensus does', () => {
    const v = vectors[0]!;
    expect(verifyProof({ plotId: v.plotId, k: v.k, challenge: v.challenge, proof: v.proof })).toEqual({
      ok: false,
      reason: 'k must be an integer from 32 to 50, got 21',
    });
  });

  it('knows only proof version 1 for now', () => {
    const v = vectors[0]!;
    expect(verifyProof({ ...v, version: 1, allowSmallK: true }).ok).toBe(true);
    expect(verifyProof({ ...v, version: 2, allowSmallK: true })).toEqual({ ok: false, reason: 'unsupported proof version 2' });
  });

  it('accepts k = 32 proofs from Chia mainnet blocks under consensus rules, and rejects them altered', () => {
    const random = seededRandom(32);
    for (const block of loadMainnetProofs()) {
      const plotId = calculatePlotIdPh(block.poolContractPuzzleHash, block.plotPublicKey);
      expect(verifyProof({ plotId, k: 32, challenge: block.challenge, proof: block.proof }), `height ${block.height}`).toMatchObject({ ok: true });
      for (let n = 0; n < 100; n++) {
        const proof = block.proof.slice();
        const bit = Math.floor(random() * proof.length * 8);
        proof[bit >> 3]! ^= 0x80 >> (bit & 7);
        expect(verifyProof({ plotId, k: 32, challenge: block.challenge, proof }).ok, `height ${block.height} bit ${bit}`).toBe(false);
      }
      expect(verifyProof({ plotId, k: 33, challenge: block.challenge, proof: new Uint8Array([...block.proof, ...new Uint8Array(8)]) }).ok).toBe(false);
    }
  });
});
