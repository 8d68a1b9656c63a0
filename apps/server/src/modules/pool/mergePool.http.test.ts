import { parseAmount, utcDay } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import type { Browser } from '../../../test/browser.ts';
import { mailedApp } from '../../../test/factories.ts';
import { verifiedWork } from '../../../test/shares.ts';
import type { Db } from '../../db/database.ts';
import { recordBlock } from './blocks.ts';
import { ensureSharePartition } from './report.ts';
import { settleDay } from '../settlement/settlement.service.ts';

/**
 * Merged mining's single farm over HTTP (issue 21): one rig mining BHD and LHD with the same
 * plots shows as one rig of one farm, whose capacity is the mean of its coins' deadline estimates, with
 * each coin's own figures and income as that coin's dashboard shows them; a CO pool's rig is
 * another farm; a pool nothing merges with has none.
 */

const GIB = 2n ** 30n;
/** Points of 24 hours for `nonces` nonces mined all day (nonce-seconds). */
const allDay = (nonces: number) => BigInt(nonces) * 86_400n;

let db: Db;
let user: Browser;
let userId: string;

interface Farm {
  merge_pool: string;
  pool_type: string;
  pools: string[];
  online: number;
  offline: number;
  capacity: string;
  reported_capacity: string;
  coins: { pool: string; capacity: string; estimated_capacity: string; income_total: string; income_yesterday: string; unit: string }[];
}

beforeAll(async () => {
  let app;
  ({ db, app } = await mailedApp());
  user = await signedInAs(app, db, 'farmer@example.com', 'user');
  userId = (await db.selectFrom('users').select('id').where('email', '=', 'farmer@example.com').executeTakeFirstOrThrow()).id;
  const now = new Date();
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
  const old = new Date(now.getTime() - 3 * 86_400_000);
  for (const day of [utcDay(now), yesterday, utcDay(old)]) await ensureSharePartition(db, day);
  // Yesterday LHD found a block: its income is LHD's alone.
  const noon = new Date(`${yesterday}T12:00:00Z`);
  await verifiedWork(db, { userId, pool: 'lhd', difficulty: allDay(3000), at: noon, miner: 'rig-a', capacity: 999n * GIB });
  // rig-a mines BHD and LHD with the same plots (each coin's deadlines estimate them a little differently).
  await verifiedWork(db, { userId, pool: 'bhd', difficulty: allDay(4000), at: now, miner: 'rig-a', capacity: 1000n * GIB });
  await verifiedWork(db, { userId, pool: 'lhd', difficulty: allDay(3000), at: now, miner: 'rig-a', capacity: 999n * GIB });
  // rig-b mined HDD days ago: offline, no estimate today.
  await verifiedWork(db, { userId, pool: 'hdd', difficulty: allDay(100), at: old, miner: 'rig-b', capacity: 50n * GIB });
  // Another farm: the cooperation pool's.
  await verifiedWork(db, { userId, pool: 'bhd_co', difficulty: allDay(7000), at: now, miner: 'rig-c', capacity: 2000n * GIB });
  await recordBlock(db, { pool: 'lhd', height: 77, foundAt: noon, finderUserId: userId, finderMinerId: null, reward: parseAmount('10', 8) });
  await settleDay(db, 'lhd', yesterday);
  // The capacities the rounds estimated from each rig's deadlines, per pool (as the miners page shows them).
  const estimate = async (pool: string, name: string, bytes: bigint) =>
    db.updateTable('miners').set({ estimated_bytes: bytes.toString() }).where('user_id', '=', userId).where('pool', '=', pool).where('name', '=', name).execute();
  await estimate('bhd', 'rig-a', 1010n * GIB);
  await estimate('lhd', 'rig-a', 990n * GIB);
  await estimate('hdd', 'rig-b', 50n * GIB);
  await estimate('bhd_co', 'rig-c', 1900n * GIB);
});

describe('merge pool farm', () => {
  it('shows one farm across BHD, LHD, HDD and XHD of the pool type, each coin with its own figures and income', async () => {
    for (const asked of ['lhd', 'bhd', 'xhd']) {
      const answer = await user.get<Farm>(`/api/dashboard/mergepool?pool=${asked}`);
      expect(answer.code).toBe(200);
      const farm = answer.data;
      expect(farm).toMatchObject({ merge_pool: 'BHD', pool_type: 'ECO', pools: ['bhd', 'lhd', 'hdd', 'xhd'] });
      // rig-a counts once (it mines two of the pools), rig-b is offline; the CO pool's rig-c is not this farm's.
      expect([farm.online, farm.offline]).toEqual([1, 1]);
      // rig-a reports to both pools: counted once, at the most it reports.
      expect(farm.reported_capacity).toBe((1000n * GIB).toString());
      // Each coin's figures are that coin's dashboard.
      for (const coin of farm.coins) {
        const own = await user.get<Farm['coins'][number]>(`/api/dashboard/summary?pool=${coin.pool}`);
        expect(coin).toMatchObject(own.data);
      }
      const [bhd, lhd, hdd, xhd] = farm.coins;
      // Each coin's capacity from its online rigs' deadlines (rig-b is offline).
      expect(farm.coins.map((c) => c.estimated_capacity)).toEqual([1010n * GIB, 990n * GIB, 0n, 0n].map(String));
      // The farm's: rig-a once, at the mean of its two coins' estimates, not their sum.
      expect(farm.capacity).toBe((1000n * GIB).toString());
      // Only LHD paid: yesterday's block is LHD's income, in LHD.
      expect(lhd!.unit).toBe('LHD');
      expect(Number(lhd!.income_yesterday)).toBeGreaterThan(0);
      expect(lhd!.income_total).toBe(lhd!.income_yesterday);
      expect([bhd!.income_total, hdd!.income_total, xhd!.income_total].map(Number)).toEqual([0, 0, 0]);
    }
  });

  it('keeps the cooperation pools a farm of their own', async () => {
    const farm = (await user.get<Farm>('/api/dashboard/mergepool?pool=hdd_co')).data;
    expect(farm).toMatchObject({ merge_pool: 'BHD', pool_type: 'CO', pools: ['bhd_co', 'lhd_co', 'hdd_co', 'xhd_co'], online: 1, offline: 0 });
    expect(farm.reported_capacity).toBe((2000n * GIB).toString());
    expect(farm.capacity).toBe((1900n * GIB).toString());
  });

  it('has no farm for a pool nothing merges with, and refuses an unknown pool', async () => {
    const chia = await user.get<Farm | null>('/api/dashboard/mergepool?pool=chia');
    expect([chia.code, chia.data]).toEqual([200, null]);
    const unknown = await user.get('/api/dashboard/mergepool?pool=nosuch');
    expect(unknown.code).not.toBe(200);
    // The same error as every pool call gives an unknown pool (POOL_NOT_FOUND).
    expect(unknown.code).toBe((await user.get('/api/dashboard/summary?pool=nosuch')).code);
  });
});
