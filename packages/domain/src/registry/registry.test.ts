import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../money.ts';
import { COIN_SEEDS, DEFAULT_COIN_TYPE } from './coins.ts';
import { DEFAULT_POOL_TYPE, POOL_SEEDS, SERVER_LINE_SEEDS } from './pools.ts';

describe('coin registry', () => {
  it('holds every coin named in spec doc 1 §1 and test-net variants', () => {
    const types = COIN_SEEDS.map((c) => c.type);
    for (const type of ['BHD', 'LHD', 'HDD', 'XHD', 'BURST', 'MASS', 'AR', 'CHIA', 'IRONFISH', 'SPACEMESH', 'DEPINC', 'ALEO', 'AUTONOMYS']) {
      expect(types).toContain(type);
    }
    const testnets = COIN_SEEDS.filter((c) => c.testnet);
    expect(testnets.length).toBeGreaterThan(0);
    for (const coin of testnets) expect(types).toContain(coin.mainnet_type);
    expect(new Set(types).size).toBe(types.length);
  });

  it('defaults to CHIA with unit XCH, 12 decimals and a 0.1 minimum transfer', () => {
    const chia = COIN_SEEDS.find((c) => c.type === DEFAULT_COIN_TYPE);
    expect(chia).toMatchObject({ unit: 'XCH', scale: 12, min_transfer_value: '0.1', capacity_base: 1024 });
  });

  it('states every amount exactly at the coin scale', () => {
    for (const coin of COIN_SEEDS) {
      for (const value of [coin.min_transfer_value, coin.min_withdraw_value, coin.withdraw_fee]) {
        expect(formatAmount(parseAmount(value, coin.scale), coin.scale), `${coin.type} ${value}`).toBe(value);
      }
    }
  });

  it('shows each coin with a display precision no finer than its base unit (XCH: 6 of 12)', () => {
    for (const coin of COIN_SEEDS) {
      expect(coin.display_scale, coin.type).toBeGreaterThan(0);
      expect(coin.display_scale, coin.type).toBeLessThanOrEqual(coin.scale);
    }
    expect(COIN_SEEDS.find((c) => c.type === 'CHIA')?.display_scale).toBe(6);
  });

  it('has an address pattern that compiles', () => {
    for (const coin of COIN_SEEDS) expect(() => new RegExp(coin.address_pattern)).not.toThrow();
    const chia = COIN_SEEDS.find((c) => c.type === 'CHIA');
    expect(new RegExp(chia?.address_pattern ?? '').test(`xch1${'q'.repeat(58)}`)).toBe(true);
    expect(new RegExp(chia?.address_pattern ?? '').test('xch1short')).toBe(false);
  });
});

describe('pool registry', () => {
  it('has the default pool chia / CHIA / ECO, the three kinds and CHIA’s three variants', () => {
    expect(POOL_SEEDS.find((p) => p.type === DEFAULT_POOL_TYPE)).toMatchObject({ coin: 'CHIA', pool_type: 'ECO' });
    expect(new Set(POOL_SEEDS.map((p) => p.pool_type))).toEqual(new Set(['CO', 'ECO', 'AR']));
    expect(POOL_SEEDS.filter((p) => p.coin === 'CHIA').map((p) => p.type)).toEqual(['chia', 'chiapp', 'chiavip']);
  });

  it('points every pool at a registered coin', () => {
    const coins = new Set(COIN_SEEDS.map((c) => c.type));
    for (const pool of POOL_SEEDS) expect(coins.has(pool.coin), pool.type).toBe(true);
  });

  it('has the five server lines', () => {
    expect(SERVER_LINE_SEEDS.map((l) => l.code)).toEqual(['asia', 'europe', 'america', 'middle_east', 'russia']);
  });
});
