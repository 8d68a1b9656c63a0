import type { z } from 'zod';
import type { JsonValue, Shape } from './shape.ts';

/**
 * The shape (lib/shape.ts) of a zod schema, for the build (vite.config.ts defines the frame's
 * shapes with it) and for tests. It reads the schema's definition only, so it builds nothing; a
 * schema kind or check it does not know stops the build rather than passing anything through.
 * Refinements (functions) are left out: a shape checks JSON from our server or our own storage.
 */
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: (string | number | boolean | null)[];
  options?: z.ZodType[];
  innerType?: z.ZodType;
  defaultValue?: unknown;
  catchValue?: (ctx: unknown) => unknown;
  valueType?: z.ZodType;
  in?: z.ZodType;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function json(value: unknown, where: string): JsonValue {
  const text = JSON.stringify(value);
  if (text === undefined) throw new Error(`shapeOf: ${where} has no JSON value`);
  return JSON.parse(text) as JsonValue;
}

function withChecks(def: Def, where: string): Shape {
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const unknown = (check: CheckDef) => new Error(`shapeOf: ${where}: the ${def.type} check '${check.check}${check.format ? `/${check.format}` : ''}' has no shape`);
  if (def.type === 'string') {
    const shape: Extract<Shape, { kind: 'string' }> = { kind: 'string' };
    for (const check of checks) {
      if (check.check === 'custom') continue;
      else if (check.check === 'min_length') shape.minLength = check.minimum;
      else if (check.check === 'max_length') shape.maxLength = check.maximum;
      else if (check.check === 'string_format' && check.format === 'regex' && check.pattern)
        (shape.patterns ??= []).push({ source: check.pattern.source, flags: check.pattern.flags });
      else throw unknown(check);
    }
    return shape;
  }
  if (def.type === 'number') {
    const shape: Extract<Shape, { kind: 'number' }> = { kind: 'number' };
    for (const check of checks) {
      if (check.check === 'custom') continue;
      else if (check.check === 'number_format' && check.format === 'safeint') shape.int = true;
      else if (check.check === 'greater_than' && check.value !== undefined) shape.min = { value: check.value, inclusive: check.inclusive === true };
      else if (check.check === 'less_than' && check.value !== undefined) shape.max = { value: check.value, inclusive: check.inclusive === true };
      else throw unknown(check);
    }
    return shape;
  }
  if (def.type === 'array') {
    const shape: Extract<Shape, { kind: 'array' }> = { kind: 'array', item: shapeOf(def.element as z.ZodType, `${where}[]`) };
    for (const check of checks) {
      if (check.check === 'custom') continue;
      else if (check.check === 'min_length') shape.minLength = check.minimum;
      else if (check.check === 'max_length') shape.maxLength = check.maximum;
      else throw unknown(check);
    }
    return shape;
  }
  const check = checks.find((c) => c.check !== 'custom');
  if (check) throw unknown(check);
  throw new Error(`shapeOf: ${where}: no checks expected on ${def.type}`);
}

export function shapeOf(schema: z.ZodType, where = 'schema'): Shape {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'array':
      return withChecks(def, where);
    case 'boolean':
      return { kind: 'boolean' };
    case 'unknown':
    case 'any':
      return { kind: 'unknown' };
    case 'enum':
      return { kind: 'values', values: Object.values(def.entries ?? {}) };
    case 'literal':
      return { kind: 'values', values: [...(def.values ?? [])] };
    case 'nullable':
      return { kind: 'nullable', inner: shapeOf(def.innerType as z.ZodType, where) };
    case 'optional':
      return { kind: 'optional', inner: shapeOf(def.innerType as z.ZodType, where) };
    case 'default':
      return { kind: 'optional', inner: shapeOf(def.innerType as z.ZodType, where), default: json(def.defaultValue, `${where}'s default`) };
    case 'catch':
      return { kind: 'fallback', inner: shapeOf(def.innerType as z.ZodType, where), value: json(def.catchValue?.({ error: undefined, input: undefined }), `${where}'s fallback`) };
    case 'union':
      return { kind: 'union', options: (def.options ?? []).map((option, i) => shapeOf(option, `${where}|${i}`)) };
    case 'object':
      return { kind: 'object', fields: Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, shapeOf(field, `${where}.${key}`)])) };
    case 'record':
      return { kind: 'record', value: shapeOf(def.valueType as z.ZodType, `${where}{}`) };
    default:
      throw new Error(`shapeOf: ${where}: a ${def.type} schema has no shape`);
  }
}
