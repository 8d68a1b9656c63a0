// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { resetAppState } from '../../test/app.tsx';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, waitFor } from '../../test/render.tsx';
import { AssetsDailyReportsPage } from './AssetsReportsPage.tsx';
import { MiningDailyReportsPage } from './DailyReportsPage.tsx';
import { IncomeRecordsPage } from './IncomeRecordsPage.tsx';
import { AdminMachinesPage } from './MachinesPage.tsx';
import type { AdminIncome, AdminMiner, DailyReport } from './poolAdminApi.ts';
import { choose, mockPoolAdmin, queriesTo, renderWithQuery } from './testPools.tsx';

beforeEach(resetAppState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report = (day: string, pool = 'bhd'): DailyReport => ({
  pool,
  day,
  status: 'SETTLEMENT',
  revenue: '10',
  fee: '0.3',
  withheld: '0',
  remainder: '0.00000001',
  credited: '9.69999999',
  carried_in: '0',
  members: 3,
  settled_at: 1_795_000_000,
});

const miner = (id: string, pool: string, extra: Partial<AdminMiner> = {}): AdminMiner => ({
  id,
  pool,
  name: `rig-${id}`,
  version: '1.0',
  capacity: String(3n * 1024n ** 4n),
  hashrate: '12500000',
  line: null,
  online: true,
  last_seen: 1_795_000_000,
  shares_24h: 0,
  uid: '100001',
  email: 'miner@example.com',
  ...extra,
});

const income: AdminIncome = {
  pool: 'bhd',
  coin: 'BHD',
  unit: 'BHD',
  day: '2026-11-21',
  points: '1234567',
  capacity: String(2n * 1024n ** 4n),
  amount: '1.5',
  status: 'SETTLEMENT',
  uid: '100001',
  email: 'miner@example.com',
};

/** Types into an antd search box and presses its search button. */
async function search(testId: string, text: string) {
  const box = await waitFor(() => byTestId(testId));
  const input = (box.tagName === 'INPUT' ? box : box.querySelector('input')) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await click(box.querySelector('.ant-input-search-btn') as HTMLElement);
}

describe('the mining daily reports', () => {
  it('shows each pool-day’s amounts with the coin’s unit, sends the filters and pages', async () => {
    const mock = mockPoolAdmin({ 'GET /api/admin/getdailyreports': ok({ list: [report('2026-11-21'), report('2026-11-20')], total: 45 }) });
    await renderWithQuery(<MiningDailyReportsPage />);
    const credited = await waitFor(() => byTestId('daily-report-credited-bhd-2026-11-21'));
    await waitFor(() => credited.parentElement?.textContent === '9.6999 BHD');
    expect(byTestId('daily-report-status-bhd-2026-11-21')?.dataset.status).toBe('SETTLEMENT');
    expect(queriesTo(mock.calls, '/api/admin/getdailyreports')).toEqual([{ page: '1', count: '20' }]);

    await click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => queriesTo(mock.calls, '/api/admin/getdailyreports').length === 2);
    await choose('daily-report-filter-pool', 'daily-report-filter-pool-option-ironfish');
    await choose('daily-report-filter-status', 'daily-report-filter-status-option-UNSETTLEMENT');
    await waitFor(() => queriesTo(mock.calls, '/api/admin/getdailyreports').length === 4);
    expect(queriesTo(mock.calls, '/api/admin/getdailyreports').slice(1)).toEqual([
      { page: '2', count: '20' },
      // A new filter starts again at the first page.
      { pool: 'ironfish', page: '1', count: '20' },
      { pool: 'ironfish', status: 'UNSETTLEMENT', page: '1', count: '20' },
    ]);
  });
});

