// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, currentLocation, waitFor } from '../../test/render.tsx';
import { MiningPage } from './MiningPage.tsx';
import { choose, renderPoolPage, summaryOf } from './poolTestKit.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The last complete hour: the chart leaves out the current one, still running. */
const lastHour = Math.floor(Date.now() / 3_600_000) * 3600 - 3600;
const share = ok([
  { time: lastHour - 7200, points: '30', shares: 3, capacity: String(2n * 1024n ** 4n) },
  { time: lastHour, points: '10', shares: 1, capacity: String(1024n ** 4n) },
]);

function dashboard(extra: Parameters<typeof renderPoolPage>[2] = {}, path = '/center/mining') {
  return renderPoolPage(<MiningPage />, path, {
    'GET /api/dashboard/summary': (call) => ok(summaryOf(call.url.searchParams.get('pool') ?? '')),
    'GET /api/pool/share': share,
    'GET /api/pool/apikey': ok(null),
    ...extra,
  });
}

describe('the dashboard', () => {
  it('opens on the first pool of the user, with its figures in the coin’s units and a drawn 24-hour chart', async () => {
    const calls = await dashboard();
    await waitFor(() => byTestId('mining-summary')?.getAttribute('data-pool') === 'chia');
    expect(byTestId('mining-capacity')?.textContent).toBe('5.00 TiB');
    expect(byTestId('mining-reported')?.textContent).toBe('3.00 TiB');
    expect(byTestId('mining-points')?.textContent).toBe('1,234');
    expect(byTestId('mining-yesterday')?.textContent).toBe('0.25 XCH');
    expect(byTestId('mining-online')?.textContent).toBe('2');
    const chart = await waitFor(() => byTestId('mining-chart'));
    expect(chart.getAttribute('data-hours')).toBe('24');
    expect(chart.getAttribute('data-nonzero')).toBe('2');
    expect(byTestId('mining-chart-unit')?.textContent).toBe('TiB');
    expect(byTestId('mining-chart-svg')?.getAttribute('aria-label')).toMatch(/^Capacity per hour over the last 24 hours: highest 2 TiB at \d\d:00, latest 1 TiB\.$/);
    expect(calls.some((c) => c.url.pathname === '/api/pool/share' && c.url.searchParams.get('hours') === '25' && c.url.searchParams.get('pool') === 'chia')).toBe(true);
    expect(byTestId('mining-miners-link')?.getAttribute('href')).toBe('/center/machine?pool=chia');
  });

  it('refetches the figures of the pool chosen in the switcher and keeps it in the address', async () => {
    const calls = await dashboard();
    await waitFor(() => byTestId('mining-summary')?.getAttribute('data-pool') === 'chia');
    expect(byTestId('pool-nav-chiapp')).toBeNull();
    await choose('pool-switch', 'pool-switch-option-chiapp');
    await waitFor(() => byTestId('mining-summary')?.getAttribute('data-pool') === 'chiapp');
    expect(calls.filter((c) => c.url.pathname === '/api/dashboard/summary').map((c) => c.url.searchParams.get('pool'))).toEqual(['chia', 'chiapp']);
    expect(calls.some((c) => c.url.pathname === '/api/pool/apikey' && c.url.searchParams.get('pool') === 'chiapp')).toBe(true);
    expect(currentLocation.search).toBe('?pool=chiapp');
    expect(byTestId('pool-nav-income')?.getAttribute('href')).toBe('/center/income?pool=chiapp');
    // A Chia pool-protocol pool links its farmers' points page.
    expect(byTestId('pool-nav-chiapp')?.getAttribute('href')).toBe('/center/chiapp');
  });

  it('names a BHD-family pool’s capacity as estimated from the deadlines', async () => {
    await dashboard(
      {
        'GET /api/dashboard/summary': ok(summaryOf('bhd', { coin: 'BHD', unit: 'BHD', capacity: String(14n * 262_144n), capacity_source: 'deadlines' })),
        'GET /api/dashboard/mergepool': ok(null),
      },
      '/center/mining?pool=bhd',
    );
    await waitFor(() => byTestId('mining-summary')?.getAttribute('data-pool') === 'bhd');
    expect(byTestId('mining-capacity')?.textContent).toBe('3.50 MiB');
    expect(byTestId('mining-capacity')?.previousElementSibling?.textContent).toBe('Capacity (from deadlines)');
  });

  it('names a Chia pool’s capacity as the 24-hour estimate', async () => {
    await dashboard();
    await waitFor(() => byTestId('mining-summary')?.getAttribute('data-pool') === 'chia');
    expect(byTestId('mining-capacity')?.previousElementSibling?.textContent).toBe('Capacity (24 h estimate)');
  });

  it('falls back to chia when the user mines nowhere yet', async () => {
    await dashboard({ 'GET /api/dashboard/poollist': ok([]) });
    await waitFor(() => byTestId('mining-summary')?.getAttribute('data-pool') === 'chia');
  });

  it('shows a hashrate coin’s reported hashrate and charts its points', async () => {
    await dashboard({ 'GET /api/dashboard/summary': ok(summaryOf('ironfish', { coin: 'IRONFISH', unit: 'IRON', hashrate: '12500000' })) }, '/center/mining?pool=ironfish');
    await waitFor(() => byTestId('mining-hashrate'));
    expect(byTestId('mining-hashrate')?.textContent).toBe('12.50 MH/s');
    expect(byTestId('mining-capacity')).toBeNull();
    expect(byTestId('mining-chart-metric')).toBeNull();
    expect(byTestId('mining-chart')?.getAttribute('data-metric')).toBe('points');
  });

  it('switches the chart between capacity and points', async () => {
    await dashboard();
    await waitFor(() => byTestId('mining-chart')?.getAttribute('data-metric') === 'capacity');
    await click(byTestId('mining-chart-metric-points') as HTMLElement);
    await waitFor(() => byTestId('mining-chart')?.getAttribute('data-metric') === 'points');
  });

  it('shows a merged pool’s farm: its rigs and capacity, and each coin’s figures with links to its dashboard and records', async () => {
    const tib = (n: bigint) => String(n * 1024n ** 4n);
    const coin = (pool: string, unit: string, capacity: bigint, yesterday: string) => ({
      ...summaryOf(pool, { coin: unit, unit, income_yesterday: yesterday }),
      estimated_capacity: tib(capacity),
    });
    const farm = {
      merge_pool: 'BHD',
      pool_type: 'ECO',
      pools: ['bhd', 'lhd', 'hdd', 'xhd'],
      online: 3,
      offline: 1,
      capacity: tib(40n),
      reported_capacity: tib(42n),
      coins: [coin('bhd', 'BHD', 41n, '0.5'), coin('lhd', 'LHD', 39n, '2'), coin('hdd', 'HDD', 0n, '0'), coin('xhd', 'XHD', 0n, '0')],
    };
    const calls = await dashboard({ 'GET /api/dashboard/mergepool': ok(farm) }, '/center/mining?pool=lhd');
    await waitFor(() => byTestId('merge-pool'));
    expect(calls.some((c) => c.url.pathname === '/api/dashboard/mergepool' && c.url.searchParams.get('pool') === 'lhd')).toBe(true);
    expect(byTestId('merge-pool-rigsOnline')?.textContent).toBe('3');
    expect(byTestId('merge-pool-capacity')?.textContent).toBe('40.00 TiB');
    expect(byTestId('merge-pool-reported')?.textContent).toBe('42.00 TiB');
    expect(byTestId('merge-pool-coin-bhd-capacity')?.textContent).toBe('41.00 TiB');
    expect(byTestId('merge-pool-coin-lhd-yesterday')?.textContent).toBe('2 LHD');
    // The coin shown links only its records; the others their dashboard too.
    expect(byTestId('merge-pool-open-lhd')).toBeNull();
    expect(byTestId('merge-pool-open-bhd')?.getAttribute('href')).toBe('/center/mining?pool=bhd');
    expect(byTestId('merge-pool-records-hdd')?.getAttribute('href')).toBe('/center/income?pool=hdd');
  });

  it('shows no farm for a pool nothing merges with', async () => {
    await dashboard();
    await waitFor(() => byTestId('mining-summary')?.getAttribute('data-pool') === 'chia');
    expect(byTestId('merge-pool')).toBeNull();
  });
});
