import { z } from 'zod';
import { msg, text } from './text.ts';

/** Every API answer: `{code, msg, data}`; code 200 is success (ARCHITECTURE.md 'HTTP API'). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: text(), data });
}

/** Paging of every list call: page from 1, count 1 to 200 (spec doc 2 §5 'Paging'). */
export const PAGE_COUNT_MIN = 1;
export const PAGE_COUNT_MAX = 200;

/**
 * A schema message that is a catalogue name (`'COUNT_OUT_OF_RANGE'`) makes the server answer
 * that code instead of the generic parameter error; the web forms translate the same name.
 */
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1, msg('PAGE_OUT_OF_LIMIT')).default(1),
  count: z.coerce.number().int().min(PAGE_COUNT_MIN, msg('COUNT_OUT_OF_RANGE')).max(PAGE_COUNT_MAX, msg('COUNT_OUT_OF_RANGE')).default(10),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/** One page of a list, as every paged call answers it (the shape `pageOf` validates). */
export interface Page<T> {
  list: T[];
  total: number;
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}
