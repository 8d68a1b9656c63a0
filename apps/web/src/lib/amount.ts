import { DEFAULT_LANG, langFromTag, type Lang } from '@platter/domain';

/**
 * How an amount is written per interface language: the thousands group and the decimal mark.
 * Fixed here (not read from the browser's Intl data) so every browser shows the same text;
 * they are CLDR's: en and zh-Hant `1,234.5`, ru `1 234,5` with a no-break space.
 */
export const AMOUNT_SEPARATORS: Record<Lang, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  zh: { group: ',', decimal: '.' },
  ru: { group: '\u00a0', decimal: ',' },
};

export interface AmountText {
  /** What is shown: at most `displayScale` decimals (cut towards zero), trailing zeros trimmed, grouped. */
  text: string;
  /** The exact amount, grouped the same way, every decimal kept (for the tooltip). */
  exact: string;
  /** True when decimals were cut, so `text` is not the exact amount. */
  cut: boolean;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/**
 * Digits grouped by thousands: by hand, not by Intl — a page's first Intl number format starts
 * ICU's number data, some 90 ms on a phone throttled 4× inside the dashboard's first draw.
 */
export function groupThousands(whole: string, separator = ','): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * An amount as the user sees it (issue 20). `value` is the exact decimal string the API answers
 * in whole coins ("77.334600432627", "-0.5"); it is never turned into a float, so amounts of any
 * size stay exact. `displayScale` is the coin's display precision (`display_scale` of the coin
 * registry); without one every decimal is kept. A non-zero amount too small to show at that
 * precision reads "< 0.000001" (or "> -0.000001"), never "0". With `signed`, positive amounts
 * carry a "+". Anything that is not a decimal string is returned as it came.
 */
export function formatAmountText(value: string, options: { displayScale?: number; lang: string; signed?: boolean }): AmountText {
  const match = DECIMAL.exec(value.trim());
  if (!match) return { text: value, exact: value, cut: false };
  const { group: sep, decimal } = AMOUNT_SEPARATORS[langFromTag(options.lang) ?? DEFAULT_LANG];
  const whole = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const zero = /^0*$/.test(whole + fraction);
  const negative = match[1] === '-' && !zero;
  const sign = negative ? '-' : options.signed && !zero ? '+' : '';
  const write = (w: string, f: string) => `${sign}${groupThousands(w, sep)}${f ? decimal + f : ''}`;
  const exact = write(whole, fraction);
  const limit = options.displayScale;
  if (limit === undefined || fraction.length <= limit) return { text: exact, exact, cut: false };
  const shown = fraction.slice(0, Math.max(0, limit)).replace(/0+$/, '');
  if (/^0*$/.test(whole + shown)) {
    const smallest = limit > 0 ? `0${decimal}${'0'.repeat(limit - 1)}1` : '1';
    return { text: negative ? `> -${smallest}` : `< ${options.signed ? '+' : ''}${smallest}`, exact, cut: true };
  }
  return { text: write(whole, shown), exact, cut: true };
}
