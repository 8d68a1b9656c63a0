import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Chia's streamable serialisation (chia/util/streamable.py) as composable codecs: big-endian
 * fixed-size integers, bool as one byte 0/1, `bytes` and `str` with a u32 length prefix,
 * fixed-size bytes (bytes32, G1Element 48, G2Element 96) as they are, Optional as a 0/1 flag
 * byte, List as a u32 count, tuples and classes as their fields in order. Each codec also maps
 * to and from the JSON of to_json_dict / from_json_dict (bytes as 0x-hex, ints as numbers).
 */

export type Json = null | boolean | number | bigint | string | Json[] | { [key: string]: Json };

export class StreamableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamableError';
  }
}

export class Writer {
  private chunks: Uint8Array[] = [];
  private length = 0;

  push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

export class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  take(n: number): Uint8Array {
    if (n < 0 || this.at + n > this.bytes.length) throw new StreamableError(`unexpected end of data (wanted ${n} bytes at ${this.at})`);
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  get remaining(): number {
    return this.bytes.length - this.at;
  }
}

export interface Codec<T> {
  /** Chia's type name (uint64, bytes32, Optional[G1Element], PostPartialPayload, ...). */
  readonly name: string;
  write(writer: Writer, value: T): void;
  read(reader: Reader): T;
  toJson(value: T): Json;
  /** Parses the reference's JSON; throws StreamableError naming the path of a bad value. */
  fromJson(json: unknown, path?: string): T;
}

export type CodecType<C> = C extends Codec<infer T> ? T : never;

const fail = (path: string, what: string): never => {
  throw new StreamableError(`${path || 'value'}: ${what}`);
};

function toBigInt(json: unknown, path: string): bigint {
  if (typeof json === 'bigint') return json;
  if (typeof json === 'number') {
    if (!Number.isSafeInteger(json)) fail(path, 'expected an integer (exact)');
    return BigInt(json);
  }
  if (typeof json === 'string' && /^-?\d+$/.test(json)) return BigInt(json);
  return fail(path, 'expected an integer');
}

function intCodec(name: string, size: number, signed: boolean): Codec<bigint> {
  const bits = BigInt(size * 8);
  const min = signed ? -(1n << (bits - 1n)) : 0n;
  const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
  const check = (value: bigint, path = ''): bigint => {
    if (typeof value !== 'bigint' || value < min || value > max) fail(path, `${String(value)} is out of range for ${name}`);
    return value;
  };
  return {
    name,
    write(writer, value) {
      let v = check(value);
      if (v < 0n) v += 1n << bits;
      const out = new Uint8Array(size);
      for (let i = size - 1; i >= 0; i--) {
        out[i] = Number(v & 0xffn);
        v >>= 8n;
      }
      writer.push(out);
    },
    read(reader) {
      const bytes = reader.take(size);
      let v = 0n;
      for (const byte of bytes) v = (v << 8n) | BigInt(byte);
      return signed && v > max ? v - (1n << bits) : v;
    },
    toJson: (value) => (value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value),
    fromJson: (json, path = '') => check(toBigInt(json, path), path),
  };
}

/** A small integer codec (≤ 32 bits) with JS numbers as values. */
function smallInt(name: string, size: 1 | 2 | 4, signed: boolean): Codec<number> {
  const big = intCodec(name, size, signed);
  return {
    name,
    write: (writer, value) => {
      if (!Number.isInteger(value)) fail('', `${value} is not an integer (${name})`);
      big.write(writer, BigInt(value));
    },
    read: (reader) => Number(big.read(reader)),
    toJson: (value) => value,
    fromJson: (json, path = '') => Number(big.fromJson(json, path)),
  };
}

export const uint8 = smallInt('uint8', 1, false);
export const uint16 = smallInt('uint16', 2, false);
export const uint32 = smallInt('uint32', 4, false);
export const int8 = smallInt('int8', 1, true);
export const int16 = smallInt('int16', 2, true);
export const int32 = smallInt('int32', 4, true);
export const uint64 = intCodec('uint64', 8, false);
export const int64 = intCodec('int64', 8, true);
export const uint128 = intCodec('uint128', 16, false);
export const int512 = intCodec('int512', 64, true);

export const bool: Codec<boolean> = {
  name: 'bool',
  write: (writer, value) => writer.push(Uint8Array.of(value ? 1 : 0)),
  read(reader) {
    const byte = reader.take(1)[0];
    if (byte !== 0 && byte !== 1) fail('', 'bool byte must be 0 or 1');
    return byte === 1;
  },
  toJson: (value) => value,
  fromJson: (json, path = '') => (typeof json === 'boolean' ? json : fail(path, 'expected true or false')),
};

const HEX = /^(0x)?([0-9a-fA-F]{2})*$/;

export function hexToBytes(hex: string): Uint8Array {
  if (!HEX.test(hex)) throw new StreamableError('not hex');
  const body = hex.startsWith('0x') ? hex.slice(2) : hex;
  const out = new Uint8Array(body.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(body.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

function bytesFromJson(json: unknown, path: string, size?: number): Uint8Array {
  if (typeof json !== 'string' || !HEX.test(json)) return fail(path, 'expected hex bytes');
  const bytes = hexToBytes(json);
  if (size !== undefined && bytes.length !== size) fail(path, `expected ${size} bytes, got ${bytes.length}`);
  return bytes;
}

/** Fixed-size bytes (bytes32, G1Element, G2Element): written as they are, JSON 0x-hex. */
export function sizedBytes(size: number, name = `bytes${size}`): Codec<Uint8Array> {
  return {
    name,
    write(writer, value) {
      if (!(value instanceof Uint8Array) || value.length !== size) fail('', `${name} must be ${size} bytes`);
      writer.push(value);
    },
    read: (reader) => reader.take(size).slice(),
    toJson: (value) => `0x${bytesToHex(value)}`,
    fromJson: (json, path = '') => bytesFromJson(json, path, size),
  };
}

export const bytes32 = sizedBytes(32);
export const bytes48 = sizedBytes(48);
export const bytes96 = sizedBytes(96);
export const bytes100 = sizedBytes(100);
/** A BLS public key: 48 bytes compressed (validity is the BLS layer's business). */
export const g1Element = sizedBytes(48, 'G1Element');
/** A BLS signature: 96 bytes compressed. */
export const g2Element = sizedBytes(96, 'G2Element');

const writeLength = (writer: Writer, length: number) => uint32.write(writer, length);

/** Variable-length bytes: u32 length, then the bytes. */
export const bytes: Codec<Uint8Array> = {
  name: 'bytes',
  write(writer, value) {
    if (!(value instanceof Uint8Array)) fail('', 'bytes expected');
    writeLength(writer, value.length);
    writer.push(value);
  },
  read: (reader) => reader.take(uint32.read(reader)).slice(),
  toJson: (value) => `0x${bytesToHex(value)}`,
  fromJson: (json, path = '') => bytesFromJson(json, path),
};

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** str: u32 length of the UTF-8 bytes, then the bytes. */
export const str: Codec<string> = {
  name: 'str',
  write(writer, value) {
    if (typeof value !== 'string') fail('', 'str expected');
    const encoded = utf8.encode(value);
    writeLength(writer, encoded.length);
    writer.push(encoded);
  },
  read(reader) {
    try {
      return utf8Strict.decode(reader.take(uint32.read(reader)));
    } catch (error) {
      if (error instanceof StreamableError) throw error;
      return fail('', 'str is not valid UTF-8');
    }
  },
  toJson: (value) => value,
  fromJson: (json, path = '') => (typeof json === 'string' ? json : fail(path, 'expected a string')),
};

/** Optional[T]: 0 for None, 1 then the value. JSON null (or an absent key in a class) is None. */
export function optional<T>(inner: Codec<T>): Codec<T | null> {
  return {
    name: `Optional[${inner.name}]`,
    write(writer, value) {
      if (value === null || value === undefined) {
        writer.push(Uint8Array.of(0));
      } else {
        writer.push(Uint8Array.of(1));
        inner.write(writer, value);
      }
    },
    read(reader) {
      const flag = reader.take(1)[0];
      if (flag === 0) return null;
      if (flag !== 1) fail('', 'Optional flag must be 0 or 1');
      return inner.read(reader);
    },
    toJson: (value) => (value === null || value === undefined ? null : inner.toJson(value)),
    fromJson: (json, path = '') => (json === null || json === undefined ? null : inner.fromJson(json, path)),
  };
}

/** List[T]: u32 count, then the items. */
export function list<T>(inner: Codec<T>): Codec<T[]> {
  return {
    name: `List[${inner.name}]`,
    write(writer, value) {
      writeLength(writer, value.length);
      for (const item of value) inner.write(writer, item);
    },
    read(reader) {
      const count = uint32.read(reader);
      const out: T[] = [];
      for (let i = 0; i < count; i++) out.push(inner.read(reader));
      return out;
    },
    toJson: (value) => value.map((item) => inner.toJson(item)),
    fromJson(json, path = '') {
      if (!Array.isArray(json)) return fail(path, 'expected a list');
      return json.map((item, i) => inner.fromJson(item, `${path}[${i}]`));
    },
  };
}

type TupleOf<C extends readonly Codec<unknown>[]> = { [K in keyof C]: CodecType<C[K]> };

/** Tuple[A, B, ...]: the items in order, no prefix; JSON as a list. */
export function tuple<const C extends readonly Codec<unknown>[]>(...items: C): Codec<TupleOf<C>> {
  return {
    name: `Tuple[${items.map((c) => c.name).join(', ')}]`,
    write(writer, value) {
      items.forEach((codec, i) => codec.write(writer, value[i]));
    },
    read: (reader) => items.map((codec) => codec.read(reader)) as TupleOf<C>,
    toJson: (value) => items.map((codec, i) => codec.toJson(value[i])),
    fromJson(json, path = '') {
      if (!Array.isArray(json) || json.length !== items.length) return fail(path, `expected a list of ${items.length}`);
      return items.map((codec, i) => codec.fromJson(json[i], `${path}[${i}]`)) as TupleOf<C>;
    },
  };
}

type Fields = Record<string, Codec<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type StructValue<F extends Fields> = { -readonly [K in keyof F]: CodecType<F[K]> };

export interface StructCodec<F extends Fields> extends Codec<StructValue<F>> {
  readonly fields: F;
}

/** A streamable class: its fields in declaration order (the object's key order), no prefix. */
export function struct<F extends Fields>(name: string, fields: F): StructCodec<F> {
  const entries = Object.entries(fields);
  return {
    name,
    fields,
    write(writer, value) {
      for (const [key, codec] of entries) {
        try {
          codec.write(writer, value[key]);
        } catch (error) {
          if (error instanceof StreamableError) throw new StreamableError(`${name}.${key}: ${error.message}`);
          throw error;
        }
      }
    },
    read(reader) {
      const out: Record<string, unknown> = {};
      for (const [key, codec] of entries) out[key] = codec.read(reader);
      return out as StructValue<F>;
    },
    toJson(value) {
      const out: Record<string, Json> = {};
      for (const [key, codec] of entries) out[key] = codec.toJson(value[key]);
      return out;
    },
    fromJson(json, path = '') {
      if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail(path, `expected an object (${name})`);
      const source = json as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, codec] of entries) {
        const at = path ? `${path}.${key}` : key;
        if (!(key in source) && !codec.name.startsWith('Optional[')) fail(at, 'missing');
        out[key] = codec.fromJson(source[key], at);
      }
      return out as StructValue<F>;
    },
  };
}

export function serialize<T>(codec: Codec<T>, value: T): Uint8Array {
  const writer = new Writer();
  codec.write(writer, value);
  return writer.finish();
}

/** Parses exactly one value; trailing bytes are an error (as Streamable.from_bytes). */
export function deserialize<T>(codec: Codec<T>, data: Uint8Array): T {
  const reader = new Reader(data);
  const value = codec.read(reader);
  if (reader.remaining !== 0) throw new StreamableError(`${codec.name}: ${reader.remaining} trailing bytes`);
  return value;
}

/** chia.util.hash.std_hash: sha256. */
export function stdHash(data: Uint8Array): Uint8Array {
  return sha256(data);
}

/** sha256 of the streamable bytes: what farmers sign (Streamable.get_hash). */
export function streamableHash<T>(codec: Codec<T>, value: T): Uint8Array {
  return stdHash(serialize(codec, value));
}

/** JSON text with bigints written as plain integers (uint64 values above 2^53 stay exact). */
export function stringifyJson(value: Json): string {
  const marks: string[] = [];
  const tag = `\u0000${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'bigint') return v;
    marks.push(v.toString());
    return `${tag}${marks.length - 1}`;
  });
  const quotedTag = JSON.stringify(tag)
    .slice(1, -1)
    .replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  return text.replace(new RegExp(`"${quotedTag}(\\d+)"`, 'g'), (_m, i: string) => marks[Number(i)] ?? '0');
}
