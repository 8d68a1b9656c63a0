import { describe, expect, it } from 'vitest';
import en from '../../i18n/centreNav.en.json';
import { CENTER_ROUTES, MEMBER_ROUTES } from '../routeTable.ts';
import { builtCentreMenu, CENTRE_MENU, currentCentreEntry } from './centreMenu.ts';

const routePaths = [...MEMBER_ROUTES.map((r) => r.path), ...CENTER_ROUTES.map((r) => (r.path ? `/center/${r.path.replace(/\/:\w+\?$/, '')}` : '/center'))];

describe('the user-centre menu (issue 20)', () => {
  it('has the issue’s three groups, each entry labelled in the catalogue', () => {
    expect(CENTRE_MENU.map((g) => g.key)).toEqual(['assets', 'mining', 'account']);
    for (const entry of CENTRE_MENU.flatMap((g) => g.entries)) expect(en.centreNav.entry, entry.key).toHaveProperty(entry.key);
  });

  it('leads every built entry to a route of the route table', () => {
    for (const entry of builtCentreMenu().flatMap((g) => g.entries)) {
      for (const path of [entry.path, ...(entry.also ?? [])]) expect(routePaths, `${entry.key}: ${path}`).toContain(path.split('#')[0]);
    }
  });

  it('advertises no screen that is not built', () => {
    const shown = builtCentreMenu().flatMap((g) => g.entries.map((e) => e.key));
    for (const key of ['configuration']) expect(shown).not.toContain(key);
    // Issues 22, 24 and 25: pointing, open pool (cooperation), the message channels, invite and rebate and the watcher are built.
    for (const key of ['pointing', 'openPool', 'messageSettings', 'tunnel', 'invite', 'watcher']) expect(shown).toContain(key);
    expect(builtCentreMenu([{ key: 'mining', entries: [{ key: 'x', path: '/center/x', built: false }] }])).toEqual([]);
  });

  it('marks the entry of the current page, a #section before its page', () => {
    const at = (path: string, hash = '') => currentCentreEntry(path, hash)?.key;
    expect(at('/center/machine')).toBe('miners');
    expect(at('/center/machine', '#plots')).toBe('plots');
    expect(at('/center/assets')).toBe('assets');
    expect(at('/assets', '#withdrawals')).toBe('depositWithdrawal');
    expect(at('/center/flow/XCH')).toBe('bill');
    expect(at('/center')).toBe('personal');
    expect(at('/center/')).toBe('personal');
    expect(at('/user')).toBe('personal');
    expect(at('/center/security/phone')).toBe('security');
    expect(at('/inmail')).toBe('messages');
    expect(at('/center/investment')).toBe('investment');
    expect(at('/center/nothing')).toBeUndefined();
    expect(at('/mypools/chia')).toBeUndefined();
  });
});
