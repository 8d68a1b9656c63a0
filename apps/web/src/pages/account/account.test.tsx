// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aliceInfo, renderApp, resetAppState, signedOut } from '../../test/app.tsx';
import { code, ok, type Responder } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, currentLocation, settle, typeInto, waitFor } from '../../test/render.tsx';

beforeEach(resetAppState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noSocial = ok({ telegram: { enabled: false, bot_name: '' }, wechat: { enabled: false, app_id: '' } });
const captcha = ok({ session: 'captcha-session' });
const input = (testId: string) => byTestId(testId) as HTMLInputElement;
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

/** The sign-in page's calls: a graphic-code session, no messenger sign-in. */
const loginRoutes = (routes: Record<string, Responder>): Record<string, Responder> => ({
  'GET /api/user/requestsession': captcha,
  'GET /api/user/socialproviders': noSocial,
  'GET /api/security/countries': ok([{ english_name: 'United States', chinese_name: '美國', country_code: 'US', phone_code: '001' }]),
  ...routes,
});

async function fillLogin(email: string, password: string, graphic: string) {
  await waitFor(() => byTestId('captcha-image')?.getAttribute('data-session'));
  await typeInto(input('login-email'), email);
  await typeInto(input('login-password'), password);
  await typeInto(input('captcha-input'), graphic);
  await click(byTestId('login-submit') as HTMLElement);
}

describe('sign-in', () => {
  it('asks for the authenticator code after 1030, then returns to the page the visitor asked for', async () => {
    const { calls } = await renderApp(
      '/center/history',
      loginRoutes({
        'POST /api/user/login': { body: { code: 1030, msg: 'Enter your second-factor code', data: { challenge: 'ch-1', methods: ['google'] } } },
        'POST /api/user/login/verify': ok(aliceInfo),
        'GET /api/log/login': ok({ list: [], total: 0 }),
      }),
    );
    await waitFor(() => byTestId('login-page'));
    expect(currentLocation.pathname).toBe('/request');
    await fillLogin('alice@example.com', 'secret-1', 'ab12');
    await waitFor(() => byTestId('login-2fa'));
    const login = calls.find((c) => c.url.pathname === '/api/user/login');
    expect(login?.body).toEqual({ method: 'email', email: 'alice@example.com', password: 'secret-1', session: 'captcha-session', captcha: 'ab12' });

    // Letters never reach the field; a short code is refused here, without a call.
    await typeInto(input('login-2fa-code'), '12a3');
    expect(input('login-2fa-code').value).toBe('123');
    await click(byTestId('login-2fa-submit') as HTMLElement);
    await waitFor(() => errors().length > 0);
    expect(errors()).toEqual(['Code must be 6 digits']);
    expect(calls.some((c) => c.url.pathname === '/api/user/login/verify')).toBe(false);

    await typeInto(input('login-2fa-code'), '123456');
    await click(byTestId('login-2fa-submit') as HTMLElement);
    await waitFor(() => currentLocation.pathname === '/center/history');
    expect(calls.find((c) => c.url.pathname === '/api/user/login/verify')?.body).toEqual({ challenge: 'ch-1', code: '123456' });
  });

  it('starts again from the password when the challenge has expired (1045)', async () => {
    await renderApp(
      '/request',
      loginRoutes({
        'POST /api/user/login': { body: { code: 1030, msg: '', data: { challenge: 'ch-1', methods: ['google'] } } },
        'POST /api/user/login/verify': code(1045, 'Session expired, please refresh'),
      }),
    );
    await fillLogin('alice@example.com', 'secret-1', 'ab12');
    await waitFor(() => byTestId('login-2fa'));
    await typeInto(input('login-2fa-code'), '123456');
    await click(byTestId('login-2fa-submit') as HTMLElement);
    await waitFor(() => byTestId('login-page'));
  });

  it('shows the rule of the shared schema for a malformed e-mail, without a call', async () => {
    const { calls } = await renderApp('/request', loginRoutes({}));
    await fillLogin('not-an-email', 'secret-1', 'ab12');
    await waitFor(() => errors().length > 0);
    expect(errors()).toEqual(['E-mail format is incorrect']);
    expect(calls.some((c) => c.url.pathname === '/api/user/login')).toBe(false);
  });

  it('offers the Telegram sign-in only when a bot is configured', async () => {
    await renderApp(
      '/request',
      loginRoutes({ 'GET /api/user/socialproviders': ok({ telegram: { enabled: true, bot_name: 'platter_bot' }, wechat: { enabled: false, app_id: '' } }) }),
    );
    await waitFor(() => byTestId('login-telegram'));
    cleanup();
    await renderApp('/request', loginRoutes({}));
    await waitFor(() => byTestId('login-page'));
    expect(byTestId('login-telegram')).toBeNull();
  });
});

describe('registration', () => {
  const registerRoutes = (routes: Record<string, Responder> = {}): Record<string, Responder> => ({
    'GET /api/user/requestsession': captcha,
    'GET /api/user/checkRegister': ok(null),
    'GET /api/dev/mailbox': ok([]),
    ...routes,
  });

  it('checks the form with the shared rules, then says to check the mailbox', async () => {
    const { calls } = await renderApp('/register', registerRoutes({ 'POST /api/user/register': ok(null) }));
    await waitFor(() => byTestId('captcha-image')?.getAttribute('data-session'));
    await typeInto(input('register-email'), 'bob@example.com');
    await typeInto(input('register-password'), '123456');
    await typeInto(input('register-confirm'), '123457');
    await click(byTestId('register-submit') as HTMLElement);
    await waitFor(() => errors().length > 0);
    expect(errors()).toEqual([
      'Password must be 6 to 17 characters and not only digits',
      'Check the verification code format',
      'Please agree to the miners agreement and the privacy policy',
    ]);

    await typeInto(input('register-password'), 'miner-pass1');
    await typeInto(input('register-confirm'), 'miner-pass2');
    await typeInto(input('captcha-input'), 'ab12');
    await click(byTestId('register-agreement') as HTMLElement);
    await click(byTestId('register-submit') as HTMLElement);
    await waitFor(() => errors().length === 1 && errors()[0] === 'Incorrect password entered twice');
    expect(calls.some((c) => c.url.pathname === '/api/user/register')).toBe(false);

    await typeInto(input('register-confirm'), 'miner-pass1');
    await click(byTestId('register-submit') as HTMLElement);
    await waitFor(() => byTestId('register-done'));
    expect(byTestId('register-done')?.textContent).toContain('bob@example.com');
    expect(calls.find((c) => c.url.pathname === '/api/user/register')?.body).toMatchObject({
      email: 'bob@example.com',
      agreement: true,
      session: 'captcha-session',
      captcha: 'ab12',
    });
    // Outside production the dev mailbox answers: the page links there.
    await waitFor(() => byTestId('dev-mailbox-link'));
    expect(byTestId('dev-mailbox-link')?.getAttribute('href')).toBe('/dev/mailbox?to=bob%40example.com');
  });

  it('says registration is closed when the check answers other than 200', async () => {
    await renderApp('/register', registerRoutes({ 'GET /api/user/checkRegister': code(221, 'Registration closed while updating') }));
    await waitFor(() => byTestId('register-closed'));
    expect(byTestId('register-closed')?.textContent).toContain('Registration is temporarily unavailable');
    expect(byTestId('register-page')).toBeNull();
  });

  it('links no development mailbox where the server has none', async () => {
    await renderApp('/register', registerRoutes({ 'POST /api/user/register': ok(null), 'GET /api/dev/mailbox': { status: 404, statusText: 'Not Found' } }));
    await waitFor(() => byTestId('captcha-image')?.getAttribute('data-session'));
    await typeInto(input('register-email'), 'bob@example.com');
    await typeInto(input('register-password'), 'miner-pass1');
    await typeInto(input('register-confirm'), 'miner-pass1');
    await typeInto(input('captcha-input'), 'ab12');
    await click(byTestId('register-agreement') as HTMLElement);
    await click(byTestId('register-submit') as HTMLElement);
    await waitFor(() => byTestId('register-done'));
    await settle(50);
    expect(byTestId('dev-mailbox-link')).toBeNull();
    expect(byTestId('api-toast')).toBeNull();
  });
});

describe('activation and password reset', () => {
  it('activates once and names the account', async () => {
    const { calls } = await renderApp('/register/activate?token=tok-1-0123456789abcdefghij', { 'POST /api/user/activate': ok({ email: 'bob@example.com' }) });
    await waitFor(() => byTestId('activate-success'));
    expect(byTestId('activate-success')?.textContent).toContain('bob@example.com');
    expect(calls.filter((c) => c.url.pathname === '/api/user/activate')).toHaveLength(1);
  });

  it("shows the server's words for a dead link ('Link expired')", async () => {
    await renderApp('/register/activate?token=tok-1-0123456789abcdefghij', { 'POST /api/user/activate': code(229, 'Link expired') });
    await waitFor(() => byTestId('activate-failed'));
    expect(byTestId('activate-failed')?.textContent).toBe('Link expired');
    expect(byTestId('activate-register-link')).not.toBeNull();
  });

  it('fails without a call when the link has no usable token', async () => {
    for (const path of ['/register/activate', '/register/activate?token=short']) {
      const { calls } = await renderApp(path, {});
      await waitFor(() => byTestId('activate-failed'));
      expect(byTestId('activate-failed')?.textContent).toBe('Account activation failed');
      expect(calls.some((c) => c.url.pathname === '/api/user/activate')).toBe(false);
      cleanup();
    }
  });

  it("turns a used reset link into 'Password reset failed' with a way to ask for a new one", async () => {
    const { calls } = await renderApp('/request/reset?token=tok-2-0123456789abcdefghij', { 'POST /api/user/resetpassword': code(228, 'Password reset failed') });
    await waitFor(() => byTestId('reset-page'));
    await typeInto(input('reset-password'), 'new-pass1');
    await typeInto(input('reset-confirm'), 'new-pass1');
    await click(byTestId('reset-submit') as HTMLElement);
    await waitFor(() => byTestId('reset-failed'));
    expect(byTestId('reset-failed')?.textContent).toBe('Password reset failed');
    expect(byTestId('reset-forgot-link')?.getAttribute('href')).toBe('/request/forgot');
    expect(calls.find((c) => c.url.pathname === '/api/user/resetpassword')?.body).toEqual({
      token: 'tok-2-0123456789abcdefghij',
      password: 'new-pass1',
      confirm_password: 'new-pass1',
    });
  });

  it('says a link without a usable token has failed before any password is typed', async () => {
    await renderApp('/request/reset?token=x', {});
    await waitFor(() => byTestId('reset-failed'));
    expect(byTestId('reset-password')).toBeNull();
  });

  it('sets the new password and offers to sign in', async () => {
    await renderApp('/request/reset?token=tok-2-0123456789abcdefghij', { 'POST /api/user/resetpassword': ok(null), 'GET /api/user/info': signedOut });
    await waitFor(() => byTestId('reset-page'));
    await typeInto(input('reset-password'), 'new-pass1');
    await typeInto(input('reset-confirm'), 'new-pass1');
    await click(byTestId('reset-submit') as HTMLElement);
    await waitFor(() => byTestId('reset-done'));
    expect(byTestId('reset-login-link')?.getAttribute('href')).toBe('/request');
  });
});
