// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, waitFor } from '../../test/render.tsx';
import { ContributionPage } from './ContributionPage.tsx';
import { recordOf, renderPoolPage } from './poolTestKit.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lastHour = Math.floor(Date.now() / 3_600_000) * 3600 - 3600;

describe('contribution', () => {
  it('charts points per hour for 24 hours, then 7 days, with the last 30 days’ shares, miners, points and capacity below', async () => {
    let detailQuery: Record<string, string> = {};
    const calls = await renderPoolPage(<ContributionPage />, '/center/contribution', {
      'GET /api/pool/share': (call) =>
        ok(
          call.url.searchParams.get('hours') === '169'
            ? [{ time: lastHour - 100 * 3600, points: '500', shares: 5, capacity: '0' }]
            : [{ time: lastHour, points: '1200', shares: 3, capacity: '0' }],
        ),
      'GET /api/pool/miningdetail': (call) => {
        detailQuery = Object.fromEntries(call.url.searchParams);
        const day = { ...recordOf('2025-01-02', 'SETTLEMENT', '0.1', { points: '4321' }), shares: 1234, miners: 3 };
        return ok({ list: [day], total: 1 });
      },
    });
    const chart = await waitFor(() => byTestId('contribution-chart'));
    expect(chart.getAttribute('data-hours')).toBe('24');
    expect(chart.getAttribute('data-nonzero')).toBe('1');
    expect(byTestId('contribution-chart-svg')?.getAttribute('aria-label')).toMatch(
      /^Points per hour over the last 24 hours: highest 1200 points at \d\d:00, latest 1200 points\.$/,
    );
    expect(byTestId('contribution-total')?.textContent).toBe('Total: 1,200');
    await waitFor(() => byTestId('contribution-points-2025-01-02')?.textContent === '4,321');
    expect(byTestId('contribution-row-2025-01-02')?.textContent).toContain('3.00 TiB');
    expect(byTestId('contribution-shares-2025-01-02')?.textContent).toBe('1,234');
    expect(detailQuery).toMatchObject({ days: '30', count: '30' });

    await click(byTestId('contribution-window-168') as HTMLElement);
    await waitFor(() => byTestId('contribution-chart')?.getAttribute('data-hours') === '168');
    // A week's hours are named with their day, thinned to what fits.
    const labels = Array.from(byTestId('contribution-chart-xlabels')?.querySelectorAll('text') ?? []).map((t) => t.textContent ?? '');
    expect(labels.length).toBeLessThan(20);
    expect(labels.every((label) => /^\d\d-\d\d \d\d:00$/.test(label))).toBe(true);
    expect(byTestId('contribution-total')?.textContent).toBe('Total: 500');
    expect(calls.some((c) => c.url.pathname === '/api/pool/share' && c.url.searchParams.get('hours') === '169')).toBe(true);
  });
});
