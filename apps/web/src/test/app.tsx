import { QueryClientProvider } from '@tanstack/react-query';
import type { UserInfo } from '@platter/domain';
import { aliceInfo } from './fixtures.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient } from '../api/queries.ts';
import { AppChrome } from '../app/App.tsx';
import { appStore } from '../state/store.ts';
import { mockFetch, ok, type Responder } from './fetchMock.ts';
import i18n from '../i18n/index.ts';
import { cleanup, currentLocation, LocationProbe, render } from './render.tsx';

export { aliceInfo };

export const signedOut: Responder = { body: { code: 202, msg: 'not logged in', data: null } };
export const signedIn = (info: UserInfo = aliceInfo): Responder => ok(info);

/** The whole app (real router tree, real API client) at `path`, with fetch mocked. */
export async function renderApp(path: string, routes: Record<string, Responder> = {}) {
  const mock = mockFetch({
    'GET /api/user/info': signedOut,
    'GET /api/setting/coin': ok([]),
    'GET /api/setting/pool': ok([]),
    // Registration open unless a test says otherwise (the register page asks too).
    'GET /api/user/checkRegister': ok(null),
    // The bell asks for unread messages on the home page once signed in.
    'GET /api/user/GetMessage': ok({ list: [], total: 0 }),
    // The header offers the App link only once the download centre lists an app.
    'GET /api/help/download': ok([]),
    ...routes,
  });
  vi.stubGlobal('fetch', mock.fetch);
  currentLocation.pathname = '';
  currentLocation.search = '';
  const rendered = await render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppChrome />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...rendered, calls: mock.calls };
}

/** The whole app with a given fetch (for answers that must be held back). */
export async function renderAppWithFetch(path: string, fetchImpl: typeof globalThis.fetch) {
  vi.stubGlobal('fetch', fetchImpl);
  currentLocation.pathname = '';
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppChrome />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export function resetAppState(): void {
  appStore.clear();
  localStorage.clear();
}

/** Each test starts signed out on a 1280 px desktop in English, and is unmounted after. */
export function freshDesktopApp(): void {
  beforeEach(() => {
    resetAppState();
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true, writable: true });
    window.dispatchEvent(new Event('resize'));
    void i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
