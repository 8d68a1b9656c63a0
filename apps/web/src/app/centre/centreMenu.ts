/**
 * The user centre's navigation as data (issue 20): groups of entries, each with its i18n label
 * (`centreNav.entry.<key>`), the path it opens and whether its screen is built. Only built
 * entries are shown: a feature that is not built is not advertised (its route still answers
 * with 'not yet open'). A later issue adds its screen's entry with one line, or flips `built`.
 *
 * `path` may carry a `#fragment` naming a section of a page (plots on the miners page, the
 * withdrawals on the assets page); `also` lists the other paths that show the same screen
 * (the spec's top-level /assets, /user, …), so the entry is marked there too.
 */
export type CentreEntry = {
  key: string;
  path: string;
  built: boolean;
  also?: readonly string[];
};

export type CentreGroup = { key: 'assets' | 'mining' | 'account'; entries: readonly CentreEntry[] };

export const CENTRE_MENU: readonly CentreGroup[] = [
  {
    key: 'assets',
    entries: [
      { key: 'assets', path: '/center/assets', built: true, also: ['/assets'] },
      { key: 'depositWithdrawal', path: '/center/assets#withdrawals', built: true, also: ['/assets#withdrawals'] },
      { key: 'bill', path: '/center/bill', built: true, also: ['/center/flow'] },
      { key: 'address', path: '/center/address', built: true, also: ['/address'] },
      { key: 'investment', path: '/center/investment', built: true },
      { key: 'mortgage', path: '/center/assets#mortgage', built: true, also: ['/assets#mortgage'] },
    ],
  },
  {
    key: 'mining',
    entries: [
      { key: 'dashboard', path: '/center/mining', built: true },
      { key: 'miners', path: '/center/machine', built: true },
      { key: 'plots', path: '/center/machine#plots', built: true },
      { key: 'dailyRevenue', path: '/center/income', built: true },
      { key: 'revenue', path: '/center/revenue', built: true },
      { key: 'contribution', path: '/center/contribution', built: true },
      { key: 'chiapp', path: '/center/chiapp', built: true },
      { key: 'configuration', path: '/center/configuration', built: false },
      { key: 'openPool', path: '/center/open', built: true },
      { key: 'pointing', path: '/center/pointing', built: true },
    ],
  },
  {
    key: 'account',
    entries: [
      { key: 'personal', path: '/center', built: true, also: ['/user'] },
      { key: 'security', path: '/center/security', built: true, also: ['/security'] },
      { key: 'history', path: '/center/history', built: true },
      { key: 'messages', path: '/inmail', built: true },
      { key: 'messageSettings', path: '/center/message', built: true },
      { key: 'tunnel', path: '/center/tunnel', built: true },
      { key: 'invite', path: '/center/invite', built: true },
      { key: 'watcher', path: '/watcher', built: true },
    ],
  },
];

/** The groups with only their built entries (a group left empty is dropped). */
export function builtCentreMenu(menu: readonly CentreGroup[] = CENTRE_MENU): CentreGroup[] {
  return menu.map((group) => ({ ...group, entries: group.entries.filter((entry) => entry.built) })).filter((group) => group.entries.length > 0);
}

function split(path: string): [string, string] {
  const at = path.indexOf('#');
  return at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at + 1)];
}

/** Whether `pathname` is `base` or one of its sub-paths (`/center/flow/XCH` under `/center/flow`). */
function under(pathname: string, base: string): boolean {
  return pathname === base || (base !== '/center' && pathname.startsWith(`${base}/`));
}

/**
 * The built entry for a location, or undefined off the centre: an entry whose fragment
 * matches wins over the plain page (/center/machine#plots marks Plots, not Online miners).
 */
export function currentCentreEntry(pathname: string, hash: string, menu: readonly CentreGroup[] = CENTRE_MENU): CentreEntry | undefined {
  const fragment = hash.replace(/^#/, '');
  let plain: CentreEntry | undefined;
  for (const entry of builtCentreMenu(menu).flatMap((group) => group.entries)) {
    for (const path of [entry.path, ...(entry.also ?? [])]) {
      const [base, section] = split(path);
      if (!under(pathname.replace(/\/+$/, '') || '/', base)) continue;
      if (section && section === fragment) return entry;
      if (!section) plain ??= entry;
    }
  }
  return plain;
}
