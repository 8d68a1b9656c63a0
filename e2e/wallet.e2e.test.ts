import { addressFromBytes } from '@platter/domain';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption, clickSettled } from './support/select.ts';
import { logIn } from './support/session.ts';

/**
 * The wallet end to end in a real browser against the running platform (devnet blocks every
 * 0.2 s, approved withdrawals sent at once; see support/global-setup): a devnet deposit is
 * credited, an address is added with the e-mailed code, two withdrawals are made, one is
 * cancelled, the back office approves the other in a batch, the user sees it sent with its
 * TXID, 1.5 XCH go to another user by internal transfer, Auto Pay is set, and the bill is
 * exported as CSV.
 */

const PASSWORD = 'miner-pass1';
/** The server refuses a second code to the same address within its resend interval (set short for the tests). */
const CODE_INTERVAL_MS = inject('codeResendMs') + 1_000;

type Envelope<T> = { code: number; msg: string; data: T };

/** A call from inside the page: its cookies, and the CSRF header on state-changing calls. */
async function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = /(?:^|;\s*)platter_csrf=([^;]*)/.exec(document.cookie)?.[1];
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (method !== 'GET' && csrf) headers['x-csrf-token'] = decodeURIComponent(csrf);
      const res = await fetch(path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
      return (await res.json()) as Envelope<T>;
    },
    { method, path, body },
  ) as Promise<Envelope<T>>;
}

