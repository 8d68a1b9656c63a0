import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumMissingMessage(): string {
  return [
    `Chromium was not found at ${CHROMIUM_PATH}. The browser tests need Debian's Chromium:`,
    '  apt-get update && apt-get install -y chromium fonts-wqy-microhei',
    '(.ci/run installs it; Playwright cannot download its own browser here.)',
  ].join('\n');
}

export const DESKTOP = { width: 1366, height: 860 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/**
 * A fresh headless Chromium profile (its own user-data-dir) for one test file, closed after it;
 * a step that fails leaves a screenshot `failed-<step>`. Flags keep it off the network beyond
 * loopback.
 */
export async function openBrowser(options: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<{
  context: BrowserContext;
  page: Page;
  baseUrl: string;
}> {
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'en-US',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  afterAll(async () => {
    await context.close();
    await fs.rm(userDataDir, { recursive: true, force: true });
  });
  for (const opened of context.pages()) waitForAppOnLoad(opened);
  context.on('page', waitForAppOnLoad);
  const page = context.pages()[0] ?? (await context.newPage());
  afterEach(async ({ task }) => {
    // What the page showed when a step failed, for the person reading the failure.
    if (task.result?.state === 'fail') await screenshot(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });
  return { context, page, baseUrl: inject('baseUrl') };
}

/**
 * A page load (goto, reload) returns once the app has drawn or hydrated the page (`<html
 * data-ready>`, set by main.tsx): the server sends home already drawn, and a click before the
 * app has attached its handlers does nothing, as for a reader. A page that is not the app (an
 * API answer, a file) has no #root and is not waited for; one that never gets ready is left to
 * the test's own assertions.
 */
function waitForAppOnLoad(page: Page): void {
  const ready = () =>
    page
      .waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready === 'true', undefined, { timeout: 20_000 })
      .then(
        () => undefined,
        () => undefined,
      );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}

/** Saves a screenshot under screenshots/ (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../../screenshots');
  await fs.mkdir(dir, { recursive: true });
  // let drawers and fades finish so the picture shows the settled page
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
