import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDeadline, createNonceGenerator, hitOfScoop, parseGenerationSignature } from './deadline.ts';
import { bytesHashedPerNonce, generateNonceReference, JsNonceGenerator, NONCE_BYTES, poc1ToPoc2, scoopOf, u64 } from './nonce.ts';
import { shabal256Reference } from './shabal.reference.ts';
import { WasmNonceGenerator } from './wasm.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('nonce generation', () => {
  // signumj PlotCalculatorTest: account 7009665667967103287, nonce 0, generation signature 6ec823…
  const accountId = 7009665667967103287n;
  const genSig = parseGenerationSignature('6ec823b5fd86c4aee9f7c3453cacaf4a43296f48ede77e70060ca8225c2855d0');
  const reference = generateNonceReference(accountId, 0n, 1); // plain definition, ~5 s

  it('the WebAssembly and the TypeScript generators build the same bytes as the plain reference, PoC1 and PoC2', () => {
    const referencePoc2 = Uint8Array.from(reference);
    poc1ToPoc2(referencePoc2);
    for (const generator of [new WasmNonceGenerator(), new JsNonceGenerator()]) {
      expect(hex(generator.nonce(accountId, 0n, 1)), generator.backend).toBe(hex(reference));
      expect(hex(generator.nonce(accountId, 0n, 2)), generator.backend).toBe(hex(referencePoc2));
      for (const scoop of [0, 1, 2047, 2048, 3696, 4095]) {
        expect(hex(generator.scoop(accountId, 0n, scoop, 1))).toBe(hex(scoopOf(reference, scoop)));
        expect(hex(generator.scoop(accountId, 0n, scoop, 2))).toBe(hex(scoopOf(referencePoc2, scoop)));
      }
    }
  });

  it('the reference alone (reference nonce, reference Shabal) gives the upstream PoC1 deadline', () => {
    const height = new Uint8Array(8);
    new DataView(height.buffer).setBigUint64(0, 500000n, false);
    const h = shabal256Reference(Uint8Array.from([...genSig, ...height]));
    const scoop = ((h[30]! & 0x0f) << 8) | h[31]!;
    expect(scoop).toBe(3696);
    const hitHash = shabal256Reference(Uint8Array.from([...genSig, ...scoopOf(reference, scoop)]));
    const hit = new DataView(hitHash.buffer).getBigUint64(0, true);
    expect(hit).toBe(5385592725439923843n);
    expect(hit / 70312n).toBe(76595641219705n); // signumj asserts this deadline
  });

  it('the 4-lane WebAssembly build gives each nonce of a batch the same scoops as the one-nonce build', () => {
    const generator = new WasmNonceGenerator();
    const requests = [
      { accountId, nonce: 0n, scoop: 3696, version: 1 as const },
      { accountId, nonce: 0n, scoop: 3696, version: 2 as const },
      { accountId: 2n ** 64n - 1n, nonce: 123456789n, scoop: 0, version: 2 as const },
      { accountId: 42n, nonce: 2n ** 63n, scoop: 4095, version: 1 as const },
    ];
    const single = requests.map((r) => hex(generator.scoop(r.accountId, r.nonce, r.scoop, r.version)));
    expect(single[0]).toBe(hex(scoopOf(reference, 3696)));
    for (const n of [2, 3, 4]) expect(generator.scoops(requests.slice(0, n)).map(hex)).toEqual(single.slice(0, n));
    expect(generator.scoops(requests.slice(0, 1)).map(hex)).toEqual(single.slice(0, 1));
    expect(() => generator.scoops([...requests, requests[0]!])).toThrow(RangeError);
  });

  it('PoC2 swaps the second hash of scoop n with that of scoop 4095 − n, and back', () => {
    const nonce = Uint8Array.from({ length: NONCE_BYTES }, (_, i) => (i * 7) & 0xff);
    const copy = Uint8Array.from(nonce);
    poc1ToPoc2(copy);
    expect(hex(copy.subarray(0, 32))).toBe(hex(nonce.subarray(0, 32)));
    expect(hex(copy.subarray(32, 64))).toBe(hex(nonce.subarray(4095 * 64 + 32, 4096 * 64)));
    poc1ToPoc2(copy);
    expect(hex(copy)).toBe(hex(nonce));
  });

  it('hashes about 32 MiB per nonce (8,193 Shabal-256 calls)', () => {
    expect(bytesHashedPerNonce()).toBe(33_554_448); // 8192 hashes of ≤ 4096 bytes + the final 262,160
  });

  it('refuses ids and nonces outside 0..2^64−1', () => {
    const generator = createNonceGenerator();
    expect(() => generator.scoop(1n << 64n, 0n, 0, 2)).toThrow(RangeError);
    expect(() => generator.scoop(1n, -1n, 0, 2)).toThrow(RangeError);
    expect(() => generator.scoop(1n, 1n, 4096, 2)).toThrow(RangeError);
    expect(() => u64('12a', 'nonce')).toThrow(/nonce is not an integer/);
    expect(u64('18446744073709551615')).toBe(2n ** 64n - 1n);
  });
});

describe('a flipped bit anywhere in the inputs changes the result (property)', () => {
  const base = {
    genSig: parseGenerationSignature('2a0757c8af2aa43b29515c872385ede31d0742b1ea29b93a1a8c38a11b8a37a0'),
    height: 41189n,
    accountId: 10282355196851764065n,
    nonce: 6729n,
    baseTarget: 18325193796n,
    version: 2 as const,
  };
  const nonces = createNonceGenerator();
  const original = computeDeadline(base, nonces);
  const runs = { numRuns: 12 };

  it('matches the Nogrod vector before flipping', () => {
    expect(original).toEqual({ scoop: 30, hit: 16933806889884032376n, deadline: 924072458n });
  });

  it('in the account id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 63 }), (bit) => computeDeadline({ ...base, accountId: base.accountId ^ (1n << BigInt(bit)) }, nonces).hit !== original.hit),
      runs,
    );
  });

  it('in the nonce', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 63 }), (bit) => computeDeadline({ ...base, nonce: base.nonce ^ (1n << BigInt(bit)) }, nonces).hit !== original.hit),
      runs,
    );
  });

  it('in the generation signature', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), (bit) => {
        const genSig = Uint8Array.from(base.genSig);
        genSig[bit >> 3]! ^= 1 << (bit & 7);
        return computeDeadline({ ...base, genSig }, nonces).hit !== original.hit;
      }),
      runs,
    );
  });

  it('in the height (the scoop hash changes)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 63 }), (bit) => computeDeadline({ ...base, height: base.height ^ (1n << BigInt(bit)) }, nonces).hit !== original.hit),
      runs,
    );
  });

  it('in the scoop data', () => {
    const data = nonces.scoop(base.accountId, base.nonce, 30, 2);
    const hit = hitOfScoop(base.genSig, data);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 511 }), (bit) => {
        const flipped = Uint8Array.from(data);
        flipped[bit >> 3]! ^= 1 << (bit & 7);
        return hitOfScoop(base.genSig, flipped) !== hit;
      }),
      { numRuns: 200 },
    );
  });

  it('PoC1 and PoC2 of the same nonce give different hits', () => {
    expect(computeDeadline({ ...base, version: 1 }, nonces).hit).toBe(9382489619911606787n);
  });
});
