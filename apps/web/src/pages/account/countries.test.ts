import type { Country } from '@platter/domain';
import { describe, expect, it } from 'vitest';
import { countryLabel, countryOptions, dialPrefix } from './countries.tsx';

const us: Country = { english_name: 'United States', chinese_name: '美國', country_code: 'US', phone_code: '001' };
const de: Country = { english_name: 'Germany', chinese_name: '德國', country_code: 'DE', phone_code: '0049' };
const ru: Country = { english_name: 'Russia', chinese_name: '俄羅斯', country_code: 'RU', phone_code: '007' };

describe('countries', () => {
  it('names a country in the interface language', () => {
    expect(countryLabel(us, 'en')).toBe('United States');
    expect(countryLabel(us, 'zh')).toBe('美國');
    expect(countryLabel(de, 'ru')).toBe('Германия');
  });

  it('writes the dial prefix with a plus', () => {
    expect(dialPrefix(us)).toBe('+1');
    expect(dialPrefix(de)).toBe('+49');
  });

  it('sorts the options by the shown name', () => {
    expect(countryOptions([us, ru, de], 'en').map((o) => o.label)).toEqual(['Germany (+49)', 'Russia (+7)', 'United States (+1)']);
    expect(countryOptions([us, ru, de], 'ru').map((o) => o.value)).toEqual(['DE', 'RU', 'US']);
  });
});
