import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrencyEntry, WithdrawAddress } from '@platter/domain';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import { mockFetch, ok, type Responder } from '../../test/fetchMock.ts';
import { byTestId, render, waitFor } from '../../test/render.tsx';
import { WithdrawDialog } from './WithdrawDialog.tsx';

/** The withdraw dialog's unit tests: an address of the book, and the dialog opened over mocked calls. */

export const address = (over: Partial<WithdrawAddress> = {}): WithdrawAddress => ({
  id: '7',
  coin: 'CHIA',
  address: 'xch1' + 'q'.repeat(58),
  remark: 'cold',
  memo: '',
  auto_pay: false,
  ratio: 0,
  min_pay: '0',
  pending_income: '0',
  activated: true,
  created_at: 1,
  ...over,
});

const verification = ok({ action: 'withdraw', methods: ['email'], email: 'a***@example.com', phone: '', telegram: '' });

export async function openWithdrawDialog(currency: CurrencyEntry, routes: Record<string, Responder>, locked = false) {
  const mock = mockFetch({ 'GET /api/security/getsecurityverification': verification, ...routes });
  vi.stubGlobal('fetch', mock.fetch);
  const onClose = vi.fn();
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WithdrawDialog currency={currency} available="10" locked={locked} onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => byTestId('withdraw-dialog'));
  return { calls: mock.calls, onClose };
}
