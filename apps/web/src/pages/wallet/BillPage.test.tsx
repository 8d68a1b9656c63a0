// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import type { AssetLogItem, ExportJob } from '@platter/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, waitFor } from '../../test/render.tsx';
import { BillPage } from './BillPage.tsx';
import { chia } from './testCurrencies.ts';

const row = (id: string, kind: string, amount: string): AssetLogItem => ({ id, coin: 'CHIA', kind, amount, bucket: 'available', reference: '', memo: '', created_at: 1 });
const job = (status: ExportJob['status'], progress: number): ExportJob => ({ id: '9', kind: 'asset', format: 'csv', status, progress, rows: 2, created_at: 1, next_allowed_at: 601 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderBill(path: string, statuses: ExportJob[] = []) {
  const mock = mockFetch({
    'GET /api/assets/totalassets': ok({ list: [], currency: [chia], withdraw_locked_until: null }),
    'GET /api/log/asset': ok({ list: [row('1', 'deposit', '10'), row('2', 'withdrawal_hold', '-2')], total: 2 }),
    'POST /api/log/ApplyForDownload': ok(job('pending', 0)),
    'GET /api/log/GetDownloadStatus': () => ok(statuses.shift() ?? job('ready', 100)),
  });
  vi.stubGlobal('fetch', mock.fetch);
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/center/flow/:param?" element={<BillPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return mock.calls;
}

describe('the bill', () => {
  it('shows signed changes with their type, and opens /center/flow/<coin> on that coin', async () => {
    const calls = await renderBill('/center/flow/chia');
    await waitFor(() => byTestId('bill-amount-2'));
    expect(byTestId('bill-amount-1')?.textContent).toBe('+10');
    expect(byTestId('bill-amount-2')?.textContent).toBe('-2');
    expect(byTestId('bill-kind-2')?.textContent).toBe('Withdrawal');
    expect(byTestId('bill-bucket-2')?.textContent).toBe('Available');
    await waitFor(() => calls.some((c) => c.url.pathname === '/api/log/asset' && c.url.searchParams.get('coin') === 'CHIA'));
  });

  it('applies for an export, shows its progress, then links the file', async () => {
    const calls = await renderBill('/center/flow', [job('pending', 40)]);
    await waitFor(() => byTestId('bill-export'));
    await click(byTestId('bill-export') as HTMLElement);
    await waitFor(() => byTestId('bill-export-progress')?.textContent?.includes('40'));
    const link = await waitFor(() => byTestId('bill-export-download'), 4000);
    expect(link.getAttribute('href')).toBe('/api/log/DownloadExcel?id=9');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'asset', format: 'csv' });
  });
});
