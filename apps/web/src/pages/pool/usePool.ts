import { DEFAULT_POOL_TYPE, type CoinSetting, type PoolInfo } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { coinsQuery, poolsQuery } from '../../api/queries.ts';
import { useHydrated } from '../../app/prerendered.ts';
import { fetchUserPools, poolKeys } from './poolApi.ts';
import { useWatched } from './watched.ts';

export interface PoolChoice {
  /** The pool shown; undefined until the user's pool list has answered. */
  pool: string | undefined;
  /** The pools to choose from: the user's, else the default pool. */
  pools: string[];
  choose: (pool: string) => void;
}

/**
 * The pool the user-centre pool pages show, kept in `?pool=` so that it stays when moving
 * between them: the one asked for, else the first the user mines in, else 'chia'. None while
 * a page sent drawn hydrates (it was drawn before any pool was known; answers that came in
 * the meantime are drawn right after).
 */
export function usePoolChoice(): PoolChoice {
  const [params, setParams] = useSearchParams();
  // A watched user's pools come with the watch list (issue 25).
  const watched = useWatched();
  const hydrated = useHydrated();
  const userPools = useQuery({ queryKey: poolKeys.pools, queryFn: fetchUserPools, enabled: !watched });
  const mine = watched ? watched.pools : hydrated ? (userPools.data ?? []) : [];
  const fallback = mine[0] ?? DEFAULT_POOL_TYPE;
  const asked = params.get('pool')?.toLowerCase() || undefined;
  const pool = !hydrated ? undefined : (asked ?? (!watched && userPools.isPending ? undefined : fallback));
  const pools = mine.length > 0 ? [...mine] : [DEFAULT_POOL_TYPE];
  if (pool && !pools.includes(pool)) pools.push(pool);
  const choose = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('pool', next);
        return updated;
      },
      { replace: true },
    );
  return { pool, pools, choose };
}

export interface PoolCoin {
  info: PoolInfo | undefined;
  coin: CoinSetting | undefined;
  /** Miners of a hashrate coin (Iron Fish, Aleo) report hashes per second, not capacity. */
  hashrate: boolean;
}

/** The registry entries of a pool and its coin (for names, capacity base, units). */
export function usePoolCoin(pool: string | undefined): PoolCoin {
  const pools = useQuery(poolsQuery);
  const coins = useQuery(coinsQuery);
  const info = pools.data?.find((p) => p.type === pool);
  const coin = coins.data?.find((c) => c.type === info?.coin);
  return { info, coin, hashrate: coin?.arith === 'hash' };
}

/** The page of a paged list, back to the first when the pool changes. */
export function usePageFor(pool: string | undefined): [number, (page: number) => void] {
  const [state, setState] = useState({ pool, page: 1 });
  return [state.pool === pool ? state.page : 1, (page: number) => setState({ pool, page })];
}

/** What every pool page starts from: the chosen pool and its coin's registry entry. */
export function usePoolView() {
  const choice = usePoolChoice();
  const { coin, hashrate } = usePoolCoin(choice.pool);
  return { choice, pool: choice.pool, coin, hashrate, base: coin?.capacity_base ?? (1024 as const) };
}
