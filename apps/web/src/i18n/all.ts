import { LANGS, type Lang } from '@platter/domain';
import { addLanguagePack, type Catalogue } from './index.ts';
import en from './lang/en.ts';
import enRest from './lang/en.rest.ts';
import ru from './lang/ru.ts';
import ruRest from './lang/ru.rest.ts';
import zh from './lang/zh.ts';
import zhRest from './lang/zh.rest.ts';

/**
 * Every language at once, for unit tests (the app loads only the language shown): the merged
 * catalogues as the app gets them, and each area's files by area name and language.
 */
export const catalogues: Record<Lang, Catalogue> = { en: { ...en.translation, ...enRest }, zh: { ...zh.translation, ...zhRest }, ru: { ...ru.translation, ...ruRest } };

/** Each language's first-screen texts and the rest, as the app loads them in two chunks. */
export const firstAndRest: Record<Lang, { first: Catalogue; rest: Catalogue }> = {
  en: { first: en.translation, rest: enRest },
  zh: { first: zh.translation, rest: zhRest },
  ru: { first: ru.translation, rest: ruRest },
};

const files = import.meta.glob<Catalogue>('./*.json', { eager: true, import: 'default' });

/** `<area>.<lang>.json` files, by area and language (the base `<lang>.json` files are not areas). */
export const areaCatalogues: Record<string, Partial<Record<Lang, Catalogue>>> = {};
for (const [file, catalogue] of Object.entries(files)) {
  const match = /^\.\/(\w+)\.(\w+)\.json$/.exec(file);
  if (!match?.[1] || !match[2]) continue;
  const area = (areaCatalogues[match[1]] ??= {});
  area[match[2] as Lang] = catalogue;
}

/** Registers every language with i18next, synchronously (unit tests switch languages freely). */
export function registerAllLanguages(): void {
  for (const lang of LANGS) addLanguagePack(lang, { translation: catalogues[lang], antdLocale: { en, zh, ru }[lang].antdLocale });
}
