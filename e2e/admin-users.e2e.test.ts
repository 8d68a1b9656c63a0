import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { chooseOption } from './support/select.ts';
import { apiCall, bindAuthenticator, logIn, look, registeredUser, signInWithForm } from './support/session.ts';

/**
 * The back office's users in a real browser against the running platform: an admin finds a
 * user and bans them (the user's next page load shows the sign-in, and signing in is refused
 * with 1032), then lifts the ban; makes a second admin on the roles page; an adjustment above
 * the threshold (1000 by default) waits until that second admin approves it; the audit log
 * shows each step. The pages are photographed in en/zh/ru, light and dark, desktop and phone.
 */

const PASSWORD = 'miner-pass1';

async function findUser(page: Page, email: string, uid: string): Promise<void> {
  await page.goto(inject('baseUrl') + '/admin');
  await page.getByTestId('admin-users-page').waitFor();
  await page.getByTestId('users-search').locator('input').fill(email);
  await page.getByTestId('users-search').locator('input').press('Enter');
  await page.getByTestId(`user-row-${uid}`).waitFor();
}

async function openUser(page: Page, email: string, uid: string): Promise<void> {
  await findUser(page, email, uid);
  await page.getByTestId(`user-open-${uid}`).click();
  await page.getByTestId(`user-detail-${uid}`).waitFor();
}

