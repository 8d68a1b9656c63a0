/**
 * Capacity units. Some coins count capacity in base 1024 (KiB, MiB, … DiB), others in base
 * 1000 (KB, MB, … DB). The spec goes "up to Di": after Yotta the informal Bronto, Nona and
 * Dogga steps (BiB, NiB, DiB) that mining tools use.
 */
export type CapacityBase = 1000 | 1024;

const PREFIXES = ['', 'K', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y', 'B', 'N', 'D'] as const;

export function capacityUnits(base: CapacityBase): string[] {
  return PREFIXES.map((p, i) => (i === 0 ? 'B' : base === 1024 ? `${p}iB` : `${p}B`));
}

export interface FormattedCapacity {
  value: string;
  unit: string;
}

/**
 * Formats a byte count with the coin's base, picking the largest unit whose value is ≥ 1,
 * with `decimals` digits after the point (truncated, not rounded up).
 */
export function formatCapacity(bytes: bigint | number, base: CapacityBase, decimals = 2): FormattedCapacity {
  let value = typeof bytes === 'bigint' ? bytes : BigInt(Math.trunc(bytes));
  const negative = value < 0n;
  if (negative) value = -value;
  const units = capacityUnits(base);
  const step = BigInt(base);
  let power = 0;
  let divisor = 1n;
  while (power < units.length - 1 && value >= divisor * step) {
    divisor *= step;
    power += 1;
  }
  const scaled = 10n ** BigInt(decimals);
  const fixed = (value * scaled) / divisor;
  const whole = fixed / scaled;
  const fraction = decimals > 0 ? `.${(fixed % scaled).toString().padStart(decimals, '0')}` : '';
  return { value: `${negative ? '-' : ''}${whole}${fraction}`, unit: units[power] ?? 'B' };
}

export function formatCapacityText(bytes: bigint | number, base: CapacityBase, decimals = 2): string {
  const { value, unit } = formatCapacity(bytes, base, decimals);
  return `${value} ${unit}`;
}

/** Bytes in one unit of the given power: tebibytes are power 4 in base 1024. */
export function capacityUnitBytes(power: number, base: CapacityBase): bigint {
  return BigInt(base) ** BigInt(power);
}
