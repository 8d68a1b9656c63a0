// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import type { AssetLogItem, ExportJob } from '@platter/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import i18n from '../../i18n/index.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, waitFor } from '../../test/render.tsx';
import { BillPage } from './BillPage.tsx';
import { chia } from './testCurrencies.ts';

const row = (id: string, kind: string, amount: string, counterparty = ''): AssetLogItem => ({
  id,
  coin: 'CHIA',
  kind,
  amount,
  bucket: 'available',
  reference: '',
  memo: '',
  counterparty,
  created_at: 1,
});
const job = (status: ExportJob['status'], progress: number): ExportJob => ({
  id: '9',
  kind: 'asset',
  format: 'csv',
  status,
  progress,
  rows: 2,
  created_at: 1,
  next_allowed_at: 601,
});

afterEach(() => {
  void i18n.changeLanguage('en');
  cleanup();
  vi.unstubAllGlobals();
});

async function renderBill(path: string, statuses: ExportJob[] = [], list = [row('1', 'deposit', '10'), row('2', 'withdrawal_hold', '-2')]) {
  const mock = mockFetch({
    'GET /api/assets/totalassets': ok({ list: [], currency: [chia], withdraw_locked_until: null }),
    'GET /api/log/asset': ok({ list, total: list.length }),
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

  it('names a transfer’s direction and the other user in the reader’s language (issue 19)', async () => {
    const transfers = [row('1', 'transfer_out', '-1.5', 'bob***@example.com'), row('2', 'transfer_in', '2', '10000042')];
    const texts: Record<string, [string, string]> = {
      en: ['Transfer out · to bob***@example.com', 'Transfer in · from 10000042'],
      zh: ['轉出 · 轉給 bob***@example.com', '轉入 · 來自 10000042'],
      ru: ['Перевод исходящий · получатель bob***@example.com', 'Перевод входящий · отправитель 10000042'],
    };
    for (const [lang, [out, into]] of Object.entries(texts)) {
      await i18n.changeLanguage(lang);
      await renderBill('/center/flow', [], transfers);
      await waitFor(() => byTestId('bill-kind-2'));
      expect([byTestId('bill-kind-1')?.textContent, byTestId('bill-kind-2')?.textContent]).toEqual([out, into]);
      cleanup();
    }
  }, 30_000);

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
