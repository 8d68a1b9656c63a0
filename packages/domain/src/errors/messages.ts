import type { Lang } from '../lang.ts';
import { ERROR_CATALOGUE, MINING_CLIENT_ERRORS, errorNameOf, type ErrorName, type MiningClientErrorName } from './codes.ts';

/**
 * The catalogue's texts in a language other than English (messages.zh.ts, messages.ru.ts).
 * They are registered, not imported here: the server registers every language at start
 * (messages.all.ts, loaded with the package), the web only the language it shows (its language
 * pack, src/i18n/lang/<lang>.ts), so a page never carries the other languages' texts.
 */
export interface ErrorMessageTables {
  errors: Record<ErrorName, string>;
  mining: Record<MiningClientErrorName, string>;
}

const TABLES: Partial<Record<Lang, ErrorMessageTables>> = {};

export function addErrorMessages(lang: Exclude<Lang, 'en'>, tables: ErrorMessageTables): void {
  TABLES[lang] = tables;
}

/** The text of a catalogue error in a language; undefined for a code not in the catalogue. */
export function errorMessage(code: number, lang: Lang): string | undefined {
  const name = errorNameOf(code);
  return name === undefined ? undefined : errorMessageByName(name, lang);
}

/** A language not registered (yet) gets the English text. */
export function errorMessageByName(name: ErrorName, lang: Lang): string {
  return TABLES[lang]?.errors[name] ?? ERROR_CATALOGUE[name].en;
}

export function miningClientMessage(name: MiningClientErrorName, lang: Lang): string {
  return TABLES[lang]?.mining[name] ?? MINING_CLIENT_ERRORS[name].en;
}
