// @vitest-environment happy-dom
import type { HomeList } from '@platter/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coinsQuery, createQueryClient, poolsQuery } from '../../api/queries.ts';
import { setPrerendered } from '../../app/prerendered.ts';
import { fetchBanners, contentKeys } from '../content/contentApi.ts';
import '../../i18n/index.ts';
import { resetAppState } from '../../test/app.tsx';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, settle, waitFor } from '../../test/render.tsx';
import { fetchHomeList, poolPublicKeys } from '../statistics/poolApi.ts';
import { poolStat, registryRoutes } from '../statistics/testData.tsx';
import { HomePage } from './HomePage.tsx';

/**
 * The server sends home drawn without data (src/prerender.tsx); the browser hydrates it. The
 * frame asks for the pool list as soon as it has hydrated, before home's part of the page has
 * (a Suspense boundary hydrated after it): an answer that arrives in between must not make the
 * hydrating render differ from the page sent — React would throw the page away (error #418)
 * and draw it anew.
 */
beforeEach(resetAppState);
afterEach(() => {
  setPrerendered(undefined);
  cleanup();
  vi.unstubAllGlobals();
});

const homeList: HomeList = { pools: [poolStat('chia', { online_miners: 3 })], blocks: [], ranking: [{ rank: 1, name: 'demo', capacity: '1099511627776' }], default_pool: 'chia' };

const page = (client: QueryClient): ReactElement => (
  <QueryClientProvider client={client}>
    <MemoryRouter initialEntries={['/']}>
      <HomePage />
    </MemoryRouter>
  </QueryClientProvider>
);

describe('home hydrated over the page drawn without data', () => {
  it('hydrates without a mismatch when the pool list, figures and banners answered first, then draws them', async () => {
    // As the prerender and main.tsx do: what was drawn is named before drawing and before hydrating.
    setPrerendered({ lang: 'en', mobile: false, path: '/' });
    const sent = renderToString(page(createQueryClient()));
    expect(sent).toContain('ant-skeleton');

    vi.stubGlobal(
      'fetch',
      mockFetch({
        ...registryRoutes,
        'GET /api/home/list': ok(homeList),
        'GET /api/home/banner': ok([{ id: '1', title: 'Spring promo', image_url: '/banners/a.png', link_url: '/help/bulletin' }]),
      }).fetch,
    );
    const client = createQueryClient();
    // Answered before home's part hydrates (the pool and coin lists also go into the store).
    await client.fetchQuery(coinsQuery);
    await client.fetchQuery(poolsQuery);
    await client.fetchQuery({ queryKey: poolPublicKeys.home, queryFn: fetchHomeList });
    await client.fetchQuery({ queryKey: contentKeys.public('en', 'banners'), queryFn: fetchBanners });

    const container = document.createElement('div');
    container.innerHTML = sent;
    document.body.appendChild(container);
    const heading = container.querySelector('h1');
    const errors: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, page(client), { onRecoverableError: (error) => errors.push(error) }));
    await settle();
    expect(errors).toEqual([]);
    // The elements sent are the ones kept (not drawn anew)...
    expect(container.querySelector('h1')).toBe(heading);
    // ...and the answers are drawn right after.
    await waitFor(() => byTestId('pool-card-chia'));
    await waitFor(() => byTestId('home-stat-chia-miners')?.textContent === '3');
    await waitFor(() => byTestId('home-banners'));
    act(() => root.unmount());
  });
});
