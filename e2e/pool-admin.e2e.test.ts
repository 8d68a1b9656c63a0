import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption } from './support/select.ts';
import { apiCall, logIn, look } from './support/session.ts';

/**
 * The pool's back office in a real browser against the running platform with the devnet
 * simulator (pools chia, chiapp, bhd, ironfish with two settled days): the daily reports show
 * Iron Fish's settled days with their amounts, the admin edits BHD's fee in percent and sees it in
 * the list (put back afterwards), every user's miners and income records are listed, and the
 * screens are photographed in en/zh/ru, light and dark, desktop and phone width.
 */

async function choose(page: Page, select: string, option: string): Promise<void> {
  await chooseOption(page, page.getByTestId(select), page.getByTestId(`${select}-option-${option}`).last());
}

/** The test ids of the rows a table shows. */
async function rowIds(page: Page, prefix: string): Promise<string[]> {
  return page.locator(`[data-testid^="${prefix}-"]`).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? ''));
}

describe('the pool back office (admin)', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });
  let seededFeeBp: number | null = null;

  afterAll(async () => {
    // Leave the shared server as seeded for the other browser tests.
    if (seededFeeBp !== null) await apiCall(page, 'POST', '/api/admin/updatepoolconfig', { pool: 'bhd', fee_bp: seededFeeBp });
  });

  it('shows the settled pool-days with their amounts, filtered by pool', async () => {
    await logIn(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto(baseUrl + '/admin/mining_daily_reports');
    await page.getByTestId('daily-report-table').locator('[data-status="SETTLEMENT"]').first().waitFor();
    // Iron Fish: its history is verified proof-of-work shares (BHD earns only from verified deadlines).
    await choose(page, 'daily-report-filter-pool', 'ironfish');
    await expect.poll(async () => (await rowIds(page, 'daily-report-row')).every((id) => id.startsWith('daily-report-row-ironfish-'))).toBe(true);
    const rows = await rowIds(page, 'daily-report-row');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const day = rows[0]?.replace('daily-report-row-ironfish-', '') ?? '';
    const credited = page.getByTestId(`daily-report-credited-ironfish-${day}`);
    expect(Number(await credited.textContent())).toBeGreaterThan(0);
    expect(await credited.locator('..').textContent()).toMatch(/ IRON$/);
    await screenshot(page, 'pool-admin-reports-en-light');
  });

  it('edits BHD’s fee in percent and shows it in the list', async () => {
    const configs = await apiCall<{ pool: string; fee_bp: number }[]>(page, 'GET', '/api/admin/getpoollist');
    seededFeeBp = configs.find((c) => c.pool === 'bhd')?.fee_bp ?? null;
    expect(seededFeeBp).not.toBeNull();
    await page.getByTestId('mining-reports-tab-config').click();
    const fee = page.getByTestId('pool-config-fee-bhd');
    expect(await fee.textContent()).toBe(`${((seededFeeBp ?? 0) / 100).toFixed(2)} %`);

    await page.getByTestId('pool-config-edit-bhd').click();
    // The coin's pledge per TB (BHD's 3, BHDIP001), which the settlement's secured share reads.
    expect(await page.getByTestId('pool-config-pledge_per_tb').inputValue()).toBe('3');
    await page.getByTestId('pool-config-fee').fill('4.255');
    await page.getByTestId('pool-config-submit').click();
    await page.getByTestId('pool-config-fee-error').waitFor();
    await page.getByTestId('pool-config-fee').fill('4.25');
    await screenshot(page, 'pool-admin-config-dialog-en-light');
    await page.getByTestId('pool-config-submit').click();
    await page.getByTestId('pool-config-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => fee.textContent()).toBe('4.25 %');
    const after = await apiCall<{ pool: string; fee_bp: number }[]>(page, 'GET', '/api/admin/getpoollist');
    expect(after.find((c) => c.pool === 'bhd')?.fee_bp).toBe(425);
    await screenshot(page, 'pool-admin-config-en-light');
  });

  it('lists the simulated miners, hashrate for Iron Fish, every user’s income records and the assets reports', async () => {
    await page.goto(baseUrl + '/admin/machines');
    await page.getByTestId('machines-table').locator('[data-testid^="machine-row-"]').first().waitFor();
    expect(await page.getByTestId('machines-counts').textContent()).toMatch(/^[1-9]\d* online/);
    await choose(page, 'machines-filter-pool', 'ironfish');
    await expect.poll(async () => page.locator('[data-testid^="machine-power-"]').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/H\/s$/)]));
    await screenshot(page, 'pool-admin-machines-en-light');

    // The pools the simulated farmers opened, with their miners online of all.
    await page.goto(baseUrl + '/admin/openned');
    await page.getByTestId('opened-table').locator('[data-testid^="opened-row-"]').first().waitFor();
    expect(await page.locator('[data-testid^="opened-miners-"]').first().textContent()).toMatch(/^\d+ \/ [1-9]\d*$/);
    await screenshot(page, 'pool-admin-opened-en-light');

    await page.goto(baseUrl + '/admin/income_info');
    await page.getByTestId('income-info-table').locator('[data-testid^="income-info-row-"]').first().waitFor();
    const amounts = await page.locator('[data-testid^="income-info-amount-"]').allTextContents();
    expect(amounts.some((a) => Number(a) > 0)).toBe(true);
    await screenshot(page, 'pool-admin-income-en-light');

    await page.goto(baseUrl + '/admin/contribution');
    await page.getByTestId('contribution-table').locator('[data-testid^="contribution-points-"]').first().waitFor();
    await screenshot(page, 'pool-admin-contribution-en-light');
    await page.goto(baseUrl + '/admin/assets_daily_reports');
    await page.getByTestId('assets-report-table').locator('[data-testid^="assets-report-row-"]').first().waitFor();
    await screenshot(page, 'pool-admin-assets-en-light');
  });

  const looks = [
    { lang: 'en', theme: 'dark', size: 'phone', text: 'Mining daily reports' },
    { lang: 'zh', theme: 'dark', size: 'desktop', text: '挖礦日報' },
    { lang: 'zh', theme: 'light', size: 'phone', text: '挖礦日報' },
    { lang: 'ru', theme: 'light', size: 'desktop', text: 'Ежедневные отчёты майнинга' },
    { lang: 'ru', theme: 'dark', size: 'phone', text: 'Ежедневные отчёты майнинга' },
  ] as const;

  it('looks right in en/zh/ru, light and dark, on a desktop and at phone width', async () => {
    for (const { lang, theme, size, text } of looks) {
      const name = `${lang}-${theme}${size === 'phone' ? '-phone' : ''}`;
      await page.setViewportSize(size === 'phone' ? MOBILE : DESKTOP);
      await page.goto(baseUrl + '/admin/mining_daily_reports');
      await look(page, lang, theme);
      await expect.poll(() => page.getByTestId('mining-reports-page').textContent()).toContain(text);
      await page.getByTestId('daily-report-table').locator('[data-status]').first().waitFor();
      await screenshot(page, `pool-admin-reports-${name}`);
      await page.getByTestId('mining-reports-tab-config').click();
      await page.getByTestId('pool-config-fee-bhd').waitFor();
      await screenshot(page, `pool-admin-config-${name}`);
      await page.goto(baseUrl + '/admin/machines');
      await page.getByTestId('machines-table').locator('[data-testid^="machine-row-"]').first().waitFor();
      await screenshot(page, `pool-admin-machines-${name}`);
    }
  }, 60_000);
});
