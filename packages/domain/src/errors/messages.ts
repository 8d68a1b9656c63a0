import type { Lang } from '../lang.ts';
import { ERROR_CATALOGUE, MINING_CLIENT_ERRORS, errorNameOf, type ErrorName, type MiningClientErrorName } from './codes.ts';
import { ERROR_MESSAGES_RU, MINING_CLIENT_MESSAGES_RU } from './messages.ru.ts';
import { ERROR_MESSAGES_ZH, MINING_CLIENT_MESSAGES_ZH } from './messages.zh.ts';

/** The text of a catalogue error in a language; undefined for a code not in the catalogue. */
export function errorMessage(code: number, lang: Lang): string | undefined {
  const name = errorNameOf(code);
  return name === undefined ? undefined : errorMessageByName(name, lang);
}

export function errorMessageByName(name: ErrorName, lang: Lang): string {
  switch (lang) {
    case 'zh':
      return ERROR_MESSAGES_ZH[name];
    case 'ru':
      return ERROR_MESSAGES_RU[name];
    default:
      return ERROR_CATALOGUE[name].en;
  }
}

export function miningClientMessage(name: MiningClientErrorName, lang: Lang): string {
  switch (lang) {
    case 'zh':
      return MINING_CLIENT_MESSAGES_ZH[name];
    case 'ru':
      return MINING_CLIENT_MESSAGES_RU[name];
    default:
      return MINING_CLIENT_ERRORS[name].en;
  }
}
