import { COIN_SEEDS, POOL_SEEDS, type DashboardSummary, type IncomeRecord, type Miner } from '@platter/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { act, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import { ApiSurfaceBridge } from '../../app/ApiSurfaceBridge.tsx';
import { mockFetch, ok, type Responder } from '../../test/fetchMock.ts';
import { byTestId, click, LocationProbe, render, waitFor } from '../../test/render.tsx';

/** Fixtures and a render helper for the unit tests of the pool pages (fetch mocked). */

export const summaryOf = (pool: string, overrides: Partial<DashboardSummary> = {}): DashboardSummary => ({
  pool,
  coin: 'CHIA',
  unit: 'XCH',
  online: 2,
  offline: 1,
  capacity: String(5n * 1024n ** 4n),
  reported_capacity: String(3n * 1024n ** 4n),
  hashrate: '0',
  points_24h: '1234',
  income_yesterday: '0.25',
  income_total: '1.5',
  pending: '0',
  available: '1.5',
  ...overrides,
});

export const minerOf = (id: string, online: boolean, overrides: Partial<Miner> = {}): Miner => ({
  id,
  pool: 'chia',
  name: `farm-${id}`,
  version: '2.1.0',
  capacity: String(1024n ** 4n),
  hashrate: '0',
  line: 'asia',
  online,
  last_seen: 1_700_000_000,
  shares_24h: 42,
  ...overrides,
});

export const recordOf = (day: string, status: IncomeRecord['status'], amount: string, overrides: Partial<IncomeRecord> = {}): IncomeRecord => ({
  pool: 'chia',
  coin: 'CHIA',
  unit: 'XCH',
  day,
  points: '900',
  capacity: String(3n * 1024n ** 4n),
  amount,
  status,
  ...overrides,
});

export const registry: Record<string, Responder> = {
  'GET /api/setting/coin': ok(COIN_SEEDS),
  'GET /api/setting/pool': ok(POOL_SEEDS),
  'GET /api/dashboard/poollist': ok(['chia', 'chiapp']),
  // The panels these pages carry: plots (miners page) and server lines (dashboard).
  'GET /api/pool/GetPlots': ok({
    list: [],
    total: 0,
    counters: { bound: 0, BIND_SENT: 0, UNBIND_AUDITING: 0, TIMEOUT: 0, UNBOUND: 0, NOTJOIN: 0, NOTBURN: 0, DOUBLE: 0, UNSIGNED: 0, size: '0' },
  }),
  'GET /api/setting/lines': ok([]),
  'GET /api/dev/mailbox': ok([]),
  // Merged mining's farm: none unless a test gives one.
  'GET /api/dashboard/mergepool': ok(null),
};

/** Renders a page at `path` with the API surface (toasts) mounted; answers by `METHOD /path`. */
export async function renderPoolPage(page: ReactElement, path: string, routes: Record<string, Responder>) {
  const mock = mockFetch({ ...registry, ...routes });
  vi.stubGlobal('fetch', mock.fetch);
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <ApiSurfaceBridge />
          <LocationProbe />
          {page}
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  return mock.calls;
}

/** Opens an antd Select by its test id and picks the option with the given test id. */
export async function choose(selectTestId: string, optionTestId: string): Promise<void> {
  const select = await waitFor(() => byTestId(selectTestId));
  const selector = select.querySelector('.ant-select-selector, .ant-select-content') ?? select;
  await act(async () => {
    selector.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const option = await waitFor(() => byTestId(optionTestId));
  await click(option.closest('.ant-select-item') as HTMLElement);
}
