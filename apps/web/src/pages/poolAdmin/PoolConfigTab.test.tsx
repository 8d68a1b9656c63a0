// @vitest-environment happy-dom
import { appStore } from '../../state/store.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { code, ok } from '../../test/fetchMock.ts';
import { resetAppState } from '../../test/app.tsx';
import { byTestId, cleanup, click, typeInto, waitFor } from '../../test/render.tsx';
import { PoolConfigTab } from './PoolConfigTab.tsx';
import { bhdConfig, ironfishConfig, mockPoolAdmin, renderWithQuery } from './testPools.tsx';

beforeEach(resetAppState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function editFee(pool: string, percent: string) {
  await click(await waitFor(() => byTestId(`pool-config-edit-${pool}`)));
  const fee = (await waitFor(() => byTestId('pool-config-fee'))) as HTMLInputElement;
  await typeInto(fee, percent);
  await click(byTestId('pool-config-submit') as HTMLElement);
}

describe('the pool configuration', () => {
  it('shows each pool’s fee in percent and saves a fee typed in percent as basis points', async () => {
    let fee = bhdConfig.fee_bp;
    const mock = mockPoolAdmin({
      'GET /api/admin/getpoollist': () => ok([{ ...bhdConfig, fee_bp: fee }, ironfishConfig]),
      'POST /api/admin/updatepoolconfig': (call) => {
        fee = (call.body as { fee_bp: number }).fee_bp;
        return ok({ ...bhdConfig, fee_bp: fee });
      },
    });
    await renderWithQuery(<PoolConfigTab />);
    expect((await waitFor(() => byTestId('pool-config-fee-bhd'))).textContent).toBe('3.00 %');
    expect(byTestId('pool-config-fee-ironfish')?.textContent).toBe('2.50 %');

    await editFee('bhd', '2.555');
    expect((await waitFor(() => byTestId('pool-config-fee-error'))).textContent).toContain('two decimals');
    expect(byTestId('pool-config-current-fee')?.textContent).toContain('3.00 %');
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await typeInto(byTestId('pool-config-fee') as HTMLInputElement, '2.75');
    await click(byTestId('pool-config-submit') as HTMLElement);
    await waitFor(() => !byTestId('pool-config-dialog'));
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ pool: 'bhd', fee_bp: 275 }]);
    await waitFor(() => byTestId('pool-config-fee-bhd')?.textContent === '2.75 %');
  });

  it('disables the edit for support staff once the server refuses them (218)', async () => {
    mockPoolAdmin({ 'POST /api/admin/updatepoolconfig': code(218, 'Access forbidden') });
    await renderWithQuery(<PoolConfigTab />);
    expect(byTestId('pool-config-read-only')).toBeNull();
    await editFee('bhd', '1');
    await waitFor(() => byTestId('pool-config-read-only'));
    expect(byTestId('pool-config-dialog')).toBeNull();
    expect((byTestId('pool-config-edit-bhd') as HTMLButtonElement).disabled).toBe(true);
    expect((byTestId('pool-config-edit-ironfish') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows support staff (the role of the user info) a read-only list from the start', async () => {
    mockPoolAdmin({});
    appStore.set({ userInfo: { ...(appStore.getState().userInfo ?? ({} as never)), role: 'support' } as never });
    try {
      await renderWithQuery(<PoolConfigTab />);
      await waitFor(() => byTestId('pool-config-edit-bhd'));
      expect(byTestId('pool-config-read-only')).not.toBeNull();
      expect((byTestId('pool-config-edit-bhd') as HTMLButtonElement).disabled).toBe(true);
    } finally {
      appStore.set({ userInfo: null });
    }
  });
});
