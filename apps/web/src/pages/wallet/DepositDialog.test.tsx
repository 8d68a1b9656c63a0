// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import i18n from '../../i18n/index.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, render, waitFor } from '../../test/render.tsx';
import { DepositDialog } from './DepositDialog.tsx';
import { chia } from './testCurrencies.ts';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const burst = { ...chia, type: 'BURST', unit: 'BURST', scale: 8, confirmation: 10, memo_supported: true };

async function open(currency: typeof chia, answer: { address: string; memo: string }) {
  const mock = mockFetch({
    'GET /api/assets/rechargeaddress': ok({ coin: currency.type, ...answer, confirmation: currency.confirmation }),
    'GET /api/log/recharge': ok({ list: [], total: 0 }),
  });
  vi.stubGlobal('fetch', mock.fetch);
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <DepositDialog currency={currency} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return waitFor(() => byTestId('deposit-dialog-body'));
}

describe('the deposit dialog', () => {
  it("shows the message a Signum deposit must carry beside the pool's account, and what becomes of a payment without it, in each language", async () => {
    // The hint names the message and what becomes of a payment without it (kept for support, not lost).
    const texts: Record<string, string[]> = {
      en: ['attach this message', 'the pool keeps it', 'transaction id'],
      zh: ['附上此訊息', '礦池會保留', '交易 ID'],
      ru: ['приложите к переводу это сообщение', 'пул сохраняет его', 'идентификатор транзакции'],
    };
    for (const [language, hints] of Object.entries(texts)) {
      await act(() => i18n.changeLanguage(language));
      await open(burst, { address: 'S-WEBR-T74Q-HQJY-8PUK4', memo: '0123456789012345' });
      expect(byTestId('deposit-address')?.textContent).toContain('S-WEBR-T74Q-HQJY-8PUK4');
      expect(byTestId('deposit-memo')?.textContent).toContain('0123456789012345');
      for (const hint of hints) expect(byTestId('deposit-memo-hint')?.textContent).toContain(hint);
      cleanup();
    }
  });

  it('shows no message for an address of the user’s own', async () => {
    await open(chia, { address: 'xch1abc', memo: '' });
    expect(byTestId('deposit-address')?.textContent).toContain('xch1abc');
    expect(byTestId('deposit-memo')).toBeNull();
    expect(byTestId('deposit-memo-hint')).toBeNull();
  });
});
