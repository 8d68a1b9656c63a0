import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/**
 * Signing in and calling the API from a browser test: the calls carry the page's cookies
 * (Playwright's request context shares them) and its CSRF token; the graphic code is answered
 * through the development endpoint.
 */

export async function apiCall<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const baseUrl = inject('baseUrl');
  const csrf = (await page.context().cookies(baseUrl)).find((c) => c.name === 'platter_csrf')?.value;
  const res = await page.request.fetch(baseUrl + path, {
    method,
    ...(body === undefined ? {} : { data: body }),
    headers: csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {},
  });
  const answer = (await res.json()) as { code: number; data: T };
  if (answer.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A graphic code and its answer (the development endpoint tells it). */
export async function solvedCaptcha(page: Page): Promise<{ session: string; captcha: string }> {
  const { session } = await apiCall<{ session: string }>(page, 'GET', '/api/user/requestsession');
  await page.request.get(`${inject('baseUrl')}/api/user/verificationcode?session=${encodeURIComponent(session)}`);
  const { answer } = await apiCall<{ answer: string }>(page, 'GET', `/api/dev/captcha?session=${encodeURIComponent(session)}`);
  return { session, captcha: answer };
}

/** Authenticator seeds of accounts this test file bound one to (the first-start admin's comes from global-setup). */
const seeds = new Map<string, string>();

/** Remembers an account's authenticator seed, for logIn's second step. */
export function rememberAuthenticator(email: string, secret: string): void {
  seeds.set(email.toLowerCase(), secret);
}

function seedOf(email: string): string | undefined {
  if (email.toLowerCase() === inject('adminEmail').toLowerCase()) return inject('adminTotpSecret');
  return seeds.get(email.toLowerCase());
}

/** The authenticator code of a time step (30 s steps, as the server counts them). */
export function totpAt(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * 30 });
}

/**
 * The second step of a sign-in (code 1030): a code of the current or the next time step. Each
 * step works once per account (replay), and another test file may have used one already, so a
 * refused code (1015) tries the next step, waiting for it when the window is used up.
 */
async function secondStep(page: Page, challenge: string, secret: string): Promise<void> {
  const baseUrl = inject('baseUrl');
  const csrf = async () => decodeURIComponent((await page.context().cookies(baseUrl)).find((c) => c.name === 'platter_csrf')?.value ?? '');
  let step = Math.floor(Date.now() / 30_000);
  for (let tries = 0; tries < 4; tries++) {
    const wait = (step - 1) * 30_000 - Date.now() + 200;
    if (wait > 0) await page.waitForTimeout(wait);
    const res = await page.request.post(baseUrl + '/api/user/login/verify', { data: { challenge, code: await totpAt(secret, step) }, headers: { 'x-csrf-token': await csrf() } });
    const answer = (await res.json()) as { code: number };
    if (answer.code === 200) return;
    if (answer.code !== 1015) throw new Error(`second step of the sign-in: ${JSON.stringify(answer)}`);
    step += 1;
  }
  throw new Error('second step of the sign-in: no authenticator code was accepted');
}

/**
 * Signs in with e-mail and password, the graphic code answered by the development endpoint;
 * an account with an authenticator (every back-office account) answers the second step with
 * a code computed from its seed.
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  const baseUrl = inject('baseUrl');
  await page.goto(baseUrl + '/');
  const csrf = decodeURIComponent((await page.context().cookies(baseUrl)).find((c) => c.name === 'platter_csrf')?.value ?? '');
  const res = await page.request.post(baseUrl + '/api/user/login', {
    data: { method: 'email', email, password, ...(await solvedCaptcha(page)) },
    headers: { 'x-csrf-token': csrf },
  });
  const answer = (await res.json()) as { code: number; data: { challenge?: string } | null };
  if (answer.code === 200) return;
  const secret = seedOf(email);
  if (answer.code !== 1030 || !answer.data?.challenge || !secret) throw new Error(`POST /api/user/login: ${JSON.stringify(answer)}`);
  await secondStep(page, answer.data.challenge, secret);
}

/** Language and theme as a returning visitor has them (cookie and stored theme), then a reload. */
export async function look(page: Page, lang: 'en' | 'zh' | 'ru', theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(
    ({ lang, theme }) => {
      document.cookie = `h9_lang=${lang}; path=/`;
      localStorage.setItem('h9_theme', theme);
    },
    { lang, theme },
  );
  await page.reload();
}

/** Registers, activates with the token from the development mailbox, signs in; answers the uid. */
export async function registeredUser(page: Page, email: string, password: string): Promise<string> {
  await page.goto(inject('baseUrl') + '/');
  await apiCall(page, 'POST', '/api/user/register', { email, password, confirm_password: password, agreement: true, ...(await solvedCaptcha(page)) });
  let token = '';
  await expect
    .poll(
      async () => {
        const mails = await apiCall<{ text: string }[]>(page, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        token = mails.map((m) => /\/register\/activate\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean) ?? '';
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  await apiCall(page, 'POST', '/api/user/activate', { token });
  await logIn(page, email, password);
  return (await apiCall<{ uid: string }>(page, 'GET', '/api/user/info')).uid;
}

/** Signs in through the form at /request, the graphic code shown answered by the development endpoint. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto(inject('baseUrl') + '/request');
  await page.getByTestId('login-page').waitFor();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  const image = page.getByTestId('captcha-image');
  await expect.poll(() => image.getAttribute('data-session')).toMatch(/\S+/);
  // The image request creates the answer: wait until the picture has loaded.
  await expect.poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const session = (await image.getAttribute('data-session')) ?? '';
  const { answer } = await apiCall<{ answer: string }>(page, 'GET', `/api/dev/captcha?session=${encodeURIComponent(session)}`);
  await page.getByTestId('captcha-input').fill(answer);
  await page.getByTestId('login-submit').click();
}

/**
 * Binds an authenticator to the signed-in account through the security centre's calls (the
 * e-mailed code read from the development mailbox), as a back-office account's first sign-in
 * asks; remembers the seed for logIn and answers it.
 */
export async function bindAuthenticator(page: Page, email: string): Promise<string> {
  const mailboxOf = () => apiCall<{ id: string; text: string }[]>(page, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const seen = new Set((await mailboxOf()).map((m) => m.id));
  const { secret } = await apiCall<{ secret: string }>(page, 'GET', '/api/security/getgooglesecret');
  await apiCall(page, 'POST', '/api/security/sendemailcode', { action: 'bind_google' });
  let code = '';
  await expect
    .poll(
      async () => {
        code = (await mailboxOf()).filter((m) => !seen.has(m.id)).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '')[0] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  await apiCall(page, 'POST', '/api/security/bindgoogle', { email_code: code, google_code: await totpAt(secret, Math.floor(Date.now() / 30_000)) });
  rememberAuthenticator(email, secret);
  return secret;
}
