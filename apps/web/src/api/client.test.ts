// @vitest-environment happy-dom
import { STATE_CLEAR_AFTER_202_MS, TOAST_MS, type Lang } from '@platter/domain';
import { describe, expect, it } from 'vitest';
import { createStateStore, defaultState } from '../state/store.ts';
import { manualClock } from '../test/clock.ts';
import { code, mockFetch, ok, type Responder } from '../test/fetchMock.ts';
import { ApiRequestError, createApiClient, CSRF_HEADER, dataOf, isEmptyAnswer } from './client.ts';
import { checkRegistrationOpen, fetchUserInfo, logout } from './endpoints.ts';
import { raw } from '../test/rawCalls.ts';
import { BIND_PHONE_ROUTE, executeDecision, type SurfaceEffects } from './surface.ts';

type Shown = { effect: 'toast' | 'maintenance' | 'bind-phone'; text?: string; ms: number };

/** The real client and the real decision executor, with fetch and the effects recorded. */
function setup(routes: Record<string, Responder>, lang: Lang = 'en') {
  const { fetch, calls } = mockFetch(routes);
  const clock = manualClock();
  const store = createStateStore({ storage: null, ...clock });
  const shown: Shown[] = [];
  const effects: SurfaceEffects = {
    toast: (text, ms) => shown.push({ effect: 'toast', text, ms }),
    maintenance: (ms) => shown.push({ effect: 'maintenance', ms }),
    bindPhone: (text, ms) => shown.push({ effect: 'bind-phone', text, ms }),
    scheduleStateClear: (ms) => store.scheduleClear(ms),
  };
  const sleeps: number[] = [];
  const client = createApiClient({
    fetch,
    surface: (decision) => executeDecision(decision, effects),
    lang: () => lang,
    csrfToken: () => 'csrf-123',
    now: clock.now,
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { client, calls, shown, store, clock, sleeps };
}

describe('API client: surfacing table of spec doc 2 §8, row by row', () => {
  it('passes codes 200, 212 and 1030 silently', async () => {
    for (const value of [200, 212, 1030]) {
      const { client, shown } = setup({ 'POST /api/x': code(value) });
      await raw(client).post('/api/x', {}, { userTriggered: true });
      expect(shown, `code ${value}`).toEqual([]);
    }
  });

  it('passes an empty object and an error_code answer silently', async () => {
    const { client, shown } = setup({ 'POST /api/empty': { body: {} }, 'GET /api/err': { body: { error_code: 7, msg: 'x' } } });
    const empty = await raw(client).post('/api/empty', undefined, { userTriggered: true });
    expect(isEmptyAnswer(empty)).toBe(true);
    await raw(client).get('/api/err', { userTriggered: true });
    expect(shown).toEqual([]);
  });

  it('shows 231 only when triggered by a click or submit', async () => {
    const { client, shown } = setup({ 'GET /api/verify': code(231), 'POST /api/verify': code(231) });
    await raw(client).get('/api/verify');
    expect(shown).toEqual([]);
    await raw(client).post('/api/verify', { a: 1 }, { userTriggered: true });
    expect(shown).toEqual([{ effect: 'toast', text: '231 - Verification must be completed', ms: TOAST_MS }]);
  });

  it('shows nothing for 202 and clears the stored state one hour later', async () => {
    const { client, shown, store, clock } = setup({ 'GET /api/user/info': code(202, 'not logged in') });
    store.set({ poolType: 'bhd' });
    const answer = await raw(client).get('/api/user/info');
    expect(dataOf(answer)).toBeUndefined();
    expect(shown).toEqual([]);
    expect(store.getState().clearAt).toBe(clock.now() + STATE_CLEAR_AFTER_202_MS);
    clock.advance(STATE_CLEAR_AFTER_202_MS);
    expect(store.getState()).toEqual(defaultState());
  });

  it('shows the maintenance message for codes 500 to 599', async () => {
    for (const value of [500, 503, 599]) {
      const { client, shown } = setup({ 'GET /api/x': code(value) });
      await raw(client).get('/api/x');
      expect(shown, `code ${value}`).toEqual([{ effect: 'maintenance', ms: TOAST_MS }]);
    }
  });

  it('shows the maintenance message for HTTP 5xx (after the retries of a timestamped GET)', async () => {
    const { client, shown, calls, sleeps } = setup({ 'GET /api/x': { status: 502, statusText: 'Bad Gateway' } });
    await expect(raw(client).get('/api/x')).rejects.toBeInstanceOf(ApiRequestError);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([300, 600]);
    expect(shown).toEqual([{ effect: 'maintenance', ms: TOAST_MS }]);
  });

  it('shows the bind-phone link for 1046', async () => {
    const { client, shown } = setup({ 'POST /api/assets/withdraw': code(1046) });
    await raw(client).post('/api/assets/withdraw', { amount: '1' }, { userTriggered: true });
    expect(shown).toEqual([{ effect: 'bind-phone', text: '1046 - Please bind a phone number first', ms: TOAST_MS }]);
    expect(BIND_PHONE_ROUTE).toBe('/center/security/phone');
  });

  it("shows other known codes as 'code - message' in the interface language", async () => {
    const texts: Record<Lang, string> = { en: '', zh: '', ru: '' };
    for (const lang of ['en', 'zh', 'ru'] as const) {
      const { client, shown } = setup({ 'POST /api/x': code(10101, 'ignored server text') }, lang);
      await raw(client).post('/api/x', {}, { userTriggered: true });
      expect(shown).toHaveLength(1);
      expect(shown[0]?.effect).toBe('toast');
      expect(shown[0]?.ms).toBe(TOAST_MS);
      texts[lang] = shown[0]?.text ?? '';
      expect(texts[lang]).toMatch(/^10101 - \S/);
    }
    expect(texts.en).toBe('10101 - Insufficient balance');
    expect(new Set(Object.values(texts)).size).toBe(3);
  });

  it('shows a known code even on a background load', async () => {
    const { client, shown } = setup({ 'GET /api/x': code(206) });
    await raw(client).get('/api/x');
    expect(shown).toEqual([{ effect: 'toast', text: '206 - Pool not found', ms: TOAST_MS }]);
  });

  it('shows the server message for an unknown code', async () => {
    const { client, shown } = setup({ 'POST /api/x': code(777, 'Something the catalogue does not know') });
    await raw(client).post('/api/x', {}, { userTriggered: true });
    expect(shown).toEqual([{ effect: 'toast', text: 'Something the catalogue does not know', ms: TOAST_MS }]);
  });

  it('shows status and text for other HTTP errors, without retrying them', async () => {
    const { client, shown, calls } = setup({ 'GET /api/x': { status: 404, statusText: 'Not Found' } });
    const failure = await raw(client)
      .get('/api/x')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).status).toBe(404);
    expect(calls).toHaveLength(1);
    expect(shown).toEqual([{ effect: 'toast', text: '404 Not Found', ms: TOAST_MS }]);
  });

  it('ignores a non-200 answer of the message list', async () => {
    const { client, shown } = setup({ 'GET /api/user/GetMessage': code(10001) });
    await raw(client).get('/api/user/GetMessage', { query: { page: 1, count: 10, status: 2, type: 'all' }, messageList: true });
    expect(shown).toEqual([]);
  });

  it("opens no toast for the registration check: its failure has the 'not registrable' modal", async () => {
    const closed = setup({ 'GET /api/user/checkRegister': code(221) });
    expect(await checkRegistrationOpen(closed.client)).toBe(false);
    expect(closed.shown).toEqual([]);
    const failing = setup({ 'GET /api/user/checkRegister': 'network-error' });
    expect(await checkRegistrationOpen(failing.client)).toBe(false);
    expect(failing.shown).toEqual([]);
    const open = setup({ 'GET /api/user/checkRegister': code(200) });
    expect(await checkRegistrationOpen(open.client)).toBe(true);
  });

  it('treats a user-info 202 as signed out', async () => {
    const { client, shown } = setup({ 'GET /api/user/info': code(202) });
    expect(await fetchUserInfo(client)).toBeNull();
    expect(shown).toEqual([]);
  });
});

