import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { apiCall, logIn, look } from './support/session.ts';

/**
 * The Revenue screen (issue 20: income per block) as the simulated demo farmer sees it: the
 * blocks that paid them in the chia pool, reached from the pool pages' Revenue tab, paged, and
 * exported; and the assets page's amounts at each coin's display precision. Screenshots in
 * en/zh/ru, light and dark, at 1440 and 390 px.
 */

const WIDE = { width: 1440, height: 900 } as const;

interface BlockRow {
  id: string;
  height: string;
  share: string;
  reward: string;
}

async function heightsShown(page: Page): Promise<string[]> {
  return page.locator('[data-testid^="revenue-height-"]').allTextContents();
}

describe('the Revenue screen of the demo farmer', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: WIDE });
  let total = 0;

  it('opens from the Revenue tab of the pool pages and lists the blocks that paid them, newest first', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
    await page.goto(`${baseUrl}/center/income?pool=chia`);
    await page.getByTestId('pool-income-page').waitFor();
    expect(await page.getByTestId('pool-nav-income').textContent()).toBe('Daily revenue');
    await page.getByTestId('pool-nav-revenue').click();
    await page.getByTestId('pool-revenue-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/center/revenue');
    const api = await apiCall<{ list: BlockRow[]; total: number }>(page, 'GET', '/api/pool/blockincome?pool=chia&page=1&count=10');
    total = api.total;
    // Two settled days of simulated history: more blocks than one page.
    expect(total).toBeGreaterThan(10);
    await page.locator('[data-testid^="revenue-row-"]').first().waitFor();
    expect(await heightsShown(page)).toEqual(api.list.map((r) => r.height));
    // Each share as the coin shows it: at most 6 decimals of XCH, the exact amount kept.
    for (const row of api.list) {
      const share = page.getByTestId(`revenue-share-${row.id}`);
      expect(await share.getAttribute('data-exact')).toBe(row.share);
      expect(await share.textContent()).toMatch(/^[\d,]+(\.\d{1,6})?$|^< 0\.000001$/);
      expect(await page.getByTestId(`revenue-reward-${row.id}`).textContent()).toBe(row.reward);
    }
    // The first page of a freshly started server (the simulator writing its history) may be slow.
  }, 180_000);

  it('pages through the blocks', async () => {
    const page2 = await apiCall<{ list: BlockRow[] }>(page, 'GET', '/api/pool/blockincome?pool=chia&page=2&count=10');
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => heightsShown(page)).toEqual(page2.list.map((r) => r.height));
  });

  it('exports the list: a file of every row', async () => {
    await page.getByTestId('export-blockincome-apply').click();
    const ready = page.getByTestId('export-blockincome-ready');
    await ready.waitFor({ timeout: 30_000 });
    expect(Number(await ready.getAttribute('data-rows'))).toBe(total);
  });

  it('shows revenue and assets in en, zh and ru, light and dark, at 1440 and 390 px', async () => {
    for (const viewport of [WIDE, MOBILE]) {
      await page.setViewportSize(viewport);
      for (const lang of ['en', 'zh', 'ru'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.goto(`${baseUrl}/center/revenue?pool=chia`);
          await look(page, lang, theme);
          await page.locator('[data-testid^="revenue-row-"]').first().waitFor();
          const size = viewport === MOBILE ? '390' : '1440';
          await screenshot(page, `revenue-${lang}-${theme}-${size}`);
          await page.goto(`${baseUrl}/center/assets`);
          await page.getByTestId('assets-available-CHIA').waitFor();
          await screenshot(page, `assets-${lang}-${theme}-${size}`);
        }
      }
    }
    // Amounts grouped the Russian way on the assets page (a no-break space, a decimal comma).
    await look(page, 'ru', 'light');
    await page.getByTestId('assets-total_earnings-CHIA').waitFor();
    expect(await page.getByTestId('assets-total_earnings-CHIA').textContent()).toMatch(/^\d{1,3}(\u00a0\d{3})*(,\d{1,6})?$/);
    await look(page, 'en', 'light');
  }, 600_000);
});
