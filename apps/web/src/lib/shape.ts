/**
 * The shape of a JSON value, derived at build time from a domain zod schema (lib/shapeOf.ts),
 * and its check. The frame checks the answers it starts with (user info, the coin and pool
 * registries, the server lines) and the remembered state against shapes rather than schemas:
 * building zod and the schemas was about a third of the app's start-up script on a phone.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type Shape =
  | { kind: 'string'; minLength?: number; maxLength?: number; patterns?: { source: string; flags: string }[] }
  | { kind: 'number'; int?: true; min?: { value: number; inclusive: boolean }; max?: { value: number; inclusive: boolean } }
  | { kind: 'boolean' }
  | { kind: 'unknown' }
  /** An enum or literals: one of these values. */
  | { kind: 'values'; values: (string | number | boolean | null)[] }
  | { kind: 'nullable'; inner: Shape }
  /** Absent (undefined) allowed; with a default, absent reads as the default. */
  | { kind: 'optional'; inner: Shape; default?: JsonValue }
  /** A value that does not match reads as the fallback (zod's catch). */
  | { kind: 'fallback'; inner: Shape; value: JsonValue }
  | { kind: 'union'; options: Shape[] }
  /** Keys the shape does not name are dropped, as zod's object does. */
  | { kind: 'object'; fields: Record<string, Shape> }
  | { kind: 'array'; item: Shape; minLength?: number; maxLength?: number }
  | { kind: 'record'; value: Shape };

export type ShapeResult<T> = { ok: true; value: T } | { ok: false; path: string };

const MISMATCH: unique symbol = Symbol('mismatch');
type Read = unknown | typeof MISMATCH;

interface Failure {
  path: string;
}

function copy(value: JsonValue): JsonValue {
  return value === null || typeof value !== 'object' ? value : (JSON.parse(JSON.stringify(value)) as JsonValue);
}

function lengthOk(length: number, shape: { minLength?: number; maxLength?: number }): boolean {
  return (shape.minLength === undefined || length >= shape.minLength) && (shape.maxLength === undefined || length <= shape.maxLength);
}

function read(shape: Shape, value: unknown, path: string, failure: Failure): Read {
  const fail = (): typeof MISMATCH => {
    // The deepest mismatch names the place; an outer one (a union's) keeps it.
    if (!failure.path) failure.path = path || '(root)';
    return MISMATCH;
  };
  switch (shape.kind) {
    case 'string':
      return typeof value === 'string' && lengthOk(value.length, shape) && (shape.patterns ?? []).every((p) => new RegExp(p.source, p.flags.replace(/[gy]/g, '')).test(value))
        ? value
        : fail();
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail();
      if (shape.int && !Number.isSafeInteger(value)) return fail();
      if (shape.min && (shape.min.inclusive ? value < shape.min.value : value <= shape.min.value)) return fail();
      if (shape.max && (shape.max.inclusive ? value > shape.max.value : value >= shape.max.value)) return fail();
      return value;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : fail();
    case 'unknown':
      return value;
    case 'values':
      return shape.values.some((v) => v === value) ? value : fail();
    case 'nullable':
      return value === null ? null : read(shape.inner, value, path, failure);
    case 'optional':
      if (value === undefined) return shape.default === undefined ? undefined : copy(shape.default);
      return read(shape.inner, value, path, failure);
    case 'fallback': {
      const got = read(shape.inner, value, path, { path: '' });
      return got === MISMATCH ? copy(shape.value) : got;
    }
    case 'union': {
      for (const option of shape.options) {
        const got = read(option, value, path, { path: '' });
        if (got !== MISMATCH) return got;
      }
      return fail();
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail();
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape.fields)) {
        const got = read(field, (value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, failure);
        if (got === MISMATCH) return MISMATCH;
        if (got !== undefined) out[key] = got;
      }
      return out;
    }
    case 'array': {
      if (!Array.isArray(value) || !lengthOk(value.length, shape)) return fail();
      const out: unknown[] = [];
      for (let i = 0; i < value.length; i++) {
        const got = read(shape.item, value[i], `${path}[${i}]`, failure);
        if (got === MISMATCH) return MISMATCH;
        out.push(got);
      }
      return out;
    }
    case 'record': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail();
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        const got = read(shape.value, item, path ? `${path}.${key}` : key, failure);
        if (got === MISMATCH) return MISMATCH;
        // Defined, not assigned: a '__proto__' key read from JSON stays a key.
        Object.defineProperty(out, key, { value: got, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
  }
}

/**
 * The value read as its schema would parse it — unknown keys dropped, defaults and fallbacks
 * put in — or where it first does not match. A schema's refinements (functions) are not in its
 * shape: the shapes check answers and stored state, not what a user typed.
 */
export function readShape<T>(shape: Shape, value: unknown): ShapeResult<T> {
  const failure: Failure = { path: '' };
  const got = read(shape, value, '', failure);
  return got === MISMATCH ? { ok: false, path: failure.path } : { ok: true, value: got as T };
}
