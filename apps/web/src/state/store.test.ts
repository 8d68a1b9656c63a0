// @vitest-environment happy-dom
import { COIN_SEEDS, POOL_SEEDS, STATE_CLEAR_AFTER_202_MS, type UserInfo } from '@platter/domain';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../test/clock.ts';
import { aliceInfo } from '../test/fixtures.ts';
import { clearSessionCache, createStateStore, defaultState, parsePersisted, searchPoolsFrom, SESSION_CACHE_KEY, STATE_KEY, type StorageLike } from './store.ts';

const user: UserInfo = aliceInfo;

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('persisted client state (spec doc 2 §9)', () => {
  it("persists under the 'h9' key and reloads", () => {
    const storage = memoryStorage();
    const store = createStateStore({ storage });
    store.set({ userInfo: user, poolType: 'bhd', openedPools: ['chia'] });
    expect(JSON.parse(storage.data.get(STATE_KEY) ?? '{}')).toMatchObject({ poolType: 'bhd', openedPools: ['chia'] });
    const reloaded = createStateStore({ storage });
    expect(reloaded.getState().userInfo?.email).toBe('alice@example.com');
    expect(reloaded.getState().poolType).toBe('bhd');
  });

  it('keeps user info, assets, coin info, pool info, opened pools, pool type and searched pools', () => {
    expect(Object.keys(defaultState()).sort()).toEqual(['assets', 'clearAt', 'coinInfo', 'openedPools', 'poolInfo', 'poolType', 'searchPools', 'userInfo'].sort());
    expect(defaultState().poolType).toBe('chia');
    expect(defaultState().searchPools).toEqual([{ type: 'chia', icon: '/coins/chia.svg' }]);
  });

  it('survives corrupt or partial storage field by field', () => {
    expect(parsePersisted('{not json')).toEqual(defaultState());
    expect(parsePersisted(null)).toEqual(defaultState());
    const partial = parsePersisted(JSON.stringify({ poolType: 'ar', userInfo: { email: 1 }, coinInfo: 'x' }));
    expect(partial.poolType).toBe('ar');
    expect(partial.userInfo).toBeNull();
    expect(partial.coinInfo).toEqual([]);
  });

  it('clears everything on logout', () => {
    const storage = memoryStorage();
    const store = createStateStore({ storage });
    store.set({ userInfo: user, coinInfo: [...COIN_SEEDS] });
    store.clear();
    expect(store.getState()).toEqual(defaultState());
    expect(storage.data.has(STATE_KEY)).toBe(false);
  });

  it('clears the state one hour (36e5 ms) after a 202', () => {
    const clock = manualClock();
    const storage = memoryStorage();
    const store = createStateStore({ storage, ...clock });
    store.set({ userInfo: user, poolType: 'bhd' });
    store.scheduleClear();
    expect(store.getState().clearAt).toBe(clock.now() + STATE_CLEAR_AFTER_202_MS);
    clock.advance(STATE_CLEAR_AFTER_202_MS - 1);
    expect(store.getState().poolType).toBe('bhd');
    clock.advance(1);
    expect(store.getState()).toEqual(defaultState());
  });

  it('keeps the earliest deadline when more 202 answers arrive', () => {
    const clock = manualClock();
    const store = createStateStore({ storage: memoryStorage(), ...clock });
    store.scheduleClear();
    const first = store.getState().clearAt;
    clock.advance(60_000);
    store.scheduleClear();
    expect(store.getState().clearAt).toBe(first);
  });

  it('keeps the deadline across a reload and clears at once when it passed while closed', () => {
    const clock = manualClock();
    const storage = memoryStorage();
    const store = createStateStore({ storage, ...clock });
    store.set({ poolType: 'bhd' });
    store.scheduleClear();
    store.dispose();

    clock.advance(30 * 60_000);
    const reopened = createStateStore({ storage, ...clock });
    expect(reopened.getState().poolType).toBe('bhd');
    expect(clock.pending()).toBe(1);
    clock.advance(30 * 60_000);
    expect(reopened.getState().poolType).toBe('chia');

    const storage2 = memoryStorage({ [STATE_KEY]: JSON.stringify({ ...defaultState(), poolType: 'ar', clearAt: clock.now() - 1 }) });
    expect(createStateStore({ storage: storage2, ...clock }).getState().poolType).toBe('chia');
    expect(storage2.data.has(STATE_KEY)).toBe(false);
  });

  it('cancels a pending clearing when a signed-in answer arrives', () => {
    const clock = manualClock();
    const store = createStateStore({ storage: memoryStorage(), ...clock });
    store.scheduleClear();
    store.setUserInfo(user);
    expect(store.getState().clearAt).toBeNull();
    clock.advance(STATE_CLEAR_AFTER_202_MS);
    expect(store.getState().userInfo?.email).toBe(user.email);
  });

  it('notifies subscribers', () => {
    const store = createStateStore({ storage: null });
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    store.set({ poolType: 'x' });
    store.clear();
    unsubscribe();
    store.set({ poolType: 'y' });
    expect(calls).toBe(2);
  });

  it('clears the session cache key on start', () => {
    const storage = memoryStorage({ [SESSION_CACHE_KEY]: 'stale', other: 'kept' });
    clearSessionCache(storage);
    expect(storage.data.has(SESSION_CACHE_KEY)).toBe(false);
    expect(storage.data.get('other')).toBe('kept');
  });

  it('derives the searchable pools from the registry', () => {
    const pools = searchPoolsFrom(POOL_SEEDS, COIN_SEEDS);
    expect(pools).toHaveLength(POOL_SEEDS.length);
    expect(pools.find((p) => p.type === 'chia_test')?.icon).toBe('/coins/chia.svg');
    expect(searchPoolsFrom([], [])).toEqual([{ type: 'chia', icon: '/coins/chia.svg' }]);
  });
});
