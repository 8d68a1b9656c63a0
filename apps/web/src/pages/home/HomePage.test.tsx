// @vitest-environment happy-dom
import type { HomeList } from '@platter/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ok } from '../../test/fetchMock.ts';
import { resetAppState } from '../../test/app.tsx';
import { byTestId, cleanup, click, waitFor } from '../../test/render.tsx';
import { block, poolStat, renderPage, TIB } from '../statistics/testData.tsx';
import { HomePage } from './HomePage.tsx';

beforeEach(resetAppState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const homeList: HomeList = {
  pools: [
    poolStat('chia', { capacity: String(1536n * TIB), online_miners: 12, online_users: 5, height: '5120', blocks_24h: 3, mined_24h: '6', blocks_7d: 20, mined_7d: '40' }),
    // A hashrate coin: its hashrate, not its capacity.
    poolStat('ironfish', { capacity: String(1000n ** 4n), hashrate: '2500000000', online_miners: 2 }),
    // Idle: listed only on request.
    poolStat('bhd'),
  ],
  blocks: [block('7', { finder: 'demo', reward: '2' }), block('6', { pool: 'ironfish', coin: 'IRONFISH', unit: 'IRON', reward: '20' })],
  ranking: [
    { rank: 1, name: 'demo', capacity: String(300n * TIB) },
    { rank: 2, name: 'a***@example.com', capacity: String(2n * 1024n ** 5n) },
  ],
  default_pool: 'chia',
};

describe('home (statistics, ranking, recent blocks)', () => {
  it('shows each pool’s figures in its coin’s unit, the default pool’s ranking and the recent blocks', async () => {
    const calls = await renderPage('/', '/', <HomePage />, { 'GET /api/home/list': ok(homeList) });
    await waitFor(() => byTestId('home-stat-chia-power')?.textContent === '1.50 PiB');
    expect(byTestId('home-stat-chia-miners')?.textContent).toBe('12');
    expect(byTestId('home-stat-chia-hosts')?.textContent).toBe('5');
    expect(byTestId('home-stat-chia-height')?.textContent).toBe('5120');
    expect(byTestId('home-stat-chia-mined24h')?.textContent).toBe('6 XCH');
    expect(byTestId('home-stat-chia-blocks7d')?.textContent).toBe('20');
    expect(byTestId('home-stat-ironfish-power')?.textContent).toBe('2.50 GH/s');

    expect(byTestId('home-ranking')?.textContent).toContain('CHIA');
    expect(byTestId('home-ranking-capacity-1')?.textContent).toBe('300.00 TiB');
    expect(byTestId('home-ranking-capacity-2')?.textContent).toBe('2.00 PiB');
    expect(byTestId('home-ranking-row-1')?.textContent).toContain('demo');

    expect(byTestId('home-blocks-table-height-7')?.textContent).toBe('#1007');
    expect(byTestId('home-blocks-table-reward-6')?.textContent).toBe('20 IRON');
    expect(byTestId('home-blocks-table-row-6')?.textContent).toContain('Iron Fish');
    expect(calls.filter((c) => c.url.pathname === '/api/home/list')).toHaveLength(1);
  });

  it('lists idle pools only on request', async () => {
    await renderPage('/', '/', <HomePage />, { 'GET /api/home/list': ok(homeList) });
    await waitFor(() => byTestId('home-stat-chia'));
    expect(byTestId('home-stat-bhd')).toBeNull();
    expect(byTestId('home-stats-idle')?.textContent).toBe('Show idle pools (1)');
    await click(byTestId('home-stats-idle') as HTMLElement);
    expect(byTestId('home-stat-bhd-power')?.textContent).toBe('0.00 B');
    await click(byTestId('home-stats-idle') as HTMLElement);
    expect(byTestId('home-stat-bhd')).toBeNull();
  });

  it('says so when nothing has been mined yet', async () => {
    await renderPage('/', '/', <HomePage />, { 'GET /api/home/list': ok({ pools: [], blocks: [], ranking: [], default_pool: 'chia' }) });
    await waitFor(() => byTestId('home-ranking')?.textContent?.includes('Nobody has mined'));
    expect(byTestId('home-blocks')?.textContent).toContain('No blocks found yet.');
    expect(byTestId('home-stats')?.textContent).toContain('No pool figures yet.');
  });
});
