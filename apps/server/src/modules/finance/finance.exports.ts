import { adminFinanceSubscriptionsQuery, financeProductsQuery, type AdminExportList } from '@platter/domain';
import type { ExportList } from '../exports/lists.ts';
import { pagedExport } from '../exports/paged.ts';
import { listAdminProducts, listHoldings } from './finance.service.ts';

/** The back office's finance lists as exports (issue 23): products with budgets, and a product's subscriptions. */

export const FINANCE_EXPORT_LISTS: Partial<Record<AdminExportList, ExportList>> = {
  finance_products: {
    filters: financeProductsQuery.omit({ page: true, count: true }),
    read: pagedExport((ctx, _owner, f: { type?: 'DQB' | 'HQB' | 'LOCK' | 'SXC'; coin?: string }, page, count) => listAdminProducts(ctx.db, { ...f, page, count }, ctx.chains)),
    stem: 'finance-products',
  },
  finance_subscriptions: {
    filters: adminFinanceSubscriptionsQuery.omit({ page: true, count: true }),
    read: pagedExport((ctx, _owner, f: { product_id: string; status?: 'waiting' }, page, count) =>
      listHoldings(ctx.db, { productId: f.product_id, status: f.status }, { page, count }, ctx.chains),
    ),
    stem: 'finance-subscriptions',
  },
};
