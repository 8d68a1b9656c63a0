// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import i18n from '../../i18n/index.ts';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, waitFor } from '../../test/render.tsx';
import { IncomePage } from './IncomePage.tsx';
import { choose, recordOf, renderPoolPage } from './poolTestKit.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const records = [
  recordOf('2025-01-04', 'NOT_PENDING', '0'),
  recordOf('2025-01-03', 'SETTLEMENT_PENDING', '0'),
  recordOf('2025-01-02', 'SETTLEMENT', '0.125'),
  recordOf('2025-01-01', 'UNSETTLEMENT', '0', { capacity: String(1024n ** 4n) }),
];

function income() {
  return renderPoolPage(<IncomePage />, '/center/income', { 'GET /api/pool/Income': ok({ list: records, total: records.length }) });
}

describe('daily revenue', () => {
  it('tags each day with its settlement status and shows amounts in the coin’s unit', async () => {
    const calls = await income();
    await waitFor(() => byTestId('income-row-chia-2025-01-01'));
    const status = (day: string) => byTestId(`income-status-chia-${day}`);
    expect(status('2025-01-04')?.getAttribute('data-status')).toBe('NOT_PENDING');
    expect(status('2025-01-04')?.textContent).toBe('In progress');
    expect(status('2025-01-03')?.textContent).toBe('Settling');
    expect(status('2025-01-02')?.textContent).toBe('Settled');
    expect(status('2025-01-01')?.textContent).toBe('Not settled');
    expect(byTestId('income-amount-chia-2025-01-02')?.textContent).toBe('0.125 XCH');
    // Today's amount is not known before it settles.
    expect(byTestId('income-amount-chia-2025-01-04')?.textContent).toBe('—');
    expect(byTestId('income-legend-UNSETTLEMENT')?.textContent).toContain('Chia under 2 TiB');
    const query = calls.find((c) => c.url.pathname === '/api/pool/Income')?.url.searchParams;
    expect([query?.get('pool'), query?.get('page'), query?.get('count')]).toEqual(['chia', '1', '15']);
  });

  it('charts the settled days oldest first, leaving out today', async () => {
    await income();
    const chart = await waitFor(() => byTestId('income-chart'));
    await waitFor(() => chart.getAttribute('data-days') === '3');
    expect(chart.getAttribute('data-nonzero')).toBe('1');
    // One bar (the settled 01-02), the days named oldest first, the summary in words.
    expect(byTestId('income-chart-svg')?.querySelectorAll('.pool-chart__bars path')).toHaveLength(1);
    expect(Array.from(byTestId('income-chart-xlabels')?.querySelectorAll('text') ?? []).map((t) => t.textContent)).toEqual(['01-01', '01-02', '01-03']);
    expect(byTestId('income-chart-svg')?.getAttribute('aria-label')).toBe('Settled income per day over the last 3 days: highest 0.125 XCH on 01-02, latest 0 XCH.');
  });

  it('asks for the records of the pool chosen', async () => {
    const calls = await income();
    await choose('pool-switch', 'pool-switch-option-chiapp');
    await waitFor(() => calls.some((c) => c.url.pathname === '/api/pool/Income' && c.url.searchParams.get('pool') === 'chiapp'));
  });

  it('names the statuses in Russian too', async () => {
    await i18n.changeLanguage('ru');
    await income();
    await waitFor(() => byTestId('income-status-chia-2025-01-02')?.textContent === 'Рассчитано');
  });
});
