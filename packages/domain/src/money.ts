/**
 * Money is an integer count of a coin's smallest unit (bigint). Decimal strings are the
 * only other form an amount takes: in JSON, in forms and on screen. No float ever holds one.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export class AmountFormatError extends Error {
  constructor(
    readonly input: string,
    readonly reason: 'format' | 'scale',
  ) {
    super(reason === 'format' ? `not a decimal amount: ${JSON.stringify(input)}` : `too many decimals: ${input}`);
    this.name = 'AmountFormatError';
  }
}

/**
 * Parses a decimal string ("1.5", "0.000000000001", "-2") into base units at `scale`
 * decimals. More decimals than the coin has is an error, never a silent rounding.
 */
export function parseAmount(input: string, scale: number): bigint {
  assertScale(scale);
  const match = DECIMAL.exec(input.trim());
  if (!match) throw new AmountFormatError(input, 'format');
  const [, sign, whole = '0', fraction = ''] = match;
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > scale) throw new AmountFormatError(input, 'scale');
  const units = BigInt(whole) * 10n ** BigInt(scale) + BigInt(significantFraction.padEnd(scale, '0') || '0');
  return sign ? -units : units;
}

/** True when `input` is a decimal string with at most `scale` significant decimals. */
export function isAmount(input: string, scale: number): boolean {
  try {
    parseAmount(input, scale);
    return true;
  } catch {
    return false;
  }
}

export interface FormatAmountOptions {
  /** Keep at least this many decimals (pads with zeros). Default 0: trailing zeros dropped. */
  minDecimals?: number;
  /** Show at most this many decimals, truncating toward zero (never rounding up money). */
  maxDecimals?: number;
  /** Group the whole part in thousands with this separator (e.g. ","). Default none. */
  groupSeparator?: string;
}

/** Formats base units as a decimal string at `scale` decimals; exact unless maxDecimals cuts. */
export function formatAmount(units: bigint, scale: number, options: FormatAmountOptions = {}): string {
  assertScale(scale);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(scale);
  let whole = (abs / base).toString();
  let fraction = scale === 0 ? '' : (abs % base).toString().padStart(scale, '0');
  if (options.maxDecimals !== undefined && fraction.length > options.maxDecimals) {
    fraction = fraction.slice(0, Math.max(0, options.maxDecimals));
  }
  fraction = fraction.replace(/0+$/, '');
  const minDecimals = Math.min(options.minDecimals ?? 0, options.maxDecimals ?? Number.POSITIVE_INFINITY);
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  if (options.groupSeparator) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, options.groupSeparator);
  const text = fraction ? `${whole}.${fraction}` : whole;
  const isZero = /^[0.,\s]*$/.test(text.replace(options.groupSeparator ?? '', ''));
  return negative && !isZero ? `-${text}` : text;
}

function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > 36) throw new RangeError(`invalid coin scale ${scale}`);
}

/** Sum of amounts without ever leaving bigint. */
export function sumAmounts(amounts: Iterable<bigint>): bigint {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}
