import { describe, expect, it } from 'vitest';
import {
  bool,
  bytes,
  bytes32,
  bytesToHex,
  deserialize,
  g1Element,
  hexToBytes,
  int64,
  int8,
  list,
  optional,
  serialize,
  str,
  stdHash,
  stringifyJson,
  struct,
  tuple,
  uint128,
  uint16,
  uint32,
  uint64,
  uint8,
  StreamableError,
} from './index.ts';

const hex = (b: Uint8Array) => bytesToHex(b);

describe('streamable primitives', () => {
  it('writes integers big-endian at their fixed size, signed in two’s complement', () => {
    expect(hex(serialize(uint8, 255))).toBe('ff');
    expect(hex(serialize(uint16, 0x1234))).toBe('1234');
    expect(hex(serialize(uint32, 27062279))).toBe('019cf007');
    expect(hex(serialize(uint64, 100000n))).toBe('00000000000186a0');
    expect(hex(serialize(uint64, 2n ** 64n - 1n))).toBe('ffffffffffffffff');
    expect(hex(serialize(uint128, 1n))).toBe('00000000000000000000000000000001');
    expect(hex(serialize(int8, -1))).toBe('ff');
    expect(hex(serialize(int64, -2n))).toBe('fffffffffffffffe');
    expect(deserialize(int64, hexToBytes('fffffffffffffffe'))).toBe(-2n);
    expect(deserialize(uint64, hexToBytes('ffffffffffffffff'))).toBe(2n ** 64n - 1n);
  });

  it('refuses integers out of range', () => {
    expect(() => serialize(uint8, 256)).toThrow(StreamableError);
    expect(() => serialize(uint64, -1n)).toThrow(StreamableError);
    expect(() => serialize(uint64, 2n ** 64n)).toThrow(StreamableError);
    expect(() => serialize(uint16, 1.5)).toThrow(StreamableError);
  });

  it('bool is one byte 0/1 and any other byte is refused', () => {
    expect(hex(serialize(bool, true))).toBe('01');
    expect(deserialize(bool, Uint8Array.of(0))).toBe(false);
    expect(() => deserialize(bool, Uint8Array.of(2))).toThrow('bool byte must be 0 or 1');
  });

  it('bytes and str carry a u32 length; str is UTF-8 and must decode strictly', () => {
    expect(hex(serialize(bytes, Uint8Array.of(1, 2, 3)))).toBe('00000003010203');
    expect(hex(serialize(str, 'fee'))).toBe('00000003666565');
    expect(hex(serialize(str, 'é'))).toBe('00000002c3a9');
    expect(deserialize(str, hexToBytes('00000002c3a9'))).toBe('é');
    expect(() => deserialize(str, hexToBytes('00000001ff'))).toThrow('UTF-8');
    expect(() => deserialize(bytes, hexToBytes('0000000501'))).toThrow('unexpected end');
  });

  it('fixed-size bytes have no prefix and must have their size', () => {
    expect(serialize(bytes32, new Uint8Array(32).fill(7))).toEqual(new Uint8Array(32).fill(7));
    expect(() => serialize(bytes32, new Uint8Array(31))).toThrow('bytes32 must be 32 bytes');
    expect(() => serialize(g1Element, new Uint8Array(96))).toThrow('G1Element must be 48 bytes');
  });

  it('Optional is a 0/1 flag byte, List a u32 count, tuples their items in order', () => {
    expect(hex(serialize(optional(uint16), null))).toBe('00');
    expect(hex(serialize(optional(uint16), 5))).toBe('010005');
    expect(() => deserialize(optional(uint16), Uint8Array.of(2, 0, 5))).toThrow('Optional flag must be 0 or 1');
    expect(hex(serialize(list(uint8), [1, 2]))).toBe('000000020102');
    expect(hex(serialize(tuple(uint8, str), [9, 'a']))).toBe('090000000161');
  });

  it('classes are their fields in declaration order, nested classes inline; round trips exactly', () => {
    const Inner = struct('Inner', { a: uint8, b: optional(bytes32) });
    const Outer = struct('Outer', { x: uint64, inner: Inner, names: list(str), flag: bool });
    const value = { x: 1n, inner: { a: 2, b: new Uint8Array(32).fill(0xab) }, names: ['p', 'q'], flag: true };
    const data = serialize(Outer, value);
    expect(hex(data)).toBe(`0000000000000001` + `02` + `01${'ab'.repeat(32)}` + `00000002` + `0000000170` + `0000000171` + `01`);
    expect(deserialize(Outer, data)).toEqual(value);
    expect(() => deserialize(Outer, Uint8Array.of(...data, 0))).toThrow('1 trailing bytes');
    expect(() => serialize(Outer, { ...value, inner: { a: 300, b: null } })).toThrow('Outer.inner: Inner.a');
  });

  it('std_hash is sha256', () => {
    expect(hex(stdHash(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('streamable JSON (to_json_dict / from_json_dict)', () => {
  const Thing = struct('Thing', { id: bytes32, amount: uint64, note: optional(str), ok: bool, blob: bytes });

  it('writes bytes as 0x-hex and ints as numbers, bigints above 2^53 exactly', () => {
    const value = { id: new Uint8Array(32).fill(1), amount: 2n ** 60n + 1n, note: null, ok: true, blob: Uint8Array.of(0xca, 0xfe) };
    const json = Thing.toJson(value);
    expect(stringifyJson(json)).toBe(`{"id":"0x${'01'.repeat(32)}","amount":1152921504606846977,"note":null,"ok":true,"blob":"0xcafe"}`);
    expect(Thing.toJson({ ...value, amount: 5n })).toMatchObject({ amount: 5 });
    expect(Thing.fromJson(json)).toEqual(value);
  });

  it('reads hex with or without 0x, integers as numbers or decimal strings; absent Optional is None', () => {
    const parsed = Thing.fromJson({ id: 'AB'.repeat(32), amount: '18446744073709551615', ok: false, blob: '' });
    expect(parsed.id).toEqual(new Uint8Array(32).fill(0xab));
    expect(parsed.amount).toBe(2n ** 64n - 1n);
    expect(parsed.note).toBeNull();
  });

  it('names the path of a bad value', () => {
    expect(() => Thing.fromJson({ id: '0x12', amount: 1, ok: true, blob: '' })).toThrow('id: expected 32 bytes, got 1');
    expect(() => Thing.fromJson({ id: '01'.repeat(32), amount: 1.5, ok: true, blob: '' })).toThrow('amount: expected an integer');
    expect(() => Thing.fromJson({ id: '01'.repeat(32), amount: '18446744073709551616', ok: true, blob: '' })).toThrow('out of range');
    expect(() => Thing.fromJson({ id: '01'.repeat(32), ok: true, blob: '' })).toThrow('amount: missing');
    expect(() => Thing.fromJson({ id: '01'.repeat(32), amount: 1, ok: 1, blob: '' })).toThrow('ok: expected true or false');
    expect(() => Thing.fromJson({ id: 'zz'.repeat(32), amount: 1, ok: true, blob: '' })).toThrow('id: expected hex bytes');
  });

  it('stringifyJson leaves strings that look like its markers alone', () => {
    expect(stringifyJson({ a: '\u0000x:0', b: 1n })).toBe('{"a":"\\u0000x:0","b":1}');
  });
});
