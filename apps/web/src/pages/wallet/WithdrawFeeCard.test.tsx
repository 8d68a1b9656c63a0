// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, typeInto, waitFor } from '../../test/render.tsx';
import { ar, chia } from './testCurrencies.ts';
import { WithdrawFeeCard } from './WithdrawFeeCard.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the withdrawal fee per coin', () => {
  it('lists each coin’s fee and saves a new one for that coin, refusing an empty or too precise fee', async () => {
    let fee = chia.withdraw_fee;
    const mock = mockFetch({
      'GET /api/assets/totalassets': () => ok({ list: [], currency: [{ ...chia, withdraw_fee: fee }, ar], withdraw_locked_until: null }),
      'POST /api/admin/updatewithdrawfee': (call) => {
        fee = (call.body as { fee: string }).fee;
        return ok(null);
      },
    });
    vi.stubGlobal('fetch', mock.fetch);
    await render(
      <QueryClientProvider client={createQueryClient()}>
        <WithdrawFeeCard />
      </QueryClientProvider>,
    );
    expect((await waitFor(() => byTestId('withdraw-fee-CHIA'))).textContent).toBe('0.0001');
    expect(byTestId('withdraw-fee-AR')?.textContent).toBe('0.01');

    await click(byTestId('withdraw-fee-edit-CHIA') as HTMLElement);
    const input = (await waitFor(() => byTestId('withdraw-fee-input'))) as HTMLInputElement;
    expect(input.value).toBe('0.0001');
    const submit = byTestId('withdraw-fee-submit') as HTMLButtonElement;

    await typeInto(input, '  ');
    await click(submit);
    expect((await waitFor(() => byTestId('withdraw-fee-error'))).textContent).toBe('Required.');
    await typeInto(input, '0.0000000000001');
    await click(submit);
    expect((await waitFor(() => byTestId('withdraw-fee-error'))).textContent).not.toBe('Required.');
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await typeInto(input, ' 0.0005 ');
    await click(submit);
    await waitFor(() => !byTestId('withdraw-fee-dialog'));
    const posts = mock.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([{ coin: 'CHIA', fee: '0.0005' }]);
    await waitFor(() => byTestId('withdraw-fee-CHIA')?.textContent === '0.0005');
  });
});
