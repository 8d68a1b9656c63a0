/**
 * Page titles (spec doc 2 §2 'Page titles'): '{page name} - {site title}', from the first
 * path segment. '/' reads as 'index'; 'pool' gets no title; an unknown segment gives the
 * not-found title.
 */
export const SITE_TITLE = 'Platter';

/** The spec's title map, in its order. */
export const TITLE_SEGMENTS = [
  'index',
  'pool',
  'mypools',
  'tools',
  'address',
  'user',
  'security',
  'change_pwd',
  'phone',
  'google',
  'about',
  'privacy',
  'agreement',
  'conf',
  'config',
  'statistics',
  'pools',
  'income',
  'invite',
  'inmail',
  'bind',
  'assets',
  'withdraw',
  'admin',
  'help',
  'dashboard',
  'search',
  '404',
  'watcher',
] as const;

/**
 * Our own first segments that the spec's map (written for a site whose centre and account
 * pages lived elsewhere) does not name; without them /center would read 'page not found'.
 */
export const EXTRA_TITLE_SEGMENTS = ['center', 'request', 'register', 'financial'] as const;

export type TitleSegment = (typeof TITLE_SEGMENTS)[number] | (typeof EXTRA_TITLE_SEGMENTS)[number];

const KNOWN = new Set<string>([...TITLE_SEGMENTS, ...EXTRA_TITLE_SEGMENTS]);

export function firstSegment(pathname: string): string {
  const segment = pathname.split('/').find((part) => part.length > 0);
  return segment ?? 'index';
}

/** The translation key of the page name, or null for the 'pool' segment (title left alone). */
export function titleKey(pathname: string): string | null {
  const segment = firstSegment(pathname);
  if (segment === 'pool') return null;
  return `title.${KNOWN.has(segment) ? segment : '404'}`;
}

/** The document title, or null when it must be left as it is. */
export function pageTitle(pathname: string, translate: (key: string) => string, siteTitle: string = SITE_TITLE): string | null {
  const key = titleKey(pathname);
  return key === null ? null : `${translate(key)} - ${siteTitle}`;
}