describe('the assets daily reports', () => {
  it('lists each coin’s day and sends the coin filter', async () => {
    const row = {
      day: '2026-11-21',
      coin: 'BHD',
      unit: 'BHD',
      deposits: '5',
      withdrawals: '-1',
      mining_income: '9.7',
      owner_income: '0.94',
      fees: '0.31',
      adjustments: '0',
      user_balance: '14.64',
    };
    const mock = mockPoolAdmin({ 'GET /api/admin/getassertdailyreports': ok({ list: [row], total: 1 }) });
    await renderWithQuery(<AssetsDailyReportsPage />);
    expect((await waitFor(() => byTestId('assets-report-user_balance-BHD-2026-11-21'))).parentElement?.textContent).toBe('14.64 BHD');
    // The coin owners' income (deal, cooperation, mortgage) has its own column beside mining income.
    expect(byTestId('assets-report-owner_income-BHD-2026-11-21')?.parentElement?.textContent).toBe('0.94 BHD');
    expect([...document.querySelectorAll('th')].map((th) => th.textContent)).toContain('Coin-owner income');
    await choose('assets-report-filter-coin', 'assets-report-filter-coin-option-BHD');
    await waitFor(() => queriesTo(mock.calls, '/api/admin/getassertdailyreports').length === 2);
    expect(queriesTo(mock.calls, '/api/admin/getassertdailyreports')[1]).toEqual({ coin: 'BHD', page: '1', count: '20' });
  });
});

describe('every user’s machines', () => {
  it('shows capacity in the coin’s base, hashrate for a hashrate coin, and sends pool, state, name and uid', async () => {
    const mock = mockPoolAdmin({
      'GET /api/admin/miner': ok({ list: [miner('1', 'bhd'), miner('2', 'ironfish', { online: false })], total: 2, online: 1, offline: 1 }),
    });
    await renderWithQuery(<AdminMachinesPage />);
    await waitFor(() => byTestId('machine-power-2')?.textContent === '12.50 MH/s');
    expect(byTestId('machine-power-1')?.textContent).toBe('3.00 TiB');
    expect(byTestId('machine-state-2')?.dataset.online).toBe('false');
    expect(byTestId('machines-counts')?.textContent).toBe('1 online, 1 offline');

    await choose('machines-filter-pool', 'machines-filter-pool-option-bhd');
    await choose('machines-filter-status', 'machines-filter-status-option-offline');
    await search('machines-filter-name', ' rig ');
    await search('machines-filter-uid', '100001');
    await waitFor(() => queriesTo(mock.calls, '/api/admin/miner').length === 5);
    expect(queriesTo(mock.calls, '/api/admin/miner').at(-1)).toEqual({ pool: 'bhd', status: 'offline', name: 'rig', uid: '100001', page: '1', count: '20' });
  });
});

describe('every user’s income records', () => {
  it('income_info shows the amount with its unit; mining_info capacity and points; contribution no share of the day', async () => {
    const mock = mockPoolAdmin({ 'GET /api/admin/miningdetail': ok({ list: [income], total: 1 }) });
    await renderWithQuery(<IncomeRecordsPage view="income_info" />);
    const id = '100001-bhd-2026-11-21';
    expect((await waitFor(() => byTestId(`income-info-amount-${id}`))).parentElement?.textContent).toBe('1.5 BHD');
    await search('income-info-filter-uid', '100001');
    await choose('income-info-filter-pool', 'income-info-filter-pool-option-bhd');
    await waitFor(() => queriesTo(mock.calls, '/api/admin/miningdetail').length === 3);
    expect(queriesTo(mock.calls, '/api/admin/miningdetail').at(-1)).toEqual({ uid: '100001', pool: 'bhd', page: '1', count: '20' });
    cleanup();

    await renderWithQuery(<IncomeRecordsPage view="mining_info" />);
    await waitFor(() => byTestId(`mining-info-capacity-${id}`)?.textContent === '2.00 TiB');
    expect(byTestId(`mining-info-points-${id}`)?.textContent).toBe('1,234,567');
    expect(byTestId(`mining-info-amount-${id}`)).toBeNull();
    cleanup();

    await renderWithQuery(<IncomeRecordsPage view="contribution" />);
    await waitFor(() => byTestId(`contribution-points-${id}`));
    expect(byTestId(`contribution-amount-${id}`)).toBeNull();
    expect(byTestId('contribution-page')?.textContent).toContain('no share of the day is shown');
  });
});
