import { QueryClient, queryOptions } from '@tanstack/react-query';
import { appStore, searchPoolsFrom } from '../state/store.ts';
import { fetchCoinSettings, fetchPoolSettings, fetchUserInfo } from './endpoints.ts';

/**
 * Query definitions of the frame. Their results are also written to the persisted state
 * (spec doc 2 §9), so a reload shows the last known registry at once.
 */
export const queryKeys = {
  userInfo: ['user', 'info'] as const,
  settings: ['setting'] as const,
  coins: ['setting', 'coin'] as const,
  pools: ['setting', 'pool'] as const,
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries failed timestamped GETs (and surfaces once).
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's query cache (App.tsx), which a page's data can be asked into before it renders (app/routes.tsx preloadRoute). */
export const appQueryClient = createQueryClient();

/** On start (spec doc 2 §4): with data store it; with no data or on failure, signed out. */
export const userInfoQuery = queryOptions({
  queryKey: queryKeys.userInfo,
  queryFn: async () => {
    try {
      const info = await fetchUserInfo();
      appStore.setUserInfo(info);
      return info;
    } catch {
      appStore.setUserInfo(null);
      return null;
    }
  },
  staleTime: Infinity,
});

export const coinsQuery = queryOptions({
  queryKey: queryKeys.coins,
  queryFn: async () => {
    const coinInfo = await fetchCoinSettings();
    if (coinInfo.length > 0) {
      const { poolInfo } = appStore.getState();
      appStore.set({ coinInfo, searchPools: searchPoolsFrom(poolInfo, coinInfo) });
    }
    return coinInfo;
  },
});

export const poolsQuery = queryOptions({
  queryKey: queryKeys.pools,
  queryFn: async () => {
    const poolInfo = await fetchPoolSettings();
    if (poolInfo.length > 0) {
      const { coinInfo } = appStore.getState();
      appStore.set({ poolInfo, searchPools: searchPoolsFrom(poolInfo, coinInfo) });
    }
    return poolInfo;
  },
});
