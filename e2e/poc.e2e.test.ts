import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { logIn, look } from './support/session.ts';

/**
 * The BHD pool (issue 21) in a real browser as the demo farmer: the simulator's BHD-family
 * miners mine it over the Burst pool protocol with small real plots (support/global-setup: a
 * devnet block about every 5 s), the pool recomputes each deadline, and the miners list shows
 * the capacity estimated from those deadlines beside the one the miner reports.
 */
describe('the BHD pool of the demo farmer', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });

  it('serves the Burst protocol’s mining info for the pool', async () => {
    const info = (await (await page.request.get(`${baseUrl}/burst/bhd?requestType=getMiningInfo`)).json()) as Record<string, unknown>;
    expect(info.generationSignature).toMatch(/^[0-9a-f]{64}$/);
    expect(info.baseTarget).toMatch(/^\d+$/);
    expect(Number(info.height)).toBeGreaterThan(0);
  });

  it('lists the miners online with the capacity estimated from their verified deadlines, in en, zh and ru', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
    const estimated = page.locator('[data-testid^="miner-estimated-"]');
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/center/machine?pool=bhd`);
          await page.getByTestId('pool-machine-page').waitFor();
          await page.locator('[data-testid^="miner-name-"]').first().waitFor();
          return (await estimated.allTextContents()).filter((t) => /\d(\.\d+)? [KMGTPE]?i?B$/.test(t)).length;
        },
        { timeout: 150_000, interval: 5000 },
      )
      .toBeGreaterThan(0);
    expect((await page.locator('[data-testid^="miner-name-"]').allTextContents()).every((n) => /^demo-bhd-\d{2}$/.test(n))).toBe(true);
    expect(await page.locator('[data-testid^="miner-state-"][data-online="true"]').count()).toBeGreaterThan(0);
    for (const lang of ['en', 'zh', 'ru'] as const) {
      await look(page, lang, 'light');
      await page.locator('[data-testid^="miner-estimated-"]').first().waitFor();
      await screenshot(page, `poc-machine-${lang}-light`);
    }
  }, 200_000);

  it('shows the demo BHD farm’s plotters with their plot files as its miners name them (X-Plotfile), in en, zh and ru', async () => {
    const files = page.locator('[data-testid^="plot-files-"]');
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/center/machine?pool=bhd`);
          await page.getByTestId('machine-plots').waitFor();
          await page.locator('[data-testid^="plot-row-"]').first().waitFor();
          return files.count();
        },
        { timeout: 150_000, interval: 5000 },
      )
      .toBeGreaterThan(0);
    // Plotter ids (numeric), not Chia-style k32 plots; each file named <plotter>_<start>_<nonces>.
    const ids = await page.locator('[data-testid^="plot-row-"] .plots__id[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => /^\d{1,20}$/.test(id))).toBe(true);
    const names = await page.locator('[data-testid^="plot-file-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    expect(names.every((n) => /^plot-file-\d{1,20}_\d+_\d+$/.test(n))).toBe(true);
    for (const lang of ['en', 'zh', 'ru'] as const) {
      await look(page, lang, 'light');
      await page.getByTestId('machine-plots').scrollIntoViewIfNeeded();
      await files.first().waitFor();
      await screenshot(page, `poc-plots-${lang}-light`);
    }
    // The DePINC pool says what it offers (its pledge side), not mining on its chain.
    for (const lang of ['en', 'zh', 'ru'] as const) {
      await page.goto(`${baseUrl}/mypools/depinc`);
      await look(page, lang, 'light');
      await page.getByTestId('devnet-only-mining-depinc').waitFor();
      await screenshot(page, `poc-depinc-${lang}-light`);
    }
  }, 200_000);

  it('shows the BHD dashboard with the merged farm, and the public pool page, in en, zh and ru, light and dark, desktop and 390 px', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      for (const lang of ['en', 'zh', 'ru'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.goto(`${baseUrl}/center/mining?pool=bhd`);
          await look(page, lang, theme);
          await page.locator('[data-testid="mining-summary"][data-pool="bhd"]').waitFor();
          expect(Number(await page.getByTestId('mining-online').textContent())).toBeGreaterThan(0);
          // The BHD pool's capacity is its miners' deadline estimate, not a day of points (issue 21).
          if (lang === 'en') expect(await page.getByTestId('mining-capacity').locator('xpath=preceding-sibling::dt').textContent()).toBe('Capacity (from deadlines)');
          // The demo farmer's plotter mines all four merged coins: one farm, each coin's own figures.
          const farm = page.getByTestId('merge-pool');
          await farm.waitFor();
          expect(await farm.getAttribute('data-pools')).toBe('bhd,lhd,hdd,xhd');
          expect(Number(await page.getByTestId('merge-pool-rigsOnline').textContent())).toBeGreaterThan(0);
          expect(await page.locator('[data-testid^="merge-pool-coin-"][data-testid$="-capacity"]').count()).toBe(4);
          // Nothing runs off the side of a phone's screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          const size = viewport === DESKTOP ? 'desktop' : 'mobile';
          await screenshot(page, `poc-mining-${lang}-${theme}-${size}`);
          await farm.scrollIntoViewIfNeeded();
          await screenshot(page, `poc-farm-${lang}-${theme}-${size}`);
          await page.goto(`${baseUrl}/mypools/bhd`);
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          await screenshot(page, `poc-pool-${lang}-${theme}-${size}`);
        }
      }
    }
    await page.setViewportSize(DESKTOP);
  }, 400_000);
});
