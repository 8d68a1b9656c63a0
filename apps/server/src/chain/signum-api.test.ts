import { signumAddressOf } from '@platter/domain';
import { computeDeadline, computeDeadlines, nextGenerationSignature, type DeadlineResult } from '@platter/poc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSignumNode, type FakeSignumNode } from '../../test/signum-node-fake.ts';
import { ConfigError, loadConfig, signumNodeConfig } from '../config.ts';
import type { PocChain } from './poc.ts';
import { SIGNUM_EPOCH, SignumApiError, signumApiClient, signumPocChain, type SignumApiClient } from './signum-api.ts';

/**
 * The Signum node adapter (PocChain) against a local HTTP server that answers `/burst` as
 * signum-node's handlers do (test/signum-node-fake.ts): figures as strings, refusals as
 * `{errorCode, errorDescription}` with HTTP 200, submitNonce POST only and bound to the
 * reward recipient, getBlocks newest first from the tip and 100 at most, assignments in force
 * 4 blocks after they are mined.
 */

const POOL = 7_009_665_667_967_103_287n; // signumj's S-WEBR-T74Q-HQJY-8PUK4
const PASSPHRASE = 'pool passphrase of the fake';
const PLOTTER = 10_282_355_196_851_764_065n; // > 2^53
let fake: FakeSignumNode;
let api: SignumApiClient;
let chain: PocChain;
/** The pool's verifier as the adapter gets it (here in this thread, with the WebAssembly nonce builder). */
const verify = async (s: Parameters<typeof computeDeadline>[0]): Promise<DeadlineResult> => {
  const [outcome] = computeDeadlines([s]);
  if (!outcome?.ok) throw new RangeError(outcome?.error);
  return outcome.result;
};

beforeAll(async () => {
  fake = await startFakeSignumNode();
  fake.passphrases.set(PASSPHRASE, POOL);
  api = signumApiClient({ url: fake.url, timeoutMs: 5_000 });
  chain = signumPocChain('BURST', api, { poolAccount: 'S-WEBR-T74Q-HQJY-8PUK4', passphrase: PASSPHRASE, verify });
  for (let i = 0; i < 3; i++) fake.mine();
});
afterAll(async () => {
  api.close();
  await fake.close();
});

describe('Signum HTTP API', () => {
  it('reads the mining info: strings to numbers, the next generation signature, the tip time from the Signum epoch', async () => {
    const tip = fake.tip();
    const info = await chain.miningInfo();
    expect(info.height).toBe(tip.height + 1);
    expect(info.generationSignature).toBe(Buffer.from(nextGenerationSignature(Buffer.from(tip.generationSignature, 'hex'), tip.generator)).toString('hex'));
    expect(info.baseTarget).toBe(tip.baseTarget);
    expect(info.tipTime).toBe(SIGNUM_EPOCH + tip.timestamp);
  });

  it("reports the node's refusals with their code, and a proxy's HTTP error", async () => {
    await expect(api.get('nosuchRequest')).rejects.toMatchObject({ code: 1, reason: 'Incorrect request' });
    const error = await api.get('getRewardRecipient').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignumApiError);
    expect(error).toMatchObject({ code: 3, reason: '"account" not specified' });
    // submitNonce is POST only: over GET the node refuses it.
    await expect(api.get('submitNonce', { nonce: '1', accountId: '1' })).rejects.toMatchObject({ code: 1, reason: 'This request is only accepted using POST!' });
    fake.failOnce.set('getMiningInfo', 503);
    await expect(chain.miningInfo()).rejects.toThrow(/HTTP 503/);
    expect((await chain.miningInfo()).height).toBe(fake.tip().height + 1);
  });
});

describe('reward recipient and nonces', () => {
  it('takes a nonce only once the plotter assigned the pool as its reward recipient and the assignment is in force (4 blocks)', async () => {
    const submit = async () => chain.submitNonce({ plotterId: PLOTTER, nonce: 77n, height: (await chain.miningInfo()).height, address: signumAddressOf(POOL) });
    expect(await submit()).toEqual({ accepted: false, reason: 'Passphrase does not match reward recipient' });
    expect(await chain.plotterBindings(signumAddressOf(POOL))).toEqual([]);

    const txid = fake.assign(PLOTTER, POOL);
    const holding = fake.mine();
    for (let i = 0; i < 2; i++) fake.mine();
    // Mined 3 blocks ago: not yet in force for the block being mined.
    expect(await chain.plotterBindings(signumAddressOf(POOL))).toEqual([]);
    expect((await submit()).accepted).toBe(false);
    fake.mine();

    expect(await chain.plotterBindings(signumAddressOf(POOL))).toEqual([
      { plotterId: PLOTTER, address: 'S-WEBR-T74Q-HQJY-8PUK4', txid: txid.toString(), height: holding.height, active: true },
    ]);
    const tip = fake.tip();
    const expected = computeDeadline({
      genSig: nextGenerationSignature(Buffer.from(tip.generationSignature, 'hex'), tip.generator),
      height: tip.height + 1,
      accountId: PLOTTER,
      nonce: 77n,
      baseTarget: tip.baseTarget,
      version: 2,
    }).deadline;
    expect(await submit()).toEqual({ accepted: true, deadline: expected });
    expect(fake.submitted.at(-1)).toEqual({ accountId: PLOTTER.toString(), nonce: '77', blockheight: String(tip.height + 1), secretPhrase: PASSPHRASE });
  });

  it("refuses a nonce for another height, and one without the pool's passphrase, with the node's sentences", async () => {
    const height = (await chain.miningInfo()).height;
    expect(await chain.submitNonce({ plotterId: PLOTTER, nonce: 1n, height: height + 1, address: signumAddressOf(POOL) })).toEqual({
      accepted: false,
      reason: 'Given block height does not match current blockchain height',
    });
    const noPassphrase = signumPocChain('BURST', api, { poolAccount: POOL.toString(), verify });
    expect(await noPassphrase.submitNonce({ plotterId: PLOTTER, nonce: 1n, height, address: signumAddressOf(POOL) })).toEqual({
      accepted: false,
      reason: 'Missing Passphrase and account passphrase not in solo mining config',
    });
  });
});

