// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { code, mockFetch, ok, type Responder } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, typeInto, waitFor } from '../../test/render.tsx';
import { chia } from './testCurrencies.ts';
import { TransferDialog } from './TransferDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(transfer: Responder, locked = false) {
  const mock = mockFetch({
    'GET /api/security/getsecurityverification': ok({ action: 'transfer', methods: ['email'], email: 'a***@example.com', phone: '', telegram: '' }),
    'POST /api/assets/transfer': transfer,
  });
  vi.stubGlobal('fetch', mock.fetch);
  const onClose = vi.fn();
  const onDone = vi.fn();
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <TransferDialog currency={chia} available="3" locked={locked} onClose={onClose} onDone={onDone} />
    </QueryClientProvider>,
  );
  await waitFor(() => byTestId('transfer-dialog'));
  return { calls: mock.calls, onClose, onDone };
}

const input = (id: string) => byTestId(id) as HTMLInputElement;
const submit = () => byTestId('transfer-submit') as HTMLButtonElement;
const posts = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body as { request_id: string });

describe('the transfer dialog', () => {
  it('explains the minimum and the balance while typing, and needs the code', async () => {
    await open(ok({ transaction_id: '1', amount: '1', to: '100001' }));
    await typeInto(input('transfer-to'), 'bob@example.com');
    await typeInto(input('transfer-amount'), '0.05');
    await waitFor(() => byTestId('transfer-amount-error')?.textContent?.includes('0.1 XCH'));
    await typeInto(input('transfer-amount'), '3.000000000001');
    await waitFor(() => byTestId('transfer-amount-error') && !byTestId('transfer-amount-error')?.textContent?.includes('0.1 XCH'));
    await typeInto(input('transfer-amount'), '1');
    await waitFor(() => byTestId('transfer-amount-error') === null);
    expect(submit().disabled).toBe(true);
    await typeInto(await waitFor(() => input('verify-email-code')), '123456');
    expect(submit().disabled).toBe(false);
  });

  it('keeps its key when the answer was lost, so the retry cannot pay twice; reports the transfer', async () => {
    let attempt = 0;
    const { calls, onDone, onClose } = await open(() => (++attempt === 1 ? 'network-error' : ok({ transaction_id: '9', amount: '1.5', to: '100002' })));
    await typeInto(input('transfer-to'), ' bob@example.com ');
    await typeInto(input('transfer-amount'), '1.5');
    await typeInto(await waitFor(() => input('verify-email-code')), '123456');
    await click(submit());
    await waitFor(() => posts(calls).length === 1 && !submit().classList.contains('ant-btn-loading'));
    await click(submit());
    await waitFor(() => onDone.mock.calls.length === 1);
    const [first, second] = posts(calls);
    expect(first).toEqual({ coin: 'CHIA', to: 'bob@example.com', amount: '1.5', request_id: first?.request_id, email_code: '123456' });
    expect(second?.request_id).toBe(first?.request_id);
    expect(onDone.mock.calls[0]?.[0]).toBe('1.5 XCH sent to bob@example.com');
    expect(onClose).toHaveBeenCalled();
  });

  it('takes a new key after a refusal, and shows the lock', async () => {
    let attempt = 0;
    const { calls, onDone } = await open(() => (++attempt === 1 ? code(10105) : ok({ transaction_id: '9', amount: '1', to: '100002' })), true);
    expect(byTestId('transfer-dialog-locked')).not.toBeNull();
    await typeInto(input('transfer-to'), 'me@example.com');
    await typeInto(input('transfer-amount'), '1');
    await typeInto(await waitFor(() => input('verify-email-code')), '123456');
    expect(submit().disabled).toBe(true);
    cleanup();
    const second = await open(() => (++attempt === 2 ? code(10105) : ok({ transaction_id: '9', amount: '1', to: '100002' })));
    await typeInto(input('transfer-to'), 'me@example.com');
    await typeInto(input('transfer-amount'), '1');
    await typeInto(await waitFor(() => input('verify-email-code')), '123456');
    await click(submit());
    await waitFor(() => posts(second.calls).length === 1 && !submit().classList.contains('ant-btn-loading'));
    await click(submit());
    await waitFor(() => posts(second.calls).length === 2);
    const [refused, retried] = posts(second.calls);
    expect(retried?.request_id).not.toBe(refused?.request_id);
    expect(posts(calls)).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });
});
