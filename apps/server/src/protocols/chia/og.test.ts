import { keyGen, passesPlotFilter, skToPk } from '@platter/chia';
import { parseAmount, utcDay } from '@platter/domain';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, TEST_SECRET } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { chiaDevnet, type ChiaDevnet } from '../../chain/chia-devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { recordBlock } from '../../modules/pool/blocks.ts';
import { rotateKey } from '../../modules/pool/keys.ts';
import { settleDay } from '../../modules/settlement/settlement.service.ts';
import { httpSender, type Send } from './farmer.ts';
import { setOgDifficulty } from './og.repository.ts';
import { chiaOgRoutes } from './og.routes.ts';
import { chiaOgService } from './og.service.ts';
import { simulatedOgFarmer, type SimulatedOgFarmer } from './ogFarmer.ts';
import { chiaPrimitives } from './primitives.impl.ts';
import { devnetOgSecretKeys } from './setup.ts';
import { loadConfig } from '../../config.ts';
import { startChiaOgFarmers } from '../../sim/chiaOgFarmers.ts';
import pino from 'pino';

/**
 * The Chia OG pool's proof path over real HTTP, with real BLS keys and real proofs of small dev
 * plots made with the pool's devnet keys: what is credited (a share at the miner's difficulty,
 * paid by the settlement) and every refusal a proxy can meet, with the pool protocol's codes.
 */

const K = 18;
const FACTOR = 10_052_721_566_054n;
const overrides = { chiaPoolSignagePointRetryMs: 0, devnetChiaMinK: K, devnetChiaPlotFilterBits: 0, devnetChiaDifficultyConstantFactor: FACTOR.toString() };
const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex');
const keys = devnetOgSecretKeys(TEST_SECRET, 'chia');
const farmerPublicKey = hexOf(skToPk(keys.farmer));
const poolPublicKey = hexOf(skToPk(keys.pool));
const error = (code: number) => ({ error_code: code, error_message: expect.any(String) });

let db: Db;
let node: ChiaDevnet;
let crypto: Awaited<ReturnType<typeof chiaPrimitives>>;
let origin: string;

