import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { apiCall, logIn, look, registeredUser } from './support/session.ts';

/**
 * A user's mortgage path (issue 22): a devnet MASS deposit, the assets page's Mortgage link to
 * its section, a move into mortgage (waiting for T+1, shown on the assets figures: frozen
 * stays 0, the total unchanged), the move back refused until 7 days have passed (the
 * development clock ages the lot), then the move back and the log. Screenshots in en/zh/ru,
 * light and dark, desktop and phone.
 */

interface Asset {
  type: string;
  available: string;
  frozen: string;
  mortgage: string;
  total: string;
}

const mass = async (page: Page) => (await apiCall<{ list: Asset[] }>(page, 'GET', '/api/assets/totalassets')).list.find((a) => a.type === 'MASS');
const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

describe('a user moves MASS into mortgage and back', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });
  let lotId = '';

  it('moves 20 MASS into mortgage from the assets page', async () => {
    await registeredUser(page, `mortgage-${Date.now()}@e2e.test`, 'mortgage-pass1');
    const { address } = await apiCall<{ address: string }>(page, 'GET', '/api/assets/rechargeaddress?coin=MASS');
    await apiCall(page, 'POST', '/api/dev/devnet/send', { coin: 'MASS', address, amount: '50' });
    await expect.poll(async () => Number((await mass(page))?.available ?? 0), { timeout: 150_000, interval: 500 }).toBe(50);
    await page.goto(`${baseUrl}/center/assets`);
    await page.getByTestId('assets-page').waitFor();
    await page.getByTestId('assets-mortgage').click();
    await page.getByTestId('mortgage-coin-MASS').waitFor();
    expect(await page.getByTestId('mortgage-rules-MASS').textContent()).toContain('2048');
    await page.getByTestId('mortgage-in-MASS').click();
    await page.getByTestId('mortgage-dialog-amount').fill('20');
    await screenshot(page, 'mortgage-dialog-en-light-1366');
    await page.getByTestId('mortgage-dialog-submit').click();
    await expect.poll(() => text(page, 'mortgage-mortgage-MASS'), { timeout: 15_000 }).toBe('20');
    expect(await text(page, 'mortgage-pending-MASS')).toBe('20');
    expect(await page.getByTestId('mortgage-out-MASS').isDisabled()).toBe(true);
    // The assets figures: the mortgage apart, frozen = collateral + margin (none), the total unchanged.
    await expect.poll(() => text(page, 'assets-mortgage-MASS'), { timeout: 15_000 }).toBe('20');
    expect(await mass(page)).toMatchObject({ available: '30', frozen: '0', mortgage: '20', total: '50' });
    const logs = await apiCall<{ list: { id: string; type: string; status: string }[] }>(page, 'GET', '/api/log/getdepositmortgagelogs?coin=MASS');
    expect(logs.list).toMatchObject([{ type: 'to_mortgage', status: 'PENDING' }]);
    lotId = logs.list[0]?.id ?? '';
    await page.getByTestId(`mortgage-log-${lotId}`).first().waitFor();
    await screenshot(page, 'mortgage-in-en-light-1366');
  }, 240_000);

  it('cannot move it back before 7 days; can after', async () => {
    await expect(apiCall(page, 'POST', '/api/assets/morttofreebalance', { coin: 'MASS', amount: '1', request_id: `e2e-early-${Date.now()}` })).rejects.toThrow(/"code":11304/);
    await apiCall(page, 'POST', '/api/dev/mortgage/age', { id: lotId, days: 8 });
    await page.reload();
    await expect.poll(() => text(page, 'mortgage-returnable-MASS'), { timeout: 15_000 }).toBe('20');
    await page.getByTestId('mortgage-out-MASS').click();
    await page.getByTestId('mortgage-dialog-max').click();
    await page.getByTestId('mortgage-dialog-submit').click();
    await expect.poll(() => text(page, 'mortgage-mortgage-MASS'), { timeout: 15_000 }).toBe('0');
    expect(await mass(page)).toMatchObject({ available: '50', mortgage: '0', total: '50' });
    await page.getByTestId('mortgage-filter-type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Back to balance' }).click();
    await expect.poll(() => page.locator('[data-testid^="mortgage-log-type-"]').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('[data-testid^="mortgage-log-type-"]').first().textContent()).toBe('Back to balance');
  }, 120_000);

  it('the back office sees the moves on /admin/mortgage', async () => {
    const admin = await openBrowser({ viewport: DESKTOP });
    await logIn(admin.page, inject('adminEmail'), inject('adminPassword'));
    await admin.page.goto(`${baseUrl}/admin/mortgage`);
    await admin.page.getByTestId('admin-mortgage-page').waitFor();
    await admin.page.getByTestId(`admin-mortgage-log-${lotId}`).first().waitFor();
    await screenshot(admin.page, 'mortgage-admin-en-light-1366');
    await admin.page.setViewportSize(MOBILE);
    await look(admin.page, 'zh', 'dark');
    await admin.page.getByTestId(`admin-mortgage-log-${lotId}`).first().waitFor();
    await screenshot(admin.page, 'mortgage-admin-zh-dark-390');
  }, 120_000);

  it('shows the section in en, zh and ru, light and dark, desktop and phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      const size = viewport === MOBILE ? '390' : '1366';
      for (const lang of ['en', 'zh', 'ru'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.goto(`${baseUrl}/center/assets#mortgage`);
          await look(page, lang, theme);
          await page.getByTestId(`mortgage-log-${lotId}`).first().waitFor();
          await page.getByTestId('mortgage-section').scrollIntoViewIfNeeded();
          await screenshot(page, `mortgage-${lang}-${theme}-${size}`);
        }
      }
    }
  }, 300_000);
});
