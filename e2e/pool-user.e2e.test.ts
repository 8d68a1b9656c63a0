import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption } from './support/select.ts';
import { logIn, look } from './support/session.ts';

/**
 * The user-centre pool pages in a real browser, as the simulated demo farmer (the devnet
 * simulator mines for them in chia, chiapp, bhd and ironfish, with two days of history; see
 * support/global-setup): the dashboard's figures and chart, the online miners, the settled
 * income, the contribution chart, a miner API key shown once, and the pool switcher.
 */

/** The chart's SVG is drawn with at least one non-empty hour or day. */
async function chartDrawn(page: Page, testId: string): Promise<void> {
  const chart = page.getByTestId(testId);
  await chart.locator('svg.pool-chart__svg').first().waitFor();
  expect(Number(await chart.getAttribute('data-nonzero'))).toBeGreaterThan(0);
}

type Section = 'mining' | 'machine' | 'income' | 'contribution';

async function open(page: Page, baseUrl: string, section: Section, pool = 'chia'): Promise<void> {
  await page.goto(`${baseUrl}/center/${section}?pool=${pool}`);
  await page.getByTestId(`pool-${section}-page`).waitFor();
}

describe('the user-centre pool pages of the demo farmer', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });

  it('shows the dashboard of their first pool: miners online, capacity, points, income and a drawn 24-hour chart', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
    await page.goto(baseUrl + '/center/mining');
    await page.getByTestId('pool-mining-page').waitFor();
    await page.locator('[data-testid="mining-summary"][data-pool="chia"]').waitFor();
    expect(Number(await page.getByTestId('mining-online').textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId('mining-reported').textContent()).toMatch(/^\d+\.\d{2} [KMGTPE]iB$/);
    expect(await page.getByTestId('mining-total').textContent()).toMatch(/^[\d,]+(\.\d+)? XCH$/);
    await chartDrawn(page, 'mining-chart');
    // The pointer over the chart names the hour under it and its capacity.
    const box = await page.getByTestId('mining-chart-svg').boundingBox();
    await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) * 0.9, (box?.y ?? 0) + 100);
    expect(await page.getByTestId('mining-chart-tooltip').textContent()).toMatch(/^\d\d:00Capacity : \d+(\.\d+)? [KMGTPE]?iB$/);
    await screenshot(page, 'pool-mining-en-light');
    await page.mouse.move(0, 0);
  });

  it('lists the online miners with their names, capacity and shares', async () => {
    await page.getByTestId('mining-miners-link').click();
    await page.getByTestId('pool-machine-page').waitFor();
    const online = page.locator('[data-testid^="miner-state-"][data-online="true"]');
    await online.first().waitFor();
    const names = await page.locator('[data-testid^="miner-name-"]').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    // The farm's miners, and the OG harvester proxy that submits its verified proofs (issue 18).
    expect(names.every((n) => /^(demo-chia|og-harvester)-\d{2}$/.test(n))).toBe(true);
    // The farm's miners report their capacity (the OG harvester proxy reports none of its own).
    expect((await page.locator('[data-testid^="miner-capacity-"]').allTextContents()).some((c) => /\d(\.\d+)? [KMGTPE]iB$/.test(c))).toBe(true);
    await page.getByTestId('machine-status-offline').click();
    await expect.poll(() => page.locator('[data-testid^="miner-state-"][data-online="true"]').count(), { timeout: 5000 }).toBe(0);
    await page.getByTestId('machine-status-all').click();
    await online.first().waitFor();
    await screenshot(page, 'pool-machine-en-light');
  });

  it('shows the plots below the miners: bound ones, and the one the proxy tool reports unbound', async () => {
    const plots = page.getByTestId('machine-plots');
    await plots.scrollIntoViewIfNeeded();
    await expect.poll(async () => Number(await page.getByTestId('plots-counter-bound').textContent()), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.locator('[data-testid^="plot-bind-"][data-status="CONFIRMED"]').first().waitFor();
    await expect.poll(async () => Number(await page.getByTestId('plots-counter-UNBOUND').textContent()), { timeout: 30_000 }).toBeGreaterThan(0);
    await plots.scrollIntoViewIfNeeded();
    await screenshot(page, 'pool-plots-en-light');
  }, 45_000);

  it('shows the settled days with their amounts and charts them', async () => {
    await page.getByTestId('pool-nav-income').click();
    await page.getByTestId('pool-income-page').waitFor();
    const settled = page.locator('[data-testid^="income-status-"][data-status="SETTLEMENT"]');
    await settled.first().waitFor();
    await page.locator('[data-testid^="income-status-"][data-status="NOT_PENDING"]').first().waitFor();
    const amounts = await page.locator('[data-testid^="income-amount-"]').allTextContents();
    expect(amounts.some((a) => /^0\.\d*[1-9]\d* XCH$|^[1-9]\d*(\.\d+)? XCH$/.test(a))).toBe(true);
    await chartDrawn(page, 'income-chart');
    expect(await page.getByTestId('income-legend-UNSETTLEMENT').textContent()).toContain('2 TiB');
    await screenshot(page, 'pool-income-en-light');
  });

  it('charts the contribution over 24 hours and 7 days with the days’ shares and points', async () => {
    await page.getByTestId('pool-nav-contribution').click();
    await page.getByTestId('pool-contribution-page').waitFor();
    await chartDrawn(page, 'contribution-chart');
    await page.getByTestId('contribution-window-168').click();
    await page.locator('[data-testid="contribution-chart"][data-hours="168"]').waitFor();
    await chartDrawn(page, 'contribution-chart');
    await page.locator('[data-testid^="contribution-row-"]').first().waitFor();
    // The mining detail: the simulated farmer's miners sent shares today.
    const shares = await page.locator('[data-testid^="contribution-shares-"]').first().textContent();
    expect(Number(shares?.replace(/\D/g, ''))).toBeGreaterThan(0);
    await screenshot(page, 'pool-contribution-en-light');
  });

  it('switches pools: a hashrate pool shows hashrate, and the choice follows to the other pages', async () => {
    await page.goto(baseUrl + '/center/mining');
    await page.locator('[data-testid="mining-summary"][data-pool="chia"]').waitFor();
    await chooseOption(page, page.getByTestId('pool-switch'), page.getByTestId('pool-switch-option-ironfish'));
    await page.locator('[data-testid="mining-summary"][data-pool="ironfish"]').waitFor();
    expect(await page.getByTestId('mining-hashrate').textContent()).toMatch(/H\/s$/);
    expect(await page.getByTestId('mining-total').textContent()).toMatch(/IRON$/);
    await chartDrawn(page, 'mining-chart');
    await page.getByTestId('pool-nav-machine').click();
    await page.locator('[data-testid^="miner-hashrate-"]').first().waitFor();
    expect(await page.locator('[data-testid^="miner-name-"]').first().textContent()).toMatch(/^demo-ironfish-/);
    await chooseOption(page, page.getByTestId('pool-switch'), page.getByTestId('pool-switch-option-bhd'));
    await expect.poll(() => page.locator('[data-testid^="miner-name-"]').first().textContent(), { timeout: 5000 }).toMatch(/^demo-bhd-/);
  });

  it('makes a miner API key and shows it once, then only its hint', async () => {
    // A pool the simulator does not report to, so that its key for chia stays valid.
    await open(page, baseUrl, 'mining', 'chiavip');
    await page.getByTestId('apikey-none').waitFor();
    await page.getByTestId('apikey-create').click();
    const key = (await page.getByTestId('apikey-value').textContent()) ?? '';
    expect(key.length).toBeGreaterThan(20);
    expect(await page.getByTestId('apikey-once').textContent()).toContain('will not be shown again');
    // The card shows the new key's first characters as the active one.
    await page.getByTestId('apikey-hint').waitFor();
    const hint = (await page.getByTestId('apikey-hint').textContent()) ?? '';
    expect(hint.endsWith('…') && key.startsWith(hint.slice(0, -1))).toBe(true);
    await screenshot(page, 'pool-apikey-en-light');
    // The key reports like the proxy tool would.
    const answer = await page.evaluate(
      async (key) =>
        (await fetch('/api/miner/report', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: '{"miners":[{"name":"rig-e2e"}]}' })).json(),
      key,
    );
    expect(answer).toMatchObject({ code: 200 });
    await page.reload();
    await page.getByTestId('apikey-hint').waitFor();
    expect(await page.getByTestId('apikey-value').count()).toBe(0);
    expect(await page.getByTestId('pool-mining-page').textContent()).not.toContain(key);
  });

  const looks = [
    { lang: 'en', theme: 'dark', size: 'phone', title: 'Dashboard' },
    { lang: 'zh', theme: 'light', size: 'desktop', title: '儀表板' },
    { lang: 'ru', theme: 'light', size: 'phone', title: 'Панель' },
    { lang: 'ru', theme: 'dark', size: 'desktop', title: 'Панель' },
  ] as const;

  it('looks right in en/zh/ru, light and dark, on a desktop and at phone width', async () => {
    for (const { lang, theme, size, title } of looks) {
      const name = `${lang}-${theme}${size === 'phone' ? '-phone' : ''}`;
      await page.setViewportSize(size === 'phone' ? MOBILE : DESKTOP);
      await open(page, baseUrl, 'mining');
      await look(page, lang, theme);
      await expect.poll(() => page.getByTestId('pool-mining-page').textContent(), { timeout: 5000 }).toContain(title);
      await chartDrawn(page, 'mining-chart');
      await screenshot(page, `pool-mining-${name}`);
      if (size === 'phone') {
        await page.getByTestId('apikey-card').scrollIntoViewIfNeeded();
        await screenshot(page, `pool-apikey-${name}`);
      }
      // Within the app, as a person moves between the pages (no reloads).
      for (const [section, row] of [
        ['machine', 'miner-row-'],
        ['income', 'income-row-'],
        ['contribution', 'contribution-row-'],
      ] as const) {
        await page.getByTestId(`pool-nav-${section}`).click();
        await page.getByTestId(`pool-${section}-page`).waitFor();
        await page.locator(`[data-testid^="${row}"]`).first().waitFor();
        if (section !== 'machine') await chartDrawn(page, `${section}-chart`);
        await screenshot(page, `pool-${section}-${name}`);
      }
    }
    await page.setViewportSize(DESKTOP);
    await look(page, 'en', 'light');
  }, 60_000);
});
