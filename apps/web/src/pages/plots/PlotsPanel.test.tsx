// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import i18n from '../../i18n/index.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, typeInto, waitFor } from '../../test/render.tsx';
import { PlotsPanel } from './PlotsPanel.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const plot = (over: Record<string, unknown>) => ({
  id: '1',
  pool: 'chia',
  plot_id: 'a'.repeat(64),
  launcher_id: null,
  fingerprint: null,
  filename_prefix: '',
  size: '108837086208',
  file_count: 1,
  signing: 'signed',
  bind_address: 'xch1' + 'q'.repeat(58),
  bind_status: 'CONFIRMED',
  flag: null,
  bind_sent_at: 1_700_000_000,
  confirmed_at: 1_700_000_100,
  last_seen: null,
  post_status: null,
  ...over,
});
const counters = { bound: 1, BIND_SENT: 0, UNBIND_AUDITING: 0, TIMEOUT: 0, UNBOUND: 1, NOTJOIN: 0, NOTBURN: 0, DOUBLE: 0, UNSIGNED: 1, size: '108837086208' };

function routes(extra: Record<string, ReturnType<typeof ok>> = {}) {
  return mockFetch({
    'GET /api/setting/pool': ok([{ type: 'chia', coin: 'CHIA', pool_type: 'ECO', name: 'Chia', auto_withdraw: true, share_type: 'PPLNS', protocol: 'chia-og' }]),
    'GET /api/pool/GetPlots': ok({
      list: [plot({}), plot({ id: '2', plot_id: 'b'.repeat(64), bind_status: null, flag: 'UNBOUND', signing: 'UNSIGNED', bind_address: null })],
      total: 2,
      counters,
    }),
    'GET /api/dev/mailbox': ok([]),
    ...extra,
  });
}

async function open(mock: ReturnType<typeof mockFetch>, initialPool = 'chia') {
  vi.stubGlobal('fetch', mock.fetch);
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <PlotsPanel initialPool={initialPool} />
    </QueryClientProvider>,
  );
  await waitFor(() => byTestId('plot-row-2'));
}

describe('the plots panel', () => {
  it('shows the counters, the unsigned warning and each plot’s state', async () => {
    await open(routes());
    expect(byTestId('plots-counter-UNBOUND')?.textContent).toBe('1');
    expect(byTestId('plots-counter-size')?.textContent).toBe('101.36 GiB'); // 108,837,086,208 bytes, truncated;
    expect(byTestId('plots-unsigned-warning')?.textContent).toContain('1');
    expect(byTestId('plot-bind-1')?.getAttribute('data-status')).toBe('CONFIRMED');
    expect(byTestId('plot-flag-2')?.getAttribute('data-flag')).toBe('UNBOUND');
    expect(byTestId('plot-unbind-2')).toBeNull();
  });

  it('asks to unbind a bound plot after confirming', async () => {
    const mock = routes({ 'POST /api/pool/unbind': ok(null) });
    await open(mock);
    await click(byTestId('plot-unbind-1') as HTMLElement);
    await click(await waitFor(() => byTestId('plot-unbind-confirm')));
    await waitFor(() => mock.calls.some((c) => c.method === 'POST'));
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ id: '1' });
  });

  it('binds a plot: gets the message for the plot and address, signs it on the devnet, sends all four', async () => {
    const message = 'Platter plot binding\npool: chia\nplot: ccc';
    const mock = routes({
      'GET /api/pool/binddata': ok({ message, expires_at: 1_900_000_000 }),
      'POST /api/dev/devnet/sign': ok({ signature: 'f'.repeat(64) }),
      'POST /api/pool/bind': ok(plot({ id: '3', bind_status: 'BIND_SENT' })),
    });
    await open(mock);
    await click(byTestId('plots-bind-open') as HTMLElement);
    await typeInto(await waitFor(() => byTestId('plots-bind-plot') as HTMLInputElement | null), 'ccc');
    await typeInto(byTestId('plots-bind-address') as HTMLInputElement, 'xch1payout');
    expect((byTestId('plots-bind-submit') as HTMLButtonElement).disabled).toBe(true);
    await click(byTestId('plots-bind-get') as HTMLElement);
    await waitFor(() => byTestId('plots-bind-message')?.textContent?.includes('pool: chia'));
    const get = mock.calls.find((c) => c.url.pathname === '/api/pool/binddata');
    expect(Object.fromEntries(get?.url.searchParams ?? [])).toMatchObject({ pool: 'chia', plot_id: 'ccc', address: 'xch1payout' });
    await click(await waitFor(() => byTestId('plots-bind-devnet-sign')));
    await waitFor(() => (byTestId('plots-bind-signature') as HTMLTextAreaElement | null)?.value === 'f'.repeat(64));
    await click(byTestId('plots-bind-submit') as HTMLElement);
    await waitFor(() => byTestId('plots-bind-done'));
    expect(mock.calls.find((c) => c.url.pathname === '/api/pool/bind')?.body).toEqual({ pool: 'chia', plot_id: 'ccc', address: 'xch1payout', message, signature: 'f'.repeat(64) });
  });

  it('registers a Spacemesh-style node by its id with its key’s signature of the pool’s message, and shows its status and rewards', async () => {
    const node = 'AB'.repeat(32);
    const mock = routes({
      'GET /api/setting/pool': ok([
        { type: 'spacemesh', coin: 'SPACEMESH', pool_type: 'ECO', name: 'Spacemesh', auto_withdraw: true, share_type: 'PPLNS', protocol: 'onchain-reward' },
      ]),
      'GET /api/pool/GetPlots': ok({ list: [plot({ id: '2', pool: 'spacemesh', bind_status: null, bind_address: null, post_status: 'WAITING_POET' })], total: 1, counters }),
      'POST /api/pool/register': ok(plot({ id: '4', pool: 'spacemesh', bind_status: null, post_status: 'REGISTER' })),
      'GET /api/pool/registerdata': ok({ message: 'Platter pool registration\npool: spacemesh', scheme: 'ed25519' }),
      'GET /api/pool/identityrewards': ok({
        list: [{ identity: 'cd'.repeat(32), reward_id: 'r1', height: 120, amount: '12.5', fee: '0.25', income: '12.25', status: 'credited', created_at: 1_790_000_000 }],
        total: 1,
      }),
    });
    await open(mock, 'spacemesh');
    expect(byTestId('plot-post-2')?.getAttribute('data-status')).toBe('WAITING_POET');
    expect(byTestId('plot-post-2')?.textContent).toBe('Waiting for the timing service');
    await click(await waitFor(() => byTestId('plots-register-open')));
    const input = await waitFor(() => byTestId('plots-register-node') as HTMLInputElement | null);
    expect(await waitFor(() => byTestId('identity-rewards')?.textContent?.includes('12.25') || undefined)).toBe(true);
    await typeInto(input, 'xyz');
    expect((byTestId('plots-register-next') as HTMLButtonElement).disabled).toBe(true);
    await typeInto(input, '0x' + node);
    await click(byTestId('plots-register-next') as HTMLElement);
    await waitFor(() => byTestId('plots-register-message'));
    const signature = await waitFor(() => byTestId('plots-register-signature') as HTMLTextAreaElement | null);
    await typeInto(signature, 'zz');
    expect((byTestId('plots-register-submit') as HTMLButtonElement).disabled).toBe(true);
    await typeInto(signature, 'E'.repeat(128));
    await click(byTestId('plots-register-submit') as HTMLElement);
    await waitFor(() => byTestId('plots-register-done'));
    expect(mock.calls.find((c) => c.url.pathname === '/api/pool/register')?.body).toEqual({ pool: 'spacemesh', node_id: node.toLowerCase(), signature: 'e'.repeat(128) });
  });
});

