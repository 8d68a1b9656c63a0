// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { freshDesktopApp, renderApp, resetAppState, signedIn } from '../../test/app.tsx';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, settle, waitFor } from '../../test/render.tsx';

/** The header bell (spec doc 2 §2, §4, §9): the unread total capped at 99, loaded as the spec says. */

const message = (id: number) => ({ id: String(id), type: 'system', title: `Notice ${id}`, content: '<p>x</p>', created_at: 1_700_000_000 + id, status: 2 });
const unread = (total: number) => ok({ list: Array.from({ length: Math.min(total, 10) }, (_, i) => message(total - i)), total });

freshDesktopApp();

describe('the bell', () => {
  it('caps the unread total at 99 ("99+"), and shows 99 itself as 99', async () => {
    await renderApp('/', { 'GET /api/user/info': signedIn(), 'GET /api/user/GetMessage': unread(150) });
    await waitFor(() => byTestId('header-bell')?.getAttribute('data-unread') === '150');
    await waitFor(() => byTestId('header-bell')?.querySelector('.ant-scroll-number'));
    expect(byTestId('header-bell')?.textContent).toContain('99+');
    expect(byTestId('header-bell')?.getAttribute('aria-label')).toBe('Unread messages: 99+');
    cleanup();
    resetAppState();
    await renderApp('/', { 'GET /api/user/info': signedIn(), 'GET /api/user/GetMessage': unread(99) });
    await waitFor(() => byTestId('header-bell')?.getAttribute('data-unread') === '99');
    expect(byTestId('header-bell')?.getAttribute('aria-label')).toBe('Unread messages: 99');
    expect(byTestId('header-bell')?.textContent).not.toContain('99+');
    expect(byTestId('header-bell')?.querySelector('.ant-scroll-number')?.textContent).toBe('99');
  });

  it('loads on the home page at start with the frame’s filters (page 1, count 10, status 2, type all)', async () => {
    const { calls } = await renderApp('/', { 'GET /api/user/info': signedIn(), 'GET /api/user/GetMessage': unread(3) });
    await waitFor(() => byTestId('header-bell')?.getAttribute('data-unread') === '3');
    const call = calls.find((c) => c.url.pathname === '/api/user/GetMessage');
    expect(Object.fromEntries([...(call?.url.searchParams ?? [])].filter(([k]) => k !== '_t'))).toEqual({ page: '1', count: '10', status: '2', type: 'all' });
  });

  it('elsewhere loads only when the dropdown opens, then lists the latest unread with a link to each', async () => {
    const { calls } = await renderApp('/help/bulletin', { 'GET /api/user/info': signedIn(), 'GET /api/user/GetMessage': unread(12) });
    await waitFor(() => byTestId('user-trigger'));
    await settle(50);
    expect(calls.some((c) => c.url.pathname === '/api/user/GetMessage')).toBe(false);
    expect(byTestId('header-bell')?.getAttribute('data-unread')).toBe('0');
    await click(byTestId('header-bell') as HTMLElement);
    await waitFor(() => byTestId('bell-item-12'));
    expect(byTestId('bell-item-12')?.getAttribute('href')).toBe('/inmail?id=12');
    expect(byTestId('header-bell')?.getAttribute('data-unread')).toBe('12');
    expect(byTestId('bell-view-all')?.getAttribute('href')).toBe('/inmail');
  });

  it('asks again each time it opens: a message that arrived since shows (issue 20)', async () => {
    let total = 1;
    const { calls } = await renderApp('/help/bulletin', { 'GET /api/user/info': signedIn(), 'GET /api/user/GetMessage': () => unread(total) });
    await click(await waitFor(() => byTestId('header-bell')));
    await waitFor(() => byTestId('bell-item-1'));
    await click(byTestId('header-bell') as HTMLElement);
    await settle(100);
    total = 2; // a deposit was credited meanwhile
    await click(byTestId('header-bell') as HTMLElement);
    await waitFor(() => byTestId('bell-item-2'));
    expect(byTestId('header-bell')?.getAttribute('data-unread')).toBe('2');
    expect(calls.filter((c) => c.url.pathname === '/api/user/GetMessage')).toHaveLength(2);
  });

  it('never asks for messages while signed out', async () => {
    const { calls } = await renderApp('/');
    await click(await waitFor(() => byTestId('header-bell')));
    await waitFor(() => byTestId('bell-dropdown'));
    expect(calls.some((c) => c.url.pathname === '/api/user/GetMessage')).toBe(false);
  });
});
