// @vitest-environment happy-dom
import type { MinerKey } from '@platter/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, waitFor } from '../../test/render.tsx';
import { ApiKeyCard } from './ApiKeyCard.tsx';
import { renderPoolPage } from './poolTestKit.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KEY = 'pk_chia_4f1c9a7be2d84c0f9a1b2c3d4e5f6a7b';

/** The server's side: a hash only, so GET never gives the whole key back. */
function keyServer() {
  let active: MinerKey | null = null;
  let made = 0;
  return {
    'GET /api/pool/apikey': () => ok(active),
    'POST /api/pool/apikey': () => {
      made += 1;
      const key = made === 1 ? KEY : `${KEY}-${made}`;
      active = { pool: 'chia', hint: key.slice(0, 10), created_at: 1_700_000_000 };
      return ok({ ...active, key });
    },
    'DELETE /api/pool/apikey': () => {
      active = null;
      return ok(null);
    },
  };
}

describe('the miner API key', () => {
  it('shows a new key once, with a copy button and a warning, then only its hint', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = await renderPoolPage(<ApiKeyCard pool="chia" />, '/center/mining', keyServer());
    await waitFor(() => byTestId('apikey-none'));
    await click(byTestId('apikey-create') as HTMLElement);
    const value = await waitFor(() => byTestId('apikey-value'));
    expect(value.textContent).toBe(KEY);
    expect(byTestId('apikey-once')?.textContent).toContain('will not be shown again');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ pool: 'chia' });
    await click(byTestId('apikey-copy') as HTMLElement);
    expect(writeText).toHaveBeenCalledWith(KEY);
    await waitFor(() => byTestId('apikey-hint')?.textContent === 'pk_chia_4f…');

    await click(byTestId('apikey-saved') as HTMLElement);
    expect(byTestId('apikey-value')).toBeNull();
    expect(document.body.textContent).not.toContain(KEY);
    expect(byTestId('apikey-hint')?.textContent).toBe('pk_chia_4f…');
  });

  it('does not show the key after a reload: the server only answers its hint', async () => {
    const server = keyServer();
    server['POST /api/pool/apikey']();
    await renderPoolPage(<ApiKeyCard pool="chia" />, '/center/mining', server);
    await waitFor(() => byTestId('apikey-hint'));
    expect(byTestId('apikey-value')).toBeNull();
    expect(byTestId('apikey-card')?.getAttribute('data-state')).toBe('active');
  });

  it('asks before rotating, then shows the new key', async () => {
    const server = keyServer();
    server['POST /api/pool/apikey']();
    const calls = await renderPoolPage(<ApiKeyCard pool="chia" />, '/center/mining', server);
    await click(await waitFor(() => byTestId('apikey-rotate')));
    const confirm = await waitFor(() => byTestId('apikey-rotate-confirm'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await click(confirm);
    await waitFor(() => byTestId('apikey-value')?.textContent === `${KEY}-2`);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('revokes after confirmation', async () => {
    const server = keyServer();
    server['POST /api/pool/apikey']();
    const calls = await renderPoolPage(<ApiKeyCard pool="chia" />, '/center/mining', server);
    await click(await waitFor(() => byTestId('apikey-revoke')));
    await click(await waitFor(() => byTestId('apikey-revoke-confirm')));
    await waitFor(() => byTestId('apikey-none'));
    expect(calls.find((c) => c.method === 'DELETE')?.url.searchParams.get('pool')).toBe('chia');
  });
});
