import { computeDeadline, nextGenerationSignature } from '@platter/poc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_FEE, fakeBhdAddress, startFakeBhdNode, type FakeBhdNode } from '../../test/bhd-node-fake.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { SendRefusedError, type ChainAdapter } from './chain.ts';
import { baseUnitsOf, BhdRpcError, bhdPocChain, bhdRpcClient, coinsOf, parseRpcJson, rpcJson, termOfLockBlocks, type BhdRpcClient } from './bhd-rpc.ts';
import { bhdWalletAdapter, withBhdNodes } from './bhd-wallet.ts';
import type { PocMiningInfo } from './poc.ts';

/**
 * The BHD-family node adapters (PocChain and the custodial wallet) against a local HTTP server
 * that answers JSON-RPC as btchd does (test/bhd-node-fake.ts): its numbers, error objects and
 * HTTP statuses, its sort orders, a send that is stored before a late answer, a reorganisation.
 */

const PLOTTER = 10_282_355_196_851_764_065n; // > 2^53
let fake: FakeBhdNode;
let rpc: BhdRpcClient;

beforeAll(async () => {
  fake = await startFakeBhdNode();
  rpc = bhdRpcClient({ url: fake.url, timeoutMs: 5_000 });
});
afterAll(async () => {
  rpc.close();
  await fake.close();
});

describe('JSON-RPC transport', () => {
  it('keeps uint64 numbers and amounts exact both ways', () => {
    expect(parseRpcJson('{"a":18446744073709551615,"b":"x\\"9","c":-0.10000000,"d":[1,2e3],"e":9007199254740991}')).toEqual({
      a: '18446744073709551615',
      b: 'x"9',
      c: '-0.10000000',
      d: [1, '2e3'],
      e: 9007199254740991,
    });
    expect(rpcJson({ n: 18446744073709551615n, a: coinsOf(123_456_789n, 8) })).toBe('{"n":18446744073709551615,"a":1.23456789}');
    expect(baseUnitsOf('-0.10000000', 8)).toBe(-10_000_000n);
    expect(() => baseUnitsOf('0.000000001', 8)).toThrow(/decimals/);
  });

  it('authenticates with user and password (from the URL or apart) or the cookie file, read again after a restart', async () => {
    expect(await bhdRpcClient({ url: fake.bareUrl, user: fake.user, password: fake.password }).call('getblockcount')).toBe(fake.tip().height);
    const byCookie = bhdRpcClient({ url: fake.bareUrl, cookieFile: fake.cookieFile });
    expect(await byCookie.call('getblockcount')).toBe(fake.tip().height);
    fake.rotateCookie();
    expect(await byCookie.call('getblockcount')).toBe(fake.tip().height);
    await expect(bhdRpcClient({ url: fake.bareUrl, user: fake.user, password: 'wrong' }).call('getblockcount')).rejects.toThrow(/refused the RPC credentials \(HTTP 401\)/);
  });

  it("reports the node's error object with its code, an unknown method and a timeout", async () => {
    const error = await rpc.call('getblockhash', [10_000]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BhdRpcError);
    expect(error).toMatchObject({ code: -8, reason: 'Block height out of range' });
    await expect(rpc.call('nosuchmethod')).rejects.toMatchObject({ code: -32601 });
    // More calls at once than the node's work queue: the rest are turned away with 503.
    fake.workQueue = 1;
    fake.lateMs.getblockcount = 300;
    try {
      const answers = await Promise.allSettled([rpc.call('getblockcount'), rpc.call('getblockcount')]);
      expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(answers.find((a) => a.status === 'rejected')).toMatchObject({ reason: { message: 'getblockcount: HTTP 503 from the node: Work queue depth exceeded' } });
    } finally {
      fake.workQueue = 16;
    }
    fake.lateMs.getblockcount = 500;
    try {
      await expect(bhdRpcClient({ url: fake.url, timeoutMs: 100 }).call('getblockcount')).rejects.toThrow(/did not answer within 100 ms/);
    } finally {
      delete fake.lateMs.getblockcount;
    }
  });
});

/** The deadline a nonce earns in the round of `info` (PoC2, as the BHD family plots). */
const deadlineFor = (info: PocMiningInfo, plotterId: bigint, nonce: bigint) =>
  computeDeadline({ genSig: Buffer.from(info.generationSignature, 'hex'), height: info.height, accountId: plotterId, nonce, baseTarget: info.baseTarget, version: 2 }).deadline;