beforeAll(async () => {
  ({ db } = await testDatabase());
  crypto = await chiaPrimitives({ blsThreads: 1 });
  afterAll(() => crypto.close());
  node = chiaDevnet(db, 'CHIA');
  const app = await testApp(db, overrides);
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

/** A user with a miner API key of the OG pool, and a sender carrying it. */
async function member(pool = 'chia') {
  const user = await buildUser(db);
  const { key } = await rotateKey(db, user.id, pool);
  return { user, key, send: httpSender(`${origin}/api/miner/og/chia`, { 'x-api-key': key }) };
}

function harvester(seed: string, plotKeys: { farmerPublicKey: string; poolPublicKey: string } = { farmerPublicKey, poolPublicKey }, miner = 'rig-01'): SimulatedOgFarmer {
  const f = simulatedOgFarmer({ seed, crypto, pool: 'chia', ...plotKeys, k: K, difficultyConstantFactor: FACTOR, miner });
  // Plotted before any signage point is made: on a busy machine plotting takes longer than the time limit.
  f.proofsFor({ spHash: '00'.repeat(32), challengeHash: '00'.repeat(32), endOfSubSlot: false, timeReceived: 0, reverted: false }, 10n);
  return f;
}

/** A fresh signage point (seen at `at`) and a proof of the plot for it that `accept` takes. */
async function proofFor(f: SimulatedOgFarmer, accept: (p: { good: boolean }) => boolean = (p) => p.good, at?: Date, difficulty = 10n) {
  for (let i = 0; i < 60; i++) {
    const sp = await node.signagePoint(at);
    const proof = f.proofsFor(sp, difficulty).find(accept);
    if (proof) return { sp, pos: proof.pos };
  }
  throw new Error('the dev plot found no such proof in 60 signage points');
}

async function sharesOf(userId: string) {
  return db.selectFrom('shares').select(['pool', 'difficulty', 'miner_id']).where('user_id', '=', userId).execute();
}

describe('the Chia OG pool’s proofs of space', () => {
  it('hands out its keys, the miner’s difficulty and the open signage points; a good proof is credited as a share at the difficulty', async () => {
    const { user, send } = await member();
    const f = harvester('og-good');
    const { sp, pos } = await proofFor(f);
    const info = await send('GET', '/signage_points?miner=rig-01');
    expect(info.body).toMatchObject({ farmer_public_key: `0x${farmerPublicKey}`, pool_public_key: `0x${poolPublicKey}`, difficulty: 10, plot_filter_bits: 0 });
    expect(info.body.signage_points).toContainEqual({ sp_hash: `0x${sp.spHash}`, challenge_hash: `0x${sp.challengeHash}`, end_of_sub_slot: false, time_received: sp.timeReceived });

    expect((await send('POST', '/proof', f.proofBody(sp, pos))).body).toEqual({ points: 10, new_difficulty: 10 });
    const shares = await sharesOf(user.id);
    expect(shares).toEqual([{ pool: 'chia', difficulty: '10', miner_id: expect.any(String) }]);
    const miner = await db
      .selectFrom('miners')
      .select(['name', 'pool', 'version'])
      .where('id', '=', shares[0]?.miner_id ?? '0')
      .executeTakeFirstOrThrow();
    expect(miner).toEqual({ name: 'rig-01', pool: 'chia', version: 'chia-og' });
  }, 180_000);

  it('counts a proof once: the same proof again is refused (16) and credits nothing more', async () => {
    const { user, send } = await member();
    const f = harvester('og-replay');
    const { sp, pos } = await proofFor(f);
    expect((await send('POST', '/proof', f.proofBody(sp, pos))).body).toMatchObject({ points: 10 });
    expect((await send('POST', '/proof', f.proofBody(sp, pos))).body).toEqual(error(16));
    // Another user replaying a seen proof (with the plot's signature) gets nothing either.
    const thief = await member();
    expect((await thief.send('POST', '/proof', f.proofBody(sp, pos))).body).toEqual(error(16));
    expect(await sharesOf(user.id)).toHaveLength(1);
    expect(await sharesOf(thief.user.id)).toHaveLength(0);
  }, 180_000);

  it('refuses plots made with another pool’s keys (9), a signature not by the local key (7), and other keys than the pool’s miner key (10)', async () => {
    const { user, send } = await member();
    const otherPool = hexOf(skToPk(keyGen(new Uint8Array(32).fill(7))));
    const otherFarmer = hexOf(skToPk(keyGen(new Uint8Array(32).fill(8))));
    // A real plot, valid proof, but made with another pool public key.
    const stranger = harvester('og-other-pool', { farmerPublicKey, poolPublicKey: otherPool });
    const a = await proofFor(stranger);
    expect((await send('POST', '/proof', stranger.proofBody(a.sp, a.pos))).body).toEqual(error(9));
    // Made with the pool key but another farmer key (plot key ≠ local + the pool's farmer key).
    const elsewhere = harvester('og-other-farmer', { farmerPublicKey: otherFarmer, poolPublicKey });
    const b = await proofFor(elsewhere);
    expect((await send('POST', '/proof', elsewhere.proofBody(b.sp, b.pos))).body).toEqual(error(9));
    // A good plot, but the body signed by some other key.
    const f = harvester('og-signature');
    const c = await proofFor(f);
    expect((await send('POST', '/proof', f.proofBody(c.sp, c.pos, { signWith: keyGen(new Uint8Array(32).fill(9)) }))).body).toEqual(error(7));
    // No key, a revoked key, a key of another pool: unknown farmer (10).
    expect((await httpSender(`${origin}/api/miner/og/chia`)('POST', '/proof', f.proofBody(c.sp, c.pos))).body).toEqual(error(10));
    const pp = await member('chiapp');
    expect((await pp.send('POST', '/proof', f.proofBody(c.sp, c.pos))).body).toEqual(error(10));
    // A body that is not the OG proof: 16.
    expect((await send('POST', '/proof', { miner: 'rig-01' })).body).toEqual(error(16));
    expect(await sharesOf(user.id)).toHaveLength(0);
    expect(await sharesOf(pp.user.id)).toHaveLength(0);
  }, 180_000);

  it('refuses a signage point older than the time limit (2) and a proof not good enough at the miner’s difficulty (5)', async () => {
    const { user, send } = await member();
    const f = harvester('og-late');
    const late = await proofFor(f, (p) => p.good, new Date(Date.now() - 60_000));
    expect((await send('POST', '/proof', f.proofBody(late.sp, late.pos))).body).toEqual(error(2));

    // The miner's difficulty raised (as the adjustment does for a fast farmer): a weak proof is refused.
    const first = await proofFor(f);
    expect((await send('POST', '/proof', f.proofBody(first.sp, first.pos))).body).toMatchObject({ points: 10 });
    const [share] = await sharesOf(user.id);
    await setOgDifficulty(db, share?.miner_id ?? '0', 1_000_000_000n);
    const weak = await proofFor(f, (p) => !p.good, undefined, 1_000_000_000n);
    expect((await send('POST', '/proof', f.proofBody(weak.sp, weak.pos))).body).toEqual(error(5));
    const info = await send('GET', '/signage_points?miner=rig-01');
    expect(info.body).toMatchObject({ difficulty: 1_000_000_000 });
    expect(await sharesOf(user.id)).toHaveLength(1);
  }, 180_000);

  it('refuses a proof whose plot does not pass the plot filter (4)', async () => {
    // The same pool with the plot filter of mainnet now (8 zero bits): most plots do not pass.
    const service = chiaOgService({
      db,
      chain: node,
      crypto,
      settings: {
        pool: 'chia',
        farmerPublicKey,
        poolPublicKey,
        minDifficulty: 10n,
        defaultDifficulty: 10n,
        partialTimeLimit: 25,
        signagePointRetryMs: 0,
        minK: K,
        plotFilterBits: 8,
        difficultyConstantFactor: FACTOR,
      },
    });
    const app = Fastify();
    chiaOgRoutes(app, { db, service, prefix: '/api/miner/og/chia' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    afterAll(() => app.close());
    const { user, key } = await member();
    const send: Send = httpSender(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/miner/og/chia`, { 'x-api-key': key });
    const f = harvester('og-filter');
    const plotId = Uint8Array.from(Buffer.from(f.plotId, 'hex'));
    for (let i = 0; i < 60; i++) {
      const sp = await node.signagePoint();
      const proof = f.proofsFor(sp, 10n).find((p) => p.good);
      if (!proof) continue;
      const passes = passesPlotFilter(8, plotId, Buffer.from(sp.challengeHash, 'hex'), Buffer.from(sp.spHash, 'hex'));
      if (passes) continue;
      expect((await send('POST', '/proof', f.proofBody(sp, proof.pos))).body).toEqual(error(4));
      expect(await sharesOf(user.id)).toHaveLength(0);
      return;
    }
    throw new Error('no filtered-out proof found');
  }, 180_000);

  it('counts the verified points in the daily settlement, the ledger balanced', async () => {
    const { user, send } = await member();
    const f = harvester('og-settle', undefined, 'rig-settle');
    let points = 0;
    for (let i = 0; i < 3; i++) {
      const { sp, pos } = await proofFor(f);
      const res = await send('POST', '/proof', f.proofBody(sp, pos));
      points += Number(res.body.points);
    }
    expect(points).toBe(30);
    const today = utcDay(new Date());
    await recordBlock(db, { pool: 'chia', height: 7_000, foundAt: new Date(), finderUserId: user.id, finderMinerId: null, reward: parseAmount('2', 12) });
    const { settlement } = await settleDay(db, 'chia', today, new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000 + 600_000));
    // 30 points are under Chia's minimum capacity: the day is recorded with the member's points.
    expect(settlement.day).toBe(today);
    const credit = await db
      .selectFrom('settlement_credits')
      .select('points')
      .where('pool', '=', 'chia')
      .where('day', '=', today)
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(credit.points).toBe('30');
    expect(await checkLedger(db)).toEqual([]);
  }, 180_000);

  it('the simulator’s OG proxy earns verified points through the same HTTP path', async () => {
    const { user, key } = await member();
    const config = loadConfig({}, { nodeEnv: 'test', ...overrides });
    const sim = startChiaOgFarmers({ config, crypto, baseUrl: origin, keys: [key], logger: pino({ level: 'silent' }) });
    try {
      for (let i = 0; i < 240 && (await sharesOf(user.id)).length === 0; i++) {
        await node.signagePoint();
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      await sim.stop();
    }
    const proofs = await db.selectFrom('chia_og_proofs').select(['difficulty']).where('user_id', '=', user.id).execute();
    expect(proofs.length).toBeGreaterThan(0);
    expect(await sharesOf(user.id)).toHaveLength(proofs.length);
  }, 300_000);
});
