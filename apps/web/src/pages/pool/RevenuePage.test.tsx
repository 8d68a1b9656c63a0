// @vitest-environment happy-dom
import { COIN_SEEDS, type BlockIncome } from '@platter/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { appStore } from '../../state/store.ts';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, waitFor } from '../../test/render.tsx';
import { choose, renderPoolPage } from './poolTestKit.tsx';
import { RevenuePage } from './RevenuePage.tsx';

afterEach(async () => {
  cleanup();
  appStore.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const block = (id: string, height: string, share: string, found = false): BlockIncome => ({
  id,
  pool: 'chia',
  coin: 'CHIA',
  unit: 'XCH',
  height,
  time: Date.parse('2025-01-02T08:00:00Z') / 1000,
  day: '2025-01-02',
  reward: '2',
  share,
  found,
});

function revenue(total = 2) {
  appStore.set({ coinInfo: [...COIN_SEEDS] });
  return renderPoolPage(<RevenuePage />, '/center/revenue', {
    'GET /api/pool/blockincome': ok({ list: [block('7', '1002', '0.334600432627', true), block('6', '1001', '1234.5')], total }),
  });
}

describe('revenue (income per block)', () => {
  it("lists each block's height, reward and the user's share at the coin's display precision", async () => {
    const calls = await revenue();
    await waitFor(() => byTestId('revenue-row-7'));
    expect(byTestId('revenue-height-7')?.textContent).toBe('1002');
    expect(byTestId('revenue-reward-7')?.textContent).toBe('2');
    expect(byTestId('revenue-share-7')?.textContent).toBe('0.3346');
    expect(byTestId('revenue-share-7')?.getAttribute('data-exact')).toBe('0.334600432627');
    expect(byTestId('revenue-share-6')?.textContent).toBe('1,234.5');
    expect(byTestId('revenue-found-7')?.textContent).toBe('Found by you');
    expect(byTestId('revenue-found-6')).toBeNull();
    expect(byTestId('pool-nav-revenue')?.className).toContain('active');
    expect(byTestId('pool-nav-income')?.textContent).toBe('Daily revenue');
    const query = calls.find((c) => c.url.pathname === '/api/pool/blockincome')?.url.searchParams;
    expect([query?.get('pool'), query?.get('page'), query?.get('count')]).toEqual(['chia', '1', '10']);
  });

  it('asks again for the pool chosen', async () => {
    const calls = await revenue(45);
    await waitFor(() => byTestId('revenue-row-7'));
    await choose('pool-switch', 'pool-switch-option-chiapp');
    await waitFor(() => calls.some((c) => c.url.pathname === '/api/pool/blockincome' && c.url.searchParams.get('pool') === 'chiapp'));
  });

  it('speaks Russian, with its digit grouping', async () => {
    await i18n.changeLanguage('ru');
    await revenue();
    await waitFor(() => byTestId('revenue-row-6'));
    expect(byTestId('revenue-share-6')?.textContent).toBe('1\u00a0234,5');
    expect(byTestId('pool-nav-revenue')?.textContent).toBe('Доход');
  });
});
