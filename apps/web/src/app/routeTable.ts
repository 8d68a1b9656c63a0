/**
 * The routes of spec doc 2 §2 as data: the router, the admin menu and the tests read them.
 * `feature` is the key under `feature.*` of the 'not yet open' page each shows for now.
 */

/**
 * The public and shared pages of the router (routes.tsx; a test keeps the two equal): the
 * route sweep of the browser tests visits each.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/mypools',
  '/mypools/:pooltype',
  '/mypools/:currency/:address',
  '/help/bulletin',
  '/help',
  '/help/faq',
  '/help/tutorial',
  '/help/download',
  '/agreement',
  '/privacy',
  '/financial',
  '/pools',
  '/request',
  '/request/forgot',
  '/request/reset',
  '/register',
  '/register/activate',
  '/dev/mailbox',
] as const;

/** Top-level pages shown only when signed in (a signed-out visitor goes to /request). */
export const MEMBER_ROUTES = [
  { path: '/assets', feature: 'assets' },
  { path: '/watcher', feature: 'watcher' },
  { path: '/inmail', feature: 'inmail' },
  { path: '/user', feature: 'user' },
  { path: '/security', feature: 'security' },
  { path: '/address', feature: 'address' },
] as const;

/** The user centre, under /center (all signed-in only). Paths are relative to /center. */
export const CENTER_ROUTES = [
  { path: '', feature: 'center' },
  { path: 'assets', feature: 'centerAssets' },
  { path: 'investment', feature: 'investment' },
  { path: 'flow/:param?', feature: 'flow' },
  { path: 'bill', feature: 'bill' },
  { path: 'open', feature: 'open' },
  { path: 'configuration', feature: 'configuration' },
  { path: 'pointing', feature: 'pointing' },
  { path: 'income', feature: 'income' },
  // Revenue (spec doc 1 §2: income per block; issue 20): the spec lists the screen, not its path.
  { path: 'revenue', feature: 'revenue' },
  { path: 'machine', feature: 'machine' },
  { path: 'contribution', feature: 'contribution' },
  { path: 'mining', feature: 'mining' },
  { path: 'address', feature: 'centerAddress' },
  { path: 'security', feature: 'centerSecurity' },
  { path: 'history', feature: 'history' },
  { path: 'security/phone', feature: 'phone' },
  // Chia PP points (issue 6): the spec names the page, not its path.
  { path: 'chiapp', feature: 'chiapp' },
  // Invite and rebate (spec doc 1 §2; issue 25).
  { path: 'invite', feature: 'invite' },
  // Issue 24: "Tunnel bind" and "Message management and event settings" (the spec names the screens, not their paths).
  { path: 'tunnel', feature: 'tunnel' },
  { path: 'message', feature: 'messageSettings' },
] as const;

export type AdminGroup = 'account' | 'lists' | 'reports' | 'reviews' | 'content' | 'system';

/** The back office (spec doc 2 §2 'Admin routes'); `key` names its label under admin.page.*. */
export const ADMIN_ROUTES: readonly { path: string; key: string; group: AdminGroup }[] = [
  { path: '/admin', key: 'account', group: 'account' },
  ...(['flow', 'deposit_withdrawal', 'point_info', 'openned', 'income_info', 'mining_info', 'contribution', 'machines', 'bind_info', 'plots'] as const).map((key) => ({
    path: `/admin/${key}`,
    key,
    group: 'lists' as const,
  })),
  // Issue 23: the finance products (the spec's back-office list names none).
  { path: '/admin/finance_products', key: 'finance_products', group: 'lists' },
  // Issue 22: each pointing coin's settings (counted share, margin, Noterm lock, verification window).
  { path: '/admin/point_settings', key: 'point_settings', group: 'system' },
  // Issue 22: each cooperation coin's least amount and a deal's shares, margin and term.
  { path: '/admin/cooperation_settings', key: 'cooperation_settings', group: 'system' },
  // Issue 25: the invitations and rebates, and each pool's rebate share.
  { path: '/admin/invitations', key: 'invitations', group: 'lists' },
  ...(['mining_daily_reports', 'assets_daily_reports'] as const).map((key) => ({ path: `/admin/${key}`, key, group: 'reports' as const })),
  ...(['withdraw_review', 'point_review', 'capacity_review', 'capacity_unbind', 'outliers'] as const).map((key) => ({
    path: `/admin/${key}`,
    key,
    group: 'reviews' as const,
  })),
  // Issue 22: pointings put in mortgage (auditmorttopoint) and every user's mortgage log (getpointmortgagelogs).
  { path: '/admin/mortgage', key: 'mortgage', group: 'reviews' },
  // download_list and documents (agreement, privacy, support text) are not in the spec's list: the download centre's links and those texts are set here.
  ...(['banner_list', 'bulletin_list', 'bulletin_add', 'help_list', 'download_list', 'documents', 'send_notice'] as const).map((key) => ({
    path: `/admin/${key}`,
    key,
    group: 'content' as const,
  })),
  // Not named by the spec: the operator's balance-adjustment approvals, roles and audit log.
  // Issue 18: keys of the operator's trusted proxies; issue 19: the background jobs.
  // Issue 24: the message channels' deliveries and dead letters.
  ...(['balance_adjustments', 'roles', 'audit_log', 'jobs', 'proxy_keys', 'message_delivery'] as const).map((key) => ({ path: `/admin/${key}`, key, group: 'system' as const })),
];

export const ADMIN_GROUPS: readonly AdminGroup[] = ['account', 'lists', 'reports', 'reviews', 'content', 'system'];

/** Paths containing 'admin' use the separate admin wrapper (spec doc 2 §2). */
export function isAdminPath(pathname: string): boolean {
  return pathname.includes('admin');
}

/** The account pages (login /request, registration /register) and their sub-paths. */
export function isAccountPath(pathname: string): boolean {
  return /^\/(request|register)(\/|$)/.test(pathname);
}
