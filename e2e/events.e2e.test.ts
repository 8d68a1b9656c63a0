import { addressFromBytes } from '@platter/domain';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption } from './support/select.ts';
import { apiCall, logIn, look, registeredUser } from './support/session.ts';

/**
 * Event messages and success feedback (issue 20) in a real browser against the running
 * platform: a devnet deposit credited, a withdrawal approved and sent with its TXID, another
 * rejected with its reason, a transfer from another user (masked), and a sign-in from a new
 * device each appear in the bell; every form that changes something answers with a success
 * message (address saved, remark saved, withdrawal submitted and cancelled, transfer sent,
 * address removed). The bell and the messages page are shot in en, zh and ru, light and
 * dark, desktop and 390 px. (Auto Pay's run needs a settled mining day: its messages are
 * proven on the database, modules/events/events.test.ts.)
 */

const PASSWORD = 'events-pass1';
const CODE_INTERVAL_MS = inject('codeResendMs') + 1_000;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const toast = (page: Page, text: string) => page.locator('.success-toast', { hasText: text }).waitFor();

/** The verification's e-mail code: sent from the dialog, read from the development mailbox. */
async function enterEmailCode(page: Page, email: string, lastSent: { at: number }): Promise<void> {
  const wait = lastSent.at + CODE_INTERVAL_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  const before = new Set((await apiCall<{ id: string }[]>(page, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`)).map((m) => m.id));
  await page.getByTestId('verify-email-send').click();
  lastSent.at = Date.now();
  let code = '';
  await expect
    .poll(async () => {
      const mails = await apiCall<{ id: string; text: string }[]>(page, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      code = mails.filter((m) => !before.has(m.id)).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '')[0] ?? '';
      return code;
    })
    .not.toBe('');
  await page.getByTestId('verify-email-code').fill(code);
}

/** The user's messages as GetMessage answers them (reading them there marks none read). */
async function messages(page: Page): Promise<{ title: string; content: string }[]> {
  return (await apiCall<{ list: { title: string; content: string }[] }>(page, 'GET', '/api/user/GetMessage?page=1&count=20&status=0&type=all')).list;
}
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The titles the bell's dropdown lists, newest first (opened afresh). */
async function bellTitles(page: Page): Promise<string[]> {
  await page.goto(inject('baseUrl') + '/assets');
  await page.getByTestId('header-bell').click();
  await page.getByTestId('bell-dropdown').waitFor();
  await expect.poll(() => page.locator('[data-testid^="bell-item-"]').count()).toBeGreaterThan(0);
  return page.locator('.bell-panel__item-title').allTextContents();
}

describe('event messages in the bell, and success messages after each change', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });
  const email = `events-${Date.now()}@e2e.test`;
  const lastSent = { at: 0 };
  let addressId = '';
  const withdrawals: string[] = [];

  it('saves an address and its remark, each with a success message', async () => {
    // The server's first minutes (the simulator writing its history) can be slow: wait until a cheap call is quick.
    await expect
      .poll(
        async () => {
          const start = Date.now();
          await page.request.get(baseUrl + '/api/setting/coin', { timeout: 60_000 }).catch(() => undefined);
          return Date.now() - start;
        },
        { timeout: 300_000, interval: 2_000 },
      )
      .toBeLessThan(1_500);
    await registeredUser(page, email, PASSWORD);
    await page.goto(baseUrl + '/center/address');
    await page.getByTestId('address-add').click();
    await page.getByTestId('address-dialog-add').waitFor();
    await chooseOption(page, page.getByTestId('address-add-coin'), page.getByTestId('address-add-coin-option-CHIA').last());
    await page.getByTestId('address-add-address').fill(addressFromBytes('CHIA', randomBytes(32)));
    await enterEmailCode(page, email, lastSent);
    await page.getByTestId('address-add-submit').click();
    await toast(page, 'Address saved.');
    const row = page.locator('[data-testid^="address-row-"]').first();
    await row.waitFor();
    addressId = ((await row.getAttribute('data-testid')) ?? '').replace('address-row-', '');
    await page.getByTestId(`address-edit-${addressId}`).click();
    await page.getByTestId('address-remark-input').fill('events');
    await page.getByTestId('address-remark-submit').click();
    await toast(page, 'Remark saved.');
    await screenshot(page, 'events-toast-remark-en-light');
  }, 420_000);

  it('a devnet deposit, once credited, is a message in the bell', async () => {
    const { address } = await apiCall<{ address: string }>(page, 'GET', '/api/assets/rechargeaddress?coin=CHIA');
    await apiCall(page, 'POST', '/api/dev/devnet/send', { coin: 'CHIA', address, amount: '10' });
    await expect
      .poll(async () => (await apiCall<{ list: { status: string }[] }>(page, 'GET', '/api/log/recharge?page=1&count=10')).list[0]?.status, { timeout: 150_000 })
      .toBe('credited');
    expect(await bellTitles(page)).toEqual(['Deposit credited']);
  }, 180_000);

  it('submits three withdrawals and cancels one, each with a success message', async () => {
    for (const amount of ['2', '1', '1']) {
      await page.goto(baseUrl + '/assets');
      await page.getByTestId('assets-withdraw-CHIA').click();
      await page.getByTestId('withdraw-dialog').waitFor();
      await chooseOption(page, page.getByTestId('withdraw-address'), page.getByTestId(`withdraw-address-option-${addressId}`).last());
      await page.getByTestId('withdraw-amount').fill(amount);
      await enterEmailCode(page, email, lastSent);
      await page.getByTestId('withdraw-submit').click();
      await toast(page, 'Withdrawal submitted.');
      const row = page.locator('[data-testid^="withdrawal-row-"]').first();
      await expect.poll(async () => ((await row.getAttribute('data-testid')) ?? '').replace('withdrawal-row-', '')).not.toBe(withdrawals.at(-1) ?? '');
      withdrawals.push(((await row.getAttribute('data-testid')) ?? '').replace('withdrawal-row-', ''));
    }
    await screenshot(page, 'events-toast-withdraw-en-light');
    const third = withdrawals[2] ?? '';
    await page.getByTestId(`withdrawal-cancel-${third}`).click();
    await page.getByTestId('withdrawal-cancel-confirm').click();
    await toast(page, 'Withdrawal cancelled.');
    await expect.poll(() => page.getByTestId(`withdrawal-status-${third}`).getAttribute('data-status')).toBe('CANCELED');
  }, 120_000);

  it('the back office approves one (then it is sent) and rejects one: each is a message, with the TXID and the reason', async () => {
    const admin = await openBrowser({ viewport: DESKTOP });
    await logIn(admin.page, inject('adminEmail'), inject('adminPassword'));
    const [first = '', second = ''] = withdrawals;
    await apiCall(admin.page, 'POST', '/api/admin/auditbatchwithdrawbalance', { ids: [first], approve: true, reason: '' });
    await apiCall(admin.page, 'POST', '/api/admin/auditbatchwithdrawbalance', { ids: [second], approve: false, reason: 'address on a watch list' });
    await expect
      .poll(async () => (await apiCall<{ list: { id: string; status: string }[] }>(page, 'GET', '/api/log/withdraw?page=1&count=10')).list.find((w) => w.id === first)?.status, {
        timeout: 90_000,
      })
      .toBe('SENT');
    expect(await bellTitles(page)).toEqual(['Withdrawal sent', 'Withdrawal rejected', 'Withdrawal approved', 'Deposit credited']);
    await page.locator('.bell-panel__item', { hasText: 'Withdrawal sent' }).click();
    await page.getByTestId('inmail-message').waitFor();
    expect(await page.getByTestId('inmail-message-content').textContent()).toMatch(/Your withdrawal of 1\.9999 XCH to xch1\S+ has been sent\.TXID: [0-9a-f]{64}/);
    const rejected = (await messages(page)).find((m) => m.title === 'Withdrawal rejected');
    expect(textOf(rejected?.content ?? '')).toBe('Your withdrawal of 1 XCH was rejected and the amount returned to your balance. Reason: address on a watch list');
  }, 150_000);

  it('a transfer from another user is a message to the recipient, the sender masked; the sender sees a success message', async () => {
    const recipient = await openBrowser({ viewport: DESKTOP });
    const recipientEmail = `events-payee-${Date.now()}@e2e.test`;
    await registeredUser(recipient.page, recipientEmail, PASSWORD);
    await page.goto(baseUrl + '/assets');
    await page.getByTestId('assets-transfer-CHIA').click();
    await page.getByTestId('transfer-dialog').waitFor();
    await page.getByTestId('transfer-to').fill(recipientEmail);
    await page.getByTestId('transfer-amount').fill('1.5');
    await enterEmailCode(page, email, lastSent);
    await page.getByTestId('transfer-submit').click();
    await expect.poll(() => page.getByTestId('transfer-done').textContent()).toBe(`1.5 XCH sent to ${recipientEmail}`);
    expect(await bellTitles(recipient.page)).toEqual(['Transfer received']);
    await recipient.page.locator('.bell-panel__item').first().click();
    await expect
      .poll(() => recipient.page.getByTestId('inmail-message-content').textContent())
      .toBe(`${email.slice(0, 3)}***@e2e.test sent you 1.5 XCH. It is in your available balance.`);
  }, 120_000);

  it('a sign-in from a new device is a message; removing the address answers with a success message', async () => {
    const phone = await openBrowser({ viewport: MOBILE });
    await phone.context.setExtraHTTPHeaders({ 'user-agent': IPHONE });
    await logIn(phone.page, email, PASSWORD);
    const titles = await bellTitles(page);
    expect(titles[0]).toBe('Sign-in from a new device');
    const signIn = (await messages(page)).find((m) => m.title === 'Sign-in from a new device');
    expect(textOf(signIn?.content ?? '')).toMatch(/^Your account was signed in from Safari on iOS, IP 127\.0\.0\.1 \(.+\)\./);

    await page.goto(baseUrl + '/center/address');
    await page.getByTestId(`address-delete-${addressId}`).click();
    await page.getByTestId('address-delete-confirm').click();
    await toast(page, 'Address removed.');
  }, 60_000);

  for (const lang of ['en', 'zh', 'ru'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`shows the bell and the messages page (${lang}, ${theme}, desktop and 390 px)`, async () => {
        await page.setViewportSize(DESKTOP);
        await look(page, lang, theme);
        await page.goto(baseUrl + '/assets');
        await page.getByTestId('header-bell').click();
        await page.getByTestId('bell-dropdown').waitFor();
        // Unread: the new-device sign-in, the rejection, the approval, the deposit (the sent one was opened).
        await expect.poll(() => page.locator('[data-testid^="bell-item-"]').count()).toBe(4);
        await screenshot(page, `events-bell-${lang}-${theme}`);
        await page.goto(baseUrl + '/inmail');
        await expect.poll(() => page.locator('[data-testid^="inmail-item-"]').count()).toBe(5);
        await screenshot(page, `events-inmail-${lang}-${theme}`);
        // The message already read (the withdrawal sent): its page, with the TXID as code.
        await page.locator('[data-testid^="inmail-item-"][data-status="1"]').first().click();
        await page.getByTestId('inmail-message').waitFor();
        await screenshot(page, `events-message-${lang}-${theme}`);
        await page.goto(baseUrl + '/inmail');
        await page.setViewportSize(MOBILE);
        await page.reload();
        await expect.poll(() => page.locator('[data-testid^="inmail-item-"]').count()).toBe(5);
        await screenshot(page, `events-inmail-${lang}-${theme}-phone`);
        await page.getByTestId('mobile-menu-button').click();
        await expect.poll(() => page.getByTestId('drawer-inmail-dot').getAttribute('data-unread')).not.toBe('0');
        await screenshot(page, `events-drawer-${lang}-${theme}-phone`);
      });
    }
  }
});
