import { describe, expect, it } from 'vitest';
import { capacityUnitBytes, capacityUnits, formatCapacity, formatCapacityText } from './units.ts';

describe('capacity units', () => {
  it('names twelve steps up to Di in both bases', () => {
    expect(capacityUnits(1024)).toEqual(['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB', 'BiB', 'NiB', 'DiB']);
    expect(capacityUnits(1000).at(-1)).toBe('DB');
    expect(capacityUnits(1000)[4]).toBe('TB');
  });

  it('formats with the coin base, picking the largest unit ≥ 1', () => {
    expect(formatCapacityText(capacityUnitBytes(4, 1024), 1024)).toBe('1.00 TiB');
    expect(formatCapacityText(capacityUnitBytes(4, 1024), 1000)).toBe('1.09 TB');
    expect(formatCapacityText(2n * 10n ** 12n, 1000)).toBe('2.00 TB');
    expect(formatCapacityText(1023, 1024)).toBe('1023.00 B');
    expect(formatCapacityText(1536, 1024, 1)).toBe('1.5 KiB');
    expect(formatCapacity(0, 1024)).toEqual({ value: '0.00', unit: 'B' });
  });

  it('truncates rather than rounds up', () => {
    expect(formatCapacityText(1024n * 1024n - 1n, 1024)).toBe('1023.99 KiB');
  });

  it('stays on the top unit past Di', () => {
    const huge = capacityUnitBytes(11, 1024) * 5000n;
    expect(formatCapacity(huge, 1024)).toEqual({ value: '5000.00', unit: 'DiB' });
  });

  it('keeps the sign of a negative capacity', () => {
    expect(formatCapacityText(-2048, 1024, 0)).toBe('-2 KiB');
  });
});