async function must<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await call<T>(page, method, path, body);
  if (answer.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

async function captcha(page: Page): Promise<{ session: string; captcha: string }> {
  const { session } = await must<{ session: string }>(page, 'GET', '/api/user/requestsession');
  await call(page, 'GET', `/api/user/verificationcode?session=${encodeURIComponent(session)}`).catch(() => undefined);
  const { answer } = await must<{ answer: string }>(page, 'GET', `/api/dev/captcha?session=${encodeURIComponent(session)}`);
  return { session, captcha: answer };
}

type Mail = { id: string; text: string; created_at: number };

async function mailbox(page: Page, to: string): Promise<Mail[]> {
  return must<Mail[]>(page, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(to)}`);
}

/** Waits for a message to `to` newer than `after` (message ids) matching `pattern`. */
async function newMail(page: Page, to: string, seen: Set<string>, pattern: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        for (const m of await mailbox(page, to)) {
          if (seen.has(m.id)) continue;
          found = pattern.exec(m.text);
          if (found) {
            seen.add(m.id);
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as unknown as RegExpExecArray;
}

async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(baseUrl + '/');
  await must(page, 'POST', '/api/user/login', { method: 'email', email, password, ...(await captcha(page)) });
}

/** Registers through the API, activates with the mailed token, signs in. */
async function newUser(page: Page, baseUrl: string, email: string): Promise<Set<string>> {
  await page.goto(baseUrl + '/');
  await must(page, 'POST', '/api/user/register', { email, password: PASSWORD, confirm_password: PASSWORD, agreement: true, ...(await captcha(page)) });
  const seen = new Set<string>();
  const link = await newMail(page, email, seen, /\/register\/activate\?token=([\w-]+)/);
  await must(page, 'POST', '/api/user/activate', { token: link[1] });
  await signIn(page, baseUrl, email, PASSWORD);
  return seen;
}

/** Sends the e-mail code of the open verification and types it in (waiting out the resend interval). */
async function enterEmailCode(page: Page, email: string, seen: Set<string>, lastSent: { at: number }): Promise<void> {
  const wait = lastSent.at + CODE_INTERVAL_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByTestId('verify-email-send').click();
  lastSent.at = Date.now();
  const code = await newMail(page, email, seen, /\b(\d{6})\b/);
  await page.getByTestId('verify-email-code').fill(code[1] ?? '');
}

async function choose(page: Page, select: string, option: string): Promise<void> {
  await chooseOption(page, page.getByTestId(select), page.getByTestId(option).last());
}

/** A fresh, checksum-valid xch address (the address book checks bech32m). */
const randomAddress = () => addressFromBytes('CHIA', randomBytes(32));

describe('the wallet from a devnet deposit to a sent withdrawal (English, desktop)', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });
  const email = `wallet-${Date.now()}@e2e.test`;
  let seen = new Set<string>();
  const lastSent = { at: 0 };
  const payee = randomAddress();
  let addressId = '';
  const withdrawalIds: string[] = [];

  it('shows every coin of the assets page with zero balances', async () => {
    seen = await newUser(page, baseUrl, email);
    await page.goto(baseUrl + '/assets');
    await page.getByTestId('assets-page').waitFor();
    await page.getByTestId('assets-row-CHIA').waitFor();
    expect(await page.getByTestId('assets-available-CHIA').textContent()).toBe('0');
    await screenshot(page, 'wallet-assets-en-light');
  });

  it('adds an address with the e-mailed code and edits its remark', async () => {
    await page.goto(baseUrl + '/center/address');
    await page.getByTestId('address-book-page').waitFor();
    await page.getByTestId('address-add').click();
    await page.getByTestId('address-dialog-add').waitFor();
    await choose(page, 'address-add-coin', 'address-add-coin-option-CHIA');
    await page.getByTestId('address-add-address').fill('xch1bad');
    await page.getByTestId('address-add-invalid').waitFor();
    await page.getByTestId('address-add-address').fill(payee);
    await page.getByTestId('address-add-invalid').waitFor({ state: 'detached' });
    await page.getByTestId('address-add-remark').fill('cold wallet');
    await enterEmailCode(page, email, seen, lastSent);
    await screenshot(page, 'wallet-address-add-en-light');
    await page.getByTestId('address-add-submit').click();
    await page.getByTestId('address-dialog-add').waitFor({ state: 'detached' });
    const row = page.locator('[data-testid^="address-row-"]').first();
    await row.waitFor();
    addressId = ((await row.getAttribute('data-testid')) ?? '').replace('address-row-', '');
    expect(await page.getByTestId(`address-text-${addressId}`).textContent()).toBe(payee);

    await page.getByTestId(`address-edit-${addressId}`).click();
    await page.getByTestId('address-remark-input').fill('cold storage');
    await page.getByTestId('address-remark-submit').click();
    await expect.poll(() => page.getByTestId(`address-remark-${addressId}`).textContent()).toBe('cold storage');
    await screenshot(page, 'wallet-address-book-en-light');
  });

  it('credits a devnet deposit after its confirmations', async () => {
    await page.goto(baseUrl + '/assets');
    await page.getByTestId('assets-deposit-CHIA').click();
    await page.getByTestId('deposit-dialog').waitFor();
    expect(await page.getByTestId('deposit-address').textContent()).toMatch(/^xch1/);
    expect(await page.getByTestId('deposit-confirmations').textContent()).toContain('32');
    await page.getByTestId('devnet-amount').fill('10');
    await page.getByTestId('devnet-submit').click();
    await page.getByTestId('devnet-sent').waitFor();
    await page.locator('[data-testid^="deposit-row-"]').first().waitFor();
    await screenshot(page, 'wallet-deposit-en-light');
    await expect.poll(() => page.locator('[data-testid^="deposit-row-"]').first().getAttribute('data-status'), { timeout: 40_000 }).toBe('credited');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('assets-available-CHIA').textContent(), { timeout: 15_000 }).toBe('10');
  }, 60_000);

  for (const amount of ['2', '3']) {
    it(`withdraws ${amount} XCH with the live fee and the e-mailed code`, async () => {
      await page.getByTestId('assets-withdraw-CHIA').click();
      await page.getByTestId('withdraw-dialog').waitFor();
      await choose(page, 'withdraw-address', `withdraw-address-option-${addressId}`);
      await page.getByTestId('withdraw-amount').fill(amount);
      await expect.poll(() => page.getByTestId('withdraw-quote-received').textContent()).toBe(`${Number(amount) - 1}.9999 XCH`);
      expect(await page.getByTestId('withdraw-quote-fee').textContent()).toBe('0.0001 XCH');
      await enterEmailCode(page, email, seen, lastSent);
      if (amount === '2') await screenshot(page, 'wallet-withdraw-en-light');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('withdraw-dialog').waitFor({ state: 'detached' });
      const row = page.locator('[data-testid^="withdrawal-row-"]').first();
      await expect.poll(async () => ((await row.getAttribute('data-testid')) ?? '').replace('withdrawal-row-', '')).not.toBe(withdrawalIds[0] ?? '');
      withdrawalIds.push(((await row.getAttribute('data-testid')) ?? '').replace('withdrawal-row-', ''));
      expect(await page.getByTestId(`withdrawal-status-${withdrawalIds.at(-1) ?? ''}`).getAttribute('data-status')).toBe('AUDITING');
    }, 120_000);
  }

  it('cancels the second withdrawal: the amount returns', async () => {
    const [, second = ''] = withdrawalIds;
    await page.getByTestId(`withdrawal-cancel-${second}`).click();
    const confirm = page.getByTestId('withdrawal-cancel-confirm');
    await confirm.click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId(`withdrawal-status-${second}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('CANCELED');
    await expect.poll(() => page.getByTestId('assets-available-CHIA').textContent()).toBe('8');
    expect(await page.getByTestId('assets-withdrawing-CHIA').textContent()).toBe('2');
    await screenshot(page, 'wallet-withdrawals-en-light');
  });

  it('is sent after the back office approves it in a batch on the review page, with its TXID', async () => {
    const admin = await openBrowser({ viewport: DESKTOP });
    // The back office's sign-in asks the admin's authenticator code too (support/session).
    await logIn(admin.page, inject('adminEmail'), inject('adminPassword'));
    const [first = '', second = ''] = withdrawalIds;
    await admin.page.goto(baseUrl + '/admin/withdraw_review');
    await admin.page.getByTestId('withdraw-review-page').waitFor();
    await admin.page.getByTestId(`admin-withdrawal-row-${first}`).waitFor();
    expect(await admin.page.getByTestId(`admin-withdrawal-row-${second}`).count()).toBe(0);
    await admin.page.getByTestId(`withdraw-review-check-${first}`).click();
    await expect.poll(() => admin.page.getByTestId('withdraw-review-selected').textContent()).toMatch(/1/);
    await screenshot(admin.page, 'wallet-admin-review-en-light');
    await admin.page.getByTestId('withdraw-review-approve').click();
    await admin.page.getByTestId('withdraw-review-approve-confirm').click();
    await expect.poll(() => admin.page.getByTestId('withdraw-review-result').textContent()).toMatch(/1 done, 0 skipped/);
    await admin.page.getByTestId(`admin-withdrawal-row-${first}`).waitFor({ state: 'detached' });

    await admin.page.goto(baseUrl + '/admin/deposit_withdrawal');
    await admin.page.getByTestId('admin-withdrawals-page').waitFor();
    await expect.poll(() => admin.page.getByTestId(`admin-withdrawal-status-${second}`).getAttribute('data-status')).toBe('CANCELED');
    await expect.poll(() => admin.page.getByTestId(`admin-withdrawal-status-${first}`).getAttribute('data-status'), { timeout: 20_000 }).toMatch(/SENT/);
    await screenshot(admin.page, 'wallet-admin-withdrawals-en-light');
    await expect.poll(() => page.getByTestId(`withdrawal-status-${first}`).getAttribute('data-status'), { timeout: 90_000 }).toBe('SENT');
    expect(await page.getByTestId(`withdrawal-txid-${first}`).textContent()).toMatch(/\S{6,}/);
    await expect.poll(() => page.getByTestId('assets-withdrawing-CHIA').textContent(), { timeout: 15_000 }).toBe('0');
    await page.getByTestId('withdrawal-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'wallet-sent-en-light');
  }, 150_000);

  it('transfers 1.5 XCH to another user with the e-mailed code: it arrives at once', async () => {
    const recipient = await openBrowser({ viewport: DESKTOP });
    const recipientEmail = `payee-${Date.now()}@e2e.test`;
    await newUser(recipient.page, baseUrl, recipientEmail);
    await page.goto(baseUrl + '/assets');
    await page.getByTestId('assets-transfer-CHIA').click();
    await page.getByTestId('transfer-dialog').waitFor();
    await page.getByTestId('transfer-to').fill(recipientEmail);
    await page.getByTestId('transfer-amount').fill('0.05');
    await expect.poll(() => page.getByTestId('transfer-amount-error').textContent()).toContain('0.1 XCH');
    await page.getByTestId('transfer-amount').fill('1.5');
    await page.getByTestId('transfer-amount-error').waitFor({ state: 'detached' });
    await enterEmailCode(page, email, seen, lastSent);
    await screenshot(page, 'wallet-transfer-en-light');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('transfer-done').textContent()).toBe(`1.5 XCH sent to ${recipientEmail}`);
    await expect.poll(() => page.getByTestId('assets-available-CHIA').textContent()).toBe('6.5');

    await recipient.page.goto(baseUrl + '/assets');
    await expect.poll(() => recipient.page.getByTestId('assets-available-CHIA').textContent()).toBe('1.5');
  }, 120_000);

  it('sets Auto Pay to the address at 100 % with a minimum pay; it stays set and shows on the assets page', async () => {
    await page.goto(baseUrl + '/center/address');
    const panel = page.getByTestId('autopay-panel');
    await panel.waitFor();
    await page.getByTestId(`autopay-line-${addressId}`).waitFor();
    await page.getByTestId('autopay-enabled').click();
    await expect.poll(() => page.getByTestId('autopay-problem').getAttribute('data-problem')).toBe('needRecipient');
    await page.getByTestId(`autopay-include-${addressId}`).click();
    await page.getByTestId(`autopay-ratio-${addressId}`).fill('60');
    await expect.poll(() => page.getByTestId('autopay-problem').getAttribute('data-problem')).toBe('total');
    expect(await page.getByTestId('autopay-save').isDisabled()).toBe(true);
    await page.getByTestId('autopay-split').click();
    await expect.poll(() => page.getByTestId(`autopay-ratio-${addressId}`).inputValue()).toBe('100');
    await page.getByTestId(`autopay-minpay-${addressId}`).fill('0.5');
    // Turning Auto Pay on asks for the security verification, as a withdrawal does.
    await enterEmailCode(page, email, seen, lastSent);
    await page.getByTestId('autopay-save').click();
    await page.getByTestId('autopay-saved').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'wallet-autopay-en-light');

    await page.reload();
    await page.getByTestId(`autopay-line-${addressId}`).waitFor();
    await expect.poll(() => page.getByTestId(`autopay-ratio-${addressId}`).inputValue()).toBe('100');
    expect(await page.getByTestId(`autopay-minpay-${addressId}`).inputValue()).toBe('0.5');
    expect(await page.getByTestId('autopay-enabled').getAttribute('aria-checked')).toBe('true');
    await page.goto(baseUrl + '/assets');
    await page.getByTestId('assets-autopay-CHIA').waitFor();
  });

  it('shows every balance change in the bill, filters it, and exports it as CSV', async () => {
    await page.goto(baseUrl + '/center/bill');
    await page.getByTestId('bill-page').waitFor();
    const amounts = page.locator('[data-testid^="bill-amount-"]');
    await expect.poll(() => amounts.allTextContents()).toEqual(expect.arrayContaining(['+10', '-2', '-3', '+3', '-1.5']));
    await choose(page, 'bill-filter-kind', 'bill-kind-option-deposit');
    await expect.poll(() => amounts.allTextContents()).toEqual(['+10']);
    await screenshot(page, 'wallet-bill-en-light');

    await page.getByTestId('bill-export').click();
    const link = page.getByTestId('bill-export-download');
    await link.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('time_utc,coin,kind,bucket,amount,counterparty,reference,memo');
    expect(lines.some((line) => line.includes('deposit') && line.includes('CHIA'))).toBe(true);
    expect(lines.some((line) => line.includes('withdrawal_hold'))).toBe(true);
  }, 60_000);

  it('looks right in the dark theme, in Chinese and Russian, and at phone width', async () => {
    await page.goto(baseUrl + '/assets');
    await page.getByTestId('assets-row-CHIA').waitFor();
    await page.getByTestId('theme-toggle').click();
    await screenshot(page, 'wallet-assets-en-dark');
    await page.getByTestId('lang-trigger').click();
    await clickSettled(page, page.getByTestId('lang-option-zh'));
    await expect.poll(() => page.getByTestId('assets-page').textContent()).toContain('資產');
    await screenshot(page, 'wallet-assets-zh-dark');
    // The transfer in the bill: its direction and the other party, in the reader's language (issue 19).
    await page.goto(baseUrl + '/center/bill');
    await expect.poll(() => page.getByTestId('bill-table').textContent()).toContain('轉給');
    await screenshot(page, 'wallet-bill-transfer-zh-dark');
    await page.getByTestId('lang-trigger').click();
    await clickSettled(page, page.getByTestId('lang-option-ru'));
    await expect.poll(() => page.getByTestId('bill-table').textContent()).toContain('получатель');
    await screenshot(page, 'wallet-bill-transfer-ru-dark');
    await page.goto(baseUrl + '/assets');
    await expect.poll(() => page.getByTestId('assets-page').textContent()).toContain('Активы');
    await page.setViewportSize(MOBILE);
    await page.getByTestId('assets-cards').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'wallet-assets-ru-dark-phone');
    await page.getByTestId('assets-withdraw-CHIA').click();
    await page.getByTestId('withdraw-dialog').waitFor();
    await screenshot(page, 'wallet-withdraw-ru-dark-phone');
    await page.keyboard.press('Escape');
    await page.getByTestId('withdraw-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('assets-transfer-CHIA').click();
    await page.getByTestId('transfer-dialog').waitFor();
    await screenshot(page, 'wallet-transfer-ru-dark-phone');
    await page.keyboard.press('Escape');
    await page.goto(baseUrl + '/center/address');
    await page.getByTestId('address-cards').waitFor();
    await screenshot(page, 'wallet-address-ru-dark-phone');
    await page.getByTestId('autopay-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'wallet-autopay-ru-dark-phone');
    await page.goto(baseUrl + '/center/bill');
    await page.getByTestId('bill-table').waitFor();
    await screenshot(page, 'wallet-bill-ru-dark-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('lang-trigger').click();
    await clickSettled(page, page.getByTestId('lang-option-en'));
  });

  it('sends a withdrawal without review once every pool of the coin has its withdrawal audit off (issue 22): the dialog says so, no cancel, SENT', async () => {
    const admin = await openBrowser({ viewport: DESKTOP });
    await logIn(admin.page, inject('adminEmail'), inject('adminPassword'));
    const setAudit = async (on: boolean) => {
      for (const pool of ['chia', 'chiapp', 'chiavip']) await must(admin.page, 'POST', '/api/admin/updatepoolconfig', { pool, withdraw_audit: on });
    };
    await setAudit(false);
    try {
      await page.goto(baseUrl + '/assets');
      await page.getByTestId('assets-withdraw-CHIA').click();
      await page.getByTestId('withdraw-dialog').waitFor();
      await expect.poll(() => page.getByTestId('withdraw-review-note').textContent()).toContain('sent without manual review');
      await choose(page, 'withdraw-address', `withdraw-address-option-${addressId}`);
      await page.getByTestId('withdraw-amount').fill('1');
      await enterEmailCode(page, email, seen, lastSent);
      await screenshot(page, 'wallet-withdraw-no-review-en-light');
      await page.getByTestId('withdraw-submit').click();
      await page.getByText('It is sent without review').waitFor();
      await page.getByTestId('withdraw-dialog').waitFor({ state: 'detached' });
      const row = page.locator('[data-testid^="withdrawal-row-"]').first();
      const idOf = async () => ((await row.getAttribute('data-testid')) ?? '').replace('withdrawal-row-', '');
      await expect.poll(async () => withdrawalIds.includes(await idOf())).toBe(false);
      const id = await idOf();
      // Past review at once: Sending, and nothing to cancel.
      expect(await page.getByTestId(`withdrawal-status-${id}`).getAttribute('data-status')).toMatch(/SENT/);
      expect(await page.getByTestId(`withdrawal-cancel-${id}`).count()).toBe(0);
      await expect.poll(() => page.getByTestId(`withdrawal-status-${id}`).getAttribute('data-status'), { timeout: 90_000 }).toBe('SENT');
      for (const lang of ['zh', 'ru'] as const) {
        await page.getByTestId('lang-trigger').click();
        await clickSettled(page, page.getByTestId(`lang-option-${lang}`));
        await page.getByTestId('assets-withdraw-CHIA').click();
        await expect.poll(() => page.getByTestId('withdraw-review-note').textContent()).toContain(lang === 'zh' ? '無需人工審核' : 'без ручной проверки');
        await screenshot(page, `wallet-withdraw-no-review-${lang}-light`);
        await page.keyboard.press('Escape');
        await page.getByTestId('withdraw-dialog').waitFor({ state: 'detached' });
      }
      await page.getByTestId('lang-trigger').click();
      await clickSettled(page, page.getByTestId('lang-option-en'));
    } finally {
      await setAudit(true);
    }
  }, 150_000);
});
