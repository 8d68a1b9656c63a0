// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { ERR } from '@platter/domain';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import '../../i18n/index.ts';
import { code, mockFetch, ok, type Answer, type RecordedCall } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, render, settle, typeInto, waitFor } from '../../test/render.tsx';
import type { CooperationPoolRow, DealRow } from './cooperationApi.ts';
import { CooperationPage } from './CooperationPage.tsx';

const pool: CooperationPoolRow = {
  pool: 'bhd_co',
  coin: 'BHD',
  name: 'BHD cooperation',
  unit: 'BHD',
  min_amount: '1',
  mode: 'PPLNS',
  fee_bp: 1_000,
  coop_ratio_bp: 5_000,
  burn_coefficient_bp: 10_000,
  payment_time: '00:00',
  payout_threshold: '0',
  withdraw_fee: '0',
  withdraw_audit: false,
  owner_bp: 9_400,
  miner_bp: 300,
  deal_margin_bp: 2_000,
  status: 'NONE',
  deposit_mortgage_free_balance: '0',
  available: '100',
  opened_at: null,
};

const deal: DealRow = {
  id: '7',
  pool: 'bhd_co',
  coin: 'BHD',
  role: 'owner',
  amount: '30',
  margin: '6',
  margin_held: false,
  owner_bp: 9_400,
  miner_bp: 300,
  term_days: 30,
  status: 'DEAL_VALID',
  penalty: '0',
  interest_start_at: null,
  created_at: '2026-11-27T00:00:00Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page on a server whose writes answer by `write` (the first few may be lost on the way). */
async function page(write: (call: RecordedCall) => Answer) {
  const empty = ok({ list: [], total: 0 });
  const mock = mockFetch({
    'GET /api/cooperation/pools': ok({ list: [pool] }),
    'GET /api/cooperation/deals': (call) => (call.url.searchParams.get('scope') === 'mine' ? ok({ list: [deal], total: 1 }) : empty),
    'GET /api/cooperation/logs': empty,
    'GET /api/cooperation/income': empty,
    'POST /api/cooperation/open': write,
    'POST /api/cooperation/deal/offer': write,
    'POST /api/cooperation/deal/action': write,
  });
  vi.stubGlobal('fetch', mock.fetch);
  await render(
    <QueryClientProvider client={createQueryClient()}>
      <AntApp>
        <CooperationPage />
      </AntApp>
    </QueryClientProvider>,
  );
  await waitFor(() => byTestId('coop-open-bhd_co'));
  const posts = (path: string) => mock.calls.filter((c) => c.method === 'POST' && c.url.pathname === path).map((c) => c.body as { request_id?: string });
  return { mock, posts };
}

const keyOf = (body: { request_id?: string } | undefined) => body?.request_id;

describe('/center/open sends an idempotency key per submission', () => {
  it('open: a retry after a lost request sends the same key; after the answer a new submission gets a new one', async () => {
    let lose = 1;
    const { posts } = await page(() => (lose-- > 0 ? 'network-error' : ok(pool)));
    await click(byTestId('coop-open-bhd_co') as HTMLElement);
    await typeInto((await waitFor(() => byTestId('coop-move-amount'))) as HTMLInputElement, '5');
    await click(byTestId('coop-move-submit') as HTMLElement);
    await waitFor(() => posts('/api/cooperation/open').length === 1);
    await settle(20);
    // Lost: the dialog stays; the user tries again.
    await click(byTestId('coop-move-submit') as HTMLElement);
    await waitFor(() => posts('/api/cooperation/open').length === 2);
    const [first, retry] = posts('/api/cooperation/open');
    expect(keyOf(first)).toMatch(/^[\w.:-]{8,128}$/);
    expect(keyOf(retry)).toBe(keyOf(first));
    expect(retry).toMatchObject({ pool: 'bhd_co', amount: '5' });
    // Answered: opening again (a new submission) is a new key.
    await settle(20);
    await click(byTestId('coop-open-bhd_co') as HTMLElement);
    await typeInto((await waitFor(() => byTestId('coop-move-amount'))) as HTMLInputElement, '5');
    await click(byTestId('coop-move-submit') as HTMLElement);
    await waitFor(() => posts('/api/cooperation/open').length === 3);
    expect(keyOf(posts('/api/cooperation/open')[2])).not.toBe(keyOf(first));
  }, 20_000);

  it('"still being processed" keeps the key: the retry is the same submission; a refusal or success ends it', async () => {
    const answers = [code(ERR.IDEMPOTENCY_IN_PROGRESS), ok(deal), code(ERR.INVALID_PARAMETER), ok(deal)];
    const { posts } = await page(() => answers.shift() ?? ok(deal));
    await typeInto(byTestId('deal-offer-amount') as HTMLInputElement, '30');
    const submit = async (count: number) => {
      await click(byTestId('deal-offer-submit') as HTMLElement);
      await waitFor(() => posts('/api/cooperation/deal/offer').length === count);
      await settle(20);
    };
    await submit(1);
    await submit(2);
    const keys = posts('/api/cooperation/deal/offer').map(keyOf);
    expect(keys[1]).toBe(keys[0]);
    await typeInto(byTestId('deal-offer-amount') as HTMLInputElement, '30');
    await submit(3);
    await submit(4);
    const all = posts('/api/cooperation/deal/offer').map(keyOf);
    // After the success a new key; after the refusal another.
    expect(new Set(all).size).toBe(3);
    expect(all[2]).not.toBe(all[0]);
    expect(all[3]).not.toBe(all[2]);
  }, 20_000);

  it('a deal offer clicked twice before the answer sends one key twice; a new amount is a new submission', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { posts, mock } = await page(() => ok(deal));
    // The first answer waits until both clicks are in.
    const fetchNow = mock.fetch;
    let first = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (first && init?.method === 'POST') {
        first = false;
        const answer = fetchNow(input, init);
        await held;
        return answer;
      }
      return fetchNow(input, init);
    });
    await typeInto(byTestId('deal-offer-amount') as HTMLInputElement, '30');
    await click(byTestId('deal-offer-submit') as HTMLElement);
    await waitFor(() => posts('/api/cooperation/deal/offer').length === 1);
    await click(byTestId('deal-offer-submit') as HTMLElement);
    await waitFor(() => posts('/api/cooperation/deal/offer').length === 2);
    release();
    const [a, b] = posts('/api/cooperation/deal/offer');
    expect(keyOf(a)).toMatch(/^[\w.:-]{8,128}$/);
    expect(keyOf(b)).toBe(keyOf(a));
    await settle(20);
    await typeInto(byTestId('deal-offer-amount') as HTMLInputElement, '40');
    await click(byTestId('deal-offer-submit') as HTMLElement);
    await waitFor(() => posts('/api/cooperation/deal/offer').length === 3);
    expect(posts('/api/cooperation/deal/offer')[2]).toMatchObject({ amount: '40' });
    expect(keyOf(posts('/api/cooperation/deal/offer')[2])).not.toBe(keyOf(a));
  }, 20_000);

  it('a deal action retried after a lost request keeps its key', async () => {
    let lose = 1;
    const { posts } = await page(() => (lose-- > 0 ? 'network-error' : ok(deal)));
    const withdraw = async () => {
      await click((await waitFor(() => byTestId('deal-withdraw-7'))) as HTMLElement);
      const confirm = await waitFor(() => [...document.querySelectorAll('.ant-popconfirm .ant-btn-primary')].at(-1));
      await click(confirm as HTMLElement);
    };
    await withdraw();
    await waitFor(() => posts('/api/cooperation/deal/action').length === 1);
    await settle(20);
    await withdraw();
    await waitFor(() => posts('/api/cooperation/deal/action').length === 2);
    const [a, b] = posts('/api/cooperation/deal/action');
    expect(a).toMatchObject({ id: '7', action: 'withdraw' });
    expect(keyOf(b)).toBe(keyOf(a));
    expect(keyOf(a)).toMatch(/^[\w.:-]{8,128}$/);
  }, 20_000);
});
