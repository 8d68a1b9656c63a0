import { securityEndpoints, countryName, countrySchema, type Country, type Lang } from '@platter/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api, currentLang, dataOf } from '../../api/index.ts';

/** GET /api/security/countries: nationality and dial prefix for phone sign-in and binding. */
export const countriesQuery = queryOptions({
  queryKey: ['security', 'countries'],
  queryFn: async (): Promise<Country[]> => {
    const parsed = z.array(countrySchema).safeParse(dataOf(await api.send(securityEndpoints.countries)) ?? []);
    return parsed.success ? parsed.data : [];
  },
  staleTime: Infinity,
});

/**
 * A country's name in the interface language: the list carries English and Traditional
 * Chinese names; Russian comes from the browser's own region names (CLDR), else English.
 */
export function countryLabel(country: Country, lang: Lang): string {
  if (lang === 'ru') {
    try {
      const name = new Intl.DisplayNames(['ru'], { type: 'region', fallback: 'none' }).of(country.country_code);
      if (name) return name;
    } catch {
      // An engine without region names: English below.
    }
  }
  return countryName(country, lang);
}

/** '+86' from '0086'. */
export function dialPrefix(country: Country): string {
  return `+${country.phone_code.replace(/^00/, '')}`;
}

/** The select's options, by name in the interface language. */
export function countryOptions(countries: readonly Country[], lang: Lang): { value: string; label: string }[] {
  const collator = new Intl.Collator(lang === 'zh' ? 'zh-Hant' : lang);
  return countries
    .map((country) => ({ value: country.country_code, label: `${countryLabel(country, lang)} (${dialPrefix(country)})` }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The nationality select (value: the two-letter country code). */
export function CountrySelect({ value, onChange, testId }: { value?: string; onChange?: (value: string) => void; testId: string }) {
  const { t } = useTranslation();
  const countries = useQuery(countriesQuery);
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={onChange}
      loading={countries.isPending}
      placeholder={t('auth.nationalityPlaceholder')}
      data-testid={testId}
      options={countryOptions(countries.data ?? [], currentLang())}
    />
  );
}

/** A stored country code shown as its name ('—' when none). */
export function CountryName({ code }: { code: string }) {
  const countries = useQuery(countriesQuery);
  const country = countries.data?.find((c) => c.country_code === code);
  return <>{country ? countryLabel(country, currentLang()) : code || '—'}</>;
}

/** Nationality and number (phone sign-in, binding a phone): form fields `nationality` and `phone`. */
export function PhoneFields({ phoneLabel, testIds }: { phoneLabel: string; testIds: [string, string] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="nationality" label={t('auth.nationality')}>
        <CountrySelect testId={testIds[0]} />
      </Form.Item>
      <Form.Item name="phone" label={phoneLabel}>
        <Input autoComplete="tel-national" inputMode="tel" data-testid={testIds[1]} />
      </Form.Item>
    </>
  );
}
