// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, typeInto, waitFor } from '../../test/render.tsx';
import { AdminCooperationSettingsPage } from './AdminCooperationSettingsPage.tsx';
import type { CooperationCoinSettings } from './cooperationApi.ts';

const row = (coin: string, over: Partial<CooperationCoinSettings> = {}): CooperationCoinSettings => ({
  coin,
  unit: coin,
  min_whole: '1',
  spec_min_whole: '1',
  owner_share: '94',
  miner_share: '3',
  deal_margin: '20',
  deal_term_days: 30,
  updated_at: null,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const input = (id: string) => byTestId(id) as HTMLInputElement;

describe('the back office’s cooperation settings page', () => {
  it('shows each coin with both readings of XHD’s minimum, stops shares over 100 % before sending, and saves a coin’s settings', async () => {
    const mock = mockFetch({
      'GET /api/admin/cooperation/settings': ok({ list: [row('BHD'), row('XHD', { min_whole: '8000', spec_min_whole: '8000' })] }),
      'POST /api/admin/cooperation/settings': (call) => ok({ ...(call.body as object) }),
    });
    vi.stubGlobal('fetch', mock.fetch);
    await render(
      <QueryClientProvider client={createQueryClient()}>
        <AdminCooperationSettingsPage />
      </QueryClientProvider>,
    );
    await waitFor(() => byTestId('cooperation-settings-XHD'));
    expect(input('cooperation-settings-XHD-min').value).toBe('8000');
    expect(byTestId('cooperation-settings-XHD-min-hint')?.textContent).toBe('The spec: 8000 XHD; another text says 1');
    expect(byTestId('cooperation-settings-BHD-min-hint')?.textContent).toBe('The spec: 1');
    expect(input('cooperation-settings-XHD-owner').value).toBe('94');

    // 95 % + 6 % is refused on the page: nothing is sent.
    await typeInto(input('cooperation-settings-XHD-owner'), '95');
    await typeInto(input('cooperation-settings-XHD-miner'), '6');
    await click(byTestId('cooperation-settings-XHD-save') as HTMLButtonElement);
    await waitFor(() => byTestId('cooperation-settings-XHD')?.textContent?.includes('together at most 100 %'));
    // A fraction of a coin is refused by the field.
    await typeInto(input('cooperation-settings-XHD-min'), '0.5');
    await waitFor(() => byTestId('cooperation-settings-XHD')?.textContent?.includes('A whole number of coins, at least 1'));
    expect(mock.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await typeInto(input('cooperation-settings-XHD-min'), '1');
    await typeInto(input('cooperation-settings-XHD-miner'), '5');
    await typeInto(input('cooperation-settings-XHD-margin'), '25');
    await click(byTestId('cooperation-settings-XHD-save') as HTMLButtonElement);
    await waitFor(() => mock.calls.some((c) => c.method === 'POST'));
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ coin: 'XHD', min_whole: '1', owner_share: '95', miner_share: '5', deal_margin: '25', deal_term_days: 30 });
    await waitFor(() => document.querySelector('.success-toast')?.textContent?.includes('XHD cooperation settings saved'));
  });
});
