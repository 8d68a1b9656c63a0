import { z } from 'zod';
import type { ErrorName } from '../errors/codes.ts';

/**
 * What every call's schema is made of (fields.ts re-exports them with the forms' fields). A
 * failing rule's message is a catalogue name: the server answers that code (not the generic
 * 216), and the web forms show the catalogue text in the interface language.
 */
export const msg = (name: ErrorName): ErrorName => name;

/** A NUL byte, which PostgreSQL's text (and jsonb) cannot hold. */
export const hasNul = (value: string): boolean => value.includes('\u0000');

/**
 * Every string of a call, instead of `z.string()`: a NUL byte anywhere is refused as the
 * parameter error (216) naming the field, before anything reaches the database.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasNul(value), msg('INVALID_PARAMETER'));
}

/** A record's id: digits, sent as a number or a string. */
export const idField = z.coerce
  .string()
  .regex(/^\d{1,18}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'Record id' });
