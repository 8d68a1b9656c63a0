import type { PoolInfo } from '@platter/domain';

/**
 * The pools a /mypools/{pooltype} page lists: those whose pool key or coin is the type
 * (/mypools/chia lists chia, chiapp and chiavip), else those of that kind (eco, co, ar).
 */
export function poolsOfType(pools: readonly PoolInfo[], poolType: string): PoolInfo[] {
  const key = poolType.toLowerCase();
  const byKeyOrCoin = pools.filter((pool) => pool.type.toLowerCase() === key || pool.coin.toLowerCase() === key);
  if (byKeyOrCoin.length > 0) return byKeyOrCoin;
  return pools.filter((pool) => pool.pool_type.toLowerCase() === key);
}

/** One entry per coin, in registry order: the coin switcher of the pools page. */
export function coinsOfPools(pools: readonly PoolInfo[]): string[] {
  return [...new Set(pools.map((pool) => pool.coin))];
}
