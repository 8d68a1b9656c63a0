import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage, langFromTag, resolveLang } from './lang.ts';

describe('request language', () => {
  it('maps locale tags to en, zh and ru', () => {
    expect(langFromTag('zh-TW')).toBe('zh');
    expect(langFromTag('ru_RU')).toBe('ru');
    expect(langFromTag('EN')).toBe('en');
    expect(langFromTag('de')).toBeUndefined();
    expect(langFromTag('')).toBeUndefined();
  });

  it('honours Accept-Language order and q-values, skipping unsupported languages', () => {
    expect(langFromAcceptLanguage('de-DE,de;q=0.9,ru;q=0.8,en;q=0.7')).toBe('ru');
    expect(langFromAcceptLanguage('en;q=0.2, zh-TW;q=0.9')).toBe('zh');
    expect(langFromAcceptLanguage('fr, de')).toBeUndefined();
    expect(langFromAcceptLanguage('ru;q=0')).toBeUndefined();
  });

  it('prefers the h9_lang cookie, then Accept-Language, then English', () => {
    expect(resolveLang('ru', 'zh-TW')).toBe('ru');
    expect(resolveLang(undefined, 'zh-TW,en')).toBe('zh');
    expect(resolveLang('xx', undefined)).toBe('en');
    expect(resolveLang(undefined, undefined)).toBe('en');
  });
});
