import { parseAmount } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { recordBlock } from './blocks.ts';

/** The public figures are computed once per refresh period and shared; a new block shows after the period. */

const REFRESH_SECONDS = 2;
let db: Db;
let app: ZodApp;

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db, { publicFiguresSeconds: REFRESH_SECONDS });
});

async function get(url: string, lang = 'en') {
  const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
  return { res, body: res.json<{ code: number; msg: string; data: { blocks: { height: string }[]; pools: { pool: string; blocks_24h: number }[] } }>() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the public figures', () => {
  it('answers the stored figures within the refresh period and the new block after it, with caching headers', async () => {
    const first = await get('/api/home/list');
    expect(first.body.code).toBe(200);
    expect(first.body.data.blocks).toEqual([]);
    const maxAge = Number(/public, max-age=(\d+)/.exec(first.res.headers['cache-control'] ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(REFRESH_SECONDS);
    expect(first.res.headers.vary).toMatch(/Accept-Language/);

    const computedAt = Date.now();
    await recordBlock(db, { pool: 'chia', height: 7001, foundAt: new Date(), finderUserId: null, finderMinerId: null, reward: parseAmount('2', 12) });
    const soon = await get('/api/home/list');
    // Within the period the answer is the one computed before the block (unless this machine stalled past it).
    if (Date.now() - computedAt < REFRESH_SECONDS * 1000 - 200) expect(soon.body.data.blocks).toEqual([]);
    // Another language: the same figures, the envelope's text in that language.
    const ru = await get('/api/home/list', 'ru');
    expect(ru.body.msg).not.toBe(first.body.msg);

    await sleep(REFRESH_SECONDS * 1000 + 100);
    const later = await get('/api/home/list');
    expect(later.body.data.blocks.map((b) => b.height)).toEqual(['7001']);
    expect(later.body.data.pools.find((p) => p.pool === 'chia')?.blocks_24h).toBe(1);
    const explorer = await app.inject({ method: 'GET', url: '/api/datastatistics/block?pool=chia' });
    expect(explorer.json<{ data: { total: number } }>().data.total).toBe(1);
  });

  it('answers a bad query with its error code, and a failure is not kept', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/datastatistics/pool?pool=nope&days=7' });
    expect(unknown.json<{ code: number }>().code).not.toBe(200);
    expect(unknown.statusCode).toBeLessThan(500);
    const again = await app.inject({ method: 'GET', url: '/api/datastatistics/pool?pool=nope&days=7' });
    expect(again.json<{ code: number }>().code).toBe(unknown.json<{ code: number }>().code);
    const chia = await app.inject({ method: 'GET', url: '/api/datastatistics/pool?pool=chia&days=7' });
    expect(chia.json<{ code: number }>().code).toBe(200);
    expect(chia.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});
