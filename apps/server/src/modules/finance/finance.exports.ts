import { adminFinanceSubscriptionsQuery, financeProductsQuery, type AdminExportList } from '@platter/domain';
import type { ExportList } from '../exports/lists.ts';
import { listAdminProducts, listHoldings } from './finance.service.ts';

/** The back office's finance lists as exports (issue 23): products with budgets, and a product's subscriptions. */

const PAGE = 200;

function paged<F>(pager: (ctx: Parameters<ExportList['read']>[0], filters: F, page: number) => Promise<{ list: object[]; total: number }>): ExportList['read'] {
  return async function* (ctx, _owner, filters: never) {
    for (let page = 1, seen = 0; ; page++) {
      const { list, total } = await pager(ctx, filters as F, page);
      seen += list.length;
      yield { rows: list as Record<string, unknown>[], total };
      if (list.length < PAGE || seen >= total) return;
    }
  };
}

export const FINANCE_EXPORT_LISTS: Partial<Record<AdminExportList, ExportList>> = {
  finance_products: {
    filters: financeProductsQuery.omit({ page: true, count: true }),
    read: paged((ctx, f: { type?: 'DQB' | 'HQB' | 'LOCK' | 'SXC'; coin?: string }, page) => listAdminProducts(ctx.db, { ...f, page, count: PAGE }, ctx.chains)),
    stem: 'finance-products',
  },
  finance_subscriptions: {
    filters: adminFinanceSubscriptionsQuery.omit({ page: true, count: true }),
    read: paged((ctx, f: { product_id: string; status?: 'waiting' }, page) =>
      listHoldings(ctx.db, { productId: f.product_id, status: f.status }, { page, count: PAGE }, ctx.chains),
    ),
    stem: 'finance-subscriptions',
  },
};
