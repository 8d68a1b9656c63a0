/** Interface languages of the spec (doc 2 §1): en is the default; zh is Traditional Chinese. */
export const LANGS = ['en', 'zh', 'ru'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** The cookie the spec names for the interface language (doc 2 §9), kept 365 days. */
export const LANG_COOKIE = 'h9_lang';
export const LANG_COOKIE_DAYS = 365;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Maps a locale tag such as `zh-TW`, `ru-RU` or `en` to one of our languages, if any. */
export function langFromTag(tag: string | undefined | null): Lang | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLang(primary) ? primary : undefined;
}

/** Picks the first supported language of an Accept-Language header, honouring q-values. */
export function langFromAcceptLanguage(header: string | undefined | null): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const lang = langFromTag(tag);
    if (lang) return lang;
  }
  return undefined;
}

/** The language of a request: the h9_lang cookie, then Accept-Language, then English. */
export function resolveLang(cookieValue: string | undefined, acceptLanguage: string | undefined): Lang {
  return langFromTag(cookieValue) ?? langFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANG;
}

export type Translated = Record<Lang, string>;
