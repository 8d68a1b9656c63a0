// @vitest-environment happy-dom
import { addressFromBytes } from '@platter/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, typeInto, waitFor } from '../../test/render.tsx';
import { AddressBookPage } from './AddressBookPage.tsx';
import { chia } from './testCurrencies.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const chiaSetting = {
  type: 'CHIA',
  confirmation: 32,
  closed: false,
  market: null,
  min_transfer_value: '0.1',
  capacity_unit: 'TiB',
  full_name: 'Chia Network',
  arith: 'pos',
  unit: 'XCH',
  icon: '/coins/chia.svg',
  merge_pool: null,
  scale: 12,
  display_scale: 6,
  capacity_scale: 2,
  capacity_base: 1024,
  testnet: false,
  mainnet_type: null,
  min_withdraw_value: '0.1',
  withdraw_fee: '0.0001',
  memo_supported: false,
  address_pattern: '^xch1[02-9ac-hj-np-z]{58}$',
};

describe('adding an address', () => {
  it('checks the address against the coin’s pattern and checksum while typing and sends the e-mailed code', async () => {
    const mock = mockFetch({
      'GET /api/assets/totalassets': ok({ list: [], currency: [chia], withdraw_locked_until: null }),
      'GET /api/user/withdrawaddresses': ok([]),
      'GET /api/setting/coin': ok([chiaSetting]),
      'GET /api/security/getsecurityverification': ok({ action: 'address', methods: ['email'], email: 'a***@example.com', phone: '', telegram: '' }),
      'POST /api/user/addwithdrawaddress': ok({ id: '5' }),
    });
    vi.stubGlobal('fetch', mock.fetch);
    await render(
      <QueryClientProvider client={createQueryClient()}>
        <AddressBookPage />
      </QueryClientProvider>,
    );
    await waitFor(() => mock.calls.some((c) => c.url.pathname === '/api/assets/totalassets'));
    await click(byTestId('address-add') as HTMLElement);
    const address = await waitFor(() => byTestId('address-add-address') as HTMLInputElement | null);
    await waitFor(() => mock.calls.some((c) => c.url.pathname === '/api/setting/coin'));
    const submit = byTestId('address-add-submit') as HTMLButtonElement;

    await typeInto(address, 'xch1nope');
    await waitFor(() => byTestId('address-add-invalid'));
    await typeInto(await waitFor(() => byTestId('verify-email-code') as HTMLInputElement | null), '123456');
    expect(submit.disabled).toBe(true);

    // Right shape, one character mistyped: its bech32m checksum fails, so the form says so.
    const valid = addressFromBytes('CHIA', new Uint8Array(32).fill(7));
    const typo = valid.slice(0, 20) + (valid[20] === 'q' ? 'p' : 'q') + valid.slice(21);
    await typeInto(address, typo);
    await waitFor(() => byTestId('address-add-invalid'));
    expect(submit.disabled).toBe(true);

    await typeInto(address, valid);
    // (antd lets the old help text fade out)
    await waitFor(() => byTestId('address-add-invalid') === null);
    await typeInto(byTestId('address-add-remark') as HTMLInputElement, 'cold');
    expect(submit.disabled).toBe(false);
    await click(submit);
    await waitFor(() => mock.calls.some((c) => c.method === 'POST'));
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ coin: 'CHIA', address: valid, remark: 'cold', memo: '', email_code: '123456' });
  });
});
