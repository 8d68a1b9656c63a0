// @vitest-environment happy-dom
import type { ListExport } from '@platter/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { code, mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, typeInto, waitFor } from '../../test/render.tsx';
import type { AdminPlot } from '../plots/plotsApi.ts';
import { CapacityReviewPage } from './CapacityReviewPage.tsx';

const plot = (id: string): AdminPlot => ({
  id,
  pool: 'chia',
  plot_id: 'a'.repeat(64),
  launcher_id: null,
  fingerprint: null,
  filename_prefix: '',
  size: '0',
  file_count: 0,
  signing: 'UNSIGNED',
  bind_address: 'xch1' + 'q'.repeat(58),
  bind_status: 'BIND_SENT',
  flag: null,
  bind_sent_at: 1,
  confirmed_at: null,
  last_seen: null,
  post_status: null,
  review: 'pending',
  review_reason: null,
  uid: 'u' + id,
  email: `farmer${id}@example.com`,
});

const job = (status: ListExport['status'], progress: number): ListExport => ({
  id: '5',
  list: 'capacity_review',
  format: 'xlsx',
  status,
  progress,
  rows: 1,
  created_at: 1,
  next_allowed_at: 601,
  expires_at: status === 'ready' ? 86_401 : null,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage() {
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <CapacityReviewPage type="bind" />
    </QueryClientProvider>,
  );
}

describe('the capacity binding review', () => {
  it('rejects only with a reason, and says how many were decided', async () => {
    const mock = mockFetch({
      'GET /api/setting/pool': ok([]),
      'GET /api/admin/getauditingbindplotter': ok({ list: [plot('3')], total: 1 }),
      'POST /api/admin/auditbindplotter': ok({ done: ['3'], skipped: [] }),
    });
    vi.stubGlobal('fetch', mock.fetch);
    await renderPage();
    await click(await waitFor(() => byTestId('review-bind-reject-3')));
    await click(await waitFor(() => byTestId('review-bind-confirm')));
    await waitFor(() => byTestId('review-bind-reason-error'));
    await typeInto(byTestId('review-bind-reason') as HTMLTextAreaElement, '   ');
    await click(byTestId('review-bind-confirm') as HTMLElement);
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await typeInto(byTestId('review-bind-reason') as HTMLTextAreaElement, 'plot of another farm');
    await click(byTestId('review-bind-confirm') as HTMLElement);
    await waitFor(() => byTestId('review-bind-outcome'));
    expect(byTestId('review-bind-outcome')?.textContent).toContain('1 decided');
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['3'], approve: false, reason: 'plot of another farm' });
    const list = mock.calls.find((c) => c.url.pathname === '/api/admin/getauditingbindplotter');
    expect(list?.url.searchParams.get('type')).toBe('bind');
  });

  it('exports the waiting list as shown, follows the build, and tells when the next export is allowed', async () => {
    const statuses = [job('pending', 40), job('ready', 100)];
    let applied = 0;
    const mock = mockFetch({
      'GET /api/setting/pool': ok([]),
      'GET /api/admin/getauditingbindplotter': ok({ list: [plot('3')], total: 1 }),
      'POST /api/admin/ApplyForDownload': () => (applied++ === 0 ? ok(job('pending', 0)) : code(2005)),
      'GET /api/admin/GetDownloadStatus': () => ok(statuses.shift() ?? job('ready', 100)),
    });
    vi.stubGlobal('fetch', mock.fetch);
    await renderPage();
    await click(await waitFor(() => byTestId('export-capacity_review-apply')));
    await waitFor(() => byTestId('export-capacity_review-building'));
    const ready = await waitFor(() => byTestId('export-capacity_review-ready'), 5000);
    expect(ready.getAttribute('data-rows')).toBe('1');
    expect(byTestId('export-capacity_review-next')).not.toBeNull();
    const apply = mock.calls.find((c) => c.url.pathname === '/api/admin/ApplyForDownload');
    expect(apply?.method).toBe('POST');
    expect(apply?.body).toEqual({ list: 'capacity_review', format: 'xlsx', type: 'bind' });
  });
});
