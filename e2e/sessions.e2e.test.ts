import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { logIn, look, registeredUser } from './support/session.ts';

/**
 * The security centre's signed-in devices in a real browser: a user signed in on a desktop and
 * a phone sees both, signs the phone out from the desktop, and the phone is signed out.
 */

const PASSWORD = 'miner-pass1';
const EMAIL = `sessions-${Date.now()}@e2e.test`;

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe('signed-in devices', async () => {
  const desktop = await openBrowser({ viewport: DESKTOP });
  const phone = await openBrowser({ viewport: MOBILE });
  const baseUrl = inject('baseUrl');

  it('lists this device and the phone, and signs the phone out', async () => {
    await registeredUser(desktop.page, EMAIL, PASSWORD);
    await logIn(phone.page, EMAIL, PASSWORD);
    const page = desktop.page;
    await page.goto(baseUrl + '/center/security');
    const rows = page.getByTestId('session-row');
    await poll(() => rows.count()).toBe(2);
    await poll(() => page.locator('[data-testid="session-row"][data-current="true"]').count()).toBe(1);
    expect(await page.getByTestId('sessions').textContent()).toContain('This device');
    await screenshot(page, 'sessions-en-light');
    for (const [lang, theme] of [
      ['zh', 'dark'],
      ['ru', 'light'],
    ] as const) {
      await look(page, lang, theme);
      await poll(() => rows.count()).toBe(2);
      await screenshot(page, `sessions-${lang}-${theme}`);
    }
    await look(page, 'en', 'light');
    await page.getByTestId('session-end').click();
    await poll(() => rows.count()).toBe(1);
    // The phone's session has ended: its next call is answered 'not signed in'.
    const answer = await phone.page.evaluate(async () => (await (await fetch('/api/user/info')).json()) as { code: number });
    expect(answer.code).toBe(202);
  });
});
