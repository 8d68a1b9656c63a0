import { afterAll, describe, expect, it } from 'vitest';
import { BlsVerifierPool, bls } from './index.ts';

const text = (s: string) => new TextEncoder().encode(s);

function signedPartial(i: number) {
  const plotSk = bls.keyGen(new Uint8Array(32).fill(i + 1));
  const authSk = bls.keyGen(new Uint8Array(32).fill(i + 101));
  const message = text(`payload ${i}`);
  return {
    pks: [bls.skToPk(plotSk), bls.skToPk(authSk)],
    messages: [message, message],
    signature: bls.aggregate([bls.sign(plotSk, message), bls.sign(authSk, message)]),
  };
}

describe.each(['wasm', 'noble'] as const)('BlsVerifierPool (%s workers)', (backend) => {
  const pool = new BlsVerifierPool({ size: 2, backend });
  afterAll(() => pool.close());

  it('verifies partial signatures (plot key + authentication key) concurrently, with the same answers as in-thread', async () => {
    const partials = Array.from({ length: backend === 'wasm' ? 8 : 3 }, (_, i) => signedPartial(i));
    const tampered = partials.map((p, i) => ({ ...p, messages: [p.messages[0]!, text(`other ${i}`)] }));
    const results = await Promise.all([...partials, ...tampered].map((p) => pool.aggregateVerify(p.pks, p.messages, p.signature)));
    expect(results).toEqual([...partials.map(() => true), ...tampered.map(() => false)]);
    expect(results).toEqual([...partials, ...tampered].map((p) => bls.aggregateVerify(p.pks, p.messages, p.signature)));
  });

  it('answers false for malformed keys and signatures instead of failing', async () => {
    const p = signedPartial(0);
    expect(await pool.aggregateVerify([new Uint8Array(48), p.pks[1]!], p.messages, p.signature)).toBe(false);
    expect(await pool.aggregateVerify(p.pks, p.messages, new Uint8Array(7))).toBe(false);
    expect(await pool.aggregateVerify(p.pks, [p.messages[0]!], p.signature)).toBe(false);
    expect(await pool.verify(p.pks[0]!, p.messages[0]!, p.signature)).toBe(false);
    expect(await pool.aggregateVerify(p.pks, p.messages, p.signature)).toBe(true);
  });
});

describe('BlsVerifierPool and the event loop', () => {
  it('keeps the event loop turning while signatures are verified', async () => {
    const pool = new BlsVerifierPool({ size: 2 });
    try {
      const partials = Array.from({ length: 6 }, (_, i) => signedPartial(i));
      await pool.aggregateVerify(partials[0]!.pks, partials[0]!.messages, partials[0]!.signature); // workers loaded
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      const results = await Promise.all(partials.map((p) => pool.aggregateVerify(p.pks, p.messages, p.signature)));
      clearInterval(timer);
      expect(results.every(Boolean)).toBe(true);
      expect(ticks).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('a worker that dies rejects its task; a new worker takes over', async () => {
    const pool = new BlsVerifierPool({ size: 1 });
    try {
      const p = signedPartial(2);
      expect(await pool.aggregateVerify(p.pks, p.messages, p.signature)).toBe(true);
      const inFlight = pool.aggregateVerify(p.pks, p.messages, p.signature);
      const slots = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots;
      await slots[0]!.worker.terminate();
      await expect(inFlight).rejects.toThrow('exited');
      expect(await pool.aggregateVerify(p.pks, p.messages, p.signature)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('refuses work after close', async () => {
    const pool = new BlsVerifierPool({ size: 1 });
    await pool.close();
    const p = signedPartial(1);
    await expect(pool.aggregateVerify(p.pks, p.messages, p.signature)).rejects.toThrow('closed');
  });
});
