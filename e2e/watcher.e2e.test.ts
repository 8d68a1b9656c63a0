import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, openBrowser, screenshot } from './support/browser.ts';
import { apiCall, bindAuthenticator, look, registeredUser, totpAt } from './support/session.ts';

/**
 * The watcher (issue 25): user A makes a security key in the security centre and gives it, with
 * a current code of their authenticator, to user B; B adds A on /watcher and sees A's dashboard
 * in the read-only view (no balances, no miner API key); A sees B under My authorization and
 * revokes; B is refused from then on. Screenshots en/zh/ru, light and dark, 1366 and 390 px.
 */

const PASSWORD = 'Watcher-pass-1';
const PHONE = { width: 390, height: 844 } as const;
const stamp = Date.now().toString(36);
const A = `watch-owner-${stamp}@example.com`;
const B = `watch-viewer-${stamp}@example.com`;

/** The code of a time step A's account has not used yet (each step works once), waiting for it when needed. */
let lastStep = 0;
async function freshCode(page: Page, secret: string): Promise<string> {
  let step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
  const wait = (step - 1) * 30_000 - Date.now() + 200;
  if (wait > 0) await page.waitForTimeout(wait);
  step = Math.max(step, Math.floor(Date.now() / 30_000));
  lastStep = step;
  return totpAt(secret, step);
}

async function mailedCode(page: Page, email: string, seen: Set<string>): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = await apiCall<{ id: string; text: string }[]>(page, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        // The first new mail with a code: the security notice of the authenticator just bound may land after `seen` was read.
        code =
          mails
            .filter((m) => !seen.has(m.id))
            .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])
            .find(Boolean) ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

