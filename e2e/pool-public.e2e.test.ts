import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption } from './support/select.ts';
import { apiCall, logIn, look } from './support/session.ts';

/**
 * The public pool pages as a visitor sees them, against the running platform with the devnet
 * simulator (pools chia, chiapp, bhd, ironfish; two days of history; see support/global-setup):
 * home with live statistics, ranking and recent blocks; /mypools/chia with a drawn trend chart
 * and its blocks; the address query finding the demo farmer's miners by their payout address.
 */

/** Found by the desktop tests, shown again at phone width. */
let demoAddress = '';

const CAPACITY = /^\d+\.\d{2} [KMGTPEZYBND]?i?B$/;

/** Scrolls the element to the top of the window, below the fixed header, for a screenshot. */
async function scrollTo(page: Page, testId: string) {
  await page.mouse.move(1, 1);
  await page.getByTestId(testId).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 76));
}

/** The demo farmer's CHIA payout address, from their address book while signed in; signed out after. */
async function demoPayoutAddress(page: Page, context: BrowserContext, baseUrl: string): Promise<string> {
  await logIn(page, inject('demoEmail'), inject('demoPassword'));
  const book = await apiCall<{ address: string }[]>(page, 'GET', '/api/user/withdrawaddresses?coin=CHIA');
  // Signed out by forgetting the session cookie: the visitor queries without an account.
  await context.clearCookies();
  await page.goto(baseUrl + '/');
  await page.getByTestId('login-button').waitFor();
  return book[0]?.address ?? '';
}

