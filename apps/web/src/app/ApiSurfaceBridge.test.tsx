// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/index.ts';
import i18n from '../i18n/index.ts';
import { appStore } from '../state/store.ts';
import { code } from '../test/fetchMock.ts';
import { raw } from '../test/rawCalls.ts';
import { renderApp, resetAppState, signedIn } from '../test/app.tsx';
import { userInfo } from '../test/fixtures.ts';
import { byTestId, cleanup, click, currentLocation, waitFor } from '../test/render.tsx';

beforeEach(() => {
  resetAppState();
  void i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The app's real client and its antd message effects, end to end inside the DOM. */
describe('surfacing through the mounted app', () => {
  it('shows a known code as a toast in the interface language', async () => {
    await renderApp('/', { 'POST /api/assets/withdraw': code(10101) });
    await waitFor(() => byTestId('header'));
    await raw(api).post('/api/assets/withdraw', {}, { userTriggered: true });
    const toast = await waitFor(() => byTestId('api-toast'));
    expect(toast.textContent).toBe('10101 - Insufficient balance');
  });

  it('shows the bind-phone link for 1046 and follows it', async () => {
    await renderApp('/', { 'POST /api/x': code(1046), 'GET /api/user/info': signedIn() });
    await waitFor(() => byTestId('header'));
    await raw(api).post('/api/x', {}, { userTriggered: true });
    const link = await waitFor(() => byTestId('bind-phone-link'));
    expect(link.getAttribute('href')).toBe('/center/security/phone');
    expect(byTestId('api-bind-phone')?.textContent).toContain('1046 - Please bind a phone number first');
    await click(link);
    await waitFor(() => currentLocation.pathname === '/center/security/phone');
  });

  it('shows the maintenance text for a server fault', async () => {
    await renderApp('/', { 'POST /api/x': { status: 503, statusText: 'Service Unavailable' } });
    await waitFor(() => byTestId('header'));
    await raw(api)
      .post('/api/x', {})
      .catch(() => undefined);
    const text = await waitFor(() => byTestId('api-maintenance'));
    expect(text.textContent).toBe('System maintenance, please try again later');
  });

  it('treats a 202 on start as signed out and schedules the clearing', async () => {
    appStore.set({ poolType: 'bhd' });
    await renderApp('/');
    await waitFor(() => appStore.getState().clearAt);
    expect(appStore.getState().userInfo).toBeNull();
    expect(byTestId('api-toast')).toBeNull();
  });

  it('treats a failed user-info call as signed out', async () => {
    appStore.set({ userInfo: userInfo({ email: 'stale@example.com' }) });
    await renderApp('/', { 'GET /api/user/info': { status: 404, statusText: 'Not Found' } });
    await waitFor(() => appStore.getState().userInfo === null);
    await waitFor(() => byTestId('login-button'));
  });
});
