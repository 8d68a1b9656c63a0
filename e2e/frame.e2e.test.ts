import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption, clickSettled } from './support/select.ts';

/**
 * The page frame as a visitor meets it in a real Chromium against the running platform:
 * header, language and theme (persisted), the address query, the 404 page, titles, mobile.
 */
describe('the page frame on a desktop', async () => {
  const { page, context, baseUrl } = await openBrowser({ viewport: DESKTOP });

  it('shows the home page with the pools from the coin registry and a titled document', async () => {
    await page.goto(baseUrl + '/');
    await page.getByTestId('home-welcome').waitFor();
    await page.getByTestId('header').waitFor({ state: 'visible' });
    await page.getByTestId('nav-pools').waitFor({ state: 'visible' });
    await page.getByTestId('login-button').waitFor({ state: 'visible' });
    await page.getByTestId('register-button').waitFor({ state: 'visible' });
    await page.locator('[data-testid^="pool-card-"]').first().waitFor({ state: 'visible' });
    expect(await page.title()).toMatch(/ - Platter$/);
    await screenshot(page, 'frame-home-en-light');
  });

  it('switches language and keeps it across a reload through the h9_lang cookie', async () => {
    await page.getByTestId('lang-trigger').click();
    await clickSettled(page, page.getByTestId('lang-option-zh'));
    await expect.poll(() => page.getByTestId('login-button').textContent()).toMatch(/登[入錄]/);
    const cookie = (await context.cookies()).find((c) => c.name === 'h9_lang');
    expect(cookie?.value).toBe('zh');
    await page.reload();
    await expect.poll(() => page.getByTestId('login-button').textContent()).toMatch(/登[入錄]/);
    await screenshot(page, 'frame-home-zh-light');

    await page.getByTestId('lang-trigger').click();
    await clickSettled(page, page.getByTestId('lang-option-ru'));
    await expect.poll(() => page.getByTestId('login-button').textContent()).toMatch(/Вход|Войти/);
    await screenshot(page, 'frame-home-ru-light');

    await page.getByTestId('lang-trigger').click();
    await clickSettled(page, page.getByTestId('lang-option-en'));
    await expect.poll(() => page.getByTestId('login-button').textContent()).toMatch(/Log ?in|Sign in/i);
  });

  it('answers API errors in the chosen language', async () => {
    const zh = await page.evaluate(async () => {
      document.cookie = 'h9_lang=zh; path=/';
      const res = await fetch('/api/no/such/route');
      return (await res.json()) as { code: number; msg: string };
    });
    expect(zh.code).not.toBe(0);
    expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
    await page.evaluate(() => (document.cookie = 'h9_lang=en; path=/'));
  });

  it('toggles the theme and keeps it across a reload', async () => {
    await page.goto(baseUrl + '/');
    const toggle = page.getByTestId('theme-toggle');
    const before = await toggle.getAttribute('data-theme-mode');
    const bgBefore = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('data-theme-mode')).not.toBe(before ?? '');
    const after = await toggle.getAttribute('data-theme-mode');
    await page.reload();
    await page.getByTestId('home-welcome').waitFor();
    await expect.poll(() => page.getByTestId('theme-toggle').getAttribute('data-theme-mode')).toBe(after ?? '');
    const bgAfter = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bgAfter).not.toBe(bgBefore);
    await screenshot(page, `frame-home-en-${after ?? 'dark'}`);
    // back to the starting theme for the rest of the file
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.getByTestId('theme-toggle').getAttribute('data-theme-mode')).toBe(before ?? '');
  });

  it('queries a pool by address: cleans the input, needs both coin and address, then navigates', async () => {
    await page.goto(baseUrl + '/');
    await page.getByTestId('header-search').click();
    const dialog = page.getByTestId('address-dialog');
    await dialog.waitFor();
    const confirm = page.getByTestId('address-confirm');
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    await page.getByTestId('address-input').fill('  xch1abc<def>ghi  ');
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    const option = page.locator('.ant-select-dropdown [data-testid^="address-currency-option-"]').first();
    await chooseOption(page, page.getByTestId('address-currency'), option, () => confirm.isEnabled());
    // The pool the select now shows as chosen.
    const optionId = (await page.locator('.address-query__currency [data-testid^="address-currency-option-"]').getAttribute('data-testid')) ?? '';
    await screenshot(page, 'frame-address-dialog');
    await confirm.click();
    await page.waitForURL(/\/mypools\//);
    const url = new URL(page.url());
    const type = optionId.replace('address-currency-option-', '');
    expect(decodeURIComponent(url.pathname).toLowerCase()).toContain(`/mypools/${type.toLowerCase()}/`);
    expect(url.pathname).not.toMatch(/[<>\s]/);
    await expect.poll(() => page.getByTestId('address-result').textContent()).toContain('xch1abcdefghi');
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    await page.goto(baseUrl + '/no/such/page');
    await page.getByTestId('not-found').waitFor();
    await expect.poll(() => page.getByTestId('not-found-image').getAttribute('data-variant')).toMatch(/light|dark/);
    await screenshot(page, 'frame-404-light');
    await page.getByTestId('not-found-home').click();
    await page.getByTestId('home-welcome').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('hides the header in the embedded (?h5) view', async () => {
    await page.goto(baseUrl + '/?h5');
    await page.getByTestId('home-welcome').waitFor();
    await expect.poll(() => page.getByTestId('header').count()).toBe(0);
  });

  it('sends a signed-out visitor of a member page to the login page', async () => {
    await page.goto(baseUrl + '/assets');
    await page.waitForURL(/\/request/);
    await page.getByTestId('header').waitFor();
  });
});

describe('the page frame at phone width', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: MOBILE, locale: 'ru-RU' });

  it('uses the browser language on a first visit and opens the menu drawer', async () => {
    await page.goto(baseUrl + '/');
    await page.getByTestId('home-welcome').waitFor();
    await expect.poll(() => page.getByTestId('header').getAttribute('class')).toMatch(/header--mobile/);
    await page.getByTestId('nav-pools').waitFor({ state: 'hidden' });
    await screenshot(page, 'frame-home-ru-mobile');
    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.getByTestId('mobile-drawer');
    await drawer.waitFor();
    await drawer.getByTestId('drawer-pools').waitFor({ state: 'visible' });
    await expect.poll(() => drawer.textContent()).toMatch(/Пул/);
    await screenshot(page, 'frame-drawer-ru-mobile');
    await drawer.getByTestId('drawer-pools').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('switches to the dark theme from the drawer and shows the dark 404 image', async () => {
    await page.goto(baseUrl + '/');
    await page.getByTestId('mobile-menu-button').click();
    const toggle = page.getByTestId('mobile-drawer').getByTestId('theme-toggle');
    await toggle.waitFor();
    if ((await toggle.getAttribute('data-theme-mode')) !== 'dark') await toggle.click();
    await expect.poll(() => toggle.getAttribute('data-theme-mode')).toBe('dark');
    await page.goto(baseUrl + '/nowhere');
    await expect.poll(() => page.getByTestId('not-found-image').getAttribute('data-variant')).toBe('dark');
    await screenshot(page, 'frame-404-dark-mobile');
  });

  it('keeps the footer’s Russian links within the screen, wrapping between links', async () => {
    await page.goto(baseUrl + '/nowhere');
    const footer = page.getByTestId('footer');
    await footer.scrollIntoViewIfNeeded();
    const width = page.viewportSize()?.width ?? 0;
    for (const id of ['footer-support', 'footer-download', 'footer-agreement', 'footer-privacy']) {
      const box = await footer.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), id).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, 'frame-footer-ru-mobile');
  });
});
