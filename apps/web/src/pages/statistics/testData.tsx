import { COIN_SEEDS, POOL_SEEDS, type Block, type PoolStat } from '@platter/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import { mockFetch, ok, type Responder } from '../../test/fetchMock.ts';
import { render } from '../../test/render.tsx';

/** Fixtures of the public pool pages' unit tests. */

export const TIB = 1024n ** 4n;

export function poolStat(pool: string, overrides: Partial<PoolStat> = {}): PoolStat {
  const seed = POOL_SEEDS.find((p) => p.type === pool);
  const coin = COIN_SEEDS.find((c) => c.type === seed?.coin);
  return {
    pool,
    coin: seed?.coin ?? pool.toUpperCase(),
    name: seed?.name ?? pool,
    pool_type: seed?.pool_type ?? 'ECO',
    unit: coin?.unit ?? pool.toUpperCase(),
    icon: '',
    capacity: '0',
    hashrate: '0',
    online_miners: 0,
    online_users: 0,
    height: '100',
    blocks_24h: 0,
    blocks_7d: 0,
    mined_24h: '0',
    mined_7d: '0',
    ...overrides,
  };
}

export function block(id: string, overrides: Partial<Block> = {}): Block {
  return {
    id,
    pool: 'chia',
    coin: 'CHIA',
    unit: 'XCH',
    height: String(1000 + Number(id)),
    time: 1_700_000_000,
    reward: '2',
    capacity: String(TIB),
    finder: 'd***@example.com',
    ...overrides,
  };
}

/** The registries every page reads (coins for units and bases, pools for the pools page). */
export const registryRoutes: Record<string, Responder> = {
  'GET /api/setting/coin': ok(COIN_SEEDS),
  'GET /api/setting/pool': ok(POOL_SEEDS),
};

/** One page at `path` under the route `pattern`, with fetch answering `routes` (and the registries). */
export async function renderPage(path: string, pattern: string, page: ReactElement, routes: Record<string, Responder>) {
  const mock = mockFetch({ ...registryRoutes, ...routes });
  vi.stubGlobal('fetch', mock.fetch);
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return mock.calls;
}
