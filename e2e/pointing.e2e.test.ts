import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { apiCall, logIn, look, registeredUser } from './support/session.ts';

/**
 * A coin owner's whole path (issue 22) on the devnet BHD chain (a block about every 5 s,
 * support/global-setup): the user binds a source address on /center/pointing, makes the
 * verification point from it to the pool's address (the devnet's sendpledgetoaddress stands in
 * for the user's wallet), sees the binding confirmed and the pointing effective with its margin
 * frozen, files a cancellation request; the back office approves it on /admin/point_review; the
 * user cancels in the wallet (the devnet's withdrawpledge) and gets the margin back. Screenshots
 * in en/zh/ru, light and dark, desktop and phone.
 */

interface Asset {
  type: string;
  available: string;
}
interface Record {
  id: string;
  txid: string;
  status: string;
  display: string;
  deposit: string;
}

async function available(page: Page): Promise<string> {
  const assets = await apiCall<{ list: Asset[] }>(page, 'GET', '/api/assets/totalassets');
  return assets.list.find((a) => a.type === 'BHD')?.available ?? '0';
}

const records = async (page: Page) => (await apiCall<{ list: Record[] }>(page, 'GET', '/api/point/records?coin=BHD')).list;

describe('a coin owner binds a source address, points, and cancels with the back office’s approval', async () => {
  const admin = await openBrowser({ viewport: DESKTOP });
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });
  let source = '';
  let recordId = '';

  it('binds a source address and sees it confirmed once the verification point is mined', async () => {
    await registeredUser(page, `pointing-${Date.now()}@e2e.test`, 'pointing-pass1');
    // The margin (20 % of 100 BHD) comes from the available balance: a devnet deposit first.
    const { address } = await apiCall<{ address: string }>(page, 'GET', '/api/assets/rechargeaddress?coin=BHD');
    await apiCall(page, 'POST', '/api/dev/devnet/send', { coin: 'BHD', address, amount: '30' });
    await expect.poll(async () => Number(await available(page)), { timeout: 150_000, interval: 500 }).toBeGreaterThanOrEqual(30);
    // The user's own chain address (here: its deposit address; any BHD address it holds).
    source = address;
    await page.goto(`${baseUrl}/center/pointing`);
    await page.getByTestId('pointing-page').waitFor();
    await page.getByTestId('point-bind-address').fill(source);
    await page.getByTestId('point-bind-remark').fill('cold wallet');
    await page.getByTestId('point-bind-submit').click();
    const status = page.locator('[data-testid^="point-address-status-"]').first();
    await status.waitFor();
    expect(['Waiting', 'Awaiting confirmation']).toContain(await status.textContent());
    expect(await page.locator('[data-testid^="point-address-hint-"]').first().textContent()).toContain('BHD');
    await screenshot(page, 'pointing-bound-en-light-1366');
    await apiCall(page, 'POST', '/api/dev/poc/point', { coin: 'BHD', from: source, amount: '100' });
    await expect.poll(() => status.textContent(), { timeout: 120_000, interval: 1000 }).toBe('Confirmed');
  }, 360_000);

  it('shows the pointing effective, with 20 BHD of margin frozen', async () => {
    await expect.poll(async () => (await records(page))[0]?.status, { timeout: 60_000, interval: 1000 }).toBe('POINT_VALID');
    const [record] = await records(page);
    recordId = record?.id ?? '';
    expect(record).toMatchObject({ deposit: '20', display: 'Effectived' });
    expect(Number(await available(page))).toBe(10);
    await page.reload();
    await expect.poll(() => page.getByTestId(`point-record-status-${recordId}`).textContent(), { timeout: 30_000 }).toBe('Effective');
    await screenshot(page, 'pointing-effective-en-light-1366');
  }, 120_000);

  it('offers to lock the effective pointing in finance, and says so when the owner holds no open BHD product', async () => {
    await page.getByTestId(`point-record-finance-${recordId}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('You have no open finance holding of BHD.').waitFor();
    expect(await dialog.getByRole('link', { name: 'See the finance products' }).getAttribute('href')).toBe('/center/investment');
    expect(await page.getByTestId('point-finance-submit').isDisabled()).toBe(true);
    await screenshot(page, 'pointing-finance-lock-en-light-1366');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }, 60_000);

  it('files a cancellation request', async () => {
    await page.getByTestId(`point-record-cancel-${recordId}`).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => page.getByTestId(`point-record-cancellation-${recordId}`).textContent(), { timeout: 30_000 }).toBe('Under review');
  }, 60_000);

  it('the back office approves it on /admin/point_review', async () => {
    await logIn(admin.page, inject('adminEmail'), inject('adminPassword'));
    await admin.page.goto(`${baseUrl}/admin/point_review`);
    await admin.page.getByTestId('admin-point-review-page').waitFor();
    const requests = await apiCall<{ list: { id: string; record_id: string }[] }>(admin.page, 'GET', '/api/admin/getauditpointmortgagelogs?status=PENDING&count=200');
    const request = requests.list.find((r) => r.record_id === recordId);
    expect(request).toBeDefined();
    await admin.page.getByTestId(`point-review-approve-${request?.id}`).waitFor();
    await screenshot(admin.page, 'pointing-review-en-light-1366');
    await admin.page.getByTestId(`point-review-approve-${request?.id}`).click();
    await expect
      .poll(
        async () =>
          (await apiCall<{ list: { id: string; status: string }[] }>(admin.page, 'GET', '/api/admin/getauditpointmortgagelogs?count=200')).list.find((r) => r.id === request?.id)
            ?.status,
      )
      .toBe('APPROVED');
    await admin.page.goto(`${baseUrl}/admin/point_info`);
    await admin.page.getByTestId(`admin-point-record-${recordId}`).first().waitFor();
  }, 120_000);

  it('cancels in the wallet: the pointing is unlocked and the margin comes back', async () => {
    await page.reload();
    await expect.poll(() => page.getByTestId(`point-record-cancellation-${recordId}`).textContent(), { timeout: 30_000 }).toBe('Approved');
    const txid = (await records(page)).find((r) => r.id === recordId)?.txid ?? '';
    await apiCall(page, 'POST', '/api/dev/poc/withdrawpoint', { coin: 'BHD', txid });
    await expect.poll(async () => (await records(page)).find((r) => r.id === recordId)?.status, { timeout: 120_000, interval: 1000 }).toBe('POINT_UNLOCK_DEPOSIT');
    expect(Number(await available(page))).toBe(30);
    await page.reload();
    await expect.poll(() => page.getByTestId(`point-record-status-${recordId}`).textContent(), { timeout: 30_000 }).toBe('Unlocked');
  }, 180_000);

  it('shows the pages in en, zh and ru, light and dark, desktop and phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await admin.page.setViewportSize(viewport);
      const size = viewport === MOBILE ? '390' : '1366';
      for (const lang of ['en', 'zh', 'ru'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.goto(`${baseUrl}/center/pointing`);
          await look(page, lang, theme);
          await page.getByTestId(`point-record-${recordId}`).first().waitFor();
          await screenshot(page, `pointing-${lang}-${theme}-${size}`);
          await admin.page.goto(`${baseUrl}/admin/point_info`);
          await look(admin.page, lang, theme);
          await admin.page.getByTestId(`admin-point-record-${recordId}`).first().waitFor();
          await screenshot(admin.page, `pointing-admin-info-${lang}-${theme}-${size}`);
          await admin.page.goto(`${baseUrl}/admin/point_review?lang=${lang}`);
          await admin.page.getByTestId('point-review-filter').waitFor();
          await screenshot(admin.page, `pointing-admin-review-${lang}-${theme}-${size}`);
        }
      }
    }
  }, 600_000);
});
