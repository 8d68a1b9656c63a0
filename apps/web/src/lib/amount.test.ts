import { describe, expect, it } from 'vitest';
import { formatAmountText } from './amount.ts';

const en = (value: string, displayScale?: number, signed?: boolean) => formatAmountText(value, { displayScale, lang: 'en', signed });

describe('formatAmountText', () => {
  it('cuts to the display precision (towards zero) and trims trailing zeros', () => {
    expect(en('77.334600432627', 6)).toEqual({ text: '77.3346', exact: '77.334600432627', cut: true });
    expect(en('1.9999999', 4).text).toBe('1.9999');
    expect(en('12.500000000000', 6)).toEqual({ text: '12.5', exact: '12.5', cut: false });
    expect(en('3.000000000000', 6)).toEqual({ text: '3', exact: '3', cut: false });
    expect(en('0.25', 6)).toEqual({ text: '0.25', exact: '0.25', cut: false });
    expect(en('7.123456789', 0).text).toBe('7');
  });

  it('keeps every decimal without a display precision', () => {
    expect(en('0.000000000001')).toEqual({ text: '0.000000000001', exact: '0.000000000001', cut: false });
  });

  it('groups thousands per language: en and zh with commas, ru with no-break spaces and a decimal comma', () => {
    expect(en('1234567.891', 2).text).toBe('1,234,567.89');
    expect(formatAmountText('1234567.891', { displayScale: 2, lang: 'zh' }).text).toBe('1,234,567.89');
    expect(formatAmountText('1234567.891', { displayScale: 2, lang: 'ru' })).toEqual({ text: '1\u00a0234\u00a0567,89', exact: '1\u00a0234\u00a0567,891', cut: true });
    expect(formatAmountText('1500', { displayScale: 6, lang: 'ru' }).text).toBe('1\u00a0500');
    expect(en('999', 6).text).toBe('999');
  });

  it('writes negative amounts with a minus, positive ones with a plus when signed', () => {
    expect(en('-1234.56789', 4).text).toBe('-1,234.5678');
    expect(en('0.5', 4, true).text).toBe('+0.5');
    expect(en('-0.5', 4, true).text).toBe('-0.5');
    expect(formatAmountText('-2500.5', { displayScale: 4, lang: 'ru' }).text).toBe('-2\u00a0500,5');
  });

  it('writes zero as 0, whatever its sign or decimals', () => {
    expect(en('0', 6).text).toBe('0');
    expect(en('0.000000000000', 6).text).toBe('0');
    expect(en('-0.000', 6).text).toBe('0');
    expect(en('0', 6, true).text).toBe('0');
    expect(en('000012.5', 6).text).toBe('12.5');
  });

  it('never shows a non-zero amount as 0: too small for the precision, it reads as a bound', () => {
    expect(en('0.000000000001', 6)).toEqual({ text: '< 0.000001', exact: '0.000000000001', cut: true });
    expect(en('-0.00000001', 4).text).toBe('> -0.0001');
    expect(formatAmountText('0.00000001', { displayScale: 4, lang: 'ru' }).text).toBe('< 0,0001');
  });

  it('stays exact for amounts far beyond a float (huge bigint values)', () => {
    const huge = `${(2n ** 200n).toString()}.123456789012345678`;
    const { text, exact } = en(huge, 6);
    expect(text.replaceAll(',', '')).toBe(`${(2n ** 200n).toString()}.123456`);
    expect(exact.replaceAll(',', '')).toBe(huge);
    expect(text.startsWith('1,606,938,044,258,990,275,541,962,092,341,162,602,522,202,993,782,792,835,301,376')).toBe(true);
  });

  it('returns what is not a decimal amount as it came', () => {
    expect(en('—', 6)).toEqual({ text: '—', exact: '—', cut: false });
    expect(en('1e5', 6).text).toBe('1e5');
  });
});
