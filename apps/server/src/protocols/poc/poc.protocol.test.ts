import { computeDeadline, estimateCapacityTiB, estimateCapacityUncorrectedTiB, parseGenerationSignature, POC_COIN_TIMING, PocVerifierPool } from '@platter/poc';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, TEST_SECRET } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { devnetRegistry, devnetAddress, devnetSignature } from '../../chain/devnet.ts';
import type { PocDevnet } from '../../chain/poc-devnet.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { bindData, bindPlot, listPlots } from '../../modules/pool/plots.ts';
import { settleDay } from '../../modules/settlement/settlement.service.ts';
import { MemoryPlot } from '../../sim/pocPlot.ts';
import { POC_PLOT_FILES_MAX, pocRepository } from './poc.repository.ts';
import { pocPools, type PocPoolEntry } from './setup.ts';

/**
 * The Burst pool protocol over real HTTP on the devnet's BHD chain (issue 21): a user registers a
 * plotter id, binds it to the pool's address on the chain, then a miner with a small real plot
 * submits nonces — every deadline recomputed by the pool, bad input refused with the protocol's
 * messages — rounds close into points, a block the pool's nonce wins is booked and settled.
 */

const PLOTTER = 12_345_678_901_234_567_890n;
let db: Db;
let base: string;
let entry: PocPoolEntry;
let lhd: PocPoolEntry;
let devnet: PocDevnet;
let plot: MemoryPlot;
let userId: string;
let target: bigint;
const verifier = new PocVerifierPool({ size: 1 });

