import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { logIn } from './support/session.ts';

/**
 * The home page's first screen comes drawn in the HTML the server sends (apps/web/src
 * prerender.tsx at build time, apps/server/src/http/web.ts per request), in the reader's
 * language, and the app hydrates it — the same elements, now working — without an error.
 */
const i18n = path.resolve(import.meta.dirname, '../apps/web/src/i18n');
const welcome = (lang: string) => (JSON.parse(readFileSync(path.join(i18n, `${lang}.json`), 'utf8')) as { home: { welcomeTitle: string; queryAddress: string } }).home;
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36';

describe('the home page drawn in the HTML', async () => {
  const { page, context, baseUrl } = await openBrowser({ viewport: DESKTOP });

  it("sends / with the first screen in the reader's language, for a phone or a desktop", async () => {
    for (const lang of ['en', 'zh', 'ru']) {
      const html = await (await fetch(baseUrl + '/', { headers: { cookie: `h9_lang=${lang}` } })).text();
      expect(html).toContain(`data-prerender="${lang}-desktop"`);
      expect(html).toContain(`<h1 class="hero__title">${welcome(lang).welcomeTitle}</h1>`);
      expect(html).toContain('header--desktop');
      // antd's styles for it come along: the buttons are drawn styled before any script runs.
      expect(html).toMatch(/<style[^>]*data-css-hash/);
    }
    const phone = await (await fetch(baseUrl + '/', { headers: { cookie: 'h9_lang=ru', 'user-agent': PHONE_AGENT } })).text();
    expect(phone).toContain('data-prerender="ru-mobile"');
    expect(phone).toContain('header--mobile');
    expect(phone).toContain('<html lang="ru">');
    // A reader who chose the dark theme gets the page drawn by the app alone (the light one would flash).
    const dark = await (await fetch(baseUrl + '/', { headers: { cookie: 'h9_lang=en; h9_theme=dark' } })).text();
    expect(dark).toContain('<div id="root"></div>');
    // Other paths are drawn by the app.
    const other = await (await fetch(baseUrl + '/help', { headers: { cookie: 'h9_lang=en' } })).text();
    expect(other).toContain('<div id="root"></div>');
  });

  it('hydrates it: the same elements, working, with no error or warning in the console', async () => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The heading the server sent, kept before any script of the app runs.
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { sentHeading: Element | null }).sentHeading = document.querySelector('h1.hero__title');
      });
    });
    await context.addCookies([{ name: 'h9_lang', value: 'ru', url: baseUrl }]);
    await page.goto(baseUrl + '/');
    // Hydrated: the button the server drew opens the address query.
    await page.getByTestId('home-query-address').click();
    await page.getByTestId('address-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid^="pool-card-"]').first().waitFor({ state: 'visible' });
    expect(await page.locator('#root').getAttribute('data-prerender')).toBe('ru-desktop');
    expect(await page.evaluate(() => (window as unknown as { sentHeading: Element | null }).sentHeading === document.querySelector('h1.hero__title'))).toBe(true);
    expect(await page.locator('h1').textContent()).toBe(welcome('ru').welcomeTitle);
    expect(problems).toEqual([]);
    await screenshot(page, 'prerender-home-ru-desktop');
  });

  it('at phone width with a phone browser, hydrates the phone layout; a desktop-drawn page at phone width is drawn anew', async () => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.setViewportSize(MOBILE);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.setExtraHTTPHeaders({ 'user-agent': PHONE_AGENT });
    await page.goto(baseUrl + '/');
    await page.getByTestId('mobile-menu-button').waitFor();
    await page.locator('[data-testid^="pool-card-"]').first().waitFor({ state: 'visible' });
    expect(await page.locator('#root').getAttribute('data-prerender')).toBe('en-mobile');
    expect(await page.evaluate(() => (window as unknown as { sentHeading: Element | null }).sentHeading === document.querySelector('h1.hero__title'))).toBe(true);
    await screenshot(page, 'prerender-home-en-mobile');

    // The desktop layout sent to a phone-width window: drawn anew, still without an error.
    await page.setExtraHTTPHeaders({});
    await page.evaluate(() => localStorage.clear());
    await page.goto(baseUrl + '/');
    await page.getByTestId('mobile-menu-button').waitFor();
    await expect.poll(() => page.locator('#root').getAttribute('data-prerender')).toBe(null);
    expect(problems).toEqual([]);
  });
});

