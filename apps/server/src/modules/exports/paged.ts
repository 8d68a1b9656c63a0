import type { ExportContext, ExportList } from './lists.ts';

/** Rows an export reads per page of its list. */
export const EXPORT_PAGE = 200;
/** An export holds at most this many rows (a bigger list: narrow the filters). */
export const EXPORT_MAX_ROWS = 100_000;

/** A page of the list (1-based) and the list's total; `filters` is the list's own filter type. */
export type Pager = (ctx: ExportContext, ownerId: string, filters: never, page: number, count: number) => Promise<{ list: object[]; total: number }>;

/** An export's reader over a paged list: page after page through the list's own read, up to EXPORT_MAX_ROWS. */
export function pagedExport(pager: Pager): ExportList['read'] {
  return async function* (ctx, ownerId, filters) {
    let seen = 0;
    for (let page = 1; ; page++) {
      const { list, total } = await pager(ctx, ownerId, filters, page, EXPORT_PAGE);
      const limit = Math.min(total, EXPORT_MAX_ROWS);
      seen += list.length;
      yield { rows: list as Record<string, unknown>[], total: limit };
      if (list.length < EXPORT_PAGE || seen >= limit) return;
    }
  };
}
