// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, waitFor } from '../../test/render.tsx';
import { WithdrawReviewPage } from './AdminWithdrawals.tsx';
import type { AdminWithdrawal } from './walletApi.ts';

const withdrawal = (id: string, status: AdminWithdrawal['status'] = 'AUDITING'): AdminWithdrawal => ({
  id,
  coin: 'CHIA',
  unit: 'XCH',
  amount: '2',
  fee: '0.0001',
  received: '1.9999',
  address: 'xch1' + 'q'.repeat(58),
  memo: '',
  status,
  source: 'user',
  reason: '',
  txid: '',
  batch: '2026-11-22',
  created_at: 1,
  updated_at: 1,
  uid: 'u' + id,
  email: `user${id}@example.com`,
  cancel_requested: false,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function typeText(element: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function check(testId: string) {
  const box = await waitFor(() => byTestId(testId));
  await click(box.tagName === 'INPUT' ? box : (box.querySelector('input') ?? box));
}

async function renderReview() {
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <WithdrawReviewPage />
    </QueryClientProvider>,
  );
}

describe('the withdrawal review', () => {
  it('rejects the selected withdrawals only with a reason', async () => {
    const mock = mockFetch({
      'GET /api/admin/getauditingwithdrawlogs': ok({ list: [withdrawal('1'), withdrawal('2')], total: 2 }),
      'POST /api/admin/auditbatchwithdrawbalance': ok({ done: ['2'], skipped: [] }),
    });
    vi.stubGlobal('fetch', mock.fetch);
    await renderReview();
    await waitFor(() => byTestId('admin-withdrawal-row-2'));
    const reject = byTestId('withdraw-review-reject') as HTMLButtonElement;
    expect(reject.disabled).toBe(true);

    await check('withdraw-review-check-2');
    await waitFor(() => byTestId('withdraw-review-selected')?.textContent?.includes('1'));
    expect(reject.disabled).toBe(false);
    await click(reject);

    const submit = await waitFor(() => byTestId('withdraw-review-reject-submit') as HTMLButtonElement | null);
    expect(submit.disabled).toBe(true);
    await typeText(byTestId('withdraw-review-reason') as HTMLTextAreaElement, 'address belongs to a sanctioned service');
    expect(submit.disabled).toBe(false);
    await click(submit);

    await waitFor(() => byTestId('withdraw-review-result'));
    expect(byTestId('withdraw-review-result')?.textContent).toContain('1 done, 0 skipped');
    const post = mock.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ ids: ['2'], approve: false, reason: 'address belongs to a sanctioned service' });
  });

  it('cancels the selected approved withdrawals only with a reason, and says which were skipped and why', async () => {
    const mock = mockFetch({
      'GET /api/admin/getauditingwithdrawlogs': ok({ list: [], total: 0 }),
      'GET /api/admin/withdraw': ok({ list: [withdrawal('7', 'SENT_PENDING'), withdrawal('8', 'SENT_PENDING'), withdrawal('9', 'SENT_PENDING')], total: 3 }),
      'POST /api/admin/auditbatchcancelwithdrawbalance': ok({ done: ['7'], skipped: [{ id: '9', code: 10201 }] }),
    });
    vi.stubGlobal('fetch', mock.fetch);
    await renderReview();
    await click(await waitFor(() => byTestId('withdraw-review-tab-pending')));
    await waitFor(() => byTestId('admin-withdrawal-row-9'));
    const list = mock.calls.find((c) => c.method === 'GET' && c.url.pathname === '/api/admin/withdraw');
    expect(list?.url.searchParams.get('status')).toBe('SENT_PENDING');

    const cancel = byTestId('withdraw-pending-cancel') as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    await check('withdraw-pending-check-7');
    await check('withdraw-pending-check-9');
    await waitFor(() => byTestId('withdraw-pending-selected')?.textContent?.includes('2'));
    await click(cancel);

    const submit = await waitFor(() => byTestId('withdraw-pending-cancel-submit') as HTMLButtonElement | null);
    await typeText(byTestId('withdraw-pending-reason') as HTMLTextAreaElement, '   ');
    expect(submit.disabled).toBe(true);
    await click(submit);
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);

    await typeText(byTestId('withdraw-pending-reason') as HTMLTextAreaElement, ' user asked support to stop it ');
    expect(submit.disabled).toBe(false);
    await click(submit);

    const result = await waitFor(() => byTestId('withdraw-pending-result'));
    expect(result.textContent).toContain('1 done, 1 skipped');
    expect(byTestId('withdraw-pending-result-skipped-9')?.textContent).toContain('Cannot cancel once in progress');
    const post = mock.calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/auditbatchcancelwithdrawbalance');
    expect(post?.body).toEqual({ ids: ['7', '9'], reason: 'user asked support to stop it' });
  });
});
