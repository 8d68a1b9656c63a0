// @vitest-environment happy-dom
import { COIN_SEEDS, type Adjustment, type AdminUser } from '@platter/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { appStore } from '../../state/store.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { aliceInfo } from '../../test/fixtures.ts';
import { act, type ReactElement } from 'react';
import { byTestId, cleanup, click, render, typeInto, waitFor } from '../../test/render.tsx';
import { AdjustmentsPage } from './AdjustmentsPage.tsx';
import { UsersPage } from './UsersPage.tsx';

afterEach(() => {
  cleanup();
  appStore.clear();
  vi.unstubAllGlobals();
});

const as = (role: 'admin' | 'support') => appStore.setUserInfo({ ...aliceInfo, uid: 'me-1', role, redirect_url: '/admin' });

const adjustment = (id: string, requestedBy: string): Adjustment => ({
  id,
  uid: '555',
  email: 'farmer@example.com',
  coin: 'CHIA',
  amount: '1500',
  reason: 'migration',
  status: 'pending',
  requested_by_uid: requestedBy,
  requested_by: `${requestedBy}@example.com`,
  decided_by: '',
  decided_at: null,
  reject_reason: '',
  transaction_id: '',
  created_at: 1_700_000_000,
});

const user: AdminUser = {
  uid: '555',
  email: 'farmer@example.com',
  account: 'farmer1',
  nickname: 'Farmer',
  role: 'user',
  status: 'active',
  phone: '+86 13800001234',
  google: true,
  wechat: false,
  telegram: false,
  created_at: 1_700_000_000,
  last_login_at: null,
  balances: [{ coin: 'CHIA', available: '2.5' }],
};

/** Types into a text area as a person would (React sees the input event). */
async function typeText(element: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const show = (ui: ReactElement) => render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

describe('balance adjustments', { timeout: 15_000 }, () => {
  it('offers approval of another admin’s adjustment of someone else’s balance only; a rejection sends its reason', async () => {
    as('admin');
    const mock = mockFetch({
      'GET /api/admin/getbalanceadjustments': ok({
        list: [adjustment('1', 'me-1'), adjustment('2', 'other'), { ...adjustment('3', 'other'), uid: 'me-1' }],
        total: 3,
        threshold: '1000',
        window_hours: 24,
      }),
      'POST /api/admin/auditbalanceadjustment': ok({ ...adjustment('2', 'other'), status: 'rejected' }),
    });
    vi.stubGlobal('fetch', mock.fetch);
    await show(<AdjustmentsPage />);
    await waitFor(() => byTestId('adjustment-row-2'));
    expect(byTestId('adjustments-threshold')?.textContent).toContain('1000');
    expect(byTestId('adjustment-own-1')).not.toBeNull();
    expect(byTestId('adjustment-approve-1')).toBeNull();
    expect(byTestId('adjustment-approve-2')).not.toBeNull();
    // An adjustment of my own balance: another admin decides it.
    expect(byTestId('adjustment-own-3')).not.toBeNull();
    expect(byTestId('adjustment-approve-3')).toBeNull();
    expect(byTestId('adjustments-threshold')?.textContent).toContain('24');

    await click(byTestId('adjustment-reject-2') as HTMLElement);
    const submit = await waitFor(() => byTestId('adjustment-reject-submit') as HTMLButtonElement | null);
    expect(submit.disabled).toBe(true);
    await typeText(byTestId('adjustment-reject-reason') as HTMLTextAreaElement, 'not owed');
    await waitFor(() => !submit.disabled);
    await click(submit);
    await waitFor(() => mock.calls.find((c) => c.method === 'POST'));
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ id: '2', approve: false, reason: 'not owed' });
  });

  it('is closed to support staff', async () => {
    as('support');
    vi.stubGlobal('fetch', mockFetch({}).fetch);
    await show(<AdjustmentsPage />);
    await waitFor(() => byTestId('admin-only'));
    expect(byTestId('adjustments-table')).toBeNull();
  });
});

describe('account info', { timeout: 15_000 }, () => {
  async function openFarmer(role: 'admin' | 'support') {
    as(role);
    const mock = mockFetch({ 'GET /api/admin/findusers': ok({ list: [user], total: 1 }), 'POST /api/admin/BanUser': ok(null) });
    vi.stubGlobal('fetch', mock.fetch);
    await show(<UsersPage />);
    expect(byTestId('users-hint')).not.toBeNull();
    const box = byTestId('users-search') as HTMLElement;
    await typeInto((box.tagName === 'INPUT' ? box : box.querySelector('input')) as HTMLInputElement, '13800001234');
    await click((box.closest('.ant-input-search') ?? box).querySelector('.ant-input-search-btn') as HTMLElement);
    await click(await waitFor(() => byTestId('user-open-555')));
    await waitFor(() => byTestId('user-detail-555'));
    const find = mock.calls.find((c) => c.url.pathname === '/api/admin/findusers');
    expect(find?.url.searchParams.get('keyword')).toBe('13800001234');
    expect(find?.url.searchParams.get('by')).toBe('any');
    return mock;
  }

  it('shows an admin the user with the ban, the unbinding of what is bound and the adjustment', async () => {
    appStore.set({ coinInfo: [...COIN_SEEDS] });
    const mock = await openFarmer('admin');
    // The coin's unit, as users see it (issue 20: not "2.5 CHIA").
    expect(byTestId('user-balance-CHIA')?.textContent).toBe('2.5 XCH');
    expect((byTestId('user-unbind-unbindphone') as HTMLButtonElement).disabled).toBe(false);
    expect((byTestId('user-unbind-UnBindWechat') as HTMLButtonElement).disabled).toBe(true);
    expect(byTestId('balance-adjust-open')).not.toBeNull();
    await click(byTestId('user-ban') as HTMLElement);
    await typeText((await waitFor(() => byTestId('user-ban-reason'))) as HTMLTextAreaElement, 'fraud');
    await click(byTestId('user-ban-submit') as HTMLElement);
    await waitFor(() => mock.calls.find((c) => c.method === 'POST'));
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ uid: '555', reason: 'fraud' });
  });

  it('shows support staff the user read-only', async () => {
    await openFarmer('support');
    expect(byTestId('user-support-readonly')).not.toBeNull();
    expect(byTestId('user-ban')).toBeNull();
    expect(byTestId('balance-adjust-open')).toBeNull();
    expect(byTestId('users-clear-cache')).toBeNull();
  });
});
