import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { addressFromBytes } from '@platter/domain';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption } from './support/select.ts';
import { apiCall, logIn, look } from './support/session.ts';

/**
 * Capacity reviews and list exports in a real browser against the running platform: the demo
 * farmer binds a new plot with the devnet wallet's signature; it waits for review; an admin
 * rejects nothing without a reason, approves it on /admin/capacity_review, and the farmer then
 * sees it bound after the chain's confirmations. The admin exports the plots list with its
 * filters and the downloaded file holds the list's rows. Screens in en/zh/ru, light/dark,
 * desktop and phone width.
 */

const plotId = randomBytes(32).toString('hex');
/** A checksum-valid xch address (plot binding checks bech32m). */
const address = addressFromBytes('CHIA', randomBytes(32));

async function plotsPanel(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/center/machine?pool=chia`);
  await page.getByTestId('machine-plots').scrollIntoViewIfNeeded();
}

describe('capacity review and the plots export', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });
  let farmerUid = '';
  let id = '';

  it('the farmer binds a plot with the devnet wallet’s signature; it waits for review', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
    farmerUid = (await apiCall<{ uid: string }>(page, 'GET', '/api/user/info')).uid;
    await plotsPanel(page, baseUrl);
    await page.getByTestId('plots-bind-open').click();
    await page.getByTestId('plots-bind-plot').fill(plotId);
    await page.getByTestId('plots-bind-address').fill(address);
    await page.getByTestId('plots-bind-get').click();
    await page.getByTestId('plots-bind-message').waitFor();
    await page.getByTestId('plots-bind-devnet-sign').click();
    await expect.poll(() => page.getByTestId('plots-bind-signature').inputValue()).not.toBe('');
    await page.getByTestId('plots-bind-submit').click();
    await page.getByTestId('plots-bind-done').waitFor();
    await page.getByTestId('plots-bind-close').click();
    const plots = await apiCall<{ list: { id: string; plot_id: string; bind_status: string; review: string }[] }>(
      page,
      'GET',
      '/api/pool/GetPlots?pool=chia&status=BIND_SENT&count=200',
    );
    const mine = plots.list.find((p) => p.plot_id === plotId);
    expect(mine).toMatchObject({ bind_status: 'BIND_SENT', review: 'pending' });
    id = mine?.id ?? '';
    await page.locator(`[data-testid="plot-review-${id}"][data-review="pending"]`).waitFor();
    await screenshot(page, 'plots-waiting-review-en-light');
  });

  it('an admin sees it on /admin/capacity_review, cannot reject without a reason, and approves it', async () => {
    await logIn(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto(baseUrl + '/admin/capacity_review');
    const row = page.getByTestId(`review-bind-row-${id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain(inject('demoEmail'));
    await screenshot(page, 'capacity-review-en-light');
    await page.setViewportSize(MOBILE);
    await page.getByTestId(`review-bind-row-${id}`).waitFor();
    expect(await page.getByTestId('review-bind-cards').count()).toBe(1);
    await screenshot(page, 'capacity-review-en-light-mobile');
    await page.setViewportSize(DESKTOP);
    await row.waitFor();

    await page.getByTestId(`review-bind-reject-${id}`).click();
    await page.getByTestId('review-bind-confirm').click();
    await page.getByTestId('review-bind-reason-error').waitFor();
    await page.getByTestId('review-bind-reason').fill('   ');
    await page.getByTestId('review-bind-confirm').click();
    await page.getByTestId('review-bind-reason-error').waitFor();
    await screenshot(page, 'capacity-review-reason-en-light');
    await page.keyboard.press('Escape');

    await page.getByTestId(`review-bind-approve-${id}`).click();
    await page.getByTestId('review-bind-outcome').waitFor();
    expect(await page.getByTestId('review-bind-outcome').textContent()).toContain('1 decided');
    await expect.poll(() => row.count()).toBe(0);
    await screenshot(page, 'capacity-review-done-en-light');
  });

  it('the farmer then sees the plot bound, once the chain confirms it', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
    await plotsPanel(page, baseUrl);
    await expect
      .poll(
        async () => {
          const plots = await apiCall<{ list: { plot_id: string; bind_status: string }[] }>(page, 'GET', '/api/pool/GetPlots?pool=chia&status=CONFIRMED&count=200');
          return plots.list.find((p) => p.plot_id === plotId)?.bind_status;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('CONFIRMED');
    await page.reload();
    await page.getByTestId('machine-plots').scrollIntoViewIfNeeded();
    await page.locator(`[data-testid="plot-bind-${id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`plot-review-${id}`).count()).toBe(0);
    await screenshot(page, 'plots-bound-en-light');
  }, 90_000);

  it('an admin exports the plots list with its filters; the downloaded file holds the list’s rows', async () => {
    await logIn(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto(baseUrl + '/admin/plots');
    await chooseOption(page, page.getByTestId('admin-plots-status'), page.locator('.ant-select-item-option').filter({ hasText: /^Bound$/ }));
    await page.getByTestId('admin-plots-uid').fill(farmerUid);
    await page.getByTestId('admin-plots-search').click();
    await page.locator('[data-testid^="admin-plots-row-"]').first().waitFor();

    await chooseOption(page, page.getByTestId('admin-plots-export-format'), page.locator('.ant-select-item-option').filter({ hasText: /^CSV$/ }));
    await page.getByTestId('admin-plots-export-apply').click();
    const ready = page.getByTestId('admin-plots-export-ready');
    await ready.waitFor({ timeout: 30_000 });
    await screenshot(page, 'admin-plots-export-en-light');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('admin-plots-export-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^platter-plots-\d+\.csv$/);
    const file = await fs.readFile((await download.path()) ?? '', 'utf8');
    const lines = file
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]?.startsWith('uid,email,pool,plot_id')).toBe(true);
    const rows = lines.slice(1).map((l) => l.split(','));
    // The same list through the API, with the same filters.
    const listed = await apiCall<{ list: { plot_id: string }[]; total: number }>(page, 'GET', `/api/admin/GetPlots?pool=chia&status=CONFIRMED&uid=${farmerUid}&count=200`);
    expect(rows.map((r) => r[3]).sort()).toEqual(listed.list.map((p) => p.plot_id).sort());
    expect(rows.length).toBe(listed.total);
    expect(Number(await ready.getAttribute('data-rows'))).toBe(listed.total);
    expect(rows.every((r) => r[0] === farmerUid && r[2] === 'chia' && r[11] === 'CONFIRMED')).toBe(true);
    expect(rows.map((r) => r[3])).toContain(plotId);

    // Once every ten minutes per list: a second export is refused, with the next allowed time.
    await page.getByTestId('admin-plots-export-apply').click();
    await page.getByTestId('admin-plots-export-next').waitFor();

    // The flow: every user's balance changes, here the demo farmer's (settled mining income).
    await page.goto(baseUrl + '/admin/flow');
    const uidInput = page.locator('input[data-testid="flow-filter-uid"], [data-testid="flow-filter-uid"] input').first();
    await uidInput.fill(farmerUid);
    await uidInput.press('Enter');
    // The list keeps the unfiltered rows on screen until the filtered answer comes: wait for it.
    const flowRows = page.locator('[data-testid^="flow-row-"]');
    await expect
      .poll(async () => {
        const users = await flowRows.evaluateAll((found) => found.map((r) => r.textContent ?? ''));
        return users.length > 0 && users.every((text) => text.includes(farmerUid));
      })
      .toBe(true);
    await screenshot(page, 'admin-flow-en-light');
  });

  it('looks right in zh and ru, dark and light, and at phone width', async () => {
    await page.goto(baseUrl + '/admin/capacity_unbind');
    await page.getByTestId('review-unbind-page').waitFor();
    await look(page, 'zh', 'dark');
    await page.goto(baseUrl + '/admin/capacity_review');
    await page.getByTestId('review-bind-page').waitFor();
    await screenshot(page, 'capacity-review-zh-dark');
    await page.goto(baseUrl + '/admin/plots');
    await page.getByTestId('admin-plots-page').waitFor();
    await screenshot(page, 'admin-plots-zh-dark');
    await look(page, 'ru', 'light');
    await page.goto(baseUrl + '/admin/capacity_unbind');
    await page.getByTestId('review-unbind-page').waitFor();
    await screenshot(page, 'capacity-unbind-ru-light');
    await page.setViewportSize(MOBILE);
    await page.goto(baseUrl + '/admin/capacity_review');
    await page.getByTestId('review-bind-cards').waitFor();
    await screenshot(page, 'capacity-review-ru-light-mobile');
    await look(page, 'en', 'dark');
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
    await page.goto(`${baseUrl}/center/income?pool=chia`);
    await page.getByTestId('export-miningdetail').waitFor();
    await screenshot(page, 'income-export-en-dark-mobile');
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl}/center/machine?pool=chia`);
    await page.getByTestId('export-miner-apply').click();
    await page.getByTestId('export-miner-ready').waitFor({ timeout: 30_000 });
    await screenshot(page, 'machine-export-en-dark');
    await look(page, 'en', 'light');
  });
});
