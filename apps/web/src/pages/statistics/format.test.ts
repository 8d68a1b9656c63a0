import { describe, expect, it } from 'vitest';
import { COIN_SEEDS } from '@platter/domain';
import { formatBytes, formatPower, powerRuleOf } from './format.ts';

const rule = (coin: string) => powerRuleOf(COIN_SEEDS.find((c) => c.type === coin));

describe('the figures of the public pool pages', () => {
  it('shows capacity in the coin’s base and hashrate for hashrate coins', () => {
    expect(formatBytes(String(1024 ** 5), rule('CHIA'))).toBe('1.00 PiB');
    expect(formatBytes(String(1000 ** 5), rule('IRONFISH'))).toBe('1.00 PB');
    expect(formatPower({ capacity: String(1024 ** 4), hashrate: '5000000' }, rule('CHIA'))).toBe('1.00 TiB');
    expect(formatPower({ capacity: String(1024 ** 4), hashrate: '5000000' }, rule('IRONFISH'))).toBe('5.00 MH/s');
    // Unknown coin (registry not loaded yet): capacity in base 1024.
    expect(formatPower({ capacity: '2048', hashrate: '9' }, powerRuleOf(undefined))).toBe('2.00 KiB');
  });
});