describe('PocChain over the node', () => {
  it('gives the mining info of the next block: real generation signature, base target and tip time', async () => {
    fake.mine({ plotterId: PLOTTER, nonce: 6729n });
    const chain = bhdPocChain('BHD', rpc);
    const tip = fake.tip();
    const info = await chain.miningInfo();
    expect(info).toEqual({
      height: tip.height + 1,
      generationSignature: Buffer.from(nextGenerationSignature(Buffer.from(tip.generationSignature, 'hex'), PLOTTER)).toString('hex'),
      baseTarget: tip.baseTarget,
      targetDeadline: 4_294_967_295n,
      tipTime: tip.time,
    });
  });

  it("submits a nonce with the node's own deadline; an unbound plotter, another height and a bad number are refused with the node's reason", async () => {
    const chain = bhdPocChain('BHD', rpc);
    const pool = fakeBhdAddress();
    const plotter = 123_456_789_012_345_678n;
    const info = await chain.miningInfo();
    const expected = deadlineFor(info, plotter, 42n);
    expect(await chain.submitNonce({ plotterId: plotter, nonce: 42n, height: info.height, address: pool })).toEqual({
      accepted: false,
      reason: `${plotter} with ${pool} not active bind (-32600)`,
    });
    fake.bind(plotter, pool);
    fake.mine();
    const next = await chain.miningInfo();
    const deadline = deadlineFor(next, plotter, 42n);
    expect(deadline).not.toBe(expected);
    expect(await chain.submitNonce({ plotterId: plotter, nonce: 42n, height: next.height, address: pool })).toEqual({ accepted: true, deadline });
    expect(await chain.submitNonce({ plotterId: plotter, nonce: 42n, height: next.height + 5, address: pool })).toEqual({ accepted: false, reason: 'Invalid mining height' });
    expect(await chain.submitNonce({ plotterId: plotter, nonce: 18_446_744_073_709_551_615n, height: next.height, address: 'not-an-address' })).toMatchObject({
      accepted: false,
      reason: 'Invalid BitcoinHD address (-32600)',
    });
  });

  it('reads blocks with their plotter, nonce, deadline and reward; a reorganisation changes the hash at a height', async () => {
    const chain = bhdPocChain('BHD', rpc);
    const miner = fakeBhdAddress();
    const from = fake.tip().height;
    const minedOn = fake.tip().baseTarget;
    const mined = [
      fake.mine({ plotterId: PLOTTER, nonce: 1n, miner, reward: 7_512_345_678n, baseTarget: minedOn / 2n }),
      fake.mine({ plotterId: PLOTTER + 1n, nonce: 2n, miner, baseTarget: minedOn / 3n }),
    ];
    const blocks = await chain.blocks(from, from + 5);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toEqual({
      height: from + 1,
      hash: mined[0]!.hash,
      time: mined[0]!.time,
      generationSignature: mined[0]!.generationSignature,
      baseTarget: minedOn,
      plotterId: PLOTTER,
      nonce: 1n,
      deadline: mined[0]!.deadline,
      rewardAddress: miner,
      reward: 7_512_345_678n,
    });
    // The deadline is the one the proof earns with the base target it was mined against (the
    // previous block's), and the block is due at the previous time + deadline + 1 (BHDIP007).
    for (const block of blocks) {
      const proof = { genSig: Buffer.from(block.generationSignature, 'hex'), height: block.height, accountId: block.plotterId, nonce: block.nonce, version: 2 as const };
      expect(computeDeadline({ ...proof, baseTarget: block.baseTarget }).deadline).toBe(block.deadline);
    }
    expect(blocks[1]!.baseTarget).toBe(minedOn / 2n);
    expect(blocks[1]!.time).toBe(blocks[0]!.time + Number(blocks[1]!.deadline) + 1);
    expect(blocks[1]!.plotterId).toBe(PLOTTER + 1n);

    const before = await chain.blockHash(from + 2);
    expect(before).toBe(mined[1]!.hash);
    fake.reorg(1);
    expect(await chain.blockHash(from + 2)).toBeUndefined();
    fake.mine({ plotterId: PLOTTER + 2n });
    const after = await chain.blockHash(from + 2);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await chain.blocks(from + 1, from + 2))[0]!.plotterId).toBe(PLOTTER + 2n);
  });

  it('lists the plotters bound to an address, newest first, with the one in force marked active', async () => {
    const chain = bhdPocChain('BHD', rpc);
    const pool = fakeBhdAddress();
    const other = fakeBhdAddress();
    fake.bind(7n, pool);
    fake.mine();
    fake.bind(8n, pool);
    fake.bind(7n, other);
    expect((await chain.plotterBindings(pool)).map((b) => b.plotterId)).toEqual([7n]);
    fake.mine();
    const bindings = await chain.plotterBindings(pool);
    expect(bindings.map((b) => [b.plotterId, b.active, b.height])).toEqual([
      [8n, true, fake.tip().height],
      [7n, false, fake.tip().height - 1],
    ]);
    expect(bindings[0]!.address).toBe(pool);
    await expect(chain.plotterBindings('nonsense')).rejects.toMatchObject({ code: -8 });
  });
});

