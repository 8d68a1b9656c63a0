// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aliceInfo, renderApp, resetAppState, signedIn } from '../../test/app.tsx';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, waitFor } from '../../test/render.tsx';

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
    byTestId('security-unbind-telegram')?.click();
    await waitFor(() => byTestId('verify-telegram-code'));
    expect(byTestId('verify-email-code')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/security/getsecurityverification' && c.url.searchParams.get('action') === 'unbind_telegram')).toBe(true);
  });
});
