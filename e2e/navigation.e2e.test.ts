import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { builtCentreMenu, CENTRE_MENU } from '../apps/web/src/app/centre/centreMenu.ts';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { logIn, look } from './support/session.ts';

/**
 * The user centre's navigation (issue 20) in a real Chromium, signed in as the demo farmer:
 * every built centre screen reached from the home page by two clicks (the header's centre
 * link, then the side menu; on a phone the burger, then the drawer's entry), the current entry
 * marked, no entry leading to 'not yet open'. The entries come from the menu's data file.
 */
const ENTRIES = builtCentreMenu().flatMap((group) => group.entries);
const HIDDEN = CENTRE_MENU.flatMap((group) => group.entries).filter((entry) => !entry.built);

/** The page a click reached: its path (and #section), not 'not yet open', its entry marked. */
async function expectAt(page: Page, entry: (typeof ENTRIES)[number], menuTestId: string): Promise<void> {
  const [path, section] = entry.path.split('#') as [string, string | undefined];
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
  if (section) await expect.poll(() => new URL(page.url()).hash).toBe(`#${section}`);
  await page.getByTestId('centre-layout').waitFor();
  await expect.poll(() => page.getByTestId(menuTestId).getAttribute('data-current')).toBe(entry.key);
  expect(await page.getByTestId('not-yet-open').count()).toBe(0);
  expect(await page.getByTestId('not-found').count()).toBe(0);
  if (section) {
    // The #section (plots, withdrawals) is brought into view once its page has rendered it.
    const target = page.locator(`[id="${section}"]`);
    await target.waitFor();
    // At its top below the header, or as near as the page's end lets it come.
    const inView = () =>
      target.evaluate((el) => {
        const top = el.getBoundingClientRect().top;
        const atBottom = window.scrollY >= document.documentElement.scrollHeight - window.innerHeight - 2;
        return top >= 0 && (top < 200 || (atBottom && top < window.innerHeight - 100));
      });
    await expect.poll(inView).toBe(true);
  }
}

describe('user-centre navigation on a desktop', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });

  it('signs in', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
  });

  it('has the Watcher link (issue 25) and a centre link in the header', async () => {
    await page.goto(baseUrl + '/');
    await page.getByTestId('nav-centre').waitFor();
    expect(await page.getByTestId('nav-watcher').getAttribute('href')).toBe('/watcher');
    // Help is a page of this site: same tab.
    expect(await page.getByTestId('nav-help').getAttribute('target')).toBeNull();
  });

  for (const entry of ENTRIES) {
    it(`reaches ${entry.key} from the home page in two clicks, marked in the side menu`, async () => {
      await page.goto(baseUrl + '/');
      await page.getByTestId('home-welcome').waitFor();
      await page.getByTestId('nav-centre').click();
      await page.getByTestId(`centre-nav-${entry.key}`).click();
      await expectAt(page, entry, 'centre-nav');
      await expect.poll(() => page.getByTestId(`centre-nav-${entry.key}`).getAttribute('aria-current')).toBe('page');
      expect(await page.locator('.centre-menu .ant-menu-item-selected').count()).toBe(1);
    });
  }

  it('advertises no screen that is not built, and moves between screens through the side menu alone', async () => {
    for (const entry of HIDDEN) expect(await page.getByTestId(`centre-nav-${entry.key}`).count(), entry.key).toBe(0);
    // From the last screen to each other one: one click each.
    for (const entry of ENTRIES) {
      await page.getByTestId(`centre-nav-${entry.key}`).click();
      await expectAt(page, entry, 'centre-nav');
    }
    // The spec's top-level /assets shows the same screen, marked too.
    await page.getByTestId('nav-assets').click();
    await expect.poll(() => page.getByTestId('centre-nav').getAttribute('data-current')).toBe('assets');
  });
});

describe('user-centre navigation on a phone (drawers)', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: MOBILE });

  it('signs in', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
  });

  for (const entry of ENTRIES) {
    it(`reaches ${entry.key} from the home page in two taps (burger, entry), marked in the centre drawer`, async () => {
      await page.goto(baseUrl + '/');
      await page.getByTestId('home-welcome').waitFor();
      await page.getByTestId('mobile-menu-button').click();
      await page.getByTestId('mobile-drawer').waitFor();
      await page.getByTestId(`drawer-centre-${entry.key}`).click();
      await expectAt(page, entry, 'centre-layout');
      // The page's own bar names the screen and opens the centre menu in a drawer, the entry marked.
      await page.getByTestId('centre-menu-button').click();
      await page.getByTestId('centre-drawer').waitFor();
      await expect.poll(() => page.getByTestId('centre-nav').getAttribute('data-current')).toBe(entry.key);
      await expect.poll(() => page.getByTestId(`centre-nav-${entry.key}`).getAttribute('aria-current')).toBe('page');
      await page.keyboard.press('Escape');
      await page.getByTestId('centre-drawer').waitFor({ state: 'hidden' });
    });
  }

  it('moves between screens through the centre drawer alone', async () => {
    for (const entry of ENTRIES) {
      await page.getByTestId('centre-menu-button').click();
      await page.getByTestId(`centre-nav-${entry.key}`).click();
      await page.getByTestId('centre-drawer').waitFor({ state: 'hidden' });
      await expectAt(page, entry, 'centre-layout');
    }
  });
});

describe('navigation screenshots (en, zh, ru; light, dark; 390 and 1440 px)', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });

  it('signs in', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
  });

  for (const lang of ['en', 'zh', 'ru'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`shows the side menu and the drawers in ${lang}, ${theme}`, async () => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(baseUrl + '/center/machine');
        await look(page, lang, theme);
        await page.getByTestId('centre-nav').waitFor();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await screenshot(page, `nav-side-${lang}-${theme}-1440`);

        await page.setViewportSize(MOBILE);
        await page.getByTestId('centre-menu-button').click();
        await page.getByTestId('centre-drawer').waitFor();
        await screenshot(page, `nav-centre-drawer-${lang}-${theme}-390`);
        await page.keyboard.press('Escape');
        await page.getByTestId('centre-drawer').waitFor({ state: 'hidden' });
        await page.getByTestId('mobile-menu-button').click();
        await page.getByTestId('drawer-centre').waitFor();
        await screenshot(page, `nav-header-drawer-${lang}-${theme}-390`);
        await page.keyboard.press('Escape');
      });
    }
  }
});

describe('the assets and Chia PP tables in their cards (1440, 1280, 992 px)', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });

  it('signs in', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
  });

  for (const [path, table, action] of [
    ['/center/assets', 'assets-table', 'assets-transfer-'],
    ['/center/chiapp', 'chiapp-table', 'chiapp-unbind-'],
  ] as const) {
    it(`keeps the actions of ${path} in view, beside the side menu`, async () => {
      await page.goto(baseUrl + path);
      for (const width of [1440, 1280, 992]) {
        await page.setViewportSize({ width, height: 900 });
        const box = page.getByTestId(table);
        await box.waitFor();
        // Every row's action button lies inside the table's visible box, not beyond a sideways scroll.
        const buttons = page.locator(`[data-testid^="${action}"]`);
        await expect.poll(() => buttons.count()).toBeGreaterThan(0);
        const tableBox = await box.boundingBox();
        for (const button of await buttons.all()) {
          const b = await button.boundingBox();
          expect(b && tableBox && b.x >= tableBox.x && b.x + b.width <= tableBox.x + tableBox.width + 1, `${path} at ${width} px`).toBe(true);
        }
        await screenshot(page, `table-${path.split('/').pop()}-${width}`);
      }
    });
  }
});