/** Console errors and warnings, and uncaught errors, of a page from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('the dashboard drawn in the HTML for a signed-in reader', async () => {
  const { page, context, baseUrl } = await openBrowser({ viewport: MOBILE });
  // The dashboard's title the server sent, kept before any script of the app runs.
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { sentTitle: Element | null }).sentTitle = document.querySelector('.pool-page .page__title');
    });
  });
  const sentTitleKept = () => page.evaluate(() => (window as unknown as { sentTitle: Element | null }).sentTitle === document.querySelector('.pool-page .page__title'));

  it('sends a signed-out reader no drawn dashboard, and the app sends them to the sign-in page', async () => {
    const html = await (await fetch(baseUrl + '/center/mining', { headers: { cookie: 'h9_lang=en', 'user-agent': PHONE_AGENT } })).text();
    expect(html).toContain('<div id="root"></div>');
    await page.goto(baseUrl + '/center/mining');
    await page.waitForURL(/\/request$/);
  });

  it('hydrates the phone dashboard drawn for the session, then draws the figures, with no error or warning', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
    await page.evaluate(() => localStorage.clear());
    await page.setExtraHTTPHeaders({ 'user-agent': PHONE_AGENT });
    const problems = problemsOf(page);
    const scripts: Promise<string>[] = [];
    const collect = (response: Response) => {
      if (/\/static\/.*\.js$/.test(response.url())) scripts.push(response.text());
    };
    page.on('response', collect);
    await context.addCookies([{ name: 'h9_lang', value: 'ru', url: baseUrl }]);
    await page.goto(baseUrl + '/center/mining');
    await page.locator('[data-testid="mining-summary"][data-pool="chia"]').waitFor();
    page.off('response', collect);
    // The frame checks its first answers by shapes, not schemas: a phone starting the dashboard
    // builds no zod (it was about a third of the app's start-up script).
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(10);
    expect(loaded.filter((text) => text.includes('ZodError'))).toEqual([]);
    expect(Number(await page.getByTestId('mining-online').textContent())).toBeGreaterThan(0);
    expect(await page.locator('#root').getAttribute('data-prerender')).toBe('ru-mobile@/center/mining');
    expect(await sentTitleKept()).toBe(true);
    // Hydrated: the centre's menu button the server drew opens the drawer.
    await page.getByTestId('centre-menu-button').click();
    await page.locator('.ant-drawer-open').waitFor();
    expect(problems).toEqual([]);
    await screenshot(page, 'prerender-dashboard-ru-mobile');
  });

  it('hydrates it again for a returning reader (their info remembered); draws it anew on the desktop and in the dark theme', async () => {
    const problems = problemsOf(page);
    await page.goto(baseUrl + '/center/mining?pool=bhd');
    await page.locator('[data-testid="mining-summary"][data-pool="bhd"]').waitFor();
    expect(await page.locator('#root').getAttribute('data-prerender')).toBe('ru-mobile@/center/mining');
    expect(await sentTitleKept()).toBe(true);

    await page.setExtraHTTPHeaders({});
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => localStorage.clear());
    await page.goto(baseUrl + '/center/mining');
    await page.locator('[data-testid="mining-summary"][data-pool="chia"]').waitFor();
    // Not sent drawn to a desktop (hydrating it, then drawing the data, cost a desktop more than drawing it once).
    expect(await page.locator('#root').getAttribute('data-prerender')).toBe(null);
    // The signed-in header: the user's (masked) e-mail once their info has come.
    await expect.poll(() => page.getByTestId('user-trigger').textContent()).toContain('***@');

    // A reader who chose the dark theme (stored, and in the cookie the server reads).
    await page.evaluate(() => localStorage.setItem('h9_theme', 'dark'));
    await context.addCookies([{ name: 'h9_theme', value: 'dark', url: baseUrl }]);
    await page.goto(baseUrl + '/center/mining');
    await page.locator('[data-testid="mining-summary"][data-pool="chia"]').waitFor();
    expect(await page.locator('#root').getAttribute('data-prerender')).toBe(null);
    expect(problems).toEqual([]);
  });
});
