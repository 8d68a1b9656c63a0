// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { mockFetch, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, waitFor } from '../../test/render.tsx';
import { closestLine, measureLine, ServerLinesCard } from './ServerLines.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const asia = { code: 'asia' as const, host: 'asia.pool.example', ping_url: '/api/setting/ping', sort: 0 };

describe('the line check', () => {
  it('takes the median of three round trips and says when a line does not answer', async () => {
    let clock = 0;
    const steps = [30, 500, 40];
    const fetcher = vi.fn(async () => {
      clock += steps.shift() ?? 0;
      return new Response('{}', { status: 200 });
    });
    expect(await measureLine(asia, fetcher as unknown as typeof fetch, () => clock)).toBe(40);
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(await measureLine(asia, (async () => new Response('', { status: 502 })) as unknown as typeof fetch)).toBe('failed');
    expect(await measureLine(asia, (async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch)).toBe('failed');
  });

  it('names the closest line that answered', () => {
    expect(closestLine({ asia: 80, europe: 'failed', russia: 35 })).toBe('russia');
    expect(closestLine({ europe: 'failed' })).toBeUndefined();
  });

  it('lists the lines by region and tests one from the browser', async () => {
    const mock = mockFetch({ 'GET /api/setting/lines': ok([asia, { ...asia, code: 'europe', host: 'europe.pool.example', sort: 1 }]), 'GET /api/setting/ping': ok({ t: 1 }) });
    vi.stubGlobal('fetch', mock.fetch);
    await render(
      <QueryClientProvider client={createQueryClient()}>
        <ServerLinesCard />
      </QueryClientProvider>,
    );
    await waitFor(() => byTestId('server-line-europe'));
    expect(byTestId('server-line-asia')?.textContent).toContain('Asia');
    await click(byTestId('server-line-test-asia') as HTMLElement);
    await waitFor(() => /\d+ ms/.test(byTestId('server-line-result-asia')?.textContent ?? ''));
    expect(mock.calls.filter((c) => c.url.pathname === '/api/setting/ping' && c.url.searchParams.get('line') === 'asia')).toHaveLength(3);
    expect(byTestId('server-line-result-europe')?.textContent).toBe('—');
  });
});