async function call(params: Record<string, string>, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST') {
  const res = await fetch(`${base}/burst/bhd?${new URLSearchParams(params).toString()}`, { method, headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const info = () => devnet.miningInfo();

/** Blocks made at once (the devnet helper), `n` of them. */
async function forge(n = 1) {
  for (let i = 0; i < n; i++) await devnet.advance(new Date(), { force: true });
}

afterAll(() => verifier.close());

beforeAll(async () => {
  ({ db } = await testDatabase());
  const config = loadConfig({}, { nodeEnv: 'test', devnetPocNetworkNonces: 64, devnetPocBlockSeconds: 60, pocEstimateMinRounds: 2 });
  const pools = pocPools({ config, db, secret: TEST_SECRET, verifier });
  entry = pools.get('bhd') as PocPoolEntry;
  lhd = pools.get('lhd') as PocPoolEntry;
  devnet = entry.devnet as PocDevnet;
  plot = new MemoryPlot(PLOTTER, 1000n, 16);
  const user = await buildUser(db);
  userId = user.id;
  // The user registers the plotter id with the pool (signed by their wallet's address).
  const address = devnetAddress(TEST_SECRET, 'BHD', 'owner');
  const data = await bindData(db, userId, { pool: 'bhd', plot_id: PLOTTER.toString(), address });
  await bindPlot(
    db,
    devnetRegistry(db, TEST_SECRET),
    userId,
    { pool: 'bhd', plot_id: PLOTTER.toString(), address, message: data.message, signature: devnetSignature(TEST_SECRET, 'BHD', address, data.message) },
    new Date(),
    { review: false },
  );
  // The plotter is bound to the pool's address on the chain; the registration is confirmed
  // after BHD's six confirmations.
  await devnet.bindPlotter(PLOTTER, entry.service.settings.address);
  await forge(7);
  expect((await entry.service.follow()).confirmed).toBe(1);
  // The pool's target deadline sits between the plot's best and worst deadlines of the round
  // the tests submit in, so both kinds exist.
  const round = await info();
  const deadlines = plot.deadlines(round);
  target = (deadlines[0]!.deadline + deadlines.at(-1)!.deadline) / 2n;
  const app = await testApp(db, { devnetPocNetworkNonces: 64, devnetPocBlockSeconds: 60, pocEstimateMinRounds: 2, pocTargetDeadline: Number(target), pocSubmitRateLimit: 40 });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

describe('Burst pool protocol', () => {
  it('answers getMiningInfo as miners parse it (GET and POST)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { status, body } = await call({ requestType: 'getMiningInfo' }, {}, method);
      const round = await info();
      expect(status).toBe(200);
      expect(body).toEqual({ height: round.height, generationSignature: round.generationSignature, baseTarget: round.baseTarget.toString(), targetDeadline: Number(target) });
    }
  });

  it('recomputes every deadline: a good nonce is answered with its real deadline whatever the miner claims', async () => {
    const round = await info();
    const deadlines = plot.deadlines(round);
    const good = deadlines.find((d) => d.deadline <= target);
    if (!good) throw new Error('no nonce under the target deadline this round');
    const expected = computeDeadline({
      genSig: parseGenerationSignature(round.generationSignature),
      height: round.height,
      accountId: PLOTTER,
      nonce: good.nonce,
      baseTarget: round.baseTarget,
      version: 2,
    });
    expect(expected.deadline).toBe(good.deadline);
    const { status, body } = await call(
      { requestType: 'submitNonce', accountId: PLOTTER.toString(), nonce: good.nonce.toString(), blockheight: String(round.height), deadline: '1' },
      { 'X-Miner': 'scavenger 1.9.0', 'X-Minername': 'rig-01', 'X-Capacity': '0.004', 'X-Deadline': '1' },
    );
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'success', deadline: Number(good.deadline) });
    const miner = await db.selectFrom('miners').select(['name', 'version', 'capacity_bytes']).where('user_id', '=', userId).where('pool', '=', 'bhd').executeTakeFirstOrThrow();
    expect(miner).toMatchObject({ name: 'rig-01', version: 'scavenger 1.9.0', capacity_bytes: String(BigInt(Math.round(0.004 * 1024 * 1024)) * 1024n) });
    const kept = await db.selectFrom('poc_deadlines').select(['deadline', 'nonce']).where('pool', '=', 'bhd').where('height', '=', round.height).execute();
    expect(kept).toEqual([{ deadline: good.deadline.toString(), nonce: good.nonce.toString() }]);
  });

  it('keeps only a miner’s best deadline of the round and hands the pool’s best to the node', async () => {
    const round = await info();
    const deadlines = plot.deadlines(round).filter((d) => d.deadline <= target);
    const worse = deadlines.at(-1)!;
    const best = deadlines[0]!;
    await call({ requestType: 'submitNonce', accountId: PLOTTER.toString(), nonce: worse.nonce.toString(), blockheight: String(round.height) }, { 'X-Minername': 'rig-01' });
    await call({ requestType: 'submitNonce', accountId: PLOTTER.toString(), nonce: best.nonce.toString(), blockheight: String(round.height) }, { 'X-Minername': 'rig-01' });
    const kept = await db.selectFrom('poc_deadlines').select(['deadline']).where('pool', '=', 'bhd').where('height', '=', round.height).execute();
    expect(kept).toEqual([{ deadline: best.deadline.toString() }]);
    const node = await db.selectFrom('devnet_poc_chain').select(['best_deadline', 'best_nonce', 'best_address']).where('coin', '=', 'BHD').executeTakeFirstOrThrow();
    expect(node).toEqual({ best_deadline: best.deadline.toString(), best_nonce: best.nonce.toString(), best_address: entry.service.settings.address });
  });

  it('refuses bad input with the protocol’s messages, never a 5xx', async () => {
    const round = await info();
    const bad = plot.deadlines(round).find((d) => d.deadline > target);
    const cases: [Record<string, string>, string][] = [
      [{ accountId: 'abc', nonce: '1' }, 'Account ID not set'],
      [{ accountId: '-1', nonce: '1' }, 'Account ID not set'],
      [{ accountId: '18446744073709551616', nonce: '1' }, 'Account ID not set'],
      [{ accountId: PLOTTER.toString(), nonce: '18446744073709551616' }, 'Nonce not set or invalid'],
      [{ accountId: PLOTTER.toString(), nonce: '1e9' }, 'Nonce not set or invalid'],
      [{ accountId: PLOTTER.toString() }, 'Nonce not set or invalid'],
      [{ accountId: PLOTTER.toString(), nonce: '1', blockheight: String(round.height - 1) }, 'Submission for another block height'],
      [{ accountId: '42', nonce: '1' }, 'Reward recipient not set to pool'],
    ];
    if (bad) cases.push([{ accountId: PLOTTER.toString(), nonce: bad.nonce.toString(), blockheight: String(round.height) }, 'Deadline exceeds maximum allowed deadline']);
    for (const [params, message] of cases) {
      const { status, body } = await call({ requestType: 'submitNonce', ...params });
      expect(status, JSON.stringify(params)).toBe(200);
      expect(body, JSON.stringify(params)).toMatchObject({ result: message, deadline: null });
    }
    const huge = await call({ requestType: 'submitNonce', accountId: '1'.repeat(5000), nonce: '1' });
    expect(huge.status).toBe(200);
    expect(huge.body).toMatchObject({ result: 'Bad request: accountId', deadline: null });
    expect((await call({ requestType: 'dropTables' })).body).toMatchObject({ result: 'Unknown requestType' });
    const stored = await db.selectFrom('poc_deadlines').select('deadline').where('pool', '=', 'bhd').where('height', '=', round.height).execute();
    expect(stored.every((d) => BigInt(d.deadline) <= target)).toBe(true);
  });

  it('rate-limits a flood from one miner with the protocol’s error', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => call({ requestType: 'submitNonce', accountId: '777', nonce: '1' })));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.body).toMatchObject({ deadline: null, result: 'Too many submissions: slow down' });
  });

  it('keeps the plot files the miner names (X-Plotfile) with their nonce ranges: the plots page lists them and sums them', async () => {
    // A round whose best deadline is under the pool's target.
    let round = await info();
    for (let tries = 0; plot.deadlines(round)[0]!.deadline > target && tries < 30; tries++) {
      await forge();
      round = await info();
    }
    const best = plot.deadlines(round)[0]!;
    expect(best.deadline).toBeLessThanOrEqual(target);
    const submit = (file: string) =>
      call(
        { requestType: 'submitNonce', accountId: PLOTTER.toString(), nonce: best.nonce.toString(), blockheight: String(round.height) },
        { 'X-Minername': 'rig-01', 'X-Plotfile': file },
      );
    // Another plotter's file, and a file that does not hold the nonce, are not this plotter's.
    await submit(`D:\\plots\\${PLOTTER + 1n}_1000_16`);
    await submit(`${PLOTTER}_0_16`);
    const own = `${PLOTTER}_1000_16`;
    expect((await submit(`/mnt/plots/${own}`)).body).toMatchObject({ result: 'success' });
    const { list } = await listPlots(db, userId, { pool: 'bhd', page: 1, count: 10 });
    const row = list.find((p) => p.plot_id === PLOTTER.toString());
    expect(row?.files?.map((f) => [f.file, f.start_nonce, f.nonces, f.size])).toEqual([[own, '1000', '16', String(16n * 262_144n)]]);
    expect(row).toMatchObject({ size: String(16n * 262_144n), file_count: 1 });
    expect(row?.last_seen).not.toBeNull();
    // Files whose nonces overlap a kept one are not counted again (a crafted header cannot inflate the plotter's size).
    await submit(`${PLOTTER}_${best.nonce}_1`);
    await submit(`${PLOTTER}_0_100000000`);
    const again = (await listPlots(db, userId, { pool: 'bhd', page: 1, count: 10 })).list.find((p) => p.plot_id === PLOTTER.toString());
    expect(again).toMatchObject({ size: String(16n * 262_144n), file_count: 1 });
    // At most POC_PLOT_FILES_MAX files a plotter: a new one past that is not kept; a known one is still seen.
    await db
      .insertInto('poc_plot_files')
      .values(
        Array.from({ length: POC_PLOT_FILES_MAX - 1 }, (_, i) => ({
          pool: 'bhd',
          plotter_id: PLOTTER.toString(),
          file: `${PLOTTER}_${10n ** 9n + BigInt(i) * 16n}_16`,
          start_nonce: (10n ** 9n + BigInt(i) * 16n).toString(),
          nonces: '16',
          last_seen_at: new Date(),
        })),
      )
      .execute();
    const at = new Date();
    expect(await pocRepository.recordPlotFile(db, { pool: 'bhd', plotterId: PLOTTER, file: `${PLOTTER}_${10n ** 12n}_16`, startNonce: 10n ** 12n, nonces: 16n, at })).toBe(false);
    expect(await pocRepository.recordPlotFile(db, { pool: 'bhd', plotterId: PLOTTER, file: own, startNonce: 1000n, nonces: 16n, at })).toBe(true);
    await db.deleteFrom('poc_plot_files').where('pool', '=', 'bhd').where('file', '!=', own).execute();
  });

  it('hands the best nonce to the node even when its plot file cannot be recorded', async () => {
    // A fresh round: the node has nothing from this plotter yet.
    await forge();
    let round = await info();
    for (let tries = 0; plot.deadlines(round)[0]!.deadline > target && tries < 30; tries++) {
      await forge();
      round = await info();
    }
    const best = plot.deadlines(round)[0]!;
    await sql`ALTER TABLE poc_plot_files RENAME TO poc_plot_files_away`.execute(db);
    try {
      const answer = await call(
        { requestType: 'submitNonce', accountId: PLOTTER.toString(), nonce: best.nonce.toString(), blockheight: String(round.height) },
        { 'X-Minername': 'rig-01', 'X-Plotfile': `${PLOTTER}_1000_16` },
      );
      expect(answer.body).toEqual({ result: 'success', deadline: Number(best.deadline) });
    } finally {
      await sql`ALTER TABLE poc_plot_files_away RENAME TO poc_plot_files`.execute(db);
    }
    const node = await db.selectFrom('devnet_poc_chain').select(['best_nonce', 'best_deadline']).where('coin', '=', 'BHD').executeTakeFirstOrThrow();
    expect(node).toEqual({ best_nonce: best.nonce.toString(), best_deadline: best.deadline.toString() });
  });

  it('closes rounds into points from the estimated capacity, and books and settles a block the pool’s nonce wins', async () => {
    // More rounds with the miner's best nonce each (rounds whose best is above the pool's target
    // are left out); the third submitted wins (the network's competitors are unlucky).
    let submitted = 0;
    for (let tries = 0; submitted < 3 && tries < 30; tries++) {
      const round = await info();
      const best = plot.deadlines(round)[0]!;
      if (best.deadline <= target) {
        const answer = await call(
          { requestType: 'submitNonce', accountId: PLOTTER.toString(), nonce: best.nonce.toString(), blockheight: String(round.height) },
          { 'X-Minername': 'rig-01' },
        );
        expect(answer.body).toEqual({ result: 'success', deadline: Number(best.deadline) });
        if (++submitted === 3)
          await db
            .updateTable('devnet_poc_chain')
            .set({ network_deadline: (2n ** 62n).toString() })
            .where('coin', '=', 'BHD')
            .execute();
      }
      await forge();
    }
    expect(submitted).toBe(3);
    const won = (await devnet.blocks(0, (await info()).height)).at(-1)!;
    expect(won.rewardAddress).toBe(entry.service.settings.address);
    expect(won.plotterId).toBe(PLOTTER);
    await entry.service.follow();
    const shares = await db.selectFrom('shares').select(['difficulty']).where('pool', '=', 'bhd').where('user_id', '=', userId).execute();
    expect(shares.length).toBeGreaterThan(0);
    const miner = await db
      .selectFrom('miners')
      .select(['id', 'estimated_bytes', 'estimate_rounds'])
      .where('pool', '=', 'bhd')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(BigInt(miner.estimated_bytes)).toBeGreaterThan(0n);
    // The figure shown is the α-corrected estimate (POC_ESTIMATE_SHOWN's default) of the rounds it rests on, kept beside it.
    const own = await db.selectFrom('poc_deadlines').select(['deadline', 'base_target']).where('pool', '=', 'bhd').where('miner_id', '=', miner.id).execute();
    expect(miner.estimate_rounds).toBe(own.length);
    const weighted = own.reduce((sum, d) => sum + BigInt(d.deadline) * BigInt(d.base_target), 0n);
    const alphaTiB = estimateCapacityTiB(own.length, Number(weighted), POC_COIN_TIMING.bhd, { nAvg: 360, nMin: 2 });
    expect(miner.estimated_bytes).toBe(String(Math.round(alphaTiB * 2 ** 40)));
    expect(alphaTiB).toBeLessThan(estimateCapacityUncorrectedTiB(own.length, Number(weighted), POC_COIN_TIMING.bhd));
    // Buried under BHD's six confirmations, the blocks the pool won are its revenue, found by the miner.
    expect(await db.selectFrom('blocks').select('id').where('pool', '=', 'bhd').where('height', '=', String(won.height)).execute()).toEqual([]);
    await forge(6);
    await entry.service.follow();
    const tip = (await info()).height - 1;
    const wonBlocks = (await devnet.blocks(0, tip - 5)).filter((b) => b.rewardAddress === entry.service.settings.address);
    const booked = await db.selectFrom('blocks').selectAll().where('pool', '=', 'bhd').orderBy('height').execute();
    expect(booked.map((b) => [b.height, b.finder_user_id, b.reward_units])).toEqual(wonBlocks.map((b) => [String(b.height), userId, b.reward.toString()]));
    expect(booked.map((b) => b.height)).toContain(String(won.height));
    // The day settles: the blocks less the 3 % fee, of which BHD pays the unsecured 55 %.
    const day = booked[0]!.day;
    expect(booked.every((b) => b.day === day)).toBe(true);
    await settleDay(db, 'bhd', day, new Date(Date.parse(`${day}T00:00:00Z`) + 36 * 3600_000));
    const balance = (await userBalances(db, userId, 'BHD')).get('BHD');
    const revenue = wonBlocks.reduce((sum, b) => sum + b.reward, 0n);
    const pot = revenue - (revenue * 300n) / 10_000n;
    expect((balance?.available ?? 0n) + (balance?.pending_earnings ?? 0n)).toBe((pot * 5_500n) / 10_000n);
    await checkLedger(db);
  });

  it('refuses the nonces of a registered plotter the chain does not show bound to the pool, until it is', async () => {
    const other = 987_654_321n;
    const address = devnetAddress(TEST_SECRET, 'BHD', 'owner');
    const data = await bindData(db, userId, { pool: 'bhd', plot_id: other.toString(), address });
    await bindPlot(
      db,
      devnetRegistry(db, TEST_SECRET),
      userId,
      { pool: 'bhd', plot_id: other.toString(), address, message: data.message, signature: devnetSignature(TEST_SECRET, 'BHD', address, data.message) },
      new Date(),
      { review: false },
    );
    // A BHD-family plotter id is numeric (a Chia plot id is refused as a parameter error).
    await expect(bindData(db, userId, { pool: 'bhd', plot_id: 'ab'.repeat(32), address })).rejects.toMatchObject({ errorName: 'INVALID_PARAMETER' });
    const submit = async () => call({ requestType: 'submitNonce', accountId: other.toString(), nonce: '5', blockheight: String((await info()).height) });
    expect((await submit()).body).toMatchObject({ result: 'Reward recipient not set to pool', deadline: null });
    const status = async () => (await db.selectFrom('plots').select('bind_status').where('plot_id', '=', other.toString()).executeTakeFirstOrThrow()).bind_status;
    // Bound on the chain (in the mempool, then mined): the registration waits for the confirmations.
    await devnet.bindPlotter(other, entry.service.settings.address);
    await forge(3);
    await entry.service.follow();
    expect(await status()).toBe('BIND_SENT');
    await forge(3);
    await entry.service.follow();
    expect(await status()).toBe('CONFIRMED');
    // The pool's cache of the chain's bindings is refreshed for a plotter it has not seen bound.
    const answer = await submit();
    expect(answer.body.result === 'success' || answer.body.result === 'Deadline exceeds maximum allowed deadline').toBe(true);
  });

  it('takes the nonces of a plotter registered with BHD in the merged LHD pool once bound on LHD’s chain', async () => {
    const lhdChain = lhd.devnet as PocDevnet;
    const submit = async () => {
      const round = await lhdChain.miningInfo();
      const res = await fetch(`${base}/burst/lhd?requestType=submitNonce&accountId=${PLOTTER}&nonce=1000&blockheight=${round.height}`, { method: 'POST' });
      return ((await res.json()) as { result: string }).result;
    };
    expect(await submit()).toBe('Reward recipient not set to pool');
    await lhdChain.bindPlotter(PLOTTER, lhd.service.settings.address);
    await lhdChain.advance(new Date(), { force: true });
    expect(['success', 'Deadline exceeds maximum allowed deadline']).toContain(await submit());
  });
});
