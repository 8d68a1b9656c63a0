// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aliceInfo, renderApp, resetAppState, signedIn } from '../../test/app.tsx';
import { code, ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, typeInto, waitFor } from '../../test/render.tsx';

beforeEach(resetAppState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const providers = (telegram: boolean) => ok({ telegram: { enabled: telegram, bot_name: 'platter_bot' }, wechat: { enabled: false, app_id: '' } });

describe('the security centre', () => {
  it('shows the level and the bound factors from user info', async () => {
    await renderApp('/center/security', {
      'GET /api/user/info': signedIn({ ...aliceInfo, goole_auth: true, sms: false, security_level: 'middle', withdraw_locked_until: 1_900_000_000 }),
      'GET /api/user/socialproviders': providers(false),
    });
    await waitFor(() => byTestId('security-page'));
    expect(byTestId('security-level')?.getAttribute('data-level')).toBe('middle');
    expect(byTestId('google-state')?.getAttribute('data-bound')).toBe('true');
    expect(byTestId('phone-state')?.getAttribute('data-bound')).toBe('false');
    expect(byTestId('security-unbind-google')).toBeTruthy();
    expect(byTestId('withdraw-locked')).toBeTruthy();
    expect(byTestId('telegram-state')).toBeNull();
  });

  it('offers Telegram only when a bot is configured, and unbinding asks the verification codes', async () => {
    const { calls } = await renderApp('/security', {
      'GET /api/user/info': signedIn({ ...aliceInfo, telegram: true, telegram_name: '@alice' }),
      'GET /api/user/socialproviders': providers(true),
      'GET /api/security/getsecurityverification': ok({ action: 'unbind_telegram', methods: ['email', 'telegram'], email: 'a***@example.com', phone: '', telegram: '@alice' }),
    });
    await waitFor(() => byTestId('telegram-state'));
    expect(byTestId('telegram-state')?.getAttribute('data-bound')).toBe('true');
    await click(byTestId('security-unbind-telegram') as HTMLElement);
    await waitFor(() => byTestId('verify-telegram-code'));
    expect(byTestId('verify-email-code')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/security/getsecurityverification' && c.url.searchParams.get('action') === 'unbind_telegram')).toBe(true);
  });

  it('binds the authenticator in two steps: the code is checked first, a stale code goes back to it', async () => {
    const { calls } = await renderApp('/center/security', {
      'GET /api/user/info': signedIn(aliceInfo),
      'GET /api/user/socialproviders': providers(false),
      'GET /api/security/getgooglesecret': ok({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qrcode: 'data:image/png;base64,AA==' }),
      'POST /api/security/prevalidationgooglesecret': ok({ valid: true }),
      'GET /api/security/getsecurityverification': ok({ action: 'bind_google', methods: ['email'], email: 'a***@example.com', phone: '', telegram: '' }),
      'POST /api/security/sendemailcode': ok({ type: 'email', to: 'a***@example.com', expires_in: 600, resend_in: 60 }),
      'POST /api/security/bindgoogle': code(1015, 'Authenticator code verification failed'),
    });
    await waitFor(() => byTestId('security-bind-google'));
    await click(byTestId('security-bind-google') as HTMLElement);
    await waitFor(() => byTestId('google-secret'));
    expect(byTestId('google-secret')?.textContent).toContain('JBSWY3DPEHPK3PXP');
    await typeInto(byTestId('google-code') as HTMLInputElement, '654321');
    await click(byTestId('google-next') as HTMLElement);
    await waitFor(() => byTestId('google-code-accepted'));
    expect(calls.find((c) => c.url.pathname === '/api/security/prevalidationgooglesecret')?.body).toEqual({ google_code: '654321' });
    expect(byTestId('verify-google-code')).toBeNull();
    await click(byTestId('verify-email-send') as HTMLElement);
    // The spec's 60-second countdown before another code.
    await waitFor(() => byTestId('verify-email-send')?.textContent === 'Again in 60 s');
    expect((byTestId('verify-email-send') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.url.pathname === '/api/security/sendemailcode')?.body).toEqual({ action: 'bind_google' });
    await typeInto(byTestId('verify-email-code') as HTMLInputElement, '111222');
    await click(byTestId('google-submit') as HTMLElement);
    await waitFor(() => byTestId('google-next'));
    expect(calls.find((c) => c.url.pathname === '/api/security/bindgoogle')?.body).toEqual({ email_code: '111222', google_code: '654321' });
    expect((byTestId('google-code') as HTMLInputElement).value).toBe('');
  });

  it('checks the new phone with the shared rules before sending its code', async () => {
    const { calls } = await renderApp('/center/security/phone', {
      'GET /api/user/info': signedIn(aliceInfo),
      'GET /api/user/socialproviders': providers(false),
      'GET /api/security/countries': ok([{ english_name: 'United States', chinese_name: '美國', country_code: 'US', phone_code: '001' }]),
      'GET /api/security/getsecurityverification': ok({ action: 'change_phone', methods: ['email'], email: 'a***@example.com', phone: '', telegram: '' }),
      'GET /api/security/sendphonecode': ok({ type: 'sms', to: '+1 202*****23', expires_in: 600, resend_in: 60 }),
    });
    await waitFor(() => byTestId('phone-dialog'));
    await typeInto(byTestId('phone-number') as HTMLInputElement, '2025550123');
    await click(byTestId('phone-sms-send') as HTMLElement);
    await waitFor(() => document.querySelector('.ant-form-item-explain-error'));
    expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe('Please select a nationality');
    expect(calls.some((c) => c.url.pathname === '/api/security/sendphonecode')).toBe(false);
  });
});

describe('the personal centre', () => {
  it('shows the nationality by name, the bindings and the level, and checks the account name', async () => {
    const { calls } = await renderApp('/center', {
      'GET /api/user/info': signedIn({ ...aliceInfo, nationality: 'US', phone: '+1 202*****23', sms: true, security_level: 'middle' }),
      'GET /api/security/countries': ok([{ english_name: 'United States', chinese_name: '美國', country_code: 'US', phone_code: '001' }]),
    });
    await waitFor(() => byTestId('centre-nationality')?.textContent === 'United States');
    expect(byTestId('centre-phone')?.textContent).toBe('+1 202*****23');
    expect(byTestId('security-level')?.getAttribute('data-level')).toBe('middle');
    expect(byTestId('centre-language')).not.toBeNull();
    await click(byTestId('centre-account-edit') as HTMLElement);
    await typeInto(byTestId('centre-account-input') as HTMLInputElement, '1abc');
    await click(byTestId('centre-account-save') as HTMLElement);
    await waitFor(() => byTestId('centre-account-error'));
    expect(byTestId('centre-account-error')?.textContent).toBe('Account must be 6 to 16 characters');
    expect(calls.some((c) => c.url.pathname === '/api/user/setaccount')).toBe(false);
  });
});
