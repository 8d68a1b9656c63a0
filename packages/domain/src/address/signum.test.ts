import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { signumAccountId, signumAddressOf } from './index.ts';
import { signumAccountIdOfKey, signumRsDecode, signumRsEncode } from './signum.ts';

/** The NXT reference's published pairs (the same code Signum uses). */
const PAIRS: [bigint, string][] = [
  [8264278205416377583n, 'K59H-9RMF-64CY-9X6E7'],
  [8301188658053077183n, '4Q7Z-5BEE-F5JZ-9ZXE8'],
  [1798923958688893959n, 'GM29-TWRT-M5CK-3HSXK'],
  [6899983965971136120n, 'MHMS-VHZT-W5CY-7CFJZ'],
  [1629938923029941274n, 'JM2U-U4AE-G7WF-3NP9F'],
  [18068221563302946825n, 'MC2B-T33V-7RW5-HRTHP'],
  [0n, '2222-2222-2222-22222'],
];

describe('Signum Reed-Solomon addresses', () => {
  it('encodes and decodes the published pairs', () => {
    for (const [id, written] of PAIRS) {
      expect(signumRsEncode(id)).toBe(written);
      expect(signumRsDecode(written)).toBe(id);
    }
  });

  it('refuses every one-symbol change', () => {
    const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
    for (const [, written] of PAIRS.slice(0, 3)) {
      for (let i = 0; i < written.length; i += 1) {
        if (written[i] === '-') continue;
        for (const c of alphabet) {
          if (c === written[i]) continue;
          expect(signumRsDecode(written.slice(0, i) + c + written.slice(i + 1))).toBeNull();
        }
      }
    }
  });
});

/**
 * signumj's own AddressTest (signum-network/signumj, src/test/java/signumj/test/AddressTest.java):
 * an id and its address, and two public keys with their addresses, plain and extended.
 */
describe('Signum accounts as the node reads them (signumj AddressTest)', () => {
  const KEY_A = '4A5FA0EE4E40BA8D322EF75963D6B8E71BD206897326CC9683960C9D2FF25966';
  const KEY_B = 'CB85806964BB888E9AE1C2F27A3DB85D448B84FE9CB2BCCEAFBC49729A03AC16';
  const hex = (h: string) => Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)));

  it('reads the id of 7009665667967103287 in every written form', () => {
    expect(signumRsEncode(7009665667967103287n)).toBe('WEBR-T74Q-HQJY-8PUK4');
    for (const form of [
      'BURST-WEBR-T74Q-HQJY-8PUK4',
      'S-WEBR-T74Q-HQJY-8PUK4',
      'TS-WEBR-T74Q-HQJY-8PUK4',
      's-webr-t74q-hqjy-8puk4',
      'WEBR-T74Q-HQJY-8PUK4',
      '7009665667967103287',
    ]) {
      expect(signumAccountId(form)).toBe(7009665667967103287n);
    }
    expect(signumAddressOf(7009665667967103287n)).toBe('S-WEBR-T74Q-HQJY-8PUK4');
  });

  it('derives the address of a public key as the node does (SHA-256, first 8 bytes little-endian)', () => {
    expect(signumAddressOf(signumAccountIdOfKey(hex(KEY_A), sha256))).toBe('S-JJQS-MMA4-GHB4-4ZNZU');
    expect(signumAddressOf(signumAccountIdOfKey(hex(KEY_B), sha256))).toBe('S-NMXS-ZZS2-3W9L-9UKJP');
  });

  it('reads an extended address only when its key is the account’s', () => {
    const extendedA = 'BURST-JJQS-MMA4-GHB4-4ZNZU-1UQDBIWHL54TH1HBIK1ZEQWQ3DR4MW6E5B3SNDK1HM9TMLL1T2';
    const extendedB = 'BURST-NMXS-ZZS2-3W9L-9UKJP-52M12IVV2RO5B03A568CVA5AO59D0Z1IF8ILFD11CS8M7N3AQE';
    expect(signumAccountId(extendedA)).toBe(signumAccountId('S-JJQS-MMA4-GHB4-4ZNZU'));
    expect(signumAccountId(extendedB)).toBe(signumAccountId('S-NMXS-ZZS2-3W9L-9UKJP'));
    // A's key behind B's address, and a key changed in one place: not that account.
    expect(signumAccountId(`BURST-NMXS-ZZS2-3W9L-9UKJP-${extendedA.split('-').at(-1)!}`)).toBeUndefined();
    expect(signumAccountId(extendedA.replace(/T2$/, 'T3'))).toBeUndefined();
  });

  it('refuses what the node cannot read as an account', () => {
    for (const bad of ['', 'S-', 'S-WEBR-T74Q-HQJY-8PUK5', 'X-WEBR-T74Q-HQJY-8PUK4', 'S-WEBR-T74Q-HQJY', '18446744073709551616', '-1', '12a', 'S-WEBR-T74Q-HQJY-8PUK4-']) {
      expect(signumAccountId(bad)).toBeUndefined();
    }
    expect(signumAccountId('18446744073709551615')).toBe(18446744073709551615n);
  });
});
