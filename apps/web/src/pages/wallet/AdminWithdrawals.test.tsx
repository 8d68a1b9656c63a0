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

const withdrawal = (id: string): AdminWithdrawal => ({
  id,
  coin: 'CHIA',
  unit: 'XCH',
  amount: '2',
  fee: '0.0001',
  received: '1.9999',
  address: 'xch1' + 'q'.repeat(58),
  memo: '',
  status: 'AUDITING',
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

describe('the withdrawal review', () => {
  it('rejects the selected withdrawals only with a reason', async () => {
    const mock = mockFetch({
      'GET /api/admin/getauditingwithdrawlogs': ok({ list: [withdrawal('1'), withdrawal('2')], total: 2 }),
      'POST /api/admin/auditbatchwithdrawbalance': ok({ done: ['2'], skipped: [] }),
    });
    vi.stubGlobal('fetch', mock.fetch);
    await render(
      <QueryClientProvider client={createQueryClient()}>
        <WithdrawReviewPage />
      </QueryClientProvider>,
    );
    await waitFor(() => byTestId('admin-withdrawal-row-2'));
    const reject = byTestId('withdraw-review-reject') as HTMLButtonElement;
    expect(reject.disabled).toBe(true);

    const check = await waitFor(() => byTestId('withdraw-review-check-2'));
    await click(check.tagName === 'INPUT' ? check : (check.querySelector('input') ?? check));
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
});
