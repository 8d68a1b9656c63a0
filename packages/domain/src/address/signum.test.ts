import { describe, expect, it } from 'vitest';
import { signumRsDecode, signumRsEncode } from './signum.ts';

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