describe('points (pledges) over the node', () => {
  it('lists the standing points from and to an address once mined, and drops one once its withdrawal is mined', async () => {
    const chain = bhdPocChain('BHD', rpc);
    const source = fakeBhdAddress();
    const pool = fakeBhdAddress();
    const txid = fake.point(source, pool, 12_345_678_901n);
    expect(await chain.pointsFrom(source)).toEqual([]);
    fake.mine();
    const height = fake.tip().height;
    const expected = { txid, from: source, to: pool, amount: 12_345_678_901n, height, term: 'Noterm' };
    expect(await chain.pointsFrom(source)).toEqual([expected]);
    expect(await chain.pointsTo(pool)).toEqual([expected]);
    expect(await chain.pointsTo(source)).toEqual([]);
    fake.withdrawPoint(txid);
    expect(await chain.pointsTo(pool)).toHaveLength(1);
    fake.mine();
    expect(await chain.pointsTo(pool)).toEqual([]);
    await expect(chain.pointsFrom('nonsense')).rejects.toMatchObject({ code: -8 });
  });

  it('reads DePINC’s term from its lock', () => {
    expect([undefined, 2400, 175_200, 350_400, 525_600].map(termOfLockBlocks)).toEqual(['Noterm', 'Noterm', 'Term1', 'Term2', 'Term3']);
  });
});

