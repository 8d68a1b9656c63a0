// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { code, mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, typeInto, waitFor } from '../../test/render.tsx';
import { BalanceAdjustment } from './BalanceAdjustment.tsx';
import { ar, chia } from './testCurrencies.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function typeText(testId: string, value: string) {
  const element = byTestId(testId) as HTMLInputElement | HTMLTextAreaElement;
  if (element instanceof HTMLInputElement) return typeInto(element, value);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

type Adjustment = { uid: string; coin: string; amount: string; reason: string; request_id: string };

describe('adjusting a balance', () => {
  it('needs a reason, replays one request id per opened form, and takes a new one for a new form', { timeout: 15_000 }, async () => {
    const answers = [code(10101, 'Insufficient balance'), ok({ transaction_id: '42' }), ok({ transaction_id: '43' })];
    const mock = mockFetch({
      'GET /api/assets/totalassets': ok({ list: [], currency: [chia, ar], withdraw_locked_until: null }),
      'POST /api/admin/UpdateBalance': () => answers.shift() ?? code(500),
    });
    vi.stubGlobal('fetch', mock.fetch);
    await render(
      <QueryClientProvider client={createQueryClient()}>
        <BalanceAdjustment />
      </QueryClientProvider>,
    );
    const posts = () => mock.calls.filter((c) => c.method === 'POST').map((c) => c.body as Adjustment);
    const open = byTestId('balance-adjust-open') as HTMLButtonElement;

    await click(open);
    await waitFor(() => byTestId('balance-adjust-coin')?.textContent?.includes('XCH'));
    await typeText('balance-adjust-uid', 'U100001');
    await typeText('balance-adjust-amount', '-0.5');
    await click(byTestId('balance-adjust-submit') as HTMLElement);
    expect((await waitFor(() => byTestId('balance-adjust-reason-error'))).textContent).toBe('Required.');
    expect(posts()).toEqual([]);

    await typeText('balance-adjust-reason', 'refund of a double fee');
    await click(byTestId('balance-adjust-submit') as HTMLElement);
    expect((await waitFor(() => byTestId('balance-adjust-refused'))).getAttribute('data-code')).toBe('10101');
    await click(byTestId('balance-adjust-submit') as HTMLElement);
    await waitFor(() => byTestId('balance-adjust-result'));
    expect(byTestId('balance-adjust-dialog')).toBeNull();
    expect(byTestId('balance-adjust-result')?.textContent).toContain('-0.5 XCH');

    const [first, again] = posts();
    expect(first).toEqual({ uid: 'U100001', coin: 'CHIA', amount: '-0.5', reason: 'refund of a double fee', request_id: first?.request_id });
    expect(first?.request_id).toMatch(/^[\w.:-]{8,128}$/);
    expect(again).toEqual(first);

    await click(open);
    await waitFor(() => byTestId('balance-adjust-dialog'));
    await typeText('balance-adjust-uid', 'U100001');
    await typeText('balance-adjust-amount', '-0.5');
    await typeText('balance-adjust-reason', 'refund of a double fee');
    await click(byTestId('balance-adjust-submit') as HTMLElement);
    await waitFor(() => posts().length === 3);
    expect(posts()[2]?.request_id).not.toBe(first?.request_id);
  });
});