describe('a BHD-family plotter’s row', () => {
  it('lists its plot files as the miner names them, with their nonce ranges and sizes, in en, zh and ru', async () => {
    const gib = 2n ** 30n;
    const files = [
      { file: '12345678901234567890_0_4096', start_nonce: '0', nonces: '4096', size: String(gib), last_seen: 1_700_000_000 },
      { file: '12345678901234567890_4096_8192', start_nonce: '4096', nonces: '8192', size: String(2n * gib), last_seen: 1_700_000_000 },
    ];
    const bhd = plot({ pool: 'bhd', plot_id: '12345678901234567890', size: String(3n * gib), file_count: 2, files, bind_address: '3' + 'P'.repeat(33) });
    const said = { en: 'nonces 4096–12287', zh: 'Nonce 4096–12287', ru: 'нонсы 4096–12287' };
    for (const [language, range] of Object.entries(said)) {
      await act(() => i18n.changeLanguage(language));
      await open(
        mockFetch({
          'GET /api/setting/pool': ok([{ type: 'bhd', coin: 'BHD', pool_type: 'ECO', name: 'BHD', auto_withdraw: true, share_type: 'PPLNS', protocol: 'poc-burst' }]),
          'GET /api/pool/GetPlots': ok({ list: [bhd, plot({ id: '2', pool: 'bhd', plot_id: '42', bind_status: 'BIND_SENT' })], total: 2, counters }),
          'GET /api/dev/mailbox': ok([]),
        }),
        'bhd',
      );
      const list = await waitFor(() => byTestId('plot-files-1'));
      expect(byTestId('plot-file-12345678901234567890_0_4096')?.textContent).toContain('1.00 GiB');
      expect(byTestId('plot-file-12345678901234567890_4096_8192')?.textContent).toContain(range);
      expect(byTestId('plot-file-12345678901234567890_4096_8192')?.textContent).toContain('2.00 GiB');
      expect(list.querySelectorAll('li')).toHaveLength(2);
      // A plotter whose miner has named no file yet: no list.
      expect(byTestId('plot-files-2')).toBeNull();
      cleanup();
    }
  });
});