describe('the custodial wallet over the node', () => {
  const wallet = () => bhdWalletAdapter('BHD', rpc);

  it('gives each user one address of their own, the same every time', async () => {
    const w = wallet();
    const [a, b, again] = await Promise.all([w.depositAddress('user-a'), w.depositAddress('user-b'), w.depositAddress('user-a')]);
    expect(a).toMatch(/^3/);
    expect(again).toBe(a);
    expect(b).not.toBe(a);
    expect(await w.depositAddress('user-a')).toBe(a);
  });

  it('finds deposits by height, each output apart, and follows them through a reorganisation', async () => {
    const w = wallet();
    const alice = await w.depositAddress('alice');
    const bob = await w.depositAddress('bob');
    const from = fake.tip().height;
    const first = fake.receive([
      { address: fakeBhdAddress(), amount: 5n * 10n ** 8n, vout: 0 },
      { address: alice, amount: 150_000_000n, vout: 1 },
    ]);
    fake.mine();
    const second = fake.receive([{ address: bob, amount: 1n, vout: 0 }]);
    fake.mine();
    fake.receive([{ address: alice, amount: 99n }]); // still in the mempool
    expect(await w.height()).toBe(from + 2);
    const found = await w.incoming(from, from + 2);
    expect(found).toEqual([
      { txid: first.txid, outputIndex: 1, coinId: `${first.txid}:1`, address: alice, amount: 150_000_000n, height: from + 1 },
      { txid: second.txid, outputIndex: 0, coinId: second.txid, address: bob, amount: 1n, height: from + 2 },
    ]);
    expect(await w.incoming(from + 1, from + 2)).toEqual([found[1]]);
    expect(await w.transferHeight({ txid: first.txid, outputIndex: 1 })).toBe(from + 1);
    expect(await w.transferHeight({ txid: first.txid, outputIndex: 0 })).toBeUndefined(); // not ours

    // The last two blocks leave the chain: the first transfer comes back a block later, the second is double-spent.
    fake.reorg(2, [second.txid]);
    expect(await w.transferHeight({ txid: first.txid, outputIndex: 1 })).toBeUndefined();
    expect(await w.transferHeight({ txid: second.txid, outputIndex: 0 })).toBeUndefined();
    fake.mine({ nonce: 999n });
    fake.mine({ nonce: 1000n });
    expect(await w.transferHeight({ txid: first.txid, outputIndex: 1 })).toBe(from + 1);
    const again = await w.incoming(from, from + 2);
    expect(again.map((t) => t.txid)).toContain(first.txid);
    expect(again.map((t) => t.txid)).not.toContain(second.txid);
    expect(await w.transferHeight({ txid: 'ab'.repeat(32), outputIndex: 0 })).toBeUndefined();
  });

  it('pays with the payment id kept by the wallet: found again after a crash, and a late answer leaves the payment findable', async () => {
    const w = wallet();
    fake.receive([{ address: await w.depositAddress('hot'), amount: 100n * 10n ** 8n }]);
    fake.mine();
    const balance = await w.balance!();
    expect(balance).toBe(fake.balance);
    const to = fakeBhdAddress();
    const payment = { paymentId: '6f1c1a52-0a57-4d43-9a55-6b8a4a8e0001', to, amount: 123_456_789n };
    expect(await w.findSent(payment)).toBeUndefined();
    const sent = await w.send({ ...payment, memo: '', maxFee: 10n ** 6n });
    expect(sent.fee).toBe(FAKE_FEE);
    expect(await w.balance!()).toBe(balance - payment.amount - FAKE_FEE);
    expect(await w.findSent(payment)).toEqual(sent);
    // Same address and amount, another payment id: another payment.
    expect(await w.findSent({ ...payment, paymentId: '6f1c1a52-0a57-4d43-9a55-6b8a4a8e0002' })).toBeUndefined();
    expect(await w.paymentStatus(sent.txid)).toEqual({ state: 'pending' });
    fake.mine();
    fake.mine();
    expect(await w.paymentStatus(sent.txid)).toEqual({ state: 'confirmed', height: fake.tip().height - 1, confirmations: 2 });

    // The wallet stores the send, then answers after the client gave up: the outcome is unknown, the payment is found.
    const late = { paymentId: '6f1c1a52-0a57-4d43-9a55-6b8a4a8e0003', to, amount: 5n };
    const impatient = bhdWalletAdapter('BHD', bhdRpcClient({ url: fake.url, timeoutMs: 150 }));
    fake.lateMs.sendtoaddress = 600;
    try {
      const error = await impatient.send({ ...late, memo: '', maxFee: 10n ** 6n }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(SendRefusedError);
    } finally {
      delete fake.lateMs.sendtoaddress;
    }
    const found = await w.findSent(late);
    expect(found?.fee).toBe(FAKE_FEE);
    expect(fake.txs.get(found!.txid)?.comment).toBe(`platter-payment:${late.paymentId}`);
  });

  it('finds a payment among more sends than one listtransactions window', async () => {
    const w = wallet();
    fake.receive([{ address: await w.depositAddress('hot'), amount: 1_000n * 10n ** 8n }]);
    fake.mine();
    const to = fakeBhdAddress();
    const oldest = { paymentId: 'aaaaaaaa-0000-4000-8000-000000000000', to, amount: 1_000n };
    await w.send({ ...oldest, memo: '', maxFee: 10n ** 6n });
    for (let i = 0; i < 520; i++) fake.receive([{ address: fakeBhdAddress(), amount: 1n }]); // noise: not the wallet's
    for (let i = 1; i <= 505; i++)
      await w.send({ paymentId: `aaaaaaaa-0000-4000-8000-${String(i).padStart(12, '0')}`, to, amount: 1_000n + BigInt(i), memo: '', maxFee: 10n ** 6n });
    expect(await w.findSent(oldest)).toMatchObject({ fee: FAKE_FEE });
  });

  it('tells refusals (nothing sent) from unknown outcomes', async () => {
    const w = wallet();
    const base = { paymentId: 'bbbbbbbb-0000-4000-8000-000000000000', memo: '', maxFee: 10n ** 6n };
    await expect(w.send({ ...base, to: 'nonsense', amount: 1n })).rejects.toMatchObject({ name: 'SendRefusedError', retryable: false });
    await expect(w.send({ ...base, to: fakeBhdAddress(), amount: fake.balance + 1n })).rejects.toMatchObject({
      name: 'SendRefusedError',
      retryable: true,
      reason: 'Insufficient funds',
    });
    await expect(w.send({ ...base, to: fakeBhdAddress(), amount: fake.balance })).rejects.toMatchObject({ name: 'SendRefusedError', retryable: true });
    expect(await w.findSent({ ...base, to: fakeBhdAddress(), amount: 1n })).toBeUndefined();
    expect(await w.paymentStatus('cd'.repeat(32))).toEqual({ state: 'unknown' });
  });

  it('checks message signatures with verifymessage', async () => {
    const w = wallet();
    const owner = fakeBhdAddress('p2pkh');
    const signature = fake.sign(owner, 'bind plotter 42');
    expect(await w.verifyMessage(owner, 'bind plotter 42', signature)).toBe(true);
    expect(await w.verifyMessage(owner, 'bind plotter 43', signature)).toBe(false);
    expect(await w.verifyMessage(fakeBhdAddress('p2pkh'), 'bind plotter 42', signature)).toBe(false);
    expect(await w.verifyMessage(owner, 'bind plotter 42', 'not base64!')).toBe(false);
    expect(await w.verifyMessage('nonsense', 'bind plotter 42', signature)).toBe(false);
    // A P2SH address has no key of its own (Bitcoin Core's verifymessage refuses it).
    expect(await w.verifyMessage(fakeBhdAddress('p2sh'), 'bind plotter 42', signature)).toBe(false);
  });
});

describe('configuration', () => {
  const fallback = { adapter: (coin: string) => ({ coin, height: () => Promise.resolve(-1) }) as unknown as ChainAdapter };

  it("puts a configured coin's node in place of the devnet, wallet and PocChain; the other coins stay", async () => {
    const poolAddress = fakeBhdAddress('p2sh');
    const nodes = withBhdNodes(
      loadConfig({ BHD_RPC_URL: fake.bareUrl, BHD_RPC_USER: fake.user, BHD_RPC_PASSWORD: fake.password, BHD_POOL_ADDRESS: poolAddress, POC_RPC_TIMEOUT_MS: '5000' }),
      fallback,
    );
    try {
      expect(await nodes.chains.adapter('BHD').height()).toBe(fake.tip().height);
      expect((await nodes.pocChain('BHD')!.miningInfo()).height).toBe(fake.tip().height + 1);
      expect(await nodes.chains.adapter('LHD').height()).toBe(-1);
      expect(nodes.pocChain('LHD')).toBeUndefined();
      expect(nodes.pocChain('CHIA')).toBeUndefined();
      expect(nodes.poolAddress('BHD')).toBe(poolAddress);
      expect(nodes.poolAddress('LHD')).toBeUndefined();
    } finally {
      nodes.close();
    }
    const byCookie = withBhdNodes(loadConfig({ XHD_RPC_URL: fake.bareUrl, XHD_RPC_COOKIE: fake.cookieFile, XHD_POOL_ADDRESS: 'x' }), fallback);
    try {
      expect(await byCookie.chains.adapter('XHD').height()).toBe(fake.tip().height);
      expect(await byCookie.chains.adapter('BHD').height()).toBe(-1);
    } finally {
      byCookie.close();
    }
    const inUrl = withBhdNodes(loadConfig({ HDD_RPC_URL: fake.url, HDD_POOL_ADDRESS: 'x' }), fallback);
    try {
      expect(await inUrl.chains.adapter('HDD').height()).toBe(fake.tip().height);
    } finally {
      inUrl.close();
    }
  });

  it('refuses a node without credentials, a user without a password, or no pool address, at start-up', () => {
    expect(() => withBhdNodes(loadConfig({ LHD_RPC_URL: fake.bareUrl }), fallback)).toThrow(ConfigError);
    expect(() => withBhdNodes(loadConfig({ LHD_RPC_URL: fake.bareUrl, LHD_RPC_USER: 'a' }), fallback)).toThrow(/LHD_RPC_USER and LHD_RPC_PASSWORD go together/);
    expect(() => withBhdNodes(loadConfig({ LHD_RPC_URL: fake.url }), fallback)).toThrow(/LHD_RPC_URL needs LHD_POOL_ADDRESS/);
    expect(() => loadConfig({ BHD_RPC_URL: 'not a url' })).toThrow(/BHD_RPC_URL/);
  });
});
