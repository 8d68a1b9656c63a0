import {
  capacityUnitBytes,
  capacityUnits,
  formatCapacity,
  formatCapacityText,
  type CapacityBase,
  type IncomeRecord,
  type SettlementStatus,
  type ShareSeries,
} from '@platter/domain';
import { groupThousands } from '../../lib/amount.ts';

/** A byte count (decimal string from the API) in the coin's base: '1.50 TiB'. */
export function capacityText(bytes: string, base: CapacityBase): string {
  return formatCapacityText(toBigInt(bytes), base);
}

const HASH_UNITS = ['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;

/** Hashes per second (decimal string) with the largest unit whose value is ≥ 1: '12.50 MH/s'. */
export function hashrateText(hashesPerSecond: string): string {
  let value = Number(toBigInt(hashesPerSecond));
  let power = 0;
  while (value >= 1000 && power < HASH_UNITS.length - 1) {
    value /= 1000;
    power += 1;
  }
  return `${(Math.trunc(value * 100) / 100).toFixed(2)} ${HASH_UNITS[power]}`;
}

/** Points as a whole number with thousands grouping (they are integers). */
export function pointsText(points: string): string {
  return groupThousands(toBigInt(points).toString());
}

function toBigInt(text: string): bigint {
  return /^-?\d+$/.test(text) ? BigInt(text) : 0n;
}

/** One hour of a chart: points and estimated capacity (bytes) as plain numbers. */
export interface HourPoint {
  time: number;
  points: number;
  capacity: number;
}

/**
 * The last `hours` complete hours, the one before the current last, every hour present: the
 * API leaves out the hours without shares (drawn as zero rather than joining the neighbours),
 * and the current hour, still running, would look like a fall. Ask the API for `hours + 1`.
 */
export function hourlySeries(series: ShareSeries, hours: number, nowMs = Date.now()): HourPoint[] {
  const byHour = new Map(series.map((s) => [s.time, s]));
  const current = Math.floor(nowMs / 3_600_000) * 3600;
  return Array.from({ length: hours }, (_, i) => {
    const time = current - (hours - i) * 3600;
    const hour = byHour.get(time);
    return { time, points: hour ? Number(hour.points) : 0, capacity: hour ? Number(hour.capacity) : 0 };
  });
}

/** The unit a capacity axis shows its values in, picked from the largest value. */
export function capacityAxis(maxBytes: number, base: CapacityBase): { unit: string; divisor: number } {
  const { unit } = formatCapacity(BigInt(Math.max(0, Math.trunc(maxBytes))), base);
  return { unit, divisor: Number(capacityUnitBytes(Math.max(0, capacityUnits(base).indexOf(unit)), base)) };
}

/** The antd tag colour of an income record's settlement status. */
export const SETTLEMENT_COLOR: Record<SettlementStatus, string> = {
  NOT_PENDING: 'blue',
  SETTLEMENT_PENDING: 'gold',
  SETTLEMENT: 'green',
  UNSETTLEMENT: 'default',
};

/** Local 'HH:00' of an hour (unix seconds), or 'MM-DD HH:00' when `withDay`. */
export function hourLabel(seconds: number, withDay = false): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hour = `${pad(d.getHours())}:00`;
  return withDay ? `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hour}` : hour;
}

/** The settled days of a page as bars, oldest first (today's NOT_PENDING has no amount yet). */
export function incomeBars(records: IncomeRecord[]): { day: string; value: number }[] {
  return records
    .filter((r) => r.status !== 'NOT_PENDING')
    .map((r) => ({ day: r.day, value: Number(r.amount) }))
    .reverse();
}
