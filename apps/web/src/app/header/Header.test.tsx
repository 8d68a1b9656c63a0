// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { readCookie } from '../../lib/cookies.ts';
import { appStore } from '../../state/store.ts';
import { setThemeMode } from '../../state/theme.ts';
import { code, ok } from '../../test/fetchMock.ts';
import { aliceInfo, renderApp, resetAppState, signedIn } from '../../test/app.tsx';
import { byTestId, cleanup, click, currentLocation, settle, waitFor } from '../../test/render.tsx';
import { APP_URL, HELP_URL } from '../links.ts';

function setWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  window.dispatchEvent(new Event('resize'));
}

function setScroll(y: number): void {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  resetAppState();
  setWidth(1280);
  setScroll(0);
  setThemeMode('light');
  void i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('desktop header (spec doc 2 §2)', () => {
  it('shows logo, links, search, language, theme, bell, login and register when signed out', async () => {
    await renderApp('/');
    const header = await waitFor(() => byTestId('header'));
    expect(header.className).toContain('header--desktop');
    expect(byTestId('header-logo')?.getAttribute('href')).toBe('/');
    expect(byTestId('nav-pools')?.getAttribute('href')).toBe('/mypools/chia');
    expect(byTestId('nav-bulletin')?.getAttribute('href')).toBe('/help/bulletin');
    // Help is a page of this site: it opens in the same tab (issue 20).
    expect(byTestId('nav-help')?.getAttribute('href')).toBe(HELP_URL);
    expect(byTestId('nav-help')?.getAttribute('target')).toBeNull();
    // No app published in the download centre: no App link leading to an empty page.
    expect(byTestId('nav-app')).toBeNull();
    expect(byTestId('nav-assets')).toBeNull();
    expect(byTestId('nav-centre')).toBeNull();
    expect(byTestId('nav-watcher')).toBeNull();
    for (const id of ['header-search', 'lang-trigger', 'theme-toggle', 'header-bell', 'login-button', 'register-button']) {
      expect(byTestId(id), id).not.toBeNull();
    }
    expect(byTestId('user-trigger')).toBeNull();
  });

  it('offers the App link, in the same tab, once the operator has published an app', async () => {
    const app = { id: '1', kind: 'app', coin: '', name: 'Platter for Android', description: '', version: '1.0', url: 'https://example.com/app.apk' };
    await renderApp('/', { 'GET /api/help/download': ok([app]) });
    const link = await waitFor(() => byTestId('nav-app'));
    expect(link.getAttribute('href')).toBe(APP_URL);
    expect(link.getAttribute('target')).toBeNull();
  });

  it('shows assets, the watcher, the user centre and the user dropdown with the masked e-mail when signed in', async () => {
    await renderApp('/', { 'GET /api/user/info': signedIn() });
    await waitFor(() => byTestId('user-trigger'));
    expect(byTestId('nav-assets')?.getAttribute('href')).toBe('/assets');
    expect(byTestId('nav-centre')?.getAttribute('href')).toBe('/center');
    // The watcher is built (issue 25): its header link (spec doc 2 §2) is shown to the signed in.
    expect(byTestId('nav-watcher')?.getAttribute('href')).toBe('/watcher');
    expect(byTestId('user-trigger')?.textContent).toContain('ali***@example.com');
    expect(byTestId('login-button')).toBeNull();

    await click(byTestId('user-trigger') as HTMLElement);
    await waitFor(() => byTestId('user-menu-logout'));
    for (const key of ['center', 'messages', 'assets', 'security', 'address']) expect(byTestId(`user-menu-${key}`), key).not.toBeNull();

    await click(byTestId('user-menu-security')?.closest('li') as HTMLElement);
    await waitFor(() => currentLocation.pathname === '/security');
  });

  it('logs out: an empty-object answer clears user info and state, then goes home', async () => {
    const { calls } = await renderApp('/assets', { 'GET /api/user/info': signedIn(), 'POST /api/user/dologout': { body: {} } });
    await waitFor(() => byTestId('user-trigger'));
    appStore.set({ poolType: 'bhd' });
    await click(byTestId('user-trigger') as HTMLElement);
    await click((await waitFor(() => byTestId('user-menu-logout')))?.closest('li') as HTMLElement);
    await waitFor(() => currentLocation.pathname === '/');
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/user/dologout')).toBe(true);
    expect(appStore.getState().userInfo).toBeNull();
    expect(appStore.getState().poolType).toBe('chia');
    expect(localStorage.getItem('h9')).toBeNull();
    await waitFor(() => byTestId('login-button'));
  });

  it('changes appearance once scrolled more than 50 px', async () => {
    await renderApp('/');
    const header = await waitFor(() => byTestId('header'));
    expect(header.className).not.toContain('header--scrolled');
    await act(async () => setScroll(50));
    expect(byTestId('header')?.className).not.toContain('header--scrolled');
    await act(async () => setScroll(51));
    expect(byTestId('header')?.className).toContain('header--scrolled');
  });

  it('is hidden when the query string contains h5', async () => {
    await renderApp('/?h5=1');
    await waitFor(() => byTestId('home-welcome'));
    expect(byTestId('header')).toBeNull();
    cleanup();
    await renderApp('/mypools/chia?h5');
    await waitFor(() => byTestId('mypools-page'));
    expect(byTestId('header')).toBeNull();
  });

  it('switches language: cookie h9_lang for 365 days, SetLanguage, translated texts', async () => {
    const { calls } = await renderApp('/', { 'POST /api/user/SetLanguage': ok(null) });
    await click(await waitFor(() => byTestId('lang-trigger')));
    const option = await waitFor(() => byTestId('lang-option-ru'));
    expect(byTestId('lang-option-en')?.textContent).toBe('English');
    expect(byTestId('lang-option-zh')?.textContent).toBe('繁體中文');
    expect(option.textContent).toBe('Русский');
    await click(option.closest('li') as HTMLElement);
    await settle();
    expect(readCookie('h9_lang')).toBe('ru');
    expect(i18n.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    const setLanguage = calls.find((call) => call.url.pathname === '/api/user/SetLanguage');
    expect(setLanguage?.method).toBe('POST');
    expect(setLanguage?.body).toEqual({ language: 'ru' });
    expect(byTestId('nav-pools')?.textContent).toBe('Пулы');
    expect(document.title).toBe('Главная - Platter');
  });

  it('toggles and remembers the theme', async () => {
    await renderApp('/nowhere');
    await waitFor(() => byTestId('not-found'));
    await click(byTestId('theme-toggle') as HTMLElement);
    expect(localStorage.getItem('h9_theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(byTestId('not-found-image')?.getAttribute('src')).toBe('/404-dark.svg');
    await click(byTestId('theme-toggle') as HTMLElement);
    expect(localStorage.getItem('h9_theme')).toBe('light');
  });

  it("opens the bell's dropdown with 'No data'", async () => {
    await renderApp('/');
    await click(await waitFor(() => byTestId('header-bell')));
    const panel = await waitFor(() => byTestId('bell-dropdown'));
    expect(panel.textContent).toContain('No data');
  });
});

describe('registration link (spec doc 2 §4)', () => {
  it('goes to /register when registration is open', async () => {
    await renderApp('/', { 'GET /api/user/checkRegister': code(200) });
    await click(await waitFor(() => byTestId('register-button')));
    await waitFor(() => currentLocation.pathname === '/register');
  });

  it("shows the centred 'not registrable' modal when closed", async () => {
    await renderApp('/', { 'GET /api/user/checkRegister': code(221, 'closed') });
    await click(await waitFor(() => byTestId('register-button')));
    const text = await waitFor(() => byTestId('register-unavailable'));
    expect(text.textContent).toMatch(/temporarily unavailable/);
    expect(document.querySelector('.ant-modal-wrap.ant-modal-centered, .ant-modal-centered')).not.toBeNull();
    await waitFor(() => currentLocation.pathname === '/');
    expect(document.querySelector('[data-testid="api-toast"]')).toBeNull();
  });

  it('shows the modal when the check fails', async () => {
    await renderApp('/', { 'GET /api/user/checkRegister': { status: 500, statusText: 'Internal Server Error' } });
    await click(await waitFor(() => byTestId('register-button')));
    await waitFor(() => byTestId('register-unavailable'), 5000);
  });
});

describe('mobile header (≤ 992 px)', () => {
  it('switches to the burger and drawer at 992 px', async () => {
    setWidth(992);
    await renderApp('/');
    expect((await waitFor(() => byTestId('header'))).className).toContain('header--mobile');
    expect(byTestId('nav-pools')).toBeNull();
    await click(byTestId('mobile-menu-button') as HTMLElement);
    const drawer = await waitFor(() => byTestId('mobile-drawer'));
    expect(byTestId('drawer-inmail', drawer)).not.toBeNull();
    expect(byTestId('login-button', drawer)).not.toBeNull();
    expect(byTestId('register-button', drawer)).not.toBeNull();
    expect(byTestId('drawer-user', drawer)).toBeNull();
    await act(async () => setWidth(1200));
    expect(byTestId('header')?.className).toContain('header--desktop');
  });

  it('shows the user submenu in the drawer when signed in', async () => {
    setWidth(390);
    await renderApp('/', { 'GET /api/user/info': signedIn({ ...aliceInfo, email: 'bob.smith@mail.example' }) });
    await waitFor(() => appStore.getState().userInfo);
    await click(await waitFor(() => byTestId('mobile-menu-button')));
    const drawer = await waitFor(() => byTestId('mobile-drawer'));
    expect(byTestId('drawer-user', drawer)?.textContent).toBe('bob***@mail.example');
    expect(byTestId('login-button', drawer)).toBeNull();
    await click(byTestId('drawer-user', drawer)?.closest('.ant-menu-submenu-title') as HTMLElement);
    for (const key of ['user-center', 'user-assets', 'user-security', 'user-address', 'logout']) {
      await waitFor(() => byTestId(`drawer-${key}`));
    }
    // The user centre's built screens, one tap away (issue 20); nothing not yet open.
    for (const key of [
      'assets',
      'bill',
      'dashboard',
      'miners',
      'plots',
      'chiapp',
      'investment',
      'invite',
      'pointing',
      'openPool',
      'messageSettings',
      'tunnel',
      'personal',
      'history',
      'watcher',
    ])
      expect(byTestId(`drawer-centre-${key}`, drawer), key).not.toBeNull();
    for (const key of ['configuration']) expect(byTestId(`drawer-centre-${key}`, drawer), key).toBeNull();
    expect(byTestId('drawer-watcher', drawer)).toBeNull();
  });
});
