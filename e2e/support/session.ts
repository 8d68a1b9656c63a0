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

/** Signs in with e-mail and password, the graphic code answered by the development endpoint. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(inject('baseUrl') + '/');
  await apiCall(page, 'POST', '/api/user/login', { method: 'email', email, password, ...(await solvedCaptcha(page)) });
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
