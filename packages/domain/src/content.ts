import { LANGS, type Lang } from './lang.ts';

/**
 * Site content (spec doc 1 §2 'Other screens', doc 2 §7 'Home and content', 'Admin'): banners,
 * announcements, help items, download-centre links and the operator's texts, each in en, zh
 * and ru. The HTML rules live here once: the server sanitises with them on save and on read,
 * and the web renders stored HTML only through the same allowlist.
 */

/** Help items are FAQ entries or tutorials (spec doc 2 §3 'Help item'). */
export const HELP_TYPES = ['faq', 'tutorial'] as const;
export type HelpType = (typeof HELP_TYPES)[number];

/** Download-centre links: the app, or a tool of one coin. */
export const DOWNLOAD_KINDS = ['app', 'tool'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** The operator-editable texts: /agreement, /privacy and the support centre's contact text. */
export const DOCUMENT_KEYS = ['agreement', 'privacy', 'support'] as const;
export type DocumentKey = (typeof DOCUMENT_KEYS)[number];

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_HTML_MAX = 100_000;
export const CONTENT_TEXT_MAX = 1000;
export const CONTENT_URL_MAX = 2048;
export const CONTENT_SORT_MAX = 9999;

/** One text per interface language; zh and ru may be empty (readers then get the English). */
export type Localized = Record<Lang, string>;

/** The text of `lang`, or the English one when that language is empty; `lang` says which was used. */
export function pickLocalized(text: Localized, lang: Lang): { text: string; lang: Lang } {
  const own = text[lang]?.trim();
  if (own) return { text: text[lang], lang };
  return { text: text.en, lang: 'en' };
}

/** The languages an item has been written in (en always). */
export function writtenLanguages(text: Localized): Lang[] {
  return LANGS.filter((lang) => text[lang]?.trim());
}

/** Elements stored and shown in content HTML; everything else is dropped (script and style with their text). */
export const CONTENT_HTML_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sup',
  'sub',
  'blockquote',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
  'figure',
  'figcaption',
] as const;

/** Attributes kept per element: no event handlers, no style, no classes or ids. */
export const CONTENT_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** Elements dropped together with their text (never shown as text either). */
export const CONTENT_HTML_DROPPED_WITH_TEXT = ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'head'] as const;

const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];
const IMAGE_SCHEMES = ['http:', 'https:'];

/**
 * True for a URL content may carry: http(s) (mailto for links) or a path on this site
 * ('/help', '#top'). javascript:, data:, vbscript: and protocol-relative '//host' are refused,
 * also when hidden by case, whitespace or control characters.
 */
export function isSafeContentUrl(url: string, kind: 'link' | 'image' = 'link'): boolean {
  // Browsers ignore these inside a scheme ('java\tscript:'), so they must not hide one from us.
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return false;
  if (compact.startsWith('//') || compact.startsWith('\\') || compact.startsWith('/\\')) return false;
  if (compact.startsWith('/') || compact.startsWith('#')) return true;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(compact);
  if (!scheme) return false;
  return (kind === 'image' ? IMAGE_SCHEMES : LINK_SCHEMES).includes(`${scheme[1]?.toLowerCase()}:`);
}

/** True for a banner whose window is open at `nowSeconds`. */
export function bannerShowing(banner: { active: boolean; starts_at: number | null; ends_at: number | null }, nowSeconds: number): boolean {
  if (!banner.active) return false;
  if (banner.starts_at !== null && banner.starts_at > nowSeconds) return false;
  return banner.ends_at === null || banner.ends_at > nowSeconds;
}
