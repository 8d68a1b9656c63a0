import { describe, expect, it } from 'vitest';
import { LANGS } from '../lang.ts';
import { ERR, ERROR_CATALOGUE, MINING_CLIENT_ERRORS, errorNameOf, type ErrorName } from './codes.ts';
import { errorMessage, miningClientMessage } from './messages.ts';
import './messages.all.ts';
import { ERROR_MESSAGES_RU } from './messages.ru.ts';
import { ERROR_MESSAGES_ZH } from './messages.zh.ts';

const names = Object.keys(ERROR_CATALOGUE) as ErrorName[];

/** The spec's code groups (doc 2 §8): every code must sit in one of them. */
const GROUPS: Record<string, [number, number][]> = {
  success: [[200, 200]],
  general: [
    [201, 231],
    [239, 239],
  ],
  // 1051: the platform's own addition (back-office accounts need an authenticator, issue 20).
  account: [
    [1002, 1050],
    [1051, 1051],
  ],
  // 2007 and 2008: the platform's own additions (ApplyForDownload by GET, issue 19; a back-office
  // write by GET, issue 20), past the spec's last request code.
  request: [
    [2002, 2006],
    [2007, 2008],
  ],
  'user-task': [[10001, 10007]],
  balance: [[10101, 10105]],
  // 10215: the platform's own addition (custody, issue 15), past the spec's last withdraw code.
  withdraw: [
    [10201, 10208],
    [10215, 10215],
  ],
  pointing: [[10301, 10308]],
  deposit: [[10401, 10402]],
  // The platform's own group (finance products, issue 23): the spec names none for them.
  finance: [[10501, 10507]],
  // 11010: the platform's own addition (the watcher's add, issue 25), past the spec's last user code.
  user: [
    [11001, 11004],
    [11010, 11010],
  ],
  bind: [[11101, 11108]],
  miner: [[11202, 11203]],
  mortgage: [[11301, 11309]],
  'business-id': [[11400, 11403]],
  server: [[500, 599]],
};

describe('error catalogue', () => {
  it('gives every code a unique number inside its spec group', () => {
    const codes = names.map((n) => ERROR_CATALOGUE[n].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const name of names) {
      const { code, group } = ERROR_CATALOGUE[name];
      const ranges = GROUPS[group];
      expect(ranges, `${name}: unknown group ${group}`).toBeDefined();
      expect(
        ranges?.some(([lo, hi]) => code >= lo && code <= hi),
        `${name} (${code}) outside ${group}`,
      ).toBe(true);
    }
  });

  it('keeps the numbers the spec fixes', () => {
    expect(ERR.OK).toBe(200);
    expect(ERR.NOT_LOGGED_IN).toBe(202);
    expect(ERR.VERIFICATION_REQUIRED).toBe(231);
    expect(ERR.PHONE_NOT_BOUND).toBe(1046);
    expect(ERR.BIND_MESSAGE_CHANNEL_FIRST).toBe(239);
    expect(ERR.INTERNAL_ERROR).toBe(500);
  });

  it('covers every group the spec names', () => {
    const used = new Set<string>(names.map((n) => ERROR_CATALOGUE[n].group));
    for (const group of Object.keys(GROUPS)) expect(used.has(group), group).toBe(true);
  });

  it('has a non-empty text for every code in en, zh and ru', () => {
    expect(Object.keys(ERROR_MESSAGES_ZH).sort()).toEqual([...names].sort());
    expect(Object.keys(ERROR_MESSAGES_RU).sort()).toEqual([...names].sort());
    for (const name of names) {
      for (const lang of LANGS) {
        const text = errorMessage(ERROR_CATALOGUE[name].code, lang);
        expect(text, `${name}/${lang}`).toMatch(/\S/);
      }
      expect(errorMessage(ERROR_CATALOGUE[name].code, 'zh')).toBe(ERROR_MESSAGES_ZH[name]);
      expect(errorMessage(ERROR_CATALOGUE[name].code, 'ru')).toBe(ERROR_MESSAGES_RU[name]);
      // A translation that is just the English text is a missed translation.
      expect(ERROR_MESSAGES_ZH[name], name).not.toBe(ERROR_CATALOGUE[name].en);
      expect(ERROR_MESSAGES_RU[name], name).not.toBe(ERROR_CATALOGUE[name].en);
    }
  });

  it('writes Chinese texts in Chinese and Russian texts in Cyrillic', () => {
    for (const name of names) {
      expect(ERROR_MESSAGES_ZH[name], name).toMatch(/[\u4e00-\u9fff]/);
      expect(ERROR_MESSAGES_RU[name], name).toMatch(/[\u0400-\u04ff]/);
    }
  });

  it('answers undefined for a code outside the catalogue', () => {
    expect(errorMessage(99999, 'en')).toBeUndefined();
    expect(errorNameOf(99999)).toBeUndefined();
  });

  it('has the mining-client sign errors 16, 12, 10, 8 and 7 in every language', () => {
    expect(
      Object.values(MINING_CLIENT_ERRORS)
        .map((e) => e.code)
        .sort((a, b) => a - b),
    ).toEqual([7, 8, 10, 12, 16]);
    for (const name of Object.keys(MINING_CLIENT_ERRORS) as (keyof typeof MINING_CLIENT_ERRORS)[]) {
      for (const lang of LANGS) expect(miningClientMessage(name, lang)).toMatch(/\S/);
    }
    expect(miningClientMessage('INVALID_SIGNATURE', 'en')).toBe('INVALID SIGNATURE');
  });
});
