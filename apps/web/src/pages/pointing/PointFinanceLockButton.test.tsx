// @vitest-environment happy-dom
import type { FinanceHolding } from '@platter/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, waitFor } from '../../test/render.tsx';
import { choose, renderPoolPage } from '../pool/poolTestKit.tsx';
import { PointFinanceLockButton } from './PointFinanceLockButton.tsx';
import type { PointRecordRow } from './pointingApi.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const record = { id: '41', coin: 'BHD', amount: '1000', status: 'POINT_VALID' } as PointRecordRow;
const holding = (id: string, coin: string, status: FinanceHolding['status']): FinanceHolding => ({
  id,
  product_id: '1',
  product_name: `Product ${id}`,
  type: 'DQB',
  coin,
  amount: '50',
  income: '0',
  yesterday_income: '0',
  status,
  subscribed_at: '2026-11-20T00:00:00Z',
  redeem_requested_at: null,
  redemption_due_at: null,
  closed_at: null,
  blocks_left: null,
});

async function open(holdings: FinanceHolding[]) {
  const onDone = vi.fn(async () => undefined);
  const calls = await renderPoolPage(<PointFinanceLockButton record={record} onDone={onDone} />, '/center/pointing', {
    'GET /api/finance/holdings': ok({ list: holdings, total: holdings.length }),
    'POST /api/point/lockfinance': ok({ id: '41', status: 'POINT_LOCKED_MARKET', holding_id: '7' }),
  });
  await click(await waitFor(() => byTestId('point-record-finance-41')));
  return { calls, onDone };
}

describe('committing a pointing to a finance holding (POINT_LOCKED_MARKET)', () => {
  it("offers only the owner's open holdings of the pointing's coin and locks the record in the one chosen", async () => {
    const { calls, onDone } = await open([holding('7', 'BHD', 'interest'), holding('8', 'BHD', 'redeeming'), holding('9', 'MASS', 'waiting'), holding('10', 'BHD', 'ended')]);
    await choose('point-finance-holding', 'point-finance-option-7');
    expect(byTestId('point-finance-option-8')).toBeNull();
    expect(byTestId('point-finance-option-9')).toBeNull();
    expect(byTestId('point-finance-option-10')).toBeNull();
    await click(await waitFor(() => byTestId('point-finance-submit')));
    await waitFor(() => onDone.mock.calls.length > 0);
    const lock = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/point/lockfinance');
    expect(lock.map((c) => c.body)).toEqual([{ record_id: '41', holding_id: '7' }]);
  });

  it('says there is no open holding of the coin and links to the finance products, with nothing to submit', async () => {
    const { calls } = await open([holding('8', 'BHD', 'redeeming'), holding('9', 'MASS', 'interest')]);
    const empty = await waitFor(() => document.querySelector('.ant-empty'));
    expect(empty.textContent).toContain('You have no open finance holding of BHD.');
    expect(empty.querySelector('a')?.getAttribute('href')).toBe('/center/investment');
    expect((byTestId('point-finance-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.url.pathname === '/api/point/lockfinance')).toBe(false);
  });
});
