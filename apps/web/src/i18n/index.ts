import { LANG_COOKIE, LANG_COOKIE_DAYS, LANGS, resolveLang, type Lang } from '@platter/domain';
import type { Locale } from 'antd/es/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies.ts';

/** A translation catalogue: nested keys down to the texts. */
export type Catalogue = { [key: string]: string | Catalogue };

/**
 * What one language brings: the texts of the first screen, antd's own strings (pagination,
 * empty, pickers…) and, loaded after them, the other areas' texts.
 */
export interface LanguagePack {
  translation: Catalogue;
  antdLocale: Locale;
  rest?: () => Promise<{ default: Catalogue }>;
}

/**
 * The texts of one language from its files (`<lang>.json` and every `<area>.<lang>.json`):
 * each area keeps its strings under its own top-level key, so merging is one level deep.
 */
export function mergeCatalogues(files: Record<string, Catalogue>): Catalogue {
  return Object.assign(
    {},
    ...Object.keys(files)
      .sort()
      .map((file) => files[file]),
  );
}

/**
 * Every visible string lives in the catalogues of this folder (same keys in each language;
 * tested): `<lang>.json` and, per area, `<area>.<lang>.json` with its strings under one
 * top-level key named like the area. A language's files are one chunk (./lang/<lang>.ts,
 * found by file name: a new trio of area files needs no registration), and only the
 * language shown is loaded: main.tsx waits for it before the first render, and switching
 * loads the other before the page changes.
 */
const PACKS: Record<Lang, () => Promise<{ default: LanguagePack }>> = {
  en: () => import('./lang/en.ts'),
  zh: () => import('./lang/zh.ts'),
  ru: () => import('./lang/ru.ts'),
};

/** The `lang` attribute of <html>: zh is Traditional Chinese. */
export const HTML_LANG: Record<Lang, string> = { en: 'en', zh: 'zh-Hant', ru: 'ru' };

export function initialLang(): Lang {
  const cookie = typeof document === 'undefined' ? undefined : readCookie(LANG_COOKIE);
  // A page the server sent drawn (#root[data-prerender]) is in the language it chose from the same
  // cookie and Accept-Language (`<html lang>`): with no cookie to read here, that one, so that the
  // page hydrates rather than being drawn anew in the browser's language.
  const drawn = typeof document === 'undefined' || document.getElementById('root')?.dataset.prerender === undefined ? undefined : document.documentElement.lang;
  const accept = typeof navigator === 'undefined' ? undefined : [drawn, ...(navigator.languages ?? [navigator.language])].filter(Boolean).join(',');
  return resolveLang(cookie, accept);
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLang(),
  fallbackLng: 'en',
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // A component drawn before its area's texts arrived draws again when they do.
  react: { bindI18nStore: 'added' },
});

const antdLocales = new Map<Lang, Locale>();
/** Each loaded language's other texts, arriving (a failed chunk: tried again on the next wait). */
const rests = new Map<Lang, { load: () => Promise<void>; done?: Promise<void> }>();

/**
 * Makes a language's pack available (the loader below, or every language at once in unit
 * tests); the rest of its texts starts loading at once, beside the first render.
 */
export function addLanguagePack(lang: Lang, pack: LanguagePack): void {
  i18n.addResourceBundle(lang, 'translation', pack.translation, true, true);
  antdLocales.set(lang, pack.antdLocale);
  const { rest } = pack;
  if (!rest) return;
  const entry = {
    load: async () => {
      i18n.addResourceBundle(lang, 'translation', (await rest()).default, true, true);
    },
  };
  rests.set(lang, entry);
  void languageComplete(lang).catch(() => undefined);
}

/** Resolves once every text of a loaded language is there (at once for a pack without a rest). */
export function languageComplete(lang: string): Promise<void> {
  const entry = rests.get(lang as Lang);
  if (!entry) return Promise.resolve();
  entry.done ??= entry.load().catch((error: unknown) => {
    entry.done = undefined;
    throw error;
  });
  return entry.done;
}

export function isLanguageLoaded(lang: Lang): boolean {
  return antdLocales.has(lang);
}

/** Loads a language's texts (once); a chunk that fails to load leaves the language as it was. */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (isLanguageLoaded(lang)) return;
  addLanguagePack(lang, (await PACKS[lang]()).default);
}

/** antd's own strings for a loaded language (undefined: antd's built-in English). */
export function antdLocaleOf(lang: string): Locale | undefined {
  return antdLocales.get(lang as Lang);
}

function syncHtmlLang(lang: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[lang as Lang] ?? lang;
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

/**
 * Switches the interface language and keeps it in the h9_lang cookie for 365 days. A language
 * already loaded switches at once; another once its chunk has arrived.
 */
export function applyLanguage(lang: Lang): void {
  writeCookie(LANG_COOKIE, lang, { days: LANG_COOKIE_DAYS, path: '/' });
  if (isLanguageLoaded(lang)) {
    void i18n.changeLanguage(lang);
    return;
  }
  loadLanguage(lang)
    .then(() => languageComplete(lang))
    .then(
      () => void i18n.changeLanguage(lang),
      () => {
        // Offline or a replaced deploy: the page stays in its language; the cookie applies on the next load.
      },
    );
}

export default i18n;
