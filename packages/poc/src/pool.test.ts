import { afterAll, describe, expect, it } from 'vitest';
import { computeDeadline, computeDeadlines, parseGenerationSignature, type Submission } from './deadline.ts';
import { PocVerifierPool } from './pool.ts';

const genSig = parseGenerationSignature('2a0757c8af2aa43b29515c872385ede31d0742b1ea29b93a1a8c38a11b8a37a0');
const submission = (nonce: bigint): Submission => ({ genSig, height: 41189n, accountId: 10282355196851764065n, nonce, baseTarget: 18325193796n, version: 2 });

describe.each(['wasm', 'js'] as const)('PocVerifierPool (%s workers)', (backend) => {
  const pool = new PocVerifierPool({ size: 2, backend });
  afterAll(() => pool.close());

  it('verifies submissions concurrently, with the same answers as in-thread (the Nogrod vector among them)', async () => {
    const subs = [6729n, 1n, 2n, 3n].map(submission);
    const results = await Promise.all(subs.map((s) => pool.deadline(s)));
    expect(results[0]).toEqual({ scoop: 30, hit: 16933806889884032376n, deadline: 924072458n });
    expect(results).toEqual(subs.map((s) => computeDeadline(s)));
  });

  it('rejects bad input with a RangeError and keeps working', async () => {
    await expect(pool.deadline({ ...submission(1n), nonce: 1n << 64n })).rejects.toThrow(RangeError);
    await expect(pool.deadline({ ...submission(1n), baseTarget: 0n })).rejects.toThrow(/baseTarget/);
    expect((await pool.deadline(submission(6729n))).deadline).toBe(924072458n);
  });
});

describe('PocVerifierPool batches (WebAssembly, 4 nonces at once)', () => {
  it('answers a queue of submissions taken four at a time exactly as one by one, a bad one rejected alone', async () => {
    const pool = new PocVerifierPool({ size: 1 });
    try {
      expect(pool.batch).toBe(4);
      const subs = [6729n, 10n, 11n, 12n, 13n, 14n, 15n].map(submission);
      const bad = { ...submission(16n), accountId: -1n };
      const settled = await Promise.allSettled([...subs.slice(0, 2), bad, ...subs.slice(2)].map((s) => pool.deadline(s)));
      expect(settled[2]).toMatchObject({ status: 'rejected', reason: expect.any(RangeError) });
      const answered = settled.filter((_, i) => i !== 2).map((r) => (r.status === 'fulfilled' ? r.value : r.reason));
      expect(answered).toEqual(subs.map((s) => computeDeadline(s)));
    } finally {
      await pool.close();
    }
  });

  it('computeDeadlines gives each submission its own outcome', () => {
    const outcomes = computeDeadlines([submission(6729n), { ...submission(1n), baseTarget: 0n }, { ...submission(6729n), version: 1 }]);
    expect(outcomes).toEqual([
      { ok: true, result: { scoop: 30, hit: 16933806889884032376n, deadline: 924072458n } },
      { ok: false, error: 'baseTarget must be positive' },
      { ok: true, result: { scoop: 30, hit: 9382489619911606787n, deadline: 511999475n } },
    ]);
  });
});

describe('PocVerifierPool and the event loop', () => {
  it('keeps the event loop turning while nonces are rebuilt', async () => {
    const pool = new PocVerifierPool({ size: 2 });
    try {
      await pool.deadline(submission(0n)); // workers loaded
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      const results = await Promise.all([1n, 2n, 3n, 4n].map((n) => pool.deadline(submission(n))));
      clearInterval(timer);
      expect(results).toHaveLength(4);
      expect(ticks).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('a worker that dies rejects the submission it held; a new worker takes over the queue', async () => {
    const pool = new PocVerifierPool({ size: 1 });
    try {
      expect((await pool.deadline(submission(6729n))).deadline).toBe(924072458n);
      // the first goes to the free worker at once, the other two wait in the queue
      const [held, ...queued] = [1n, 2n, 3n].map((n) => pool.deadline(submission(n)));
      const slots = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots;
      await slots[0]!.worker.terminate();
      await expect(held).rejects.toThrow('exited');
      expect(await Promise.all(queued)).toEqual([2n, 3n].map((n) => computeDeadline(submission(n))));
      expect((await pool.deadline(submission(6729n))).deadline).toBe(924072458n);
    } finally {
      await pool.close();
    }
  });

  it('a closed pool refuses work', async () => {
    const pool = new PocVerifierPool({ size: 1 });
    await pool.close();
    await expect(pool.deadline(submission(1n))).rejects.toThrow(/closed/);
  });
});
