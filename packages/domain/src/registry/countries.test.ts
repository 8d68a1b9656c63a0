import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByCode } from './countries.ts';
import { COUNTRY_CODES, isCountryCode } from './countryCodes.ts';

describe('country list', () => {
  it('has about 230 entries with unique two-letter codes and 00-prefixed dial codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(220);
    expect(COUNTRIES.length).toBeLessThanOrEqual(240);
    expect(new Set(COUNTRIES.map((c) => c.country_code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) {
      expect(c.country_code, c.english_name).toMatch(/^[A-Z]{2}$/);
      expect(c.phone_code, c.english_name).toMatch(/^00[1-9]\d{0,3}$/);
      expect(c.chinese_name, c.english_name).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('uses the spec examples and Traditional characters', () => {
    expect(countryByCode('cn')).toEqual({ english_name: 'China', chinese_name: '中國', country_code: 'CN', phone_code: '0086' });
    expect(countryByCode('US')?.phone_code).toBe('001');
    expect(countryByCode('RU')?.chinese_name).toBe('俄羅斯');
    expect(countryByCode('HK')?.chinese_name).toBe('香港');
    // Simplified forms must not appear.
    for (const c of COUNTRIES) expect(c.chinese_name, c.english_name).not.toMatch(/[国罗兰尔亚]/);
  });

  it('validates a code against the same list without the names (countryCodes.ts)', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRIES.map((c) => c.country_code).sort());
    expect(isCountryCode('cn')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('')).toBe(false);
  });
});
