/**
 * Signum's (formerly Burst's, after NXT) Reed-Solomon account addresses: an account id
 * (unsigned 64-bit) written as 17 base-32 symbols — 13 of the id, 4 of a Reed-Solomon check
 * over GF(32) — in groups `XXXX-XXXX-XXXX-XXXXX` behind a prefix (`S-`, formerly `BURST-`).
 * The check catches any one or two wrong symbols. Written after the public-domain NXT
 * reference (NxtChg); its published test pairs are in the unit test.
 */

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const GEXP = [1, 2, 4, 8, 16, 5, 10, 20, 13, 26, 17, 7, 14, 28, 29, 31, 27, 19, 3, 6, 12, 24, 21, 15, 30, 25, 23, 11, 22, 9, 18, 1];
const GLOG = [0, 0, 1, 18, 2, 5, 19, 11, 3, 29, 6, 27, 20, 8, 12, 23, 4, 10, 30, 17, 7, 22, 28, 26, 21, 25, 9, 16, 13, 14, 24, 15];
/** Where each written symbol sits in the codeword. */
const CODEWORD_MAP = [3, 2, 1, 0, 7, 6, 5, 4, 13, 14, 15, 16, 12, 8, 9, 10, 11];
const DATA_SYMBOLS = 13;
const MAX_ID = 2n ** 64n - 1n;

const gmult = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : GEXP[(GLOG[a]! + GLOG[b]!) % 31]!);

/** The account id as its 17 written symbols (no prefix). */
export function signumRsEncode(id: bigint): string {
  if (id < 0n || id > MAX_ID) throw new RangeError('a Signum account id is an unsigned 64-bit number');
  const codeword = new Array<number>(17).fill(0);
  let rest = id;
  for (let i = 0; i < DATA_SYMBOLS; i += 1) {
    codeword[i] = Number(rest & 31n);
    rest >>= 5n;
  }
  const p = [0, 0, 0, 0];
  for (let i = DATA_SYMBOLS - 1; i >= 0; i -= 1) {
    const fb = codeword[i]! ^ p[3]!;
    p[3] = p[2]! ^ gmult(30, fb);
    p[2] = p[1]! ^ gmult(6, fb);
    p[1] = p[0]! ^ gmult(9, fb);
    p[0] = gmult(17, fb);
  }
  for (let i = 0; i < 4; i += 1) codeword[DATA_SYMBOLS + i] = p[i]!;
  let out = '';
  for (let i = 0; i < 17; i += 1) {
    out += ALPHABET[codeword[CODEWORD_MAP[i]!]!];
    if ((i & 3) === 3 && i < 13) out += '-';
  }
  return out;
}

/** The account id of the 17 symbols `XXXX-XXXX-XXXX-XXXXX`, or null when the check fails. */
export function signumRsDecode(written: string): bigint | null {
  const groups = /^([2-9A-HJ-NP-Z]{4})-([2-9A-HJ-NP-Z]{4})-([2-9A-HJ-NP-Z]{4})-([2-9A-HJ-NP-Z]{5})$/.exec(written.toUpperCase());
  if (!groups) return null;
  const symbols = groups.slice(1).join('');
  const codeword = new Array<number>(17).fill(0);
  for (let i = 0; i < 17; i += 1) codeword[CODEWORD_MAP[i]!] = ALPHABET.indexOf(symbols[i]!);
  let syndrome = 0;
  for (let i = 1; i < 5; i += 1) {
    let t = 0;
    for (let j = 0; j < 31; j += 1) {
      if (j > 12 && j < 27) continue;
      const position = j > 26 ? j - 14 : j;
      t ^= gmult(codeword[position]!, GEXP[(i * j) % 31]!);
    }
    syndrome |= t;
  }
  if (syndrome !== 0) return null;
  let id = 0n;
  for (let i = DATA_SYMBOLS - 1; i >= 0; i -= 1) id = (id << 5n) | BigInt(codeword[i]!);
  // 13 symbols hold 65 bits: an id beyond 64 bits is no account.
  return id <= MAX_ID ? id : null;
}

/** The public key written after an extended address (`S-XXXX-XXXX-XXXX-XXXXX-<base 36>`): 32 bytes, big-endian. */
function base36Key(text: string): Uint8Array | null {
  if (!/^[0-9A-Z]{1,52}$/.test(text)) return null;
  let value = 0n;
  for (const c of text) value = value * 36n + BigInt(parseInt(c, 36));
  if (value >= 2n ** 256n) return null;
  const key = new Uint8Array(32);
  for (let i = 31; i >= 0; i -= 1) {
    key[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return key;
}

/**
 * A Signum account as a miner or an operator writes it, as the node's `SignumAddress.fromEither`
 * reads it: the numeric id (unsigned 64-bit decimal), or the Reed-Solomon address with or
 * without its prefix (`S-`, the older `BURST-`, testnet `TS-`; any case), or the extended
 * address that carries the public key after it — whose key must then hash to the same account
 * (`accountIdOfKey`, given here to keep the domain free of a hash dependency). Undefined for
 * anything else.
 */
export function parseSignumAccount(text: string | undefined, accountIdOfKey?: (key: Uint8Array) => bigint): bigint | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim().toUpperCase();
  if (/^\d{1,20}$/.test(trimmed)) {
    const id = BigInt(trimmed);
    return id <= MAX_ID ? id : undefined;
  }
  const match = /^(?:(?:S|BURST|TS)-)?([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{5})(?:-([0-9A-Z]+))?$/.exec(trimmed);
  if (!match) return undefined;
  const id = signumRsDecode(match[1]!);
  if (id === null) return undefined;
  if (match[2] !== undefined) {
    const key = base36Key(match[2]);
    if (!key || !accountIdOfKey || accountIdOfKey(key) !== id) return undefined;
  }
  return id;
}

/** The public key (hex) an extended address carries (`S-XXXX-XXXX-XXXX-XXXXX-<key in base 36>`), once the address is valid; else undefined. */
export function signumExtendedKey(text: string, accountIdOfKey: (key: Uint8Array) => bigint): string | undefined {
  if (parseSignumAccount(text, accountIdOfKey) === undefined) return undefined;
  const match = /^(?:(?:S|BURST|TS)-)?[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{5}-([0-9A-Z]+)$/.exec(text.trim().toUpperCase());
  const key = match ? base36Key(match[1]!) : null;
  return key ? Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('') : undefined;
}

/** Signum's account id of a public key: the first 8 bytes of its SHA-256, little-endian. */
export function signumAccountIdOfKey(key: Uint8Array, sha256: (data: Uint8Array) => Uint8Array): bigint {
  const digest = sha256(key);
  let id = 0n;
  for (let i = 7; i >= 0; i -= 1) id = (id << 8n) | BigInt(digest[i]!);
  return id;
}
