// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, typeInto, waitFor } from '../../test/render.tsx';
import { chia } from './testCurrencies.ts';
import { address, openWithdrawDialog } from './withdrawDialogTesting.tsx';

// A file of its own: one success message per file (antd's message holder outlives the first test's cleanup).

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the withdraw dialog of a coin whose pools all have the withdrawal audit off', () => {
  it('says on success that the withdrawal is sent without review, not that it is reviewed', async () => {
    const { calls, onClose } = await openWithdrawDialog(
      { ...chia, withdraw_audit: false },
      { 'GET /api/user/withdrawaddresses': ok([address()]), 'POST /api/assets/withdraw': ok({ id: '2' }) },
    );
    await waitFor(() => byTestId('withdraw-dialog')?.textContent?.includes('cold'));
    await typeInto(byTestId('withdraw-amount') as HTMLInputElement, '2');
    await typeInto(byTestId('verify-email-code') as HTMLInputElement, '654321');
    await click(byTestId('withdraw-submit') as HTMLButtonElement);
    await waitFor(() => onClose.mock.calls.length > 0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await waitFor(() => document.querySelectorAll('.success-toast').length === 1);
    expect(document.querySelector('.success-toast')?.textContent).toContain('It is sent without review');
    expect(document.querySelector('.success-toast')?.textContent).not.toContain('reviewed before');
  });
});
