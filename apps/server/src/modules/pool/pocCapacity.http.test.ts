import { capacityFromPoints, NONCE_SECONDS, POC_NONCE_BYTES, utcDay } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { mailedApp } from '../../../test/factories.ts';
import { verifiedWork } from '../../../test/shares.ts';
import type { Db } from '../../db/database.ts';
import { ensureSharePartition } from './report.ts';
import { samplePools } from './views.ts';

/**
 * A BHD-family pool's capacity figures over HTTP (issue 21): a farm that started mining minutes
 * ago has a few minutes of nonce-seconds among the last 24 hours; the dashboard, the public
 * figures and the trend's sample show the capacity its verified deadlines estimate (that of
 * its online miners), not those minutes' points spread over a day; a Chia pool keeps its
 * 24-hour points figure.
 */

let db: Db;
let user: Browser;
let visitor: Browser;
let userId: string;
/** The farm's plots: 14 nonces (3.5 MiB) on its online rig. */
const NONCES = 14n;
/** Two rounds of 150 s mined so far. */
const POINTS = NONCES * 300n;

beforeAll(async () => {
  let app;
  ({ db, app } = await mailedApp());
  user = await signedInAs(app, db, 'farmer@example.com', 'user');
  visitor = browser(app);
  userId = (await db.selectFrom('users').select('id').where('email', '=', 'farmer@example.com').executeTakeFirstOrThrow()).id;
  const now = new Date();
  const old = new Date(now.getTime() - 2 * 86_400_000);
  for (const day of [utcDay(now), utcDay(old)]) await ensureSharePartition(db, day);
  await verifiedWork(db, { userId, pool: 'bhd', difficulty: POINTS, at: now, miner: 'rig-a', capacity: NONCES * POC_NONCE_BYTES });
  // An offline rig's old estimate does not count.
  await verifiedWork(db, { userId, pool: 'bhd', difficulty: 1000n, at: old, miner: 'rig-b', capacity: 9n * POC_NONCE_BYTES });
  const estimate = (name: string, nonces: bigint) =>
    db
      .updateTable('miners')
      .set({ estimated_bytes: (nonces * POC_NONCE_BYTES).toString() })
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .execute();
  await estimate('rig-a', NONCES);
  await estimate('rig-b', 9n);
  await verifiedWork(db, { userId, pool: 'chia', difficulty: 5000n, at: now, miner: 'chia-rig' });
});

describe('BHD-family capacity', () => {
  it('shows the dashboard capacity of a farm that started minutes ago from its deadlines, not a day of points', async () => {
    const summary = await user.get<{ capacity: string; capacity_source: string; reported_capacity: string; points_24h: string }>('/api/dashboard/summary?pool=bhd');
    expect(summary.code).toBe(200);
    expect(summary.data).toMatchObject({ capacity: (NONCES * POC_NONCE_BYTES).toString(), capacity_source: 'deadlines', reported_capacity: (NONCES * POC_NONCE_BYTES).toString() });
    expect(summary.data.points_24h).toBe(POINTS.toString());
    // What the 24-hour points would have read: a few KiB.
    expect(capacityFromPoints(POINTS, 86_400, NONCE_SECONDS)).toBeLessThan((NONCES * POC_NONCE_BYTES) / 100n);
  });

  it('keeps the 24-hour points figure of a Chia pool', async () => {
    const summary = await user.get<{ capacity: string; capacity_source: string }>('/api/dashboard/summary?pool=chia');
    expect(summary.data.capacity_source).toBe('points_24h');
    expect(BigInt(summary.data.capacity)).toBeGreaterThan(0n);
  });

  it('shows the pool’s public capacity and its trend sample from its online miners’ deadlines', async () => {
    const stats = await visitor.get<{ pool: string; capacity: string }[]>('/api/home/capacity');
    expect(stats.code).toBe(200);
    expect(stats.data.find((s) => s.pool === 'bhd')?.capacity).toBe((NONCES * POC_NONCE_BYTES).toString());
    await samplePools(db);
    const sample = await db.selectFrom('pool_samples').select('capacity_bytes').where('pool', '=', 'bhd').orderBy('at', 'desc').executeTakeFirstOrThrow();
    expect(sample.capacity_bytes).toBe((NONCES * POC_NONCE_BYTES).toString());
  });
});
