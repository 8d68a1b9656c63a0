// @vitest-environment happy-dom
import type { AddressResult } from '@platter/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ok, type Responder } from '../../test/fetchMock.ts';
import { resetAppState } from '../../test/app.tsx';
import { byTestId, cleanup, waitFor } from '../../test/render.tsx';
import { renderPage, TIB } from '../statistics/testData.tsx';
import { AddressResultPage } from './AddressResultPage.tsx';

beforeEach(resetAppState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const farmer: AddressResult = {
  pool: 'chia',
  coin: 'CHIA',
  unit: 'XCH',
  address: 'xch1demo',
  capacity: String(250n * TIB),
  online: 1,
  offline: 1,
  miners: [
    { name: 'rig-01', online: true, capacity: String(2n * 1024n ** 5n), hashrate: '0', last_seen: 1_700_000_000 },
    { name: 'rig-02', online: false, capacity: String(10n * TIB), hashrate: '0', last_seen: 1_699_000_000 },
  ],
  income: [
    { day: '2023-11-14', amount: '0.25', status: 'SETTLEMENT' },
    { day: '2023-11-13', amount: '0', status: 'UNSETTLEMENT' },
  ],
};

const render = (path: string, answer: Responder) => renderPage(path, '/mypools/:currency/:address', <AddressResultPage />, { 'GET /api/pool/address': answer });

describe('/mypools/{currency}/{address}: the account-free address query', () => {
  it('shows the farmer’s capacity, miners and settled days', async () => {
    const calls = await render('/mypools/CHIA/xch1demo', ok(farmer));
    await waitFor(() => byTestId('address-result')?.getAttribute('data-state') === 'found');
    const call = calls.find((c) => c.url.pathname === '/api/pool/address');
    expect(call?.url.searchParams.get('pool')).toBe('chia');
    expect(call?.url.searchParams.get('address')).toBe('xch1demo');
    expect(byTestId('address-result')?.textContent).toContain('CHIA');
    expect(byTestId('address-figures-capacity')?.textContent).toBe('250.00 TiB');
    expect(byTestId('address-figures-online')?.textContent).toBe('1');
    expect(byTestId('address-figures-offline')?.textContent).toBe('1');
    expect(byTestId('address-miner-power-rig-01')?.textContent).toBe('2.00 PiB');
    expect(byTestId('address-miner-state-rig-01')?.textContent).toBe('Online');
    expect(byTestId('address-miner-state-rig-02')?.textContent).toBe('Offline');
    expect(byTestId('address-income-amount-2023-11-14')?.textContent).toBe('0.25 XCH');
    expect(byTestId('address-income-2023-11-13')?.textContent).toContain('Not paid');
  });

  it('shows the hashrate of miners of a hashrate coin', async () => {
    const iron: AddressResult = { ...farmer, pool: 'ironfish', coin: 'IRONFISH', unit: 'IRON', miners: [{ ...farmer.miners[0]!, hashrate: '3400000' }] };
    await render('/mypools/ironfish/abc123', ok(iron));
    await waitFor(() => byTestId('address-miner-power-rig-01'));
    expect(byTestId('address-miner-power-rig-01')?.textContent).toBe('3.40 MH/s');
  });

  it('says clearly when no farmer is paid to the address', async () => {
    await render('/mypools/chia/xch1nobody', ok(null));
    await waitFor(() => byTestId('address-result-unknown'));
    expect(byTestId('address-result')?.getAttribute('data-state')).toBe('unknown');
    expect(byTestId('address-result-unknown')?.textContent).toContain('No farmer found for this address');
    expect(byTestId('address-result-address')?.textContent).toBe('xch1nobody');
    expect(byTestId('address-miners')).toBeNull();
  });
});
