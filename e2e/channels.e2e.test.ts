import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { apiCall, logIn, look, registeredUser } from './support/session.ts';

/**
 * Message channels in a real browser against the running platform (issue 24): a user binds a
 * webhook on "Tunnel bind" pointing at a receiver on loopback, asks for the code, which the
 * receiver gets signed, enters it, then chooses an event for the channel on "Message
 * management and event settings". The pages are photographed in en/zh/ru, light and dark, on
 * a desktop and at phone width.
 */

const PASSWORD = 'miner-pass1';
const SECRET = 'whsec-e2e-0123456789abcdef';
const stamp = Date.now();
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

/** The user's webhook receiver: checks the signature and keeps what it accepted. */
const accepted: { event: string; text: string; key: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const ts = String(req.headers['x-platter-timestamp'] ?? '');
    const expected = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex')}`;
    if (req.headers['x-platter-signature'] !== expected || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return void res.writeHead(401).end();
    const json = JSON.parse(body) as { event: string; text: string };
    accepted.push({ event: json.event, text: json.text, key: String(req.headers['idempotency-key']) });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/platter-hook`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('message channels: bind a webhook, verify it, choose events', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: DESKTOP });
  let channelId = '';

  it('binds a webhook on Tunnel bind and verifies it with the code the receiver got', async () => {
    await registeredUser(page, `channels-${stamp}@e2e.test`, PASSWORD);
    await page.goto(baseUrl + '/center/tunnel');
    await page.getByTestId('tunnel-page').waitFor();
    // The centre's menu has both entries.
    expect(await page.locator('a[href="/center/tunnel"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/center/message"]').count()).toBeGreaterThan(0);
    await page.getByTestId('channel-name').fill('My alerts');
    await page.getByTestId('channel-field-url').fill(receiverUrl);
    await page.getByTestId('channel-field-secret').fill(SECRET);
    await page.getByTestId('channel-bind').click();
    const item = page.getByTestId('channel-item').first();
    await poll(() => item.getAttribute('data-verified')).toBe('false');
    await screenshot(page, 'channels-tunnel-unverified-en-light');
    await item.getByTestId('channel-send-code').click();
    await poll(() => accepted.filter((a) => a.event === 'channel_verification').length).toBe(1);
    const code = /(\d{6})/.exec(accepted[0]?.text ?? '')?.[1] ?? '';
    await item.getByTestId('channel-code').fill(code);
    await item.getByTestId('channel-verify').click();
    await poll(() => item.getAttribute('data-verified')).toBe('true');
    const channels = await apiCall<{ id: string; verified: boolean; target: string }[]>(page, 'GET', '/api/message/ChannelList');
    expect(channels).toMatchObject([{ verified: true, target: receiverUrl }]);
    channelId = channels[0]?.id ?? '';
  });

  it('chooses events for the channel on Message management and event settings', async () => {
    await page.goto(baseUrl + '/center/message');
    await page.getByTestId('message-settings-page').waitFor();
    const box = page.getByTestId(`event-security_changed-${channelId}`);
    await box.click();
    await poll(
      async () => (await apiCall<{ event: string; channel_ids: string[] }[]>(page, 'GET', '/api/message/EventList')).find((e) => e.event === 'security_changed')?.channel_ids,
    ).toEqual([channelId]);
    await page.getByTestId(`event-miner_offline-${channelId}`).click();
    await poll(
      async () => (await apiCall<{ event: string; channel_ids: string[] }[]>(page, 'GET', '/api/message/EventList')).find((e) => e.event === 'miner_offline')?.channel_ids,
    ).toEqual([channelId]);
    expect(await page.getByTestId(`event-deposit_credited-${channelId}`).isChecked()).toBe(false);
  });

  for (const lang of ['en', 'zh', 'ru'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`shows both pages (${lang}, ${theme}, desktop and 390 px)`, async () => {
        await page.setViewportSize(DESKTOP);
        await page.goto(baseUrl + '/center/tunnel');
        await look(page, lang, theme);
        await page.getByTestId('channel-item').first().waitFor();
        await screenshot(page, `channels-tunnel-${lang}-${theme}`);
        await page.goto(baseUrl + '/center/message');
        await page.getByTestId(`event-security_changed-${channelId}`).waitFor();
        expect(await page.getByTestId(`event-security_changed-${channelId}`).isChecked()).toBe(true);
        await screenshot(page, `channels-settings-${lang}-${theme}`);
        await page.setViewportSize(MOBILE);
        await page.getByTestId('event-group-mining').scrollIntoViewIfNeeded();
        await screenshot(page, `channels-settings-${lang}-${theme}-phone`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }

  it('the back office lists deliveries', async () => {
    const admin = await openBrowser({ viewport: DESKTOP });
    await logIn(admin.page, inject('adminEmail'), inject('adminPassword'));
    await admin.page.goto(baseUrl + '/admin/message_delivery');
    await admin.page.getByTestId('admin-deliveries-page').waitFor();
    await screenshot(admin.page, 'channels-admin-deliveries-en-light');
  });
});
