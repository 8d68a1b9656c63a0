import { describe, expect, it } from 'vitest';
import { COIN_SEEDS } from '../registry/coins.ts';
import { ADDRESS_RULES, addressFromBytes, addressValid } from './index.ts';

/** Every coin of the registry: addresses the devnet makes pass; each one-character typo of them fails. */
const bytesOf = (n: number) => Uint8Array.from({ length: 32 }, (_, i) => (n * 131 + i * 29 + 7) & 0xff);

/** Characters each coin's addresses are written in (a typo stays inside the alphabet, as a person's would). */
function alphabetOf(address: string): string {
  if (/^[0-9a-f]{64}$/.test(address)) return '0123456789abcdef';
  if (address.startsWith('S-')) return '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  if (/^[A-Za-z0-9_-]{43}$/.test(address)) return 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  if (address.includes('1') && address === address.toLowerCase() && !address.startsWith('su')) return 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  return '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
}

/** Where the data starts: typos in a bech32 prefix or the `S-` are other mistakes. */
const dataStart = (address: string) => (address.startsWith('S-') ? 2 : /^[a-z]+1/.test(address) && !/^[0-9a-f]{64}$/.test(address) ? address.indexOf('1') + 1 : 0);

describe('address checks per coin', () => {
  it('has a chain rule for every coin of the registry', () => {
    for (const coin of COIN_SEEDS) expect(ADDRESS_RULES[coin.type], coin.type).toBeDefined();
  });

  for (const coin of COIN_SEEDS) {
    const rules = { type: coin.type, addressPattern: coin.address_pattern };
    it(`${coin.type}: accepts its addresses and refuses one-character typos`, () => {
      let typos = 0;
      let refused = 0;
      // A Jubjub subgroup check costs milliseconds: Iron Fish tries one address, every third position.
      const slow = ADDRESS_RULES[coin.type]?.kind === 'ironfish';
      for (let n = 0; n < (slow ? 1 : 4); n += 1) {
        const address = addressFromBytes(coin.type, bytesOf(n));
        expect(addressValid(rules, address), `${coin.type} ${address}`).toBe(true);
        const alphabet = alphabetOf(address);
        for (let i = dataStart(address); i < address.length; i += slow ? 3 : 1) {
          if (address[i] === '-') continue;
          for (const c of alphabet) {
            if (c === address[i]) continue;
            const typo = address.slice(0, i) + c + address.slice(i + 1);
            typos += 1;
            if (!addressValid(rules, typo)) refused += 1;
          }
        }
      }
      // Arweave's and Iron Fish's addresses carry no checksum (a hash; a curve point): only the
      // typos their encoding or curve rule out can be caught. Every other coin refuses every one.
      const rule = ADDRESS_RULES[coin.type]!;
      if (rule.kind === 'arweave') expect(refused).toBeGreaterThan(0);
      else if (rule.kind === 'ironfish') expect(refused / typos).toBeGreaterThan(0.8);
      else expect(refused).toBe(typos);
    });
  }

  it('takes Iron Fish’s published valid address and refuses a 64-hex string that is no subgroup point', () => {
    const ironfish = { type: 'IRONFISH', addressPattern: '^[0-9a-f]{64}$' };
    expect(addressValid(ironfish, '8a4685307f159e95418a0dd3d38a3245f488c1baf64bc914f53486efd370c563')).toBe(true);
    expect(addressValid(ironfish, 'e877d6903692094b67d889c483d09ad2f8438efc8f01c82e1ec3b2ccd1798cec')).toBe(false);
  });

  it('knows Signum ids and the older BURST- prefix, and bech32m from bech32 on Chia', () => {
    const burst = { type: 'BURST', addressPattern: COIN_SEEDS.find((c) => c.type === 'BURST')!.address_pattern };
    expect(addressValid(burst, 'S-K59H-9RMF-64CY-9X6E7')).toBe(true);
    expect(addressValid(burst, 'BURST-K59H-9RMF-64CY-9X6E7')).toBe(true);
    expect(addressValid(burst, '8264278205416377583')).toBe(true);
    expect(addressValid(burst, 'S-K59H-9RMF-64CY-9X6E8')).toBe(false);
    expect(addressValid(burst, '18446744073709551616')).toBe(false);
    const chia = { type: 'CHIA', addressPattern: COIN_SEEDS.find((c) => c.type === 'CHIA')!.address_pattern };
    const good = addressFromBytes('CHIA', bytesOf(9));
    expect(addressValid(chia, good)).toBe(true);
    expect(addressValid(chia, good.toUpperCase())).toBe(false);
    expect(addressValid({ type: 'CHIA_TEST', addressPattern: '^txch1[02-9ac-hj-np-z]{58}$' }, `t${good}`)).toBe(false);
  });
});