describe('a user authorises another to watch their pool data, and revokes it', async () => {
  const owner = await openBrowser({ viewport: DESKTOP });
  const viewer = await openBrowser({ viewport: DESKTOP });
  const a = owner.page;
  const b = viewer.page;
  let seed = '';
  let key = '';
  let ownerUid = '';
  let viewerUid = '';

  it('A makes a security key in the security centre (the security verification asked), with an authenticator bound', async () => {
    ownerUid = await registeredUser(a, A, PASSWORD);
    seed = await bindAuthenticator(a, A);
    const codeSentAt = Date.now(); // the binding's e-mail code
    lastStep = Math.floor(Date.now() / 30_000);
    // A mines: one miner reporting to the chia pool with A's miner API key.
    const minerKey = await apiCall<{ key: string }>(a, 'POST', '/api/pool/apikey', { pool: 'chia' });
    const report = await a.request.post(`${inject('baseUrl')}/api/miner/report`, {
      data: { miners: [{ name: 'owner-rig', version: '1.0', capacity: String(108_000_000_000n * 3n) }] },
      headers: { 'x-api-key': minerKey.key },
    });
    expect(((await report.json()) as { code: number }).code).toBe(200);
    await a.goto(`${inject('baseUrl')}/center/security`);
    const card = a.getByTestId('security-key-card');
    await card.waitFor();
    const seen = new Set((await apiCall<{ id: string }[]>(a, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(A)}`)).map((m) => m.id));
    await a.getByTestId('security-key-rotate').click();
    await a.getByTestId('watcher-dialog').waitFor();
    // A code goes to one address only once per resend interval, whatever it is for: the binding's went moments ago.
    await a.waitForTimeout(Math.max(0, codeSentAt + inject('codeResendMs') + 1_000 - Date.now()));
    await a.getByTestId('verify-email-send').click();
    await a.getByTestId('verify-email-code').fill(await mailedCode(a, A, seen));
    await a.getByTestId('verify-google-code').fill(await freshCode(a, seed));
    await a.getByTestId('watcher-submit').click();
    const value = a.getByTestId('security-key-value');
    await expect.poll(() => value.getAttribute('data-key')).toMatch(/^psk_/);
    key = (await value.getAttribute('data-key')) ?? '';
    expect(await value.textContent()).toBe(key);
    await a.getByTestId('security-key-show').click();
    expect(await value.textContent()).not.toContain(key.slice(8));
  }, 120_000);

  it('B adds A with the key and A’s current code, and sees A’s dashboard read-only', async () => {
    viewerUid = await registeredUser(b, B, PASSWORD);
    await b.goto(`${inject('baseUrl')}/watcher`);
    await b.getByTestId('watcher-page').waitFor();
    expect(await b.getByTestId('nav-watcher').getAttribute('href')).toBe('/watcher');
    await b.getByTestId('watcher-add-open').click();
    await b.getByTestId('watcher-add-key').fill(key);
    await b.getByTestId('watcher-add-code').fill(await freshCode(b, seed));
    await b.getByTestId('watcher-add-submit').click();
    await b.getByTestId(`watcher-row-${ownerUid}`).waitFor();
    const view = b.getByTestId('watcher-view');
    await view.waitFor();
    expect(await view.getAttribute('data-uid')).toBe(ownerUid);
    expect(await b.getByTestId('watcher-readonly').textContent()).toContain(ownerUid);
    const dashboard = view.getByTestId('pool-mining-page');
    await dashboard.waitFor();
    await expect.poll(() => view.getByTestId('mining-online').textContent()).toBe('1');
    // Read-only: no balances, no miner API key, no remove button; the sections stay on /watcher.
    expect(await view.getByTestId('mining-available').count()).toBe(0);
    expect(await view.getByTestId('mining-pending').count()).toBe(0);
    expect(await view.locator('[data-testid^="apikey-"]').count()).toBe(0);
    expect(await view.getByTestId('pool-nav-revenue').count()).toBe(0);
    await view.getByTestId('pool-nav-machine').click();
    await view.getByTestId('pool-machine-page').waitFor();
    expect(new URL(b.url()).pathname).toBe('/watcher');
    await view.locator('[data-testid^="miner-row-"]').first().waitFor();
    expect(await view.locator('[data-testid^="miner-remove-"]').count()).toBe(0);
    expect(await view.getByTestId('machine-remove-offline').count()).toBe(0);
    expect(await view.getByTestId('plots-bind-open').count()).toBe(0);
    await view.getByTestId('pool-nav-mining').click();
    await dashboard.waitFor();
  }, 120_000);

  it('shows the watcher, the key and My authorization in en, zh and ru, light and dark, at 1366 and 390 px', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await a.setViewportSize(viewport);
      await b.setViewportSize(viewport);
      const size = viewport === PHONE ? '390' : '1366';
      for (const lang of ['en', 'zh', 'ru'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await b.goto(`${inject('baseUrl')}/watcher?uid=${ownerUid}&view=mining&pool=chia`);
          await look(b, lang, theme);
          await b.getByTestId('watcher-view').getByTestId('mining-online').waitFor();
          await screenshot(b, `watcher-view-${lang}-${theme}-${size}`);
          await a.goto(`${inject('baseUrl')}/watcher?tab=auth`);
          await look(a, lang, theme);
          await a.getByTestId(`watcher-auth-row-${await authId(a)}`).waitFor();
          await screenshot(a, `watcher-auth-${lang}-${theme}-${size}`);
          await a.goto(`${inject('baseUrl')}/center/security`);
          await a.getByTestId('security-key-value').waitFor();
          await a.getByTestId('security-key-card').scrollIntoViewIfNeeded();
          await screenshot(a, `watcher-key-${lang}-${theme}-${size}`);
        }
      }
    }
    await look(a, 'en', 'light');
    await look(b, 'en', 'light');
    await a.setViewportSize(DESKTOP);
    await b.setViewportSize(DESKTOP);
  }, 600_000);

  it('A sees B under My authorization and revokes; B is refused from then on', async () => {
    await a.goto(`${inject('baseUrl')}/watcher?tab=auth`);
    const id = await authId(a);
    const row = a.getByTestId(`watcher-auth-row-${id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain(viewerUid);
    await a.getByTestId(`watcher-revoke-${viewerUid}`).first().click();
    await a.getByTestId('watcher-revoke-confirm').click();
    await row.waitFor({ state: 'detached' });
    // B: the list is empty, the view gone, and the call itself refused (218).
    await b.goto(`${inject('baseUrl')}/watcher?uid=${ownerUid}&view=mining&pool=chia`);
    await b.getByTestId('watcher-page').waitFor();
    await expect.poll(() => b.getByTestId('watcher-count').textContent()).toContain('0');
    expect(await b.getByTestId('watcher-view').count()).toBe(0);
    const refused = await b.request.get(`${inject('baseUrl')}/api/observer/Summary?uid=${ownerUid}&pool=chia`);
    expect(((await refused.json()) as { code: number }).code).toBe(218);
    await screenshot(b, 'watcher-revoked-en-light-1366');
  }, 60_000);
});

/** The id of the (only) authorisation A has given. */
async function authId(page: Page): Promise<string> {
  const list = await apiCall<{ list: { id: string }[] }>(page, 'GET', '/api/observer/AuthList');
  return list.list[0]?.id ?? '';
}
