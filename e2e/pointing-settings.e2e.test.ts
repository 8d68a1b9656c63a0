import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { apiCall, logIn, look } from './support/session.ts';

/**
 * The back office's pointing settings (issue 22): the admin finds /admin/point_settings in the
 * admin menu, sees each coin with the spec's values, is stopped before sending shares over
 * 100 %, saves a coin's new margin and window, and a coin owner's settings call shows them.
 * Screenshots in en/zh/ru, light and dark, desktop and phone.
 */

interface Settings {
  count_share: string;
  margin_share: string;
  verify_window_blocks: number;
}

describe('the admin sets a coin’s pointing settings', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });

  it('reaches the page from the admin menu and sees the spec’s values', async () => {
    await logIn(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto(`${baseUrl}/admin`);
    await page.getByTestId('admin-menu-point_settings').click();
    await page.getByTestId('admin-point-settings-page').waitFor();
    expect(await page.getByTestId('point-settings-HDD-count').inputValue()).toBe('80');
    expect(await page.getByTestId('point-settings-HDD-margin').inputValue()).toBe('20');
    expect(await page.getByTestId('point-settings-XHD-count').inputValue()).toBe('100');
    expect(await page.getByTestId('point-settings-XHD-margin').inputValue()).toBe('0');
    expect(await page.getByTestId('point-settings-HDD-window').inputValue()).toBe('20');
  });

  it('refuses shares over 100 % before sending, then saves a new margin and window', async () => {
    await page.getByTestId('point-settings-HDD-margin').fill('30');
    await page.getByTestId('point-settings-HDD-save').click();
    await page.getByTestId('point-settings-HDD').getByText('Counted share and margin together at most 100 %').waitFor();
    expect((await apiCall<Settings>(page, 'GET', '/api/point/settings?coin=HDD')).margin_share).toBe('20');
    await page.getByTestId('point-settings-HDD-count').fill('70');
    await page.getByTestId('point-settings-HDD-window').fill('25');
    await page.getByTestId('point-settings-HDD-save').click();
    await page.getByText('HDD pointing settings saved').waitFor();
    expect(await apiCall<Settings>(page, 'GET', '/api/point/settings?coin=HDD')).toMatchObject({ count_share: '70', margin_share: '30', verify_window_blocks: 25 });
    await page.reload();
    expect(await page.getByTestId('point-settings-HDD-margin').inputValue()).toBe('30');
  });

  it('shows the page in en, zh and ru, light and dark, desktop and phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      for (const lang of ['en', 'zh', 'ru'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.goto(`${baseUrl}/admin/point_settings`);
          await look(page, lang, theme);
          await page.getByTestId('point-settings-BHD').waitFor();
          await screenshot(page, `point-settings-${lang}-${theme}-${viewport === MOBILE ? '390' : '1366'}`);
        }
      }
    }
  }, 240_000);
});
