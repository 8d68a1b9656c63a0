import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { authenticationPayloadHash, getCurrentAuthenticationToken, keyGen, sign } from '../packages/chia/src/index.ts';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { logIn, look } from './support/session.ts';

/**
 * The Chia PP points page (/center/chiapp) in a real browser as the demo farmer. The devnet's
 * simulated Chia farmers (support/global-setup: a signage point a second, points counted 2 s
 * after a partial) speak the real pool protocol: one plot NFT is bound to the demo account,
 * one stays unbound. The test binds that one through the farmer's GET /login link, unbinds
 * it, and binds it again with the binding form and a signature of its owner key.
 */

/** The simulator's unbound farmer (SIMULATOR_SEED 42): its keys as the simulator derives them. */
const seeded = (label: string) => Uint8Array.from(createHash('sha256').update(`42:sim-chia-unbound:${label}`).digest());
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const unbound = { launcherId: hex(seeded('launcher')), ownerSk: keyGen(seeded('owner')), authSk: keyGen(seeded('auth')) };

async function openPage(page: Page, baseUrl: string, query = ''): Promise<void> {
  await page.goto(`${baseUrl}/center/chiapp${query}`);
  await page.getByTestId('chiapp-page').waitFor();
}

const row = (page: Page, launcherId: string) => page.getByTestId(`chiapp-row-0x${launcherId}`);

describe('the Chia PP points page of the demo farmer', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });
  let mine = '';

  it('shows the demo’s launcher joined, with points that grow, its difficulty and estimated size', async () => {
    await logIn(page, inject('demoEmail'), inject('demoPassword'));
    await openPage(page, baseUrl);
    const joined = page.locator('[data-testid^="chiapp-joined-"][data-joined="true"]');
    await joined.first().waitFor({ timeout: 60_000 });
    mine = ((await joined.first().getAttribute('data-testid')) ?? '').replace('chiapp-joined-0x', '');
    expect(mine).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('chiapp-pool-url').textContent()).toMatch(/\/chia\/chiapp$/);
    // Partials keep coming: the points counted today rise while the page refreshes.
    const points = async () => {
      await page.reload();
      await page.getByTestId(`chiapp-points-0x${mine}`).waitFor();
      return Number((await page.getByTestId(`chiapp-points-0x${mine}`).textContent())?.replace(/,/g, ''));
    };
    await expect.poll(points, { timeout: 90_000, interval: 3000 }).toBeGreaterThan(0);
    const first = await points();
    await expect.poll(points, { timeout: 60_000, interval: 3000 }).toBeGreaterThan(first);
    // Grouped as shown ("1,409"): the difficulty rescales within minutes (below 300 partials too).
    expect(Number((await page.getByTestId(`chiapp-difficulty-0x${mine}`).textContent())?.replace(/,/g, ''))).toBeGreaterThanOrEqual(10);
    expect(await page.getByTestId('chiapp-total-size').textContent()).toMatch(/iB$/);
    await screenshot(page, 'chiapp-en-light');
  }, 200_000);

  it('binds the unbound launcher through the farmer’s login link, then unbinds it', async () => {
    const info = (await (await page.request.get(`${baseUrl}/chia/chiapp/pool_info`)).json()) as { target_puzzle_hash: string };
    const token = getCurrentAuthenticationToken(5);
    const message = authenticationPayloadHash('get_login', Buffer.from(unbound.launcherId, 'hex'), Buffer.from(info.target_puzzle_hash.replace(/^0x/, ''), 'hex'), token);
    const link = `${baseUrl}/chia/chiapp/login?launcher_id=0x${unbound.launcherId}&authentication_token=${token}&signature=0x${hex(sign(unbound.authSk, message))}`;
    await page.goto(link);
    await page.getByTestId('chiapp-login').waitFor();
    await page.getByTestId('chiapp-login-bind').click();
    await row(page, unbound.launcherId).waitFor();
    await expect.poll(() => page.getByTestId('chiapp-login').count()).toBe(0);

    await page.getByTestId(`chiapp-unbind-0x${unbound.launcherId}`).click();
    await page.getByTestId('chiapp-unbind-confirm').click();
    await expect.poll(() => row(page, unbound.launcherId).count(), { timeout: 10_000 }).toBe(0);
  }, 60_000);

  it('binds it again with the binding form: the launcher looked up, its binding data signed with the owner key', async () => {
    await openPage(page, baseUrl);
    await page.getByTestId('chiapp-lookup-id').fill(`0x${unbound.launcherId}`);
    await page.getByTestId('chiapp-lookup').waitFor();
    expect(await page.locator(`[data-testid="chiapp-bound-0x${unbound.launcherId}"]`).getAttribute('data-bound')).toBe('none');
    const message = (await page.getByTestId('chiapp-bind-message').innerText()).trim();
    expect(message).toContain(`0x${unbound.launcherId}`);
    // A wrong signature is refused with the catalogue's text; the right one binds.
    await page.getByTestId('chiapp-signature').fill(hex(sign(unbound.authSk, new TextEncoder().encode('something else'))));
    await page.getByTestId('chiapp-bind').click();
    await page.getByTestId('chiapp-bind-error').waitFor();
    expect(await page.getByTestId('chiapp-bind-error').textContent()).toContain('11105');
    await page.getByTestId('chiapp-signature').fill(hex(sign(unbound.ownerSk, new TextEncoder().encode(message))));
    await page.getByTestId('chiapp-bind').click();
    await row(page, unbound.launcherId).waitFor();
    await screenshot(page, 'chiapp-bound-en-light');
  }, 60_000);

  it('reads in every language and theme, and as cards at 390 px', async () => {
    for (const lang of ['en', 'zh', 'ru'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await look(page, lang, theme);
        await row(page, mine).waitFor();
        await screenshot(page, `chiapp-${lang}-${theme}`);
      }
    }
    await page.setViewportSize(MOBILE);
    await look(page, 'en', 'light');
    await page.getByTestId('chiapp-cards').waitFor();
    await row(page, mine).waitFor();
    await screenshot(page, 'chiapp-390-en-light');
    await look(page, 'zh', 'dark');
    await page.getByTestId('chiapp-cards').waitFor();
    await screenshot(page, 'chiapp-390-zh-dark');
    // The test-net pool shows its notice.
    await page.getByTestId('chiapp-pool-chia_test').click();
    await page.getByTestId('chiapp-testnet').waitFor();
    await screenshot(page, 'chiapp-390-zh-dark-testnet');
    await page.setViewportSize(DESKTOP);
  }, 90_000);
});
