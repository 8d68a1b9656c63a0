// @vitest-environment happy-dom
import { COIN_SEEDS, POOL_SEEDS } from '@platter/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { appStore } from '../state/store.ts';
import { mockFetch, ok, type Answer } from '../test/fetchMock.ts';
import { renderApp, renderAppWithFetch, resetAppState } from '../test/app.tsx';
import { byTestId, cleanup, settle, waitFor } from '../test/render.tsx';

beforeEach(() => {
  resetAppState();
  void i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An answer held back until `release()` is called. */
function deferred(answer: Answer) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release, answer };
}

describe('document head (spec doc 2 §2)', () => {
  it('sets the title from the first path segment and the meta tags from the catalogue', async () => {
    await renderApp('/mypools/chia');
    await waitFor(() => document.title === 'My pools - Platter');
    expect(document.querySelector('meta[name="keywords"]')?.getAttribute('content')).toContain('mining pool');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('Platter');
  });

  it('gives an unknown segment the not-found title and leaves it alone for pool', async () => {
    await renderApp('/nowhere');
    await waitFor(() => document.title === 'Page not found - Platter');
    cleanup();
    document.title = 'kept';
    await renderApp('/pool');
    await waitFor(() => byTestId('not-found'));
    expect(document.title).toBe('kept');
  });
});

describe('home and pools from the registry', () => {
  it('shows a card per pool with icon, name, pool kind and share type', async () => {
    await renderApp('/', { 'GET /api/setting/coin': ok(COIN_SEEDS), 'GET /api/setting/pool': ok(POOL_SEEDS) });
    const card = await waitFor(() => byTestId('pool-card-bhd_co'));
    expect(card.getAttribute('href')).toBe('/mypools/bhd_co');
    expect(card.textContent).toContain('BHD Cooperation');
    expect(card.textContent).toContain('Cooperation pool');
    expect(card.textContent).toContain('PPLNS');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/coins/bhd.svg');
    expect(document.querySelectorAll('[data-testid^="pool-card-"]')).toHaveLength(POOL_SEEDS.length);
    expect(appStore.getState().poolInfo).toHaveLength(POOL_SEEDS.length);
    expect(appStore.getState().searchPools).toHaveLength(POOL_SEEDS.length);
  });

  it('lists the pools of a type and remembers it as the current pool type', async () => {
    await renderApp('/mypools/bhd', { 'GET /api/setting/coin': ok(COIN_SEEDS), 'GET /api/setting/pool': ok(POOL_SEEDS) });
    await waitFor(() => byTestId('mypools-pool-bhd_co'));
    expect(byTestId('mypools-pool-bhd')).not.toBeNull();
    expect(byTestId('mypools-pool-chia')).toBeNull();
    await waitFor(() => appStore.getState().poolType === 'bhd');
    expect(byTestId('nav-pools')?.getAttribute('href')).toBe('/mypools/bhd');
  });
});

describe('page-body loading indicator (spec doc 2 §4)', () => {
  it('shows while the coin or pool list has one entry or fewer and is loading', async () => {
    const pools = deferred(ok(POOL_SEEDS));
    const { fetch } = mockFetch({
      'GET /api/user/info': { body: { code: 202, msg: '', data: null } },
      'GET /api/setting/coin': ok(COIN_SEEDS),
      'GET /api/setting/pool': () => pools.answer,
    });
    const held = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/setting/pool')) await pools.gate;
      return fetch(input, init);
    };
    await renderAppWithFetch('/', held);
    await waitFor(() => byTestId('page-loading'));
    pools.release();
    await waitFor(() => !byTestId('page-loading'));
    expect(appStore.getState().poolInfo.length).toBeGreaterThan(1);
  });

  it('does not show once both lists are known', async () => {
    appStore.set({ coinInfo: [...COIN_SEEDS], poolInfo: [...POOL_SEEDS] });
    await renderApp('/', { 'GET /api/setting/coin': ok(COIN_SEEDS), 'GET /api/setting/pool': ok(POOL_SEEDS) });
    await waitFor(() => byTestId('home-welcome'));
    await settle(20);
    expect(byTestId('page-loading')).toBeNull();
  });
});
