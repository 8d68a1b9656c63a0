import { DEFAULT_POOL_TYPE, STATE_CLEAR_AFTER_202_MS, type CoinSetting, type PoolInfo, type UserInfo } from '@platter/domain';
import { useSyncExternalStore } from 'react';
import { useAfterHydration } from '../app/prerendered.ts';
import { readAnswer } from '../api/answerShapes.ts';

/**
 * The persisted client state of spec doc 2 §9: one localStorage key, 'h9', holding user
 * info, assets, coin info, pool info, opened pools, pool type and searched pools. Logout
 * clears it; after a 202 answer it is cleared one hour later. The deadline is part of the
 * state so that it survives reloads.
 */
export const STATE_KEY = 'h9';
/** The session-storage cache key cleared on start (spec doc 2 §9). */
export const SESSION_CACHE_KEY = 'h9';

/** An entry of the address-query selector: a pool type and its icon. */
export interface SearchPool {
  type: string;
  icon: string;
}

export interface PersistedState {
  userInfo: UserInfo | null;
  /** Assets summary; its shape arrives with the assets issue. */
  assets: Record<string, unknown> | null;
  coinInfo: CoinSetting[];
  poolInfo: PoolInfo[];
  openedPools: string[];
  poolType: string;
  searchPools: SearchPool[];
  /** When set, the state is cleared at this time (ms since epoch): one hour after a 202. */
  clearAt: number | null;
}

/** The icon of a coin registry key: `/coins/chia.svg` for CHIA and CHIA_TEST. */
export function coinIconPath(coin: string): string {
  return `/coins/${coin.toLowerCase().replace(/_test$/, '')}.svg`;
}

/** The spec's default searchable pool (doc 2 §3): type chia. */
export const DEFAULT_SEARCH_POOLS: readonly SearchPool[] = [{ type: DEFAULT_POOL_TYPE, icon: coinIconPath('CHIA') }];

export function defaultState(): PersistedState {
  return {
    userInfo: null,
    assets: null,
    coinInfo: [],
    poolInfo: [],
    openedPools: [],
    poolType: DEFAULT_POOL_TYPE,
    searchPools: [...DEFAULT_SEARCH_POOLS],
    clearAt: null,
  };
}

/** The state as the prerendered first screen is drawn with (one object: a selector answers stored references). */
const DEFAULT_STATE = defaultState();

export function parsePersisted(raw: string | null): PersistedState {
  if (!raw) return defaultState();
  try {
    // Checked against the schema in api/answerSchemas.ts: each field falls back to its default on its own.
    const parsed = readAnswer('persisted', JSON.parse(raw));
    return parsed.ok ? parsed.value : defaultState();
  } catch {
    return defaultState();
  }
}

/** Searchable pools from the pool registry: one entry per pool type, with its coin icon. */
export function searchPoolsFrom(pools: readonly PoolInfo[], coins: readonly CoinSetting[]): SearchPool[] {
  if (pools.length === 0) return [...DEFAULT_SEARCH_POOLS];
  const iconByCoin = new Map(coins.map((coin) => [coin.type, coin.icon]));
  return pools.map((pool) => ({ type: pool.type, icon: iconByCoin.get(pool.coin) || coinIconPath(pool.coin) }));
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StateStore {
  getState(): PersistedState;
  subscribe(listener: () => void): () => void;
  set(patch: Partial<PersistedState>): void;
  /** Stores user info; a signed-in answer cancels a pending 202 clearing. */
  setUserInfo(userInfo: UserInfo | null): void;
  /** Clears everything (logout, or the 202 deadline passing). */
  clear(): void;
  /** After a 202: clear the state `afterMs` from now (the earliest deadline wins). */
  scheduleClear(afterMs?: number): void;
  /** Stops the timer (tests, hot reload). */
  dispose(): void;
}

export interface StateStoreOptions {
  storage: StorageLike | null;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createStateStore(options: StateStoreOptions): StateStore {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const listeners = new Set<() => void>();
  let timer: unknown = null;

  let state = parsePersisted(readStorage());

  function readStorage(): string | null {
    try {
      return storage?.getItem(STATE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  function persist(): void {
    try {
      storage?.setItem(STATE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or blocked (private mode): the state still lives in memory.
    }
  }

  function emit(): void {
    for (const listener of listeners) listener();
  }

  function disarm(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  function arm(): void {
    disarm();
    if (state.clearAt === null) return;
    // Browsers cap timers at 2^31-1 ms; the deadline is at most an hour away anyway.
    timer = setTimer(() => store.clear(), Math.max(0, state.clearAt - now()));
  }

  const store: StateStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(patch) {
      state = { ...state, ...patch };
      persist();
      emit();
    },
    setUserInfo(userInfo) {
      const cancelClear = userInfo !== null && state.clearAt !== null;
      store.set(cancelClear ? { userInfo, clearAt: null } : { userInfo });
      if (cancelClear) disarm();
    },
    clear() {
      disarm();
      state = defaultState();
      try {
        storage?.removeItem(STATE_KEY);
      } catch {
        // ignore, see persist()
      }
      emit();
    },
    scheduleClear(afterMs = STATE_CLEAR_AFTER_202_MS) {
      const deadline = now() + afterMs;
      if (state.clearAt !== null && state.clearAt <= deadline) return;
      store.set({ clearAt: deadline });
      arm();
    },
    dispose: disarm,
  };

  // A deadline that passed while the page was closed clears the state now.
  if (state.clearAt !== null && state.clearAt <= now()) store.clear();
  else arm();
  return store;
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): StorageLike | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

export const appStore = createStateStore({ storage: browserStorage('localStorage') });

/** Clears the session-storage cache key (spec doc 2 §9: on start). */
export function clearSessionCache(storage: StorageLike | null = browserStorage('sessionStorage')): void {
  try {
    storage?.removeItem(SESSION_CACHE_KEY);
  } catch {
    // blocked storage: nothing to clear
  }
}

/** Reads one slice of the persisted state; the selector must return stored references. */
export function useAppState<T>(selector: (state: PersistedState) => T, store: StateStore = appStore): T {
  // The prerender draws the default state, and the render that hydrates it must too (main.tsx
  // hydrates only over a default state; an answer stored meanwhile is drawn right after, in a
  // transition: useAfterHydration). The server snapshot is the store's own: one that differed
  // made React redraw every reader in one blocking task right after hydrating.
  const read = () => selector(store.getState());
  const live = useSyncExternalStore(store.subscribe, read, read);
  return useAfterHydration(live, selector(DEFAULT_STATE));
}

export function isSignedIn(userInfo: UserInfo | null): userInfo is UserInfo {
  return Boolean(userInfo?.email);
}
