// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aliceInfo, renderApp, resetAppState, signedIn } from '../test/app.tsx';
import { ok } from '../test/fetchMock.ts';
import { byTestId, cleanup, currentLocation, waitFor } from '../test/render.tsx';
import { ADMIN_ROUTES, CENTER_ROUTES, MEMBER_ROUTES } from './routeTable.ts';

beforeEach(resetAppState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Waits until the route's page (not the loading screen) is on screen. */
async function pageOf(testIds: string[]): Promise<string> {
  return waitFor(() => testIds.find((id) => byTestId(id)));
}

const PAGE_IDS = [
  'inmail-page',
  'inmail-message-page',
  'not-yet-open',
  'not-found',
  'legal-page',
  'home-welcome',
  'mypools-page',
  'admin-forbidden',
  'admin-layout',
  'login-page',
  'register-page',
  'forgot-page',
  'reset-page',
  'personal-centre',
  'security-page',
  'login-history',
  'assets-page',
  'address-book-page',
  'bill-page',
  'pool-mining-page',
  'pool-machine-page',
  'pool-income-page',
  'pool-revenue-page',
  'pool-contribution-page',
  'chiapp-page',
  'investment-page',
  'invite-page',
  'watcher-page',
  'pointing-page',
  'cooperation-page',
  'tunnel-page',
  'message-settings-page',
  'financial-page',
  'bulletin-page',
  'support-page',
  'help-page',
  'download-page',
];

/** The page a signed-in user sees at a member or centre path (built pages, else 'not yet open'). */
const BUILT_PAGES: Record<string, string> = {
  '/user': 'personal-centre',
  '/security': 'security-page',
  '/center/': 'personal-centre',
  '/center/security': 'security-page',
  '/center/security/phone': 'security-page',
  '/inmail': 'inmail-page',
  '/inmail?id=3': 'inmail-message-page',
  '/center/history': 'login-history',
  '/assets': 'assets-page',
  '/address': 'address-book-page',
  '/center/assets': 'assets-page',
  '/center/address': 'address-book-page',
  '/center/bill': 'bill-page',
  '/center/flow/42': 'bill-page',
  '/center/mining': 'pool-mining-page',
  '/center/machine': 'pool-machine-page',
  '/center/income': 'pool-income-page',
  '/center/revenue': 'pool-revenue-page',
  '/center/contribution': 'pool-contribution-page',
  '/center/chiapp': 'chiapp-page',
  '/center/investment': 'investment-page',
  '/center/invite': 'invite-page',
  '/watcher': 'watcher-page',
  '/center/pointing': 'pointing-page',
  '/center/open': 'cooperation-page',
  '/center/tunnel': 'tunnel-page',
  '/center/message': 'message-settings-page',
};

describe('routes of spec doc 2 §2', () => {
  it('shows home at /', async () => {
    await renderApp('/');
    expect(await pageOf(PAGE_IDS)).toBe('home-welcome');
  });

  const publicNotYetOpen = ['/pools'];
  const contentPages: [string, string][] = [
    ['/help/bulletin', 'bulletin-page'],
    ['/help/bulletin?id=3', 'bulletin-page'],
    ['/help', 'support-page'],
    ['/help/faq', 'help-page'],
    ['/help/tutorial', 'help-page'],
    ['/help/download', 'download-page'],
  ];
  for (const [path, page] of contentPages) {
    it(`shows ${page} at ${path}`, async () => {
      await renderApp(path);
      expect(await pageOf(PAGE_IDS)).toBe(page);
    });
  }
  const accountPages: [string, string][] = [
    ['/request', 'login-page'],
    ['/register', 'register-page'],
    ['/request/forgot', 'forgot-page'],
    ['/request/reset?token=abc', 'reset-page'],
  ];
  for (const [path, page] of accountPages) {
    it(`shows ${page} at ${path}`, async () => {
      await renderApp(path);
      expect(await pageOf(PAGE_IDS)).toBe(page);
    });
  }
  it('shows the finance products at /financial (issue 23)', async () => {
    await renderApp('/financial');
    expect(await pageOf(PAGE_IDS)).toBe('financial-page');
  });
  for (const path of publicNotYetOpen) {
    it(`registers ${path} (not yet open)`, async () => {
      await renderApp(path);
      expect(await pageOf(PAGE_IDS)).toBe('not-yet-open');
    });
  }

  it('shows the address query target with its currency and address', async () => {
    await renderApp('/mypools/chia/xch1abc');
    await pageOf(['address-result']);
    expect(byTestId('address-result')?.textContent).toContain('CHIA');
    expect(byTestId('address-result')?.textContent).toContain('xch1abc');
  });

  for (const path of ['/agreement', '/privacy']) {
    it(`shows the unpublished placeholder at ${path}`, async () => {
      await renderApp(path, { 'GET /api/help/document': { body: { code: 200, msg: 'Success', data: null } } });
      expect(await pageOf(PAGE_IDS)).toBe('legal-page');
      await waitFor(() => /not published/.test(byTestId('legal-page')?.textContent ?? ''));
    });
  }

  it('sends /mypools to the current pool type', async () => {
    await renderApp('/mypools');
    expect(await pageOf(PAGE_IDS)).toBe('mypools-page');
    await waitFor(() => currentLocation.pathname === '/mypools/chia');
  });

  const signedInOnly = [...MEMBER_ROUTES.map((r) => r.path), '/inmail?id=3', ...CENTER_ROUTES.map((r) => `/center/${r.path.replace(/\/:param\?$/, '/42')}`)];

  for (const path of signedInOnly) {
    it(`sends a signed-out visitor from ${path} to /request`, async () => {
      await renderApp(path);
      await waitFor(() => currentLocation.pathname === '/request');
      expect(await pageOf(PAGE_IDS)).toBe('login-page');
    });
  }

  for (const path of signedInOnly) {
    it(`registers ${path} for a signed-in user`, async () => {
      await renderApp(path, { 'GET /api/user/info': signedIn() });
      expect(await pageOf(PAGE_IDS)).toBe(BUILT_PAGES[path] ?? 'not-yet-open');
      await waitFor(() => currentLocation.pathname === path.split('?')[0]);
    });
  }

  it('shows the not-found page with a link home for an unknown path', async () => {
    await renderApp('/no/such/page');
    expect(await pageOf(PAGE_IDS)).toBe('not-found');
    expect(byTestId('not-found-home')?.getAttribute('href')).toBe('/');
    expect(byTestId('not-found')?.textContent).toContain('page not found');
    expect(byTestId('not-found-image')?.getAttribute('src')).toBe('/404.svg');
  });

  it('links back to login from an unknown account page', async () => {
    await renderApp('/register/unknown-step');
    expect(await pageOf(PAGE_IDS)).toBe('not-found');
    expect(byTestId('not-found-login')?.getAttribute('href')).toBe('/request');
    expect(byTestId('not-found-home')).toBeNull();
  });

  it('shows not-found inside the centre for an unknown centre path', async () => {
    await renderApp('/center/nowhere', { 'GET /api/user/info': signedIn() });
    expect(await pageOf(PAGE_IDS)).toBe('not-found');
  });
});

/** Back-office pages that are built (by ADMIN_ROUTES key); the others are 'not yet open'. */
const ADMIN_BUILT_PAGES: Record<string, string> = {
  withdraw_review: 'withdraw-review-page',
  deposit_withdrawal: 'admin-withdrawals-page',
  mining_daily_reports: 'mining-reports-page',
  plots: 'admin-plots-page',
  bind_info: 'admin-bind-page',
  assets_daily_reports: 'assets-reports-page',
  machines: 'machines-page',
  openned: 'opened-page',
  proxy_keys: 'proxy-keys-page',
  outliers: 'outliers-page',
  mining_info: 'mining-info-page',
  income_info: 'income-info-page',
  contribution: 'contribution-page',
  flow: 'flow-page',
  capacity_review: 'review-bind-page',
  capacity_unbind: 'review-unbind-page',
  finance_products: 'admin-finance-page',
  invitations: 'admin-invite-page',
  point_info: 'admin-point-info-page',
  point_review: 'admin-point-review-page',
  point_settings: 'admin-point-settings-page',
  cooperation_settings: 'admin-cooperation-settings-page',
  mortgage: 'admin-mortgage-page',
  send_notice: 'send-notice-page',
  account: 'admin-users-page',
  balance_adjustments: 'admin-adjustments-page',
  roles: 'admin-roles-page',
  audit_log: 'admin-audit-page',
  jobs: 'admin-jobs-page',
  banner_list: 'banner-admin',
  bulletin_list: 'announcement-admin',
  bulletin_add: 'announcement-editor',
  help_list: 'help-admin',
  download_list: 'download-admin',
  documents: 'document-admin',
  message_delivery: 'admin-deliveries-page',
};

describe('admin wrapper', () => {
  it('wraps every admin route in the admin layout, without the site header', { timeout: 120_000 }, async () => {
    for (const route of ADMIN_ROUTES) {
      await renderApp(route.path, { 'GET /api/user/info': signedIn({ ...aliceInfo, redirect_url: '/admin', goole_auth: true }) });
      await pageOf(['admin-layout']);
      const built = ADMIN_BUILT_PAGES[route.key] ?? 'not-yet-open';
      // Pages that are chunks of their own are imported on first use: a loaded machine takes a while.
      await waitFor(() => byTestId('admin-layout')?.querySelector(`[data-testid="${built}"]`), 15_000);
      expect(byTestId('header')).toBeNull();
      expect(byTestId(`admin-menu-${route.key}`)).not.toBeNull();
      cleanup();
    }
  });

  it('uses the admin wrapper for any path containing admin', async () => {
    await renderApp('/somewhere/admin-tools', { 'GET /api/user/info': signedIn({ ...aliceInfo, redirect_url: '/admin', goole_auth: true }) });
    await pageOf(['admin-layout']);
    await waitFor(() => byTestId('admin-layout')?.querySelector('[data-testid="not-found"]'));
    await waitFor(() => currentLocation.pathname === '/somewhere/admin-tools');
  });

  it('sends a signed-out visitor to login and a non-admin to forbidden', async () => {
    await renderApp('/admin/flow');
    await waitFor(() => currentLocation.pathname === '/request');
    cleanup();
    await renderApp('/admin/flow', { 'GET /api/user/info': signedIn() });
    expect(await pageOf(PAGE_IDS)).toBe('admin-forbidden');
  });

  it('keeps the back office closed to staff without an authenticator and opens its binding', async () => {
    await renderApp('/admin/flow', {
      'GET /api/user/info': signedIn({ ...aliceInfo, redirect_url: '/admin', goole_auth: false }),
      'GET /api/security/getgooglesecret': ok({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qrcode: 'data:image/png;base64,' }),
    });
    await waitFor(() => byTestId('admin-bind-google'));
    expect(byTestId('admin-layout')).toBeNull();
    await waitFor(() => byTestId('google-dialog'));
  });

  it('sends a user whose info carries redirect_url to /admin', async () => {
    await renderApp('/', { 'GET /api/user/info': signedIn({ ...aliceInfo, redirect_url: '/admin', goole_auth: true }) });
    await waitFor(() => currentLocation.pathname === '/admin');
    await pageOf(['admin-layout']);
  });
});