describe('the public pool pages on a desktop', async () => {
  const { page, context, baseUrl } = await openBrowser({ viewport: DESKTOP });

  it('shows live statistics per pool, the ranking and recently mined blocks on home', async () => {
    await page.goto(baseUrl + '/');
    const chiaPower = page.getByTestId('home-stat-chia-power');
    await chiaPower.waitFor();
    await expect.poll(() => chiaPower.textContent()).toMatch(CAPACITY);
    expect(await page.getByTestId('home-stat-ironfish-power').textContent()).toMatch(/ [kMGTPEZ]?H\/s$/);
    expect(Number(await page.getByTestId('home-stat-chia-miners').textContent())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('home-stat-chia-height').textContent())).toBeGreaterThan(0);
    await page.getByTestId('home-ranking-row-1').waitFor();
    expect(await page.getByTestId('home-ranking-capacity-1').textContent()).toMatch(CAPACITY);
    await expect.poll(() => page.locator('[data-testid^="home-blocks-table-row-"]').count()).toBeGreaterThan(0);
    await scrollTo(page, 'home-stats');
    await screenshot(page, 'pool-public-home-en-light');
    await scrollTo(page, 'home-blocks');
    await screenshot(page, 'pool-public-home-blocks-en-light');

    for (const [lang, theme] of [
      ['zh', 'dark'],
      ['ru', 'light'],
    ] as const) {
      await look(page, lang, theme);
      await scrollTo(page, 'home-ranking');
      await screenshot(page, `pool-public-home-${lang}-${theme}`);
    }
    await look(page, 'en', 'light');
  });

  it('draws the trend of /mypools/chia, switches its range and pages through its blocks', async () => {
    await page.goto(baseUrl + '/mypools/chia');
    const trend = page.getByTestId('pool-trend-chia');
    await expect.poll(() => trend.getAttribute('data-samples'), { timeout: 15_000 }).toMatch(/^[1-9]\d*$/);
    // Drawn: the capacity area and the miners line have a path (the line may be flat, so of no
    // height: attached, not 'visible'), the blocks per day their bars.
    await trend.getByTestId('pool-trend-chia-chart').locator('.recharts-area-area').first().waitFor();
    const minersLine = trend.getByTestId('pool-trend-chia-chart').locator('.recharts-line-curve').first();
    await minersLine.waitFor({ state: 'attached' });
    expect(await minersLine.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    await trend.getByTestId('pool-trend-chia-blocks').locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.getByTestId('mypools-stat-chia-power').textContent()).toMatch(CAPACITY);

    await page.getByTestId('pool-trend-chia-range-1').click();
    await expect.poll(() => trend.getAttribute('data-days')).toBe('1');
    await expect.poll(() => trend.getAttribute('data-samples')).toMatch(/^[1-9]\d*$/);
    await scrollTo(page, 'pool-trend-chia');
    await screenshot(page, 'pool-public-trend-en-light');

    const rows = page.locator('[data-testid^="pool-blocks-chia-table-row-"]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const first = await rows.first().getAttribute('data-testid');
    const pager = page.getByTestId('pool-blocks-chia-table-pager');
    // Two days of blocks every ~60 s: well over one page of 10.
    await pager.locator('.ant-pagination-next').click();
    await expect.poll(() => pager.getAttribute('data-page')).toBe('2');
    await expect.poll(() => rows.first().getAttribute('data-testid')).not.toBe(first);
    await scrollTo(page, 'pool-blocks-chia');
    await screenshot(page, 'pool-public-blocks-en-light');

    await look(page, 'en', 'dark');
    await page.getByTestId('pool-trend-chia-chart').locator('.recharts-area-area').first().waitFor();
    await scrollTo(page, 'mypools-pool-chia');
    await screenshot(page, 'pool-public-mypools-en-dark');
    await look(page, 'en', 'light');
  });

  it('finds the demo farmer’s miners by their payout address, signed out, and says when nobody is paid to an address', async () => {
    const address = await demoPayoutAddress(page, context, baseUrl);
    expect(address).not.toBe('');
    demoAddress = address;
    await page.getByTestId('header-search').click();
    await page.getByTestId('address-dialog').waitFor();
    await page.getByTestId('address-input').fill(address);
    const confirm = page.getByTestId('address-confirm');
    await chooseOption(page, page.getByTestId('address-currency'), page.locator('.ant-select-dropdown').getByTestId('address-currency-option-chia'), () => confirm.isEnabled());
    await confirm.click();
    await page.waitForURL(/\/mypools\/chia\//);
    const result = page.getByTestId('address-result');
    await expect.poll(() => result.getAttribute('data-state')).toBe('found');
    expect(await page.getByTestId('address-result-address').textContent()).toBe(address);
    await expect.poll(() => page.locator('[data-testid^="address-miner-state-"]').count()).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('address-figures-online').textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId('address-figures-capacity').textContent()).toMatch(CAPACITY);
    expect(await page.locator('[data-testid^="address-miner-power-"]').first().textContent()).toMatch(CAPACITY);
    await expect.poll(() => page.locator('[data-testid^="address-income-amount-"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'pool-public-address-en-light');

    await page.goto(`${baseUrl}/mypools/chia/xch1nobodyhere`);
    await page.getByTestId('address-result-unknown').waitFor();
    await screenshot(page, 'pool-public-address-unknown-en-light');
  });
});

describe('the public pool pages at phone width', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: MOBILE, locale: 'ru-RU' });

  it('shows the tables as cards and the trend within the screen', async () => {
    await page.goto(baseUrl + '/');
    await page.getByTestId('home-stat-chia').waitFor();
    // The statistics are cards at phone width, not a table.
    expect(await page.getByTestId('home-stats-table').evaluate((el) => el.tagName)).toBe('DIV');
    await scrollTo(page, 'home-stats');
    await screenshot(page, 'pool-public-home-ru-mobile');
    await scrollTo(page, 'home-ranking');
    await screenshot(page, 'pool-public-ranking-ru-mobile');

    await look(page, 'zh', 'dark');
    await page.goto(baseUrl + '/mypools/chia');
    const chart = page.getByTestId('pool-trend-chia-chart');
    await chart.locator('.recharts-area-area').first().waitFor({ timeout: 15_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await scrollTo(page, 'pool-trend-chia');
    await screenshot(page, 'pool-public-trend-zh-mobile-dark');
    await scrollTo(page, 'pool-blocks-chia');
    await screenshot(page, 'pool-public-blocks-zh-mobile-dark');

    await look(page, 'ru', 'light');
    expect(demoAddress).not.toBe('');
    await page.goto(`${baseUrl}/mypools/chia/${demoAddress}`);
    await expect.poll(() => page.getByTestId('address-result').getAttribute('data-state')).toBe('found');
    await page.locator('[data-testid^="address-miner-state-"]').first().waitFor();
    await screenshot(page, 'pool-public-address-ru-mobile');
    await scrollTo(page, 'address-income');
    await screenshot(page, 'pool-public-address-income-ru-mobile');
    await page.goto(`${baseUrl}/mypools/chia/xch1nobodyhere`);
    await page.getByTestId('address-result-unknown').waitFor();
    await screenshot(page, 'pool-public-address-unknown-ru-mobile');
  });
});
