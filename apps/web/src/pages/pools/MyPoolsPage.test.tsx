// @vitest-environment happy-dom
import type { Trend } from '@platter/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ok, type RecordedCall } from '../../test/fetchMock.ts';
import { resetAppState } from '../../test/app.tsx';
import { byTestId, click, cleanup, waitFor } from '../../test/render.tsx';
import { block, poolStat, renderPage, TIB } from '../statistics/testData.tsx';
import { MyPoolsPage } from './index.tsx';

beforeEach(resetAppState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const trend: Trend = {
  samples: [
    { time: 1_700_000_000, capacity: String(100n * TIB), hashrate: '0', miners: 10, users: 3 },
    { time: 1_700_003_600, capacity: String(120n * TIB), hashrate: '0', miners: 11, users: 3 },
  ],
  blocks: [{ day: '2023-11-14', blocks: 4, reward: '8' }],
};

/** 23 blocks of chia, newest first, answered a page at a time like the server. */
function blockPages(call: RecordedCall) {
  const page = Number(call.url.searchParams.get('page'));
  const count = Number(call.url.searchParams.get('count'));
  const all = Array.from({ length: 23 }, (_, i) => block(String(23 - i)));
  return ok({ list: all.slice((page - 1) * count, page * count), total: all.length });
}

async function renderPools() {
  return renderPage('/mypools/chia', '/mypools/:pooltype', <MyPoolsPage />, {
    'GET /api/home/capacity': ok([poolStat('chia', { capacity: String(3n * 1024n ** 5n), online_miners: 40, height: '777' }), poolStat('chiapp')]),
    'GET /api/datastatistics/block': blockPages,
    'GET /api/datastatistics/pool': ok(trend),
  });
}

const queried = (calls: RecordedCall[], path: string, pool: string) => calls.filter((c) => c.url.pathname === path && c.url.searchParams.get('pool') === pool);

describe('/mypools/{pooltype} with live figures, trend and blocks', () => {
  it('shows each pool’s live figures in the coin’s unit', async () => {
    await renderPools();
    await waitFor(() => byTestId('mypools-stat-chia-power'));
    expect(byTestId('mypools-stat-chia-power')?.textContent).toBe('3.00 PiB');
    expect(byTestId('mypools-stat-chia-miners')?.textContent).toBe('40');
    expect(byTestId('mypools-stat-chia-height')?.textContent).toBe('777');
    expect(byTestId('mypools-pool-chiapp')).not.toBeNull();
  });

  it('pages through the pool’s blocks', async () => {
    const calls = await renderPools();
    await waitFor(() => byTestId('pool-blocks-chia-table-row-23'));
    expect(byTestId('pool-blocks-chia')?.textContent).toContain('23 in all');
    expect(document.querySelectorAll('[data-testid^="pool-blocks-chia-table-row-"]')).toHaveLength(10);
    const pager = byTestId('pool-blocks-chia-table-pager') as HTMLElement;
    // The pager (antd's Pagination) is a chunk of its own, loaded for a table of several pages.
    await click(await waitFor(() => pager.querySelector('.ant-pagination-next')));
    await waitFor(() => byTestId('pool-blocks-chia-table-row-13'));
    expect(byTestId('pool-blocks-chia-table-row-23')).toBeNull();
    expect(byTestId('pool-blocks-chia-table-height-13')?.textContent).toBe('#1013');
    expect(queried(calls, '/api/datastatistics/block', 'chia').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
    await click(pager.querySelector('.ant-pagination-next') as HTMLElement);
    await waitFor(() => document.querySelectorAll('[data-testid^="pool-blocks-chia-table-row-"]').length === 3);
    expect(byTestId('pool-blocks-chia-table-pager')?.getAttribute('data-page')).toBe('3');
  });

  it('asks for the trend of 7 days, and again for the range chosen', async () => {
    const calls = await renderPools();
    await waitFor(() => byTestId('pool-trend-chia')?.getAttribute('data-samples') === '2');
    expect(queried(calls, '/api/datastatistics/pool', 'chia').map((c) => c.url.searchParams.get('days'))).toEqual(['7']);
    await click(byTestId('pool-trend-chia-range-30') as HTMLElement);
    await waitFor(() => queried(calls, '/api/datastatistics/pool', 'chia').some((c) => c.url.searchParams.get('days') === '30'));
    await waitFor(() => byTestId('pool-trend-chia')?.getAttribute('data-days') === '30' && byTestId('pool-trend-chia')?.getAttribute('data-samples') === '2');
    await click(byTestId('pool-trend-chia-range-1') as HTMLElement);
    await waitFor(() => queried(calls, '/api/datastatistics/pool', 'chia').some((c) => c.url.searchParams.get('days') === '1'));
    expect(byTestId('pool-trend-chia-chart')).not.toBeNull();
  });
});
