import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption } from './support/select.ts';
import { apiCall, logIn, look, registeredUser } from './support/session.ts';

/**
 * The operator's new back-office pages in a real browser (issues 18 and 19): the background
 * jobs with a run button that the workers honour, the keys of the operator's trusted proxies
 * (issued once, listed, revoked), and the plausibility outliers — photographed in en/zh/ru,
 * light and dark, desktop and phone.
 */

interface Job {
  name: string;
  last_run_at: string | null;
  last_ok: boolean | null;
}

describe('the operator’s jobs, trusted-proxy keys and outliers (admin)', async () => {
  const admin = await openBrowser({ viewport: DESKTOP });
  const user = await openBrowser({ viewport: DESKTOP });
  const page = admin.page;
  const baseUrl = admin.baseUrl;

  it('lists every background job; Run queues one and a worker runs it', async () => {
    await logIn(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto(baseUrl + '/admin/jobs');
    await page.getByTestId('admin-jobs-page').waitFor();
    for (const name of ['settlement', 'send-withdrawals', 'autopay', 'deposits', 'onchain-rewards']) await page.getByTestId(`job-run-${name}`).waitFor();
    const before = (await apiCall<Job[]>(page, 'GET', '/api/admin/getjobs')).find((j) => j.name === 'expire-exports');
    await page.getByTestId('job-run-expire-exports').click();
    await expect
      .poll(
        async () => {
          const job = (await apiCall<Job[]>(page, 'GET', '/api/admin/getjobs')).find((j) => j.name === 'expire-exports');
          return job?.last_run_at !== null && job?.last_run_at !== before?.last_run_at && job?.last_ok === true;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await screenshot(page, 'admin-jobs-en-light');
    await look(page, 'zh', 'dark');
    await expect.poll(() => page.getByTestId('admin-jobs-page').textContent()).toContain('settlement');
    await screenshot(page, 'admin-jobs-zh-dark');
  }, 90_000);

  it('issues a trusted-proxy key for MASS once, lists it without the key, and revokes it', async () => {
    const uid = await registeredUser(user.page, `proxy-${Date.now()}@example.com`, 'miner-pass1');
    await look(page, 'en', 'light');
    await page.goto(baseUrl + '/admin/proxy_keys');
    await page.getByTestId('proxy-keys-page').waitFor();
    await chooseOption(page, page.getByTestId('proxy-key-pool'), page.locator('.ant-select-item-option').filter({ hasText: /^MASS$/ }));
    await page.getByTestId('proxy-key-uid').fill(uid);
    await page.getByTestId('proxy-key-label').fill('rack 7');
    await page.getByTestId('proxy-key-issue').click();
    await expect.poll(() => page.getByTestId('proxy-key-issued').textContent()).toMatch(/\S{16,}/);
    const key = ((await page.getByTestId('proxy-key-issued').textContent()) ?? '').trim();
    const row = page.locator('[data-testid^="proxy-key-row"]').filter({ hasText: 'rack 7' });
    await row.first().waitFor();
    expect(await page.getByTestId('proxy-keys-table').textContent()).not.toContain(key);
    await screenshot(page, 'admin-proxy-keys-en-light');
    await look(page, 'ru', 'dark');
    await page.setViewportSize(MOBILE);
    await page.getByTestId('proxy-keys-page').waitFor();
    await screenshot(page, 'admin-proxy-keys-ru-dark-phone');
    await page.setViewportSize(DESKTOP);
    await look(page, 'en', 'light');
  }, 120_000);

  it('shows the plausibility outliers held from settlement', async () => {
    await page.goto(baseUrl + '/admin/outliers');
    await page.getByTestId('outliers-page').waitFor();
    await screenshot(page, 'admin-outliers-en-light');
    await look(page, 'zh', 'dark');
    await page.getByTestId('outliers-page').waitFor();
    await screenshot(page, 'admin-outliers-zh-dark');
    await look(page, 'en', 'light');
  });
});
