import { COIN_SEEDS, POOL_SEEDS } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';

let db: Db;
let app: ZodApp;

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
});

describe('GET /api/setting/coin', () => {
  it('lists every seeded coin with the coin-settings fields, amounts as decimal strings', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/setting/coin' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; msg: string; data: Record<string, unknown>[] }>();
    expect(body.code).toBe(200);
    expect(body.msg).toBe('Success');
    expect(body.data.map((c) => c.type)).toEqual(COIN_SEEDS.map((c) => c.type));
    const chia = body.data.find((c) => c.type === 'CHIA');
    expect(chia).toMatchObject({ unit: 'XCH', min_transfer_value: '0.1', scale: 12, capacity_base: 1024, closed: false });
    for (const field of [
      'type',
      'confirmation',
      'closed',
      'market',
      'min_transfer_value',
      'capacity_unit',
      'full_name',
      'arith',
      'unit',
      'icon',
      'merge_pool',
      'scale',
      'display_scale',
      'capacity_scale',
    ]) {
      expect(chia, field).toHaveProperty(field);
    }
  });

  it('filters by type, ignores the anti-cache timestamp and answers in the cookie language', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/setting/coin?type=bhd&_t=1700000000000', cookies: { h9_lang: 'zh' } });
    const body = res.json<{ code: number; msg: string; data: { type: string }[] }>();
    expect(body.data.map((c) => c.type)).toEqual(['BHD']);
    expect(body.msg).toBe('成功');
  });

  it('reflects an operator edit of the registry (no stale cache with caching off)', async () => {
    await db.updateTable('coins').set({ closed: true, min_transfer_units: '250000000000' }).where('type', '=', 'CHIA').execute();
    const res = await app.inject({ method: 'GET', url: '/api/setting/coin?type=CHIA' });
    expect(res.json<{ data: { closed: boolean; min_transfer_value: string }[] }>().data[0]).toMatchObject({ closed: true, min_transfer_value: '0.25' });
  });
});

describe('GET /api/setting/pool', () => {
  it('lists the pools with the pool-info fields; the default pool is chia / CHIA / ECO', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/setting/pool', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    const body = res.json<{ code: number; msg: string; data: Record<string, unknown>[] }>();
    expect(body.code).toBe(200);
    expect(body.msg).toMatch(/[\u0400-\u04ff]/);
    expect(body.data).toHaveLength(POOL_SEEDS.length);
    expect(body.data[0]).toEqual({ type: 'chia', coin: 'CHIA', pool_type: 'ECO', name: 'Chia', auto_withdraw: true, share_type: 'PPLNS', protocol: 'chia-og' });
  });

  it('filters by pool kind and by coin', async () => {
    const co = await app.inject({ method: 'GET', url: '/api/setting/pool?pool_type=CO' });
    const coTypes = co.json<{ data: { pool_type: string }[] }>().data.map((p) => p.pool_type);
    expect(coTypes.length).toBeGreaterThan(0);
    expect(new Set(coTypes)).toEqual(new Set(['CO']));
    const chia = await app.inject({ method: 'GET', url: '/api/setting/pool?coin=chia' });
    expect(chia.json<{ data: { type: string }[] }>().data.map((p) => p.type)).toEqual(['chia', 'chiapp', 'chiavip']);
  });

  it('answers a bad pool kind with the parameter error code naming the field, translated', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/setting/pool?pool_type=XYZ', cookies: { h9_lang: 'ru' } });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; msg: string; data: { field: string } }>();
    expect(body.code).toBe(216);
    expect(body.data.field).toBe('pool_type');
    expect(body.msg).toMatch(/[\u0400-\u04ff]/);
  });

  it('hides a disabled pool', async () => {
    await db.updateTable('pools').set({ enabled: false }).where('type', '=', 'chiavip').execute();
    const res = await app.inject({ method: 'GET', url: '/api/setting/pool' });
    expect(res.json<{ data: { type: string }[] }>().data.map((p) => p.type)).not.toContain('chiavip');
  });
});

describe('GET /api/setting/lines', () => {
  it('lists the five server lines in order', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/setting/lines' });
    expect(res.json<{ data: { code: string }[] }>().data.map((l) => l.code)).toEqual(['asia', 'europe', 'america', 'middle_east', 'russia']);
  });
});
