// @vitest-environment happy-dom
import type { Article, ArticleSummary, Banner, Download } from '@platter/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { act, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import i18n from '../../i18n/index.ts';
import { resetAppState } from '../../test/app.tsx';
import { code, mockFetch, ok, type Responder } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, typeInto, waitFor } from '../../test/render.tsx';
import { HomeBanners } from './HomeBanners.tsx';
import { BulletinPage, DownloadCentrePage } from './index.tsx';
import { AnnouncementEditorPage } from './admin/AnnouncementsAdmin.tsx';

beforeEach(async () => {
  resetAppState();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderAt(path: string, pattern: string, page: ReactElement, routes: Record<string, Responder>) {
  const mock = mockFetch(routes);
  vi.stubGlobal('fetch', mock.fetch);
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={page} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  return mock.calls;
}

const summary = (id: string, title: string): ArticleSummary => ({ id, title, summary: `About ${title}`, lang: 'en', created_at: 1_795_000_000, updated_at: 1_795_000_000 });

describe('announcements', () => {
  it('lists the announcements with their dates and links each to its page', async () => {
    await renderAt('/help/bulletin', '/help/bulletin', <BulletinPage />, {
      'GET /api/notice/list': ok({ list: [summary('2', 'Maintenance'), summary('1', 'BHD is open')], total: 2 }),
    });
    await waitFor(() => byTestId('notice-list'));
    expect(byTestId('notice-list-item-2')?.textContent).toContain('Maintenance');
    expect(byTestId('notice-list-item-2')?.textContent).toContain('About Maintenance');
    expect(byTestId('notice-list-item-2')?.querySelector('a')?.getAttribute('href')).toBe('/help/bulletin?id=2');
  });

  it('shows one announcement; a title is text, not markup, and hostile HTML from the server stays harmless', async () => {
    await i18n.changeLanguage('zh');
    const article: Article = {
      id: '5',
      title: '<img src=x onerror="window.__pwned=1">Notice',
      content: '<p>Hello</p><img src="x" onerror="window.__pwned=2"><a href="javascript:window.__pwned=3">click</a><script>window.__pwned=4</script>',
      lang: 'en',
      created_at: 1_795_000_000,
      updated_at: 1_795_000_000,
    };
    await renderAt('/help/bulletin?id=5', '/help/bulletin', <BulletinPage />, { 'GET /api/notice/Content': ok(article) });
    await waitFor(() => byTestId('notice-body'));
    expect(byTestId('notice-title')?.textContent).toBe('<img src=x onerror="window.__pwned=1">Notice');
    expect(byTestId('notice-title')?.querySelector('img')).toBeNull();
    const body = byTestId('notice-body') as HTMLElement;
    expect(body.innerHTML).toBe('<p>Hello</p><a>click</a>');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    // Served in English to a Chinese reader: the page says so.
    expect(byTestId('notice-fallback')?.textContent).toBe('尚未翻譯成您的語言：以英文顯示。');
  });

  it('says so when the announcement does not exist (212)', async () => {
    await renderAt('/help/bulletin?id=9', '/help/bulletin', <BulletinPage />, { 'GET /api/notice/Content': code(212, 'No data') });
    await waitFor(() => byTestId('notice-missing'));
    expect(byTestId('notice-back')?.getAttribute('href')).toBe('/help/bulletin');
  });
});

describe('home banners and the download centre', () => {
  it('shows the banners showing now, each linked; none at all when there are none', async () => {
    const banners: Banner[] = [
      { id: '1', title: 'Spring promo', image_url: '/banners/a.png', link_url: '/help/bulletin' },
      { id: '2', title: 'New coin', image_url: 'https://cdn.example.com/b.png', link_url: 'https://example.com/x' },
    ];
    await renderAt('/', '/', <HomeBanners />, { 'GET /api/home/banner': ok(banners) });
    await waitFor(() => byTestId('home-banners'));
    // The carousel is a chunk of its own: the first banner stands in until it has loaded.
    const first = await waitFor(() => byTestId('home-banner-1', document));
    expect(first.querySelector('img')?.getAttribute('alt')).toBe('Spring promo');
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/help/bulletin');
    const external = byTestId('home-banner-2') as HTMLElement;
    expect(external.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    cleanup();
    await renderAt('/', '/', <HomeBanners />, { 'GET /api/home/banner': ok([]) });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(byTestId('home-banners')).toBeNull();
  });

  it('groups the app and each coin’s tools', async () => {
    const item = (id: string, kind: 'app' | 'tool', coin: string, name: string): Download => ({
      id,
      kind,
      coin,
      name,
      description: '',
      url: `https://example.com/${id}`,
      version: '1.0',
    });
    await renderAt('/help/download', '/help/download', <DownloadCentrePage />, {
      'GET /api/help/download': ok([
        item('1', 'app', '', 'Platter app'),
        item('2', 'tool', 'CHIA', 'Proxy'),
        item('3', 'tool', 'CHIA', 'Plotter'),
        item('4', 'tool', 'BHD', 'Miner'),
      ]),
    });
    await waitFor(() => byTestId('download-group-app'));
    expect(byTestId('download-group-CHIA')?.textContent).toContain('CHIA tools');
    expect(byTestId('download-group-CHIA')?.querySelectorAll('.download-card').length).toBe(2);
    expect(byTestId('download-link-4')?.getAttribute('href')).toBe('https://example.com/4');
  });
});

describe('the announcement editor', () => {
  it('refuses to send without an English title and text, then posts all three languages', async () => {
    const calls = await renderAt('/admin/bulletin_add', '/admin/bulletin_add', <AnnouncementEditorPage />, {
      'POST /api/admin/addannouncement': ok({ id: '7' }),
      'GET /api/admin/getannouncementlist': ok({ list: [], total: 0 }),
    });
    await waitFor(() => byTestId('announcement-editor'));
    await typeInto(byTestId('editor-title-zh') as HTMLInputElement, '維護');
    await click(byTestId('announcement-save') as HTMLElement);
    await waitFor(() => document.querySelector('.ant-form-item-explain-error'));
    expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe('Required.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await typeInto(byTestId('editor-title-en') as HTMLInputElement, 'Maintenance');
    await typeTextArea(byTestId('editor-content-en') as HTMLTextAreaElement, '<p>Monday <b>10:00</b></p><script>x()</script>');
    await waitFor(() => byTestId('content-preview')?.innerHTML === '<p>Monday <b>10:00</b></p>');
    // Edited fields lose their 'Required.' at once.
    await waitFor(() => document.querySelectorAll('.ant-form-item-has-error').length === 0);
    await typeInto(byTestId('editor-title-ru') as HTMLInputElement, 'Обслуживание');
    await click(byTestId('announcement-save') as HTMLElement);
    const post = await waitFor(() => calls.find((c) => c.method === 'POST'));
    expect(post.url.pathname).toBe('/api/admin/addannouncement');
    expect(post.body).toEqual({
      title: { en: 'Maintenance', zh: '維護', ru: 'Обслуживание' },
      content: { en: '<p>Monday <b>10:00</b></p><script>x()</script>', zh: '', ru: '' },
    });
  });
});

async function typeTextArea(area: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
