// @vitest-environment happy-dom
import { POOL_SEEDS } from '@platter/domain';
import { describe, expect, it } from 'vitest';
import { coinsOfPools, poolsOfType } from './pools.ts';

describe('poolsOfType', () => {
  it('lists a coin’s pools for its type (chia → chia, chiapp, chiavip)', () => {
    expect(poolsOfType(POOL_SEEDS, 'chia').map((p) => p.type)).toEqual(['chia', 'chiapp', 'chiavip']);
  });

  it('lists one pool for its own key', () => {
    expect(poolsOfType(POOL_SEEDS, 'bhd_co').map((p) => p.type)).toEqual(['bhd_co']);
    expect(poolsOfType(POOL_SEEDS, 'bhd').map((p) => p.type)).toEqual(['bhd', 'bhd_co']);
  });

  it('falls back to the pool kind', () => {
    expect(poolsOfType(POOL_SEEDS, 'co').every((p) => p.pool_type === 'CO')).toBe(true);
    expect(poolsOfType(POOL_SEEDS, 'CO').length).toBeGreaterThan(0);
  });

  it('is empty for an unknown type', () => {
    expect(poolsOfType(POOL_SEEDS, 'nope')).toEqual([]);
  });

  it('lists each coin once', () => {
    const coins = coinsOfPools(POOL_SEEDS);
    expect(new Set(coins).size).toBe(coins.length);
    expect(coins[0]).toBe('CHIA');
  });
});
