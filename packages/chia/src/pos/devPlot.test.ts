import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { createDevPlot, createDevPlotOffThread } from './devPlot.ts';
import { verifyProof } from './verify.ts';
import { loadVectors, toHex } from './testing.ts';

const challenge = (n: number): Uint8Array => {
  const counter = new Uint8Array(4);
  new DataView(counter.buffer).setUint32(0, n);
  return sha256(counter);
};

describe('dev plot (small-k prover for the devnet simulator)', () => {
  it('answers challenges with proofs that the verifier accepts with the same quality', () => {
    const plotId = sha256(new TextEncoder().encode('platter dev plot'));
    const plot = createDevPlot(plotId, 18);
    let proofs = 0;
    let challengesWithProofs = 0;
    for (let n = 0; n < 120; n++) {
      const found = plot.proofsFor(challenge(n));
      if (found.length) challengesWithProofs++;
      for (const { proof, quality } of found) {
        proofs++;
        const result = verifyProof({ plotId, k: 18, challenge: challenge(n), proof, allowSmallK: true });
        expect(result.ok ? toHex(result.quality) : result.reason).toBe(toHex(quality));
        // a proof answers its own challenge only
        expect(verifyProof({ plotId, k: 18, challenge: challenge(n + 1000), proof, allowSmallK: true }).ok).toBe(false);
      }
    }
    // about one proof per challenge on average; a plot that finds none would make this test empty
    expect(proofs).toBeGreaterThan(40);
    expect(challengesWithProofs).toBeGreaterThan(30);
  });

  it('plots in a worker thread: the same proofs, while this thread goes on answering', async () => {
    const plotId = sha256(new TextEncoder().encode('platter dev plot off thread'));
    // The event loop's longest pause while the plot is made elsewhere (plotting takes seconds).
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 20);
    const started = performance.now();
    const plot = await createDevPlotOffThread(plotId, 18);
    const plotting = performance.now() - started;
    clearInterval(timer);
    const here = createDevPlot(plotId, 18);
    const asHex = (proofs: { proof: Uint8Array; quality: Uint8Array }[]) => proofs.map((p) => `${toHex(p.proof)} ${toHex(p.quality)}`);
    let found = 0;
    for (let n = 0; n < 40; n++) {
      const proofs = plot.proofsFor(challenge(n));
      found += proofs.length;
      expect(asHex(proofs)).toEqual(asHex(here.proofsFor(challenge(n))));
    }
    expect(found).toBeGreaterThan(10);
    // Loading the worker's modules may take a moment on this thread; the plotting itself none.
    expect(longest).toBeLessThan(plotting / 2);
    await expect(createDevPlotOffThread(new Uint8Array(32), 17)).rejects.toThrow(RangeError);
  }, 120_000);

  it('refuses sizes outside 18..21 and malformed ids', () => {
    expect(() => createDevPlot(new Uint8Array(32), 17)).toThrow(RangeError);
    expect(() => createDevPlot(new Uint8Array(32), 22)).toThrow(RangeError);
    expect(() => createDevPlot(new Uint8Array(31), 18)).toThrow(RangeError);
  });

  // k = 21 takes 15–45 s (shared machine) and ~350 MB here; run with CHIA_POS_K21=1
  it.runIf(process.env.CHIA_POS_K21 === '1')(
    'plotting the reference vectors’ plot id at k = 21 finds every reference proof with its quality, and no others',
    () => {
      const vectors = loadVectors();
      const plot = createDevPlot(vectors[0]!.plotId, 21);
      const expected = new Map<string, string[]>();
      for (const v of vectors) expected.set(toHex(v.challenge), [...(expected.get(toHex(v.challenge)) ?? []), `${toHex(v.proof)} ${toHex(v.quality)}`]);
      const challenges = [...expected.keys()];
      challenges.forEach((c, i) => {
        const found = plot.proofsFor(Uint8Array.from(Buffer.from(c, 'hex'))).map((p) => `${toHex(p.proof)} ${toHex(p.quality)}`);
        const want = expected.get(c)!;
        // the fixture stops after 24 lines, so the last challenge may list fewer proofs than the plot has
        if (i === challenges.length - 1) expect(found).toEqual(expect.arrayContaining(want));
        else expect(found.sort()).toEqual([...want].sort());
      });
    },
    120_000,
  );
});