describe('blocks', () => {
  it('reads more than one page of blocks oldest first, each with the base target its deadline divides by, its reward and its recipient', async () => {
    const from = fake.tip().height;
    const won = fake.mine({ generator: PLOTTER, nonce: 77n, reward: 123n * 100_000_000n, fees: 5_000_000n, cashBack: 1_000_000n, burnt: 500_000n });
    for (let i = 0; i < 104; i++) fake.mine();
    const to = fake.tip().height - 2;
    const blocks = await chain.blocks(from, to);
    expect(blocks.map((b) => b.height)).toEqual(Array.from({ length: to - from }, (_, i) => from + 1 + i));
    for (const block of blocks) {
      const own = fake.blocks[block.height]!;
      const previous = fake.blocks[block.height - 1]!;
      expect(block).toMatchObject({ hash: own.id.toString(), time: SIGNUM_EPOCH + own.timestamp, baseTarget: previous.baseTarget, plotterId: own.generator, nonce: own.nonce });
    }
    const first = blocks[0]!;
    expect(first.height).toBe(won.height);
    expect(first.rewardAddress).toBe('S-WEBR-T74Q-HQJY-8PUK4');
    expect(first.reward).toBe(123n * 100_000_000n + 5_000_000n - 1_000_000n - 500_000n);
    expect(first.deadline).toBe(
      computeDeadline({
        genSig: Buffer.from(won.generationSignature, 'hex'),
        height: won.height,
        accountId: PLOTTER,
        nonce: 77n,
        baseTarget: fake.blocks[won.height - 1]!.baseTarget,
        version: 2,
      }).deadline,
    );
    // A block of a plotter without an assignment pays the plotter itself.
    expect(blocks[1]!.rewardAddress).toBe(signumAddressOf(fake.blocks[won.height + 1]!.generator));
    // Another's block is only skipped: its deadline is the seconds it took, not recomputed.
    expect(blocks[1]!.deadline).toBe(240n);
    // Nothing above the tip; the node's hash per height, none above the tip.
    expect(await chain.blocks(fake.tip().height, fake.tip().height + 10)).toEqual([]);
    expect(await chain.blockHash(won.height)).toBe(won.id.toString());
    expect(await chain.blockHash(fake.tip().height + 1)).toBeUndefined();
  });
});

describe('settings', () => {
  it('takes BURST_RPC_URL with the pool account in any written form, and refuses an account the node could not read', () => {
    const env = { NODE_ENV: 'test', DATABASE_URL: 'postgres://x/y', SESSION_SECRET: 'x'.repeat(32) };
    expect(signumNodeConfig(loadConfig(env))).toBeUndefined();
    const node = signumNodeConfig(loadConfig({ ...env, BURST_RPC_URL: 'http://127.0.0.1:8125/', BURST_POOL_ADDRESS: 'BURST-WEBR-T74Q-HQJY-8PUK4', BURST_POOL_PASSPHRASE: 'x' }));
    expect(node).toMatchObject({ url: 'http://127.0.0.1:8125/', poolAddress: 'S-WEBR-T74Q-HQJY-8PUK4', passphrase: 'x' });
    expect(signumNodeConfig(loadConfig({ ...env, BURST_RPC_URL: 'http://127.0.0.1:8125/', BURST_POOL_ADDRESS: '7009665667967103287' }))?.poolAddress).toBe(
      'S-WEBR-T74Q-HQJY-8PUK4',
    );
    expect(() => signumNodeConfig(loadConfig({ ...env, BURST_RPC_URL: 'http://127.0.0.1:8125/' }))).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, BURST_RPC_URL: 'http://127.0.0.1:8125/', BURST_POOL_ADDRESS: 'S-WEBR-T74Q-HQJY-8PUK5' })).toThrow(/BURST_POOL_ADDRESS/);
  });
});
