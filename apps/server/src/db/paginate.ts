import { sql, type SelectQueryBuilder } from 'kysely';

/** A page of a list: 1-based `page`, `count` rows a page (the spec's list parameters). */
export interface PageQuery {
  page: number;
  count: number;
}

/**
 * The one count-then-page list query: the total of `base` (its joins and filters, before any
 * select) and the page of the rows `rows` selects and orders from it (joins that only add columns may go there). Both run together.
 */
export async function paginate<DB, TB extends keyof DB, RDB, RTB extends keyof RDB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: PageQuery,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<RDB, RTB, O>,
): Promise<{ rows: O[]; total: number }> {
  const [counted, list] = await Promise.all([
    // Generic over the tables, Kysely cannot name the selection: it is the one column selected here.
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow() as Promise<{ total: string }>,
    rows(base)
      .limit(page.count)
      .offset((page.page - 1) * page.count)
      .execute(),
  ]);
  return { rows: list, total: Number(counted.total) };
}
