import { COIN_SEEDS, type PoolConfigView } from '@platter/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import { mockFetch, ok, type Responder } from '../../test/fetchMock.ts';
import { byTestId, click, render, waitFor } from '../../test/render.tsx';

/** The pools the back-office tests list: a capacity coin (BHD) and a hashrate coin (Iron Fish). */
export const bhdConfig: PoolConfigView = {
  pool: 'bhd',
  coin: 'BHD',
  name: 'BHD',
  pool_type: 'ECO',
  enabled: true,
  mode: 'PPLNS',
  fee_bp: 300,
  coop_ratio_bp: 0,
  burn_coefficient_bp: 10_000,
  payment_time: '08:00',
  payout_threshold: '1',
  withdraw_fee: '0.01',
  withdraw_audit: true,
  pledge_per_tb: '3',
  protocol: 'poc-burst',
  trusted_proxy: false,
  plausibility_tolerance_bp: 5_000,
};
export const ironfishConfig: PoolConfigView = {
  ...bhdConfig,
  pool: 'ironfish',
  coin: 'IRONFISH',
  name: 'Iron Fish',
  mode: 'PPS',
  fee_bp: 250,
  pledge_per_tb: null,
  protocol: 'pow-share',
};

/** The registry calls every page makes, with `routes` on top; fetch stubbed, calls recorded. */
export function mockPoolAdmin(routes: Record<string, Responder>) {
  const mock = mockFetch({
    'GET /api/admin/getpoollist': ok([bhdConfig, ironfishConfig]),
    'GET /api/setting/coin': ok(COIN_SEEDS),
    ...routes,
  });
  vi.stubGlobal('fetch', mock.fetch);
  return mock;
}

export async function renderWithQuery(ui: ReactElement) {
  await render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}

/** The calls made to `path`, each one's query as an object (without the cache-busting _t). */
export function queriesTo(calls: { method: string; url: URL }[], path: string): Record<string, string>[] {
  return calls.filter((c) => c.method === 'GET' && c.url.pathname === path).map((c) => Object.fromEntries([...c.url.searchParams].filter(([name]) => name !== '_t')));
}

/** Opens an antd Select by its test id and picks the option with that test id. */
export async function choose(selectTestId: string, optionTestId: string) {
  const select = (await waitFor(() => byTestId(selectTestId))) as HTMLElement;
  const selector = select.querySelector('.ant-select-selector, .ant-select-content') ?? select;
  await act(async () => {
    selector.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const option = await waitFor(() => byTestId(optionTestId));
  await click(option.closest('.ant-select-item') as HTMLElement);
}
