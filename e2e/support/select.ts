import type { Locator, Page } from 'playwright-core';

/**
 * Chooses an option of an antd Select as a person does: opens the select, waits until its
 * dropdown has stopped sliding open, clicks the option — and, when `chosen` is given, checks
 * that the choice was taken and chooses again if not (a person would click again too).
 *
 * Why the wait: the dropdown opens with a slide animation. If the option moves between the
 * mouse press and the release, the two land on different elements, so the browser fires no
 * click on the option and nothing is chosen. A busy machine stretches the animation over
 * more wall-clock time; the browser tests lost such clicks there now and then.
 */
export async function chooseOption(page: Page, select: Locator, option: Locator, chosen?: () => Promise<boolean>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    // Again after a lost click only when the dropdown has closed (a click on the select toggles it).
    if (attempt === 1 || !(await option.isVisible())) await select.click();
    await clickSettled(page, option);
    if (!chosen) return;
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline) {
      if (await chosen()) return;
      await page.waitForTimeout(100);
    }
    if (attempt === 3) throw new Error(`the option ${await option.getAttribute('data-testid')} was clicked ${attempt} times and not taken`);
  }
}

/**
 * Clicks an item of an antd popup (a Select's or a Dropdown's menu) once the popup has stopped
 * sliding open: no motion class (rc-motion's appear and enter phases) and no running animation.
 * A click while it still moves can press on one item and release on another: no click at all.
 */
export async function clickSettled(page: Page, item: Locator): Promise<void> {
  await item.waitFor({ state: 'visible' });
  const handle = await item.elementHandle();
  await page.waitForFunction((el) => {
    const popup = el?.closest('.ant-select-dropdown, .ant-dropdown');
    return !popup || (!/-(appear|enter)\b/.test(popup.className) && popup.getAnimations({ subtree: true }).length === 0);
  }, handle);
  await item.click();
}
