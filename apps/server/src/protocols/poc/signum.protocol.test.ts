import { signumAddressOf } from '@platter/domain';
import { computeDeadline, parseGenerationSignature, PocVerifierPool } from '@platter/poc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSignumNode, type FakeSignumNode } from '../../../test/signum-node-fake.ts';
import { testApp, TEST_SECRET } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { devnetAddress, devnetRegistry, devnetSignature } from '../../chain/devnet.ts';
import { withSignumNode } from '../../chain/signum-api.ts';
import { loadConfig, type Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { bindData, bindPlot } from '../../modules/pool/plots.ts';
import { MemoryPlot } from '../../sim/pocPlot.ts';
import { pocPools, type PocPoolEntry } from './setup.ts';

/**
 * The BURST pool on a Signum node (BURST_RPC_URL; here the loopback fake that answers as
 * signum-node does): a user registers a plotter by its `S-…` address, the plotter assigns the
 * pool as its reward recipient, a miner sends its nonces with that address as accountId over
 * HTTP, the pool hands its best to the node with the pool's passphrase, and a block the
 * plotter forged for the pool is booked as the pool's revenue once buried.
 */

const POOL = 'S-WEBR-T74Q-HQJY-8PUK4';
const POOL_ID = 7_009_665_667_967_103_287n;
const PASSPHRASE = 'the pool account passphrase';
const PLOTTER = 12_345_678_901_234_567_890n;
let db: Db;
let fake: FakeSignumNode;
let base: string;
let entry: PocPoolEntry;
let userId: string;
const verifier = new PocVerifierPool({ size: 1 });
const plot = new MemoryPlot(PLOTTER, 5000n, 4);

async function submit(accountId: string, nonce: bigint, height: number) {
  const res = await fetch(
    `${base}/burst/burst?${new URLSearchParams({ requestType: 'submitNonce', accountId, nonce: nonce.toString(), blockheight: String(height) }).toString()}`,
    {
      method: 'POST',
      headers: { 'X-Miner': 'scavenger 1.9.0', 'X-Minername': 'signum-rig' },
    },
  );
  return (await res.json()) as Record<string, unknown>;
}

afterAll(async () => {
  await verifier.close();
  await fake?.close();
});

beforeAll(async () => {
  ({ db } = await testDatabase());
  fake = await startFakeSignumNode();
  fake.passphrases.set(PASSPHRASE, POOL_ID);
  for (let i = 0; i < 3; i++) fake.mine();
  const settings: Partial<Config> = {
    nodeEnv: 'test',
    burstRpcUrl: fake.url,
    burstPoolAddress: 'BURST-WEBR-T74Q-HQJY-8PUK4',
    burstPoolPassphrase: PASSPHRASE,
    pocEstimateMinRounds: 1,
    pocTargetDeadline: 4_294_967_295,
  };
  const config = loadConfig({}, settings);
  entry = pocPools({ config, db, secret: TEST_SECRET, verifier, nodes: withSignumNode(config, (s) => verifier.deadline(s)) }).get('burst') as PocPoolEntry;
  const app = await testApp(db, settings);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  userId = (await buildUser(db)).id;
});

describe('BURST pool on a Signum node', () => {
  it('mines to the pool account the settings name, with no devnet chain', () => {
    expect(entry.devnet).toBeUndefined();
    expect(entry.service.settings.address).toBe(POOL);
  });

  it('registers a plotter given as its S- address, stored as its numeric id', async () => {
    const address = devnetAddress(TEST_SECRET, 'BURST', 'owner');
    const plotId = signumAddressOf(PLOTTER);
    const data = await bindData(db, userId, { pool: 'burst', plot_id: plotId, address });
    await bindPlot(
      db,
      devnetRegistry(db, TEST_SECRET),
      userId,
      { pool: 'burst', plot_id: plotId, address, message: data.message, signature: devnetSignature(TEST_SECRET, 'BURST', address, data.message) },
      new Date(),
      { review: false },
    );
    const row = await db.selectFrom('plots').select(['plot_id', 'bind_status']).where('pool', '=', 'burst').executeTakeFirstOrThrow();
    expect(row).toEqual({ plot_id: PLOTTER.toString(), bind_status: 'BIND_SENT' });
    await expect(bindData(db, userId, { pool: 'burst', plot_id: 'S-WEBR-T74Q-HQJY-8PUK5', address })).rejects.toMatchObject({ errorName: 'INVALID_PARAMETER' });
  });

  it('refuses the nonces until the plotter’s reward recipient is the pool, then confirms the registration', async () => {
    const height = (await entry.chain.miningInfo()).height;
    expect(await submit(signumAddressOf(PLOTTER), 5000n, height)).toMatchObject({ result: 'Reward recipient not set to pool', deadline: null });
    fake.assign(PLOTTER, POOL_ID);
    for (let i = 0; i < 12; i++) fake.mine();
    await entry.service.follow();
    const row = await db.selectFrom('plots').select('bind_status').where('pool', '=', 'burst').executeTakeFirstOrThrow();
    expect(row.bind_status).toBe('CONFIRMED');
  });

  it('takes a nonce whose accountId is the S- or BURST- address, recomputes its deadline and hands the pool’s best to the node with the passphrase', async () => {
    const round = await entry.chain.miningInfo();
    const best = plot.deadlines(round)[0]!;
    const expected = computeDeadline({
      genSig: parseGenerationSignature(round.generationSignature),
      height: round.height,
      accountId: PLOTTER,
      nonce: best.nonce,
      baseTarget: round.baseTarget,
      version: 2,
    });
    expect(expected.deadline).toBe(best.deadline);
    expect(await submit(`BURST-${signumAddressOf(PLOTTER).slice(2)}`, best.nonce, round.height)).toEqual({ result: 'success', deadline: Number(best.deadline) });
    expect(fake.submitted.at(-1)).toEqual({ accountId: PLOTTER.toString(), nonce: best.nonce.toString(), blockheight: String(round.height), secretPhrase: PASSPHRASE });
    // A checksum that fails is no account.
    expect(await submit('S-WEBR-T74Q-HQJY-8PUK5', best.nonce, round.height)).toMatchObject({ result: 'Account ID not set', deadline: null });
    const kept = await db.selectFrom('poc_deadlines').select(['plotter_id', 'deadline']).where('pool', '=', 'burst').where('height', '=', round.height).execute();
    expect(kept).toEqual([{ plotter_id: PLOTTER.toString(), deadline: best.deadline.toString() }]);
  });

  it('books the block the plotter forged for the pool, with its reward and finder, once buried', async () => {
    const round = await entry.chain.miningInfo();
    const best = plot.deadlines(round)[0]!;
    expect((await submit(signumAddressOf(PLOTTER), best.nonce, round.height)).result).toBe('success');
    const won = fake.mine({ generator: PLOTTER, nonce: best.nonce, reward: 135n * 100_000_000n, fees: 2_000_000n, burnt: 500_000n });
    for (let i = 0; i < 12; i++) fake.mine();
    await entry.service.follow();
    const booked = await db.selectFrom('blocks').select(['height', 'reward_units', 'finder_user_id']).where('pool', '=', 'burst').execute();
    expect(booked).toEqual([{ height: String(won.height), reward_units: String(135n * 100_000_000n + 2_000_000n - 500_000n), finder_user_id: userId }]);
    // The rounds the miner took part in are closed.
    const rounds = await db
      .selectFrom('poc_deadlines')
      .innerJoin('poc_rounds', (j) => j.onRef('poc_rounds.pool', '=', 'poc_deadlines.pool').onRef('poc_rounds.height', '=', 'poc_deadlines.height'))
      .select('closed_at')
      .where('poc_deadlines.pool', '=', 'burst')
      .execute();
    expect(rounds.length).toBe(1);
    expect(rounds.every((r) => r.closed_at !== null)).toBe(true);
  });
});
