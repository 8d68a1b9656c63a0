import { nextGenerationSignature, parseGenerationSignature } from '@platter/poc';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../test/app.ts';
import { testDatabase } from '../../test/db.ts';
import type { Db } from '../db/database.ts';
import { networkDeadline, pocDevnet, retargetBaseTarget, type PocDevnet } from './poc-devnet.ts';

/** The devnet's simulated BHD-family chain (issue 21): real generation-signature chaining, retarget, competitors, bindings, reorgs. */

let db: Db;
let chain: PocDevnet;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

beforeAll(async () => {
  ({ db } = await testDatabase());
  chain = pocDevnet(db, 'LHD', { secret: TEST_SECRET, blockSeconds: 60, networkNonces: 64, scale: 8 });
});

describe('devnet PoC chain', () => {
  it('starts from the genesis base target scaled to its capacity and block time', async () => {
    const info = await chain.miningInfo();
    // LHD: 300 s and 14660155037 at genesis; 1 TiB (2^22 nonces) at 300 s would be exactly that.
    expect(info.baseTarget).toBe((14_660_155_037n * 4_194_304n * 300n) / (64n * 60n));
    expect(info.height).toBe(1);
    expect(info.targetDeadline).toBe(4_294_967_295n);
  });

  it('waits for the best deadline, then chains the generation signature through the block’s generator', async () => {
    const before = await chain.miningInfo();
    expect(await chain.advance(new Date(before.tipTime * 1000))).toBeUndefined();
    const block = await chain.advance(new Date(Date.now() + 10 ** 12));
    expect(block?.height).toBe(1);
    const after = await chain.miningInfo();
    expect(after.height).toBe(2);
    expect(after.generationSignature).toBe(hex(nextGenerationSignature(parseGenerationSignature(before.generationSignature), block!.plotterId)));
    expect(await chain.blockHash(1)).toBe(block?.hash);
    expect(await chain.blockHash(2)).toBeUndefined();
  });

  it('retargets: fast blocks lower the base target (longer deadlines), slow ones raise it, within ½–2×', () => {
    const at = (s: number) => new Date(1_700_000_000_000 + s * 1000);
    const window = (spacing: number) => [4, 3, 2, 1, 0].map((i) => ({ time: at(i * spacing), baseTarget: 1_000_000n }));
    expect(retargetBaseTarget(1_000_000n, window(60), 60)).toBe(1_000_000n);
    expect(retargetBaseTarget(1_000_000n, window(45), 60)).toBe(750_000n);
    expect(retargetBaseTarget(1_000_000n, window(90), 60)).toBe(1_500_000n);
    expect(retargetBaseTarget(1_000_000n, window(1), 60)).toBe(500_000n);
    expect(retargetBaseTarget(1_000_000n, window(600), 60)).toBe(2_000_000n);
  });

  it('draws the competitors’ deadline from their capacity: twice the plots, half the deadline on average', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const mean = (nonces: number) => Array.from({ length: 4000 }, () => Number(networkDeadline(nonces, 2n ** 40n, random))).reduce((a, b) => a + b, 0) / 4000;
    const ratio = mean(64) / mean(128);
    expect(ratio).toBeGreaterThan(1.8);
    expect(ratio).toBeLessThan(2.2);
  });

  it('binds plotters with transactions mined into the next block; a later unbind ends the binding', async () => {
    await chain.bindPlotter(42n, 'pool-address');
    expect(await chain.plotterBindings('pool-address')).toMatchObject([{ plotterId: 42n, active: false }]);
    const block = await chain.advance(new Date(), { force: true });
    expect(await chain.plotterBindings('pool-address')).toMatchObject([{ plotterId: 42n, active: true, height: block!.height }]);
    await chain.bindPlotter(42n, 'pool-address', true);
    await chain.advance(new Date(), { force: true });
    expect(await chain.plotterBindings('pool-address')).toMatchObject([{ plotterId: 42n, active: false }]);
  });

  it('refuses a nonce for another height or from a plotter not bound to the address', async () => {
    const info = await chain.miningInfo();
    expect(await chain.submitNonce({ plotterId: 42n, nonce: 1n, height: info.height + 1, address: 'pool-address' })).toMatchObject({ accepted: false });
    expect(await chain.submitNonce({ plotterId: 43n, nonce: 1n, height: info.height, address: 'pool-address' })).toMatchObject({ accepted: false });
  });

  it('a reorganisation replaces blocks: their hashes change and mining resumes above the fork', async () => {
    const tip = (await chain.miningInfo()).height - 1;
    const old = await chain.blockHash(tip);
    await chain.reorg(tip - 1);
    expect(await chain.blockHash(tip)).toBeUndefined();
    expect((await chain.miningInfo()).height).toBe(tip);
    await chain.advance(new Date(), { force: true });
    expect(await chain.blockHash(tip)).not.toBe(old);
  });
});
