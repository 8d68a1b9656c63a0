import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';

/**
 * Accounts end to end in a real browser against the running platform: register, read the
 * activation mail from the development mailbox, activate, sign in, bind the authenticator
 * (the code computed here), sign out, sign in with the code, see the login history; in all
 * three languages, plus password reset and change.
 */

const PASSWORD = 'miner-pass1';

async function api<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(baseUrl + path);
  const body = (await res.json()) as { code: number; data: T };
  if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Solves the graphic code shown on the page (the development endpoint gives its answer). */
async function solveCaptcha(page: Page, baseUrl: string): Promise<void> {
  const image = page.getByTestId('captcha-image');
  await expect.poll(() => image.getAttribute('data-session')).toMatch(/\S+/);
  const session = (await image.getAttribute('data-session')) ?? '';
  const { answer } = await api<{ answer: string }>(baseUrl, `/api/dev/captcha?session=${encodeURIComponent(session)}`);
  await page.getByTestId('captcha-input').fill(answer);
}

/** The newest message to `to` whose text matches `pattern`, waiting for it to arrive. */
async function mail(baseUrl: string, to: string, pattern: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const messages = await api<{ text: string }[]>(baseUrl, `/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        for (const m of messages) {
          found = pattern.exec(m.text);
          if (found) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as unknown as RegExpExecArray;
}

async function register(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(baseUrl + '/register');
  await page.getByTestId('register-page').waitFor();
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await solveCaptcha(page, baseUrl);
  await page.getByTestId('register-agreement').check();
  await page.getByTestId('register-submit').click();
  await page.getByTestId('register-done').waitFor();
  expect(await page.getByTestId('register-done').textContent()).toContain(email);
}

async function activate(page: Page, baseUrl: string, email: string): Promise<void> {
  const link = await mail(baseUrl, email, /\/register\/activate\?token=[\w-]+/);
  await page.goto(baseUrl + link[0]);
  await page.getByTestId('activate-success').waitFor();
}

async function signIn(page: Page, baseUrl: string, email: string, password = PASSWORD, account?: string): Promise<void> {
  await page.goto(baseUrl + '/request');
  await page.getByTestId('login-page').waitFor();
  if (account) {
    await page.getByTestId('login-method-account').click();
    await page.getByTestId('login-account').fill(account);
  } else {
    await page.getByTestId('login-email').fill(email);
  }
  await page.getByTestId('login-password').fill(password);
  await solveCaptcha(page, baseUrl);
  await page.getByTestId('login-submit').click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-trigger').click();
  await page.getByTestId('user-menu-logout').click();
  await page.getByTestId('login-button').waitFor();
}

/** A code from an authenticator time step after `afterStep` (a used step is refused). */
async function freshTotp(secret: string, afterStep: number): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / 1000 / 30);
  while (step <= afterStep) {
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 1000 / 30);
  }
  return { code: await generate({ secret, epoch: step * 30 }), step };
}

describe('an account from registration to two-step sign-in (English, desktop)', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });
  const email = `miner-${Date.now()}@example.com`;
  const account = `miner${Date.now() % 1_000_000}`;
  let secret = '';
  let boundStep = 0;

  it('registers, shows the password rule errors in words, and mails an activation link', async () => {
    await page.goto(baseUrl + '/register');
    await page.getByTestId('register-page').waitFor();
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill('123456');
    await page.getByTestId('register-confirm').fill('123456');
    await page.getByTestId('register-submit').click();
    const errors = page.locator('.ant-form-item-explain-error');
    await expect.poll(() => errors.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/not only digits/)]));
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(`${PASSWORD}x`);
    await solveCaptcha(page, baseUrl);
    await page.getByTestId('register-agreement').check();
    await page.getByTestId('register-submit').click();
    await expect.poll(() => errors.allTextContents()).toEqual([expect.stringMatching(/twice/i)]);
    await screenshot(page, 'accounts-register-errors-en');
    await register(page, baseUrl, email);
    await screenshot(page, 'accounts-register-done-en');
  });

  it('activates through the e-mailed link, once', async () => {
    const link = await mail(baseUrl, email, /\/register\/activate\?token=[\w-]+/);
    await page.goto(baseUrl + link[0]);
    await page.getByTestId('activate-success').waitFor();
    await screenshot(page, 'accounts-activated-en');
    await page.goto(baseUrl + link[0]);
    await page.getByTestId('activate-failed').waitFor();
  });

  it('signs in and shows the personal centre', async () => {
    await signIn(page, baseUrl, email);
    await page.getByTestId('user-trigger').waitFor();
    await page.goto(baseUrl + '/center');
    await page.getByTestId('personal-centre').waitFor();
    expect(await page.getByTestId('centre-email').textContent()).toBe(email);
    expect(await page.getByTestId('security-level').getAttribute('data-level')).toBe('low');
    await page.getByTestId('centre-account-edit').click();
    await page.getByTestId('centre-account-input').fill(account);
    await page.getByTestId('centre-account-save').click();
    await expect.poll(() => page.getByTestId('centre-account').textContent()).toBe(account);
    await screenshot(page, 'accounts-personal-centre-en');
  });

  it('binds the authenticator with its code and the e-mailed code', async () => {
    await page.goto(baseUrl + '/center/security');
    await page.getByTestId('security-page').waitFor();
    await page.getByTestId('security-bind-google').click();
    await page.getByTestId('google-qr').waitFor();
    secret = ((await page.getByTestId('google-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByTestId('verify-email-send').click();
    const code = await mail(baseUrl, email, /\b(\d{6})\b/);
    await page.getByTestId('verify-email-code').fill(code[1] ?? '');
    const totp = await freshTotp(secret, 0);
    boundStep = totp.step;
    await page.getByTestId('google-code').fill(totp.code);
    await screenshot(page, 'accounts-bind-google-en');
    await page.getByTestId('google-submit').click();
    await expect.poll(() => page.getByTestId('google-state').getAttribute('data-bound')).toBe('true');
    expect(await page.getByTestId('security-level').getAttribute('data-level')).toBe('middle');
    await page.getByTestId('withdraw-locked').waitFor();
    await screenshot(page, 'accounts-security-en');
  });

  it('signs out, then signs in by account name with the password and the authenticator code', async () => {
    await signOut(page);
    await signIn(page, baseUrl, email, PASSWORD, account);
    await page.getByTestId('login-2fa').waitFor();
    await screenshot(page, 'accounts-2fa-en');
    const { code } = await freshTotp(secret, boundStep);
    await page.getByTestId('login-2fa-code').fill(code);
    await page.getByTestId('login-2fa-submit').click();
    await page.getByTestId('user-trigger').waitFor();
  }, 90_000);

  it('shows both sign-ins in the login history', async () => {
    await page.goto(baseUrl + '/center/history');
    await page.getByTestId('login-history').waitFor();
    await expect.poll(() => page.locator('[data-testid="login-history-row"][data-result="success"]').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'accounts-history-en');
  });

  it('changes the password: the old one stops working', async () => {
    await page.goto(baseUrl + '/center/security');
    await page.getByTestId('security-change-password').click();
    await page.getByTestId('password-old').fill(PASSWORD);
    await page.getByTestId('password-new').fill('changed-pass2');
    await page.getByTestId('password-confirm').fill('changed-pass2');
    await page.getByTestId('password-submit').click();
    await page.getByTestId('password-dialog').waitFor({ state: 'detached' });
    await signOut(page);
    await signIn(page, baseUrl, email);
    await page.getByTestId('api-toast').waitFor();
    expect(await page.getByTestId('api-toast').textContent()).toMatch(/password|account/i);
    expect(page.url()).toContain('/request');
  });
});

describe('registration and sign-in in Traditional Chinese at phone width', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: MOBILE, locale: 'zh-TW' });
  const email = `zh-${Date.now()}@example.com`;

  it('registers, activates and signs in with Chinese texts', async () => {
    await page.goto(baseUrl + '/register');
    await page.getByTestId('register-page').waitFor();
    expect(await page.getByTestId('register-page').textContent()).toContain('建立帳戶');
    await screenshot(page, 'accounts-register-zh-mobile');
    await register(page, baseUrl, email);
    await activate(page, baseUrl, email);
    expect(await page.getByTestId('activate-page').textContent()).toContain('已啟用');
    await signIn(page, baseUrl, email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(baseUrl + '/center/security');
    await page.getByTestId('security-page').waitFor();
    expect(await page.getByTestId('security-page').textContent()).toContain('安全中心');
    await screenshot(page, 'accounts-security-zh-mobile');
  });
});

describe('password reset in Russian (dark theme)', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP, locale: 'ru-RU' });
  const email = `ru-${Date.now()}@example.com`;

  it('mails a reset link that sets a new password once', async () => {
    await register(page, baseUrl, email);
    await activate(page, baseUrl, email);
    await page.goto(baseUrl + '/request');
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('login-forgot-link').click();
    await page.getByTestId('forgot-page').waitFor();
    expect(await page.getByTestId('forgot-page').textContent()).toContain('Забыли пароль');
    await page.getByTestId('forgot-email').fill(email);
    await solveCaptcha(page, baseUrl);
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-done').waitFor();
    await screenshot(page, 'accounts-forgot-ru-dark');
    const link = await mail(baseUrl, email, /\/request\/reset\?token=[\w-]+/);
    await page.goto(baseUrl + link[0]);
    await page.getByTestId('reset-password').fill('reset-pass3');
    await page.getByTestId('reset-confirm').fill('reset-pass3');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-done').waitFor();
    await signIn(page, baseUrl, email, 'reset-pass3');
    await page.getByTestId('user-trigger').waitFor();
    await page.goto(baseUrl + '/center/history');
    await page.getByTestId('login-history').waitFor();
    await expect.poll(() => page.locator('[data-testid="login-history-row"]').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('login-history').textContent()).toContain('Успешно');
    await screenshot(page, 'accounts-history-ru-dark');
  });
});
