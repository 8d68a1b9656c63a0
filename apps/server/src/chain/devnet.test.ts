import { addressMatches, COIN_SEEDS } from '@platter/domain';
import { describe, expect, it } from 'vitest';
import { devnetAddress } from './devnet.ts';

describe('devnet addresses', () => {
  it('pass every registry coin’s own address pattern, so they can go in the address book', () => {
    for (const coin of COIN_SEEDS) {
      const address = devnetAddress('secret', coin.type, 'user-1');
      expect(addressMatches(coin.address_pattern, address), `${coin.type} ${address}`).toBe(true);
    }
  });

  it('are deterministic per secret, coin and key, and differ otherwise', () => {
    expect(devnetAddress('s', 'BHD', 'k')).toBe(devnetAddress('s', 'BHD', 'k'));
    expect(new Set([devnetAddress('s', 'BHD', 'k'), devnetAddress('s', 'BHD', 'j'), devnetAddress('t', 'BHD', 'k')]).size).toBe(3);
  });
});
