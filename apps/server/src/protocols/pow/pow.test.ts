import { graffitiHex, ironfishHeaderBytes, meetsTarget, targetFromDifficulty, targetHex, utcDay, type PowHeader } from '@platter/domain';
import { blake3 } from '@noble/hashes/blake3.js';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { devnetRegistry, type DevnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { rotateKey } from '../../modules/pool/keys.ts';
import { connectMiner, randomnessHex, type StratumMiner } from './miner.ts';
import { insertJob } from './pow.repository.ts';
import { hashPowHeader, submitSolution } from './pow.service.ts';
import { startStratum, type StratumServer } from './stratum.ts';

/**
 * Iron Fish proof-of-work shares over the real stratum (TCP) with the devnet's block templates:
 * good solutions credited at the pool's share difficulty, and the stratum errors for a low
 * hash, a replay and a stale job; a solution meeting the network target is a block.
 */

const SHARE_DIFFICULTY = 64n;
let db: Db;
let devnet: DevnetRegistry;
let stratum: StratumServer;
let key: string;
let userId: string;
const miners: StratumMiner[] = [];

beforeAll(async () => {
  ({ db } = await testDatabase());
  devnet = devnetRegistry(db, TEST_SECRET);
  await devnet.tick('IRONFISH');
  const user = await buildUser(db);
  userId = user.id;
  ({ key } = await rotateKey(db, userId, 'ironfish'));
  stratum = await startStratum({
    db,
    chains: devnet,
    shareDifficulty: SHARE_DIFFICULTY,
    host: '127.0.0.1',
    port: 0,
    logger: pino({ level: 'silent' }) as FastifyBaseLogger,
    pollMs: 60_000,
  });
});

afterAll(async () => {
  for (const m of miners) m.close();
  await stratum.close();
});

async function miner(publicAddress = key, name = 'rig-01'): Promise<StratumMiner> {
  const m = await connectMiner('127.0.0.1', stratum.port, { publicAddress, name });
  miners.push(m);
  return m;
}

const sharesOf = async (user: string) => db.selectFrom('shares').select(['difficulty', 'miner_id']).where('user_id', '=', user).where('pool', '=', 'ironfish').execute();

describe('Iron Fish header hashing', () => {
  it('hashes the 180-byte mineable header with BLAKE3, fields where Iron Fish puts them', () => {
    // BLAKE3's published vector for the empty input: the library is the real BLAKE3.
    expect(Buffer.from(blake3(new Uint8Array(0))).toString('hex')).toBe('af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262');
    const header: PowHeader = {
      randomness: '0102030405060708',
      sequence: 0x0a0b0c0d,
      previousBlockHash: '11'.repeat(32),
      noteCommitment: '22'.repeat(32),
      transactionCommitment: '33'.repeat(32),
      target: targetHex(targetFromDifficulty(2n)),
      timestamp: 0x0102030405,
      graffiti: graffitiHex('pool.1'),
    };
    const bytes = Buffer.from(ironfishHeaderBytes(header));
    expect(bytes.length).toBe(180);
    expect(bytes.subarray(0, 8).toString('hex')).toBe('0102030405060708'); // randomness, big-endian
    expect(bytes.subarray(8, 12).toString('hex')).toBe('0d0c0b0a'); // sequence, little-endian
    expect(bytes.subarray(12, 44).toString('hex')).toBe('11'.repeat(32));
    expect(bytes.subarray(108, 140).toString('hex')).toBe(`80${'00'.repeat(31)}`); // target 2^255, big-endian
    expect(bytes.subarray(140, 148).toString('hex')).toBe('0504030201000000'); // timestamp, little-endian
    expect(bytes.subarray(148).toString('utf8').replace(/\0+$/, '')).toBe('pool.1');
    expect(Buffer.from(hashPowHeader(header)).toString('hex')).toBe(Buffer.from(blake3(bytes)).toString('hex'));
    // A hash meets a target when, read big-endian, it is at most the target.
    expect(meetsTarget(Buffer.from(`7f${'ff'.repeat(31)}`, 'hex'), 2n ** 255n)).toBe(true);
    expect(meetsTarget(Buffer.from(`80${'00'.repeat(30)}01`, 'hex'), 2n ** 255n)).toBe(false);
    expect(targetFromDifficulty(1n)).toBe(2n ** 256n - 1n);
    // Not SHA-256: a pool hashing the wrong way would disagree with the network.
    expect(Buffer.from(hashPowHeader(header)).toString('hex')).not.toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});

describe('Iron Fish stratum', () => {
  it('subscribes a miner by its API key: subscribed, the share target, a job with its own graffiti', async () => {
    const m = await miner();
    const subscribed = await m.next('mining.subscribed');
    expect(subscribed.body).toMatchObject({ clientId: expect.any(Number), graffiti: expect.stringMatching(/^platter\.[0-9a-f]{8}$/) });
    const target = await m.next('mining.set_target');
    expect(target.body?.['target']).toBe(targetHex(targetFromDifficulty(SHARE_DIFFICULTY)));
    const notify = await m.next('mining.notify');
    const header = Buffer.from(String(notify.body?.['header']), 'hex');
    expect(header.length).toBe(180);
    expect(header.subarray(148).toString('utf8').replace(/\0+$/, '')).toBe(subscribed.body?.['graffiti']);
  });

  it('refuses an unknown key, or a key of a pool that takes no proof-of-work', async () => {
    const stranger = await miner('plk_not-a-key');
    expect((await stranger.next('mining.disconnect')).body).toMatchObject({ message: 'unknown miner key' });
    const chia = await rotateKey(db, userId, 'chiapp');
    const wrongPool = await miner(chia.key);
    expect((await wrongPool.next('mining.disconnect')).body?.['message']).toMatch(/no proof-of-work/);
  });

  it('credits a good solution at the pool share difficulty once; a replay and a low hash are refused', async () => {
    const m = await miner(key, 'rig-02');
    await m.next('mining.notify');
    const work = m.work;
    if (!work) throw new Error('no work');
    const found = m.search(0n, 100_000);
    if (!found) throw new Error('no share found');
    // Cross-check with BLAKE3 directly: the header as sent, with the randomness in its first 8 bytes.
    const header = Buffer.from(work.header);
    header.write(found.randomness, 0, 'hex');
    expect(meetsTarget(blake3(header), targetFromDifficulty(SHARE_DIFFICULTY))).toBe(true);

    expect(await m.submit(work.miningRequestId, found.randomness)).toEqual({ result: true });
    const shares = await sharesOf(userId);
    expect(shares.map((s) => s.difficulty)).toEqual([SHARE_DIFFICULTY.toString()]);
    const row = await db
      .selectFrom('miners')
      .select(['id', 'name'])
      .where('id', '=', shares[0]?.miner_id ?? '0')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('rig-02');

    expect(await m.submit(work.miningRequestId, found.randomness)).toEqual({ result: false, message: 'duplicate share' });
    // A randomness whose hash misses the share target.
    let low = 0n;
    for (;;) {
      const h = Buffer.from(work.header);
      h.writeBigUInt64BE(low, 0);
      if (!meetsTarget(blake3(h), targetFromDifficulty(SHARE_DIFFICULTY))) break;
      low++;
    }
    expect(await m.submit(work.miningRequestId, randomnessHex(low))).toEqual({ result: false, message: 'low difficulty' });
    expect(await m.submit(999_999, found.randomness)).toEqual({ result: false, message: 'unknown job' });
    expect(await sharesOf(userId)).toHaveLength(1);

    // Another connection searching the same randomness has another graffiti: its own work.
    const other = await miner(key, 'rig-03');
    await other.next('mining.notify');
    const theirs = other.search(0n, 100_000);
    if (!theirs || !other.work) throw new Error('no share found');
    expect(await other.submit(other.work.miningRequestId, theirs.randomness)).toEqual({ result: true });
    expect(await sharesOf(userId)).toHaveLength(2);
  });

  it('refuses a solution for a job the chain has moved past (stale), and sends the new job', async () => {
    const m = await miner(key, 'rig-04');
    await m.next('mining.notify');
    const old = m.work;
    const found = m.search(0n, 100_000);
    if (!old || !found) throw new Error('no share found');
    await devnet.tick('IRONFISH');
    const before = (await sharesOf(userId)).length;
    expect(await m.submit(old.miningRequestId, found.randomness)).toEqual({ result: false, message: 'stale job' });
    const fresh = await m.next('mining.notify');
    expect(fresh.body?.['miningRequestId']).not.toBe(old.miningRequestId);
    expect((await sharesOf(userId)).length).toBe(before);
    // The new job's solutions count.
    const again = m.search(0n, 100_000);
    if (!again || !m.work) throw new Error('no share found');
    expect(await m.submit(m.work.miningRequestId, again.randomness)).toEqual({ result: true });
  });

  it('a solution that meets the network target is a block: the chain moves on and the pool records its reward', async () => {
    const adapter = devnet.adapter('IRONFISH');
    const template = await adapter.powTemplate?.();
    if (!template) throw new Error('no template');
    // A job whose network target any hash meets (the devnet's own is far harder).
    const job = await insertJob(db, {
      pool: 'ironfish',
      height: template.height,
      header: template.header,
      networkTarget: targetFromDifficulty(1n),
      shareDifficulty: 1n,
      reward: template.reward,
    });
    const graffiti = graffitiHex('platter.test');
    const outcome = await submitSolution(
      { db, chains: devnet, shareDifficulty: 1n },
      { userId, pool: 'ironfish', minerName: 'rig-05', jobId: job.id, graffiti, randomness: '00000000000000aa' },
    );
    expect(outcome).toEqual({ accepted: true, block: true, difficulty: 1n });
    expect(await adapter.height()).toBe(template.height + 1);
    const block = await db.selectFrom('blocks').select(['height', 'reward_units', 'finder_user_id', 'day']).where('pool', '=', 'ironfish').executeTakeFirstOrThrow();
    expect(block).toMatchObject({ height: String(template.height + 1), reward_units: template.reward.toString(), finder_user_id: userId, day: utcDay(new Date()) });
    // The same solution again: a replay.
    expect(
      await submitSolution({ db, chains: devnet, shareDifficulty: 1n }, { userId, pool: 'ironfish', minerName: 'rig-05', jobId: job.id, graffiti, randomness: '00000000000000aa' }),
    ).toEqual({ accepted: false, reason: 'stale job' });
    expect(await checkLedger(db)).toEqual([]);
  });
});