describe('API client: transport', () => {
  it('sends the CSRF header on POST, PUT, PATCH and DELETE but not on GET', async () => {
    const routes: Record<string, Responder> = {};
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) routes[`${method} /api/x`] = ok(null);
    const { client, calls } = setup(routes);
    await raw(client).get('/api/x');
    await raw(client).post('/api/x', { a: 1 });
    await raw(client).put('/api/x', { a: 1 });
    await raw(client).patch('/api/x', { a: 1 });
    await raw(client).delete('/api/x', { id: 1 });
    expect(calls.map((call) => [call.method, call.headers[CSRF_HEADER]])).toEqual([
      ['GET', undefined],
      ['POST', 'csrf-123'],
      ['PUT', 'csrf-123'],
      ['PATCH', 'csrf-123'],
      ['DELETE', 'csrf-123'],
    ]);
  });

  it('goes with credentials and JSON bodies', async () => {
    const { client, calls } = setup({ 'POST /api/user/SetLanguage': ok(null) });
    await raw(client).post('/api/user/SetLanguage', { language: 'ru' });
    expect(calls[0]?.credentials).toBe('same-origin');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ language: 'ru' });
  });

  it('adds the _t timestamp to GETs only', async () => {
    const { client, calls, clock } = setup({ 'GET /api/setting/pool': ok([]), 'POST /api/x': ok(null) });
    await raw(client).get('/api/setting/pool', { query: { pool_type: 'ECO', coin: undefined } });
    await raw(client).post('/api/x', {});
    expect(calls[0]?.url.searchParams.get('_t')).toBe(String(clock.now()));
    expect(calls[0]?.url.searchParams.get('pool_type')).toBe('ECO');
    expect(calls[0]?.url.searchParams.has('coin')).toBe(false);
    expect(calls[1]?.url.searchParams.has('_t')).toBe(false);
  });

  it('retries a failed timestamped GET twice and succeeds silently', async () => {
    let attempts = 0;
    const { client, calls, shown } = setup({
      'GET /api/setting/coin': () => (++attempts < 3 ? 'network-error' : ok([{ type: 'CHIA' }])),
    });
    const answer = await raw(client).get('/api/setting/coin');
    expect(dataOf(answer)).toEqual([{ type: 'CHIA' }]);
    expect(calls).toHaveLength(3);
    expect(shown).toEqual([]);
  });

  it('surfaces a network failure once, after the retries', async () => {
    const { client, calls, shown } = setup({ 'GET /api/x': 'network-error' });
    await expect(raw(client).get('/api/x')).rejects.toMatchObject({ kind: 'network' });
    expect(calls).toHaveLength(3);
    expect(shown).toEqual([{ effect: 'maintenance', ms: TOAST_MS }]);
  });

  it('does not retry a GET without timestamp, nor a POST', async () => {
    const a = setup({ 'GET /api/x': 'network-error' });
    await expect(raw(a.client).get('/api/x', { timestamp: false })).rejects.toBeInstanceOf(ApiRequestError);
    expect(a.calls).toHaveLength(1);
    expect(a.calls[0]?.url.searchParams.has('_t')).toBe(false);
    const b = setup({ 'POST /api/x': { status: 503, statusText: 'Service Unavailable' } });
    await expect(raw(b.client).post('/api/x', {})).rejects.toBeInstanceOf(ApiRequestError);
    expect(b.calls).toHaveLength(1);
  });

  it('treats a 2xx answer that is not JSON as a server fault', async () => {
    const { client, shown } = setup({ 'POST /api/x': { raw: '<html>proxy error</html>' } });
    await expect(raw(client).post('/api/x', {})).rejects.toMatchObject({ kind: 'invalid-body' });
    expect(shown).toEqual([{ effect: 'maintenance', ms: TOAST_MS }]);
  });

  it('logout succeeds on the empty object only (or a plain 200)', async () => {
    expect(await logout(setup({ 'POST /api/user/dologout': { body: {} } }).client)).toBe(true);
    expect(await logout(setup({ 'POST /api/user/dologout': code(200) }).client)).toBe(true);
    expect(await logout(setup({ 'POST /api/user/dologout': code(201) }).client)).toBe(false);
  });
});