describe('the back office’s users: ban, unban, a second admin’s approval', async () => {
  const admin = await openBrowser({ viewport: DESKTOP });
  const member = await openBrowser({ viewport: DESKTOP });
  const deputy = await openBrowser({ viewport: DESKTOP });
  const baseUrl = admin.baseUrl;
  const stamp = Date.now();
  const memberEmail = `banned-${stamp}@e2e.test`;
  const deputyEmail = `deputy-${stamp}@e2e.test`;
  let memberUid = '';
  let deputyUid = '';

  it('bans a user: their next page load shows the sign-in, and signing in is refused; unban lets them in', async () => {
    memberUid = await registeredUser(member.page, memberEmail, PASSWORD);
    await member.page.goto(baseUrl + '/center');
    await member.page.waitForURL(/\/center/);

    await logIn(admin.page, inject('adminEmail'), inject('adminPassword'));
    await openUser(admin.page, memberEmail, memberUid);
    await screenshot(admin.page, 'admin-users-detail-en-light');
    await admin.page.getByTestId('user-ban').click();
    await admin.page.getByTestId('user-ban-reason').fill('chargeback fraud');
    await screenshot(admin.page, 'admin-users-ban-en-light');
    await admin.page.getByTestId('user-ban-submit').click();
    await expect.poll(() => admin.page.getByTestId('user-detail-status').getAttribute('data-status')).toBe('banned');
    expect(await admin.page.getByTestId(`user-status-${memberUid}`).getAttribute('data-status')).toBe('banned');

    // The banned user's session has ended: the next page load asks them to sign in.
    await member.page.reload();
    await member.page.waitForURL(/\/request/);
    await member.page.getByTestId('login-page').waitFor();
    await signInWithForm(member.page, memberEmail, PASSWORD);
    await member.page.getByTestId('api-toast').waitFor();
    expect(await member.page.getByTestId('api-toast').textContent()).toMatch(/1032.*Account is banned/);
    expect(member.page.url()).toMatch(/\/request/);

    await admin.page.getByTestId('user-unban').click();
    await admin.page.getByTestId('user-unban-confirm').click();
    await expect.poll(() => admin.page.getByTestId('user-detail-status').getAttribute('data-status')).toBe('active');
    await signInWithForm(member.page, memberEmail, PASSWORD);
    await member.page.waitForURL((url) => !url.pathname.startsWith('/request'));
    expect((await apiCall<{ email: string }>(member.page, 'GET', '/api/user/info')).email).toBe(memberEmail);
  });

  it('makes a second admin on the roles page', async () => {
    deputyUid = await registeredUser(deputy.page, deputyEmail, PASSWORD);
    await admin.page.goto(baseUrl + '/admin/roles');
    await admin.page.getByTestId('admin-roles-page').waitFor();
    await admin.page.getByTestId('roles-uid').fill(deputyUid);
    await chooseOption(admin.page, admin.page.getByTestId('roles-role'), admin.page.getByTestId('roles-role-option-admin').last());
    await admin.page.getByTestId('roles-submit').click();
    await expect.poll(() => admin.page.getByTestId(`staff-role-${deputyUid}`).getAttribute('data-role')).toBe('admin');
    await screenshot(admin.page, 'admin-roles-en-light');
    const info = await apiCall<{ role?: string; redirect_url?: string }>(deputy.page, 'GET', '/api/user/info');
    expect(info).toMatchObject({ role: 'admin', redirect_url: expect.any(String) });
    // The back office opens to the new admin once an authenticator is bound (issue 20).
    await bindAuthenticator(deputy.page, deputyEmail);
  });

  it('an adjustment above the threshold waits for a second admin; its requester cannot approve it', async () => {
    await openUser(admin.page, memberEmail, memberUid);
    await admin.page.getByTestId('balance-adjust-open').click();
    await admin.page.getByTestId('balance-adjust-dialog').waitFor();
    expect(await admin.page.getByTestId('balance-adjust-uid').inputValue()).toBe(memberUid);
    await chooseOption(admin.page, admin.page.getByTestId('balance-adjust-coin'), admin.page.getByTestId('balance-adjust-coin-option-CHIA').last());
    await admin.page.getByTestId('balance-adjust-amount').fill('1500');
    await admin.page.getByTestId('balance-adjust-reason').fill('farm migration credit');
    await admin.page.getByTestId('balance-adjust-submit').click();
    await admin.page.getByTestId('balance-adjust-dialog').waitFor({ state: 'detached' });
    const result = admin.page.getByTestId('balance-adjust-result');
    expect(await result.getAttribute('data-status')).toBe('pending');
    expect(await result.textContent()).toContain('second admin');
    await screenshot(admin.page, 'admin-users-adjust-pending-en-light');

    // Nothing posted yet.
    expect((await apiCall<{ list: { type: string; available: string }[] }>(member.page, 'GET', '/api/assets/totalassets')).list.find((c) => c.type === 'CHIA')?.available).toBe(
      '0',
    );

    await admin.page.goto(baseUrl + '/admin/balance_adjustments');
    await admin.page.getByTestId('adjustments-table').waitFor();
    const row = admin.page.locator('[data-testid^="adjustment-row-"]', { hasText: memberEmail }).first();
    await row.waitFor();
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('adjustment-row-', '');
    await admin.page.getByTestId(`adjustment-own-${id}`).waitFor();
    expect(await admin.page.getByTestId(`adjustment-approve-${id}`).count()).toBe(0);
    await screenshot(admin.page, 'admin-adjustments-pending-en-light');

    await deputy.page.goto(baseUrl + '/admin/balance_adjustments');
    await deputy.page.getByTestId(`adjustment-approve-${id}`).click();
    await deputy.page.getByTestId('adjustment-approve-confirm').click();
    await chooseOption(deputy.page, deputy.page.getByTestId('adjustments-filter-status'), deputy.page.getByTestId('adjustments-filter-status-option-posted').last());
    await expect.poll(() => deputy.page.getByTestId(`adjustment-status-${id}`).getAttribute('data-status')).toBe('posted');
    await screenshot(deputy.page, 'admin-adjustments-posted-en-light');

    await member.page.goto(baseUrl + '/assets');
    await expect.poll(() => member.page.getByTestId('assets-available-CHIA').textContent()).toBe('1,500');
  });

  it('shows every step in the audit log, filtered by target', async () => {
    await admin.page.goto(baseUrl + '/admin/audit_log');
    await admin.page.getByTestId('audit-table').waitFor();
    await admin.page.getByTestId('audit-filter-target').locator('input').fill(memberUid);
    await admin.page.getByTestId('audit-filter-target').locator('input').press('Enter');
    const actions = async () => (await admin.page.locator('[data-testid^="audit-action-"]').allTextContents()).join(',');
    await expect.poll(actions).toBe('approve_adjustment,UpdateBalance,UnbanUser,BanUser');
    await screenshot(admin.page, 'admin-audit-en-light');
  });

  const looks = [
    { lang: 'en', theme: 'dark', size: 'phone', users: 'Account info', audit: 'Audit log' },
    { lang: 'zh', theme: 'dark', size: 'desktop', users: '帳戶資訊', audit: '稽核日誌' },
    { lang: 'zh', theme: 'light', size: 'phone', users: '帳戶資訊', audit: '稽核日誌' },
    { lang: 'ru', theme: 'light', size: 'desktop', users: 'Информация об аккаунте', audit: 'Журнал аудита' },
    { lang: 'ru', theme: 'dark', size: 'phone', users: 'Информация об аккаунте', audit: 'Журнал аудита' },
  ] as const;

  it('looks right in en/zh/ru, light and dark, on a desktop and at phone width', async () => {
    const page = admin.page;
    for (const { lang, theme, size, users, audit } of looks) {
      const name = `${lang}-${theme}${size === 'phone' ? '-phone' : ''}`;
      await page.setViewportSize(size === 'phone' ? MOBILE : DESKTOP);
      await page.goto(baseUrl + '/admin');
      await look(page, lang, theme);
      await expect.poll(() => page.getByTestId('admin-users-page').textContent()).toContain(users);
      await findUser(page, memberEmail, memberUid);
      await screenshot(page, `admin-users-${name}`);
      await page.getByTestId(`user-open-${memberUid}`).click();
      await page.getByTestId(`user-detail-${memberUid}`).waitFor();
      await screenshot(page, `admin-users-detail-${name}`);
      await page.goto(baseUrl + '/admin/balance_adjustments');
      await page.getByTestId('adjustments-table').waitFor();
      await screenshot(page, `admin-adjustments-${name}`);
      await page.goto(baseUrl + '/admin/roles');
      await page.getByTestId('staff-table').waitFor();
      await screenshot(page, `admin-roles-${name}`);
      await page.goto(baseUrl + '/admin/audit_log');
      await expect.poll(() => page.getByTestId('admin-audit-page').textContent()).toContain(audit);
      await page.locator('[data-testid^="audit-row-"]').first().waitFor();
      await screenshot(page, `admin-audit-${name}`);
    }
  }, 120_000);
});
