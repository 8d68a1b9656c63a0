import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption } from './support/select.ts';
import { apiCall, logIn, look, registeredUser } from './support/session.ts';

/**
 * The wallet's back office in a real browser against the running platform: the admin sets a
 * coin's withdrawal fee (and a user's quote uses it), adjusts a new user's balance with a
 * reason (the user's assets show it; a deduction beyond the balance is refused with 10101),
 * and the new screens are photographed in en/zh/ru, light and dark, desktop and phone width.
 */

const PASSWORD = 'miner-pass1';
/** Not CHIA: the wallet test quotes CHIA's seeded fee, and both files share one server. */
const FEE_COIN = 'MASS';

async function openTab(page: Page, tab: 'review' | 'pending' | 'fees'): Promise<void> {
  await page.getByTestId(`withdraw-review-tab-${tab}`).click();
}

describe('the wallet back office: withdrawal fee, balance adjustment (admin)', async () => {
  const admin = await openBrowser({ viewport: DESKTOP });
  const user = await openBrowser({ viewport: DESKTOP });
  const baseUrl = admin.baseUrl;
  let seededFee = '';

  afterAll(async () => {
    // Leave the shared server as seeded for the other browser tests.
    if (seededFee) await apiCall(admin.page, 'POST', '/api/admin/updatewithdrawfee', { coin: FEE_COIN, fee: seededFee });
  });

  it('sets a coin’s withdrawal fee, refusing an empty one; a user’s quote uses the new fee', async () => {
    await logIn(admin.page, inject('adminEmail'), inject('adminPassword'));
    await admin.page.goto(baseUrl + '/admin/withdraw_review');
    await openTab(admin.page, 'fees');
    const fee = admin.page.getByTestId(`withdraw-fee-${FEE_COIN}`);
    seededFee = (await fee.textContent()) ?? '';
    expect(seededFee).toBe('0.1');

    await admin.page.getByTestId(`withdraw-fee-edit-${FEE_COIN}`).click();
    const input = admin.page.getByTestId('withdraw-fee-input');
    await input.fill('');
    await admin.page.getByTestId('withdraw-fee-submit').click();
    expect(await admin.page.getByTestId('withdraw-fee-error').textContent()).toBe('Required.');
    await input.fill('0.25');
    await screenshot(admin.page, 'wallet-admin-fee-dialog-en-light');
    await admin.page.getByTestId('withdraw-fee-submit').click();
    await admin.page.getByTestId('withdraw-fee-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => fee.textContent()).toBe('0.25');
    await screenshot(admin.page, 'wallet-admin-fees-en-light');
  });

  it('adjusts a user’s balance with a reason: the user’s assets show it; a deduction beyond it is refused (10101)', async () => {
    const uid = await registeredUser(user.page, `adjusted-${Date.now()}@e2e.test`, PASSWORD);
    const assets = await apiCall<{ currency: { type: string; withdraw_fee: string }[] }>(user.page, 'GET', '/api/assets/totalassets');
    expect(assets.currency.find((c) => c.type === FEE_COIN)?.withdraw_fee).toBe('0.25');

    await admin.page.goto(baseUrl + '/admin/deposit_withdrawal');
    const adjust = async (amount: string, reason: string) => {
      await admin.page.getByTestId('balance-adjust-open').click();
      await admin.page.getByTestId('balance-adjust-dialog').waitFor();
      await admin.page.getByTestId('balance-adjust-uid').fill(uid);
      await chooseOption(admin.page, admin.page.getByTestId('balance-adjust-coin'), admin.page.getByTestId('balance-adjust-coin-option-CHIA').last());
      await admin.page.getByTestId('balance-adjust-amount').fill(amount);
      await admin.page.getByTestId('balance-adjust-reason').fill(reason);
    };

    await adjust('12.5', '');
    await admin.page.getByTestId('balance-adjust-submit').click();
    expect(await admin.page.getByTestId('balance-adjust-reason-error').textContent()).toBe('Required.');
    await admin.page.getByTestId('balance-adjust-reason').fill('compensation for a missed payout');
    await screenshot(admin.page, 'wallet-admin-adjust-en-light');
    await admin.page.getByTestId('balance-adjust-submit').click();
    await admin.page.getByTestId('balance-adjust-dialog').waitFor({ state: 'detached' });
    expect(await admin.page.getByTestId('balance-adjust-result').textContent()).toContain(`${uid} adjusted by +12.5 XCH`);
    await screenshot(admin.page, 'wallet-admin-adjusted-en-light');

    await user.page.goto(baseUrl + '/assets');
    await expect.poll(() => user.page.getByTestId('assets-available-CHIA').textContent()).toBe('12.5');

    await adjust('-20', 'correction');
    await admin.page.getByTestId('balance-adjust-submit').click();
    expect(await admin.page.getByTestId('balance-adjust-refused').getAttribute('data-code')).toBe('10101');
    await screenshot(admin.page, 'wallet-admin-adjust-refused-en-light');
    await admin.page.keyboard.press('Escape');
    await user.page.reload();
    await expect.poll(() => user.page.getByTestId('assets-available-CHIA').textContent()).toBe('12.5');
  });

  const looks = [
    { lang: 'en', theme: 'dark', size: 'phone', text: 'Withdrawal fee per coin' },
    { lang: 'zh', theme: 'dark', size: 'desktop', text: '各幣種提領手續費' },
    { lang: 'zh', theme: 'light', size: 'phone', text: '各幣種提領手續費' },
    { lang: 'ru', theme: 'light', size: 'desktop', text: 'Комиссия за вывод по монетам' },
    { lang: 'ru', theme: 'dark', size: 'phone', text: 'Комиссия за вывод по монетам' },
  ] as const;

  it('looks right in en/zh/ru, light and dark, on a desktop and at phone width', async () => {
    const page = admin.page;
    for (const { lang, theme, size, text } of looks) {
      const name = `${lang}-${theme}${size === 'phone' ? '-phone' : ''}`;
      await page.setViewportSize(size === 'phone' ? MOBILE : DESKTOP);
      await page.goto(baseUrl + '/admin/withdraw_review');
      await look(page, lang, theme);
      await openTab(page, 'fees');
      await expect.poll(() => page.getByTestId('withdraw-review-page').textContent()).toContain(text);
      await page.getByTestId(`withdraw-fee-${FEE_COIN}`).waitFor();
      await screenshot(page, `wallet-admin-fees-${name}`);
      await openTab(page, 'pending');
      await page.getByTestId('withdraw-pending-table').waitFor();
      await screenshot(page, `wallet-admin-pending-${name}`);
      await page.goto(baseUrl + '/admin/deposit_withdrawal');
      await page.getByTestId('balance-adjust-open').click();
      await page.getByTestId('balance-adjust-dialog').waitFor();
      await screenshot(page, `wallet-admin-adjust-${name}`);
    }
  }, 60_000);
});
