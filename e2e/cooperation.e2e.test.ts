import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { apiCall, look, registeredUser } from './support/session.ts';

/**
 * Opening a cooperation pool on /center/open (issue 22): a user with a BHD balance (a devnet
 * deposit) opens BHD Cooperation with a whole amount (a fraction is refused in the form),
 * converts more, and sees the cooperation frozen — on the pool's card and in the assets'
 * frozen figure — then lends a pledge in a deal. Screenshots in en/zh/ru, light and dark,
 * desktop and phone.
 */

interface Asset {
  type: string;
  available: string;
  frozen: string;
}

async function bhd(page: Page): Promise<Asset | undefined> {
  return (await apiCall<{ list: Asset[] }>(page, 'GET', '/api/assets/totalassets')).list.find((a) => a.type === 'BHD');
}

describe('a user opens a cooperation pool and converts balance to cooperation', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });

  it('opens BHD Cooperation with an integer amount and sees it frozen', async () => {
    await registeredUser(page, `cooperation-${Date.now()}@e2e.test`, 'cooperation-pass1');
    const { address } = await apiCall<{ address: string }>(page, 'GET', '/api/assets/rechargeaddress?coin=BHD');
    await apiCall(page, 'POST', '/api/dev/devnet/send', { coin: 'BHD', address, amount: '50' });
    await expect.poll(async () => Number((await bhd(page))?.available ?? 0), { timeout: 150_000, interval: 500 }).toBeGreaterThanOrEqual(50);
    await page.goto(`${baseUrl}/center/open`);
    await page.getByTestId('cooperation-page').waitFor();
    expect(await page.getByTestId('coop-status-bhd_co').textContent()).toBe('Not opened');
    await page.getByTestId('coop-open-bhd_co').click();
    // A fraction is not a cooperation amount: the form says so and will not send it.
    await page.getByTestId('coop-move-amount').fill('1.5');
    await page.getByTestId('coop-move-error').waitFor();
    expect(await page.getByTestId('coop-move-submit').isDisabled()).toBe(true);
    await page.getByTestId('coop-move-amount').fill('20');
    await page.getByTestId('coop-move-submit').click();
    await expect.poll(() => page.getByTestId('coop-status-bhd_co').textContent(), { timeout: 30_000 }).toBe('Open');
    expect(await page.getByTestId('coop-balance-bhd_co').textContent()).toBe('20 BHD');
    await screenshot(page, 'cooperation-opened-en-light-1366');
    // Convert more.
    await page.getByTestId('coop-deposit-bhd_co').click();
    await page.getByTestId('coop-move-amount').fill('10');
    await page.getByTestId('coop-move-submit').click();
    await expect.poll(() => page.getByTestId('coop-balance-bhd_co').textContent(), { timeout: 30_000 }).toBe('30 BHD');
    expect(await page.getByTestId('coop-available-bhd_co').textContent()).toBe('20 BHD');
    // Frozen on the assets page's figures, from the ledger's buckets.
    expect(await bhd(page)).toMatchObject({ available: '20', frozen: '30' });
    await expect.poll(() => page.locator('[data-testid^="coop-log-"]').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  }, 300_000);

  it('lends a pledge in a deal: the offer is listed and its amount frozen', async () => {
    await page.getByTestId('deal-offer-amount').fill('5');
    await page.getByTestId('deal-offer-submit').click();
    const status = page.locator('[data-testid^="deal-status-"]').first();
    await status.waitFor({ timeout: 30_000 });
    expect(await status.textContent()).toBe('Offered');
    expect(await bhd(page)).toMatchObject({ available: '15', frozen: '35' });
    await page.getByTestId('deals-mine').scrollIntoViewIfNeeded();
    await screenshot(page, 'cooperation-deals-en-light-1366');
    // The income history: nothing settled for this user yet (an amount counts from the first whole day it is held).
    await page.getByTestId('coop-income').scrollIntoViewIfNeeded();
    expect(await page.locator('[data-testid^="coop-income-row"]').count()).toBe(0);
    await screenshot(page, 'cooperation-income-en-light-1366');
  }, 60_000);

  it('shows the page in en, zh and ru, light and dark, desktop and phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      const size = viewport === MOBILE ? '390' : '1366';
      for (const lang of ['en', 'zh', 'ru'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.goto(`${baseUrl}/center/open`);
          await look(page, lang, theme);
          await page.getByTestId('coop-balance-bhd_co').waitFor();
          await page.locator('[data-testid^="deal-status-"]').first().waitFor();
          await screenshot(page, `cooperation-${lang}-${theme}-${size}`);
        }
      }
    }
  }, 600_000);
});
