import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  adminFinanceProductPage,
  adminFinanceProductSchema,
  adminFinanceSubscriptionsQuery,
  financeBuyBody,
  financeBuyResult,
  financeDevAgeBody,
  financeFundBody,
  financeHoldingBody,
  financeHoldingPage,
  financeHoldingsQuery,
  financeIdBody,
  financeIncomePage,
  financeIncomeQuery,
  financeProductBody,
  financeProductPage,
  financeProductQuery,
  financeProductSchema,
  financeProductsQuery,
  financeProductUpdateBody,
  financeRedeemResult,
  financeSettingsSchema,
  financeShelfBody,
} from '../finance.ts';

/**
 * Finance products (issue 23): the public list and details, a user's buying, holdings, income
 * and redemption. The spec's call list names no finance calls; these follow its style.
 */
export const financeEndpoints = {
  products: endpoint({
    method: 'GET',
    path: '/api/finance/products',
    tags: ['finance'],
    summary: 'Products on the shelf or earning, by weight (public)',
    request: financeProductsQuery,
    response: financeProductPage,
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/finance/product',
    tags: ['finance'],
    summary: 'A product’s details (public); 10501 when there is none',
    request: financeProductQuery,
    response: financeProductSchema,
  }),
  buy: endpoint({
    method: 'POST',
    path: '/api/finance/buy',
    tags: ['finance'],
    summary:
      'Buys a product from the available balance (idempotent on request_id); the withdrawal’s security verification where the product asks for it; 10502 off the shelf, 10503 closed, 10504 below the minimum, 10505 over the quota, 10101 balance',
    request: financeBuyBody,
    response: financeBuyResult,
  }),
  holdings: endpoint({
    method: 'GET',
    path: '/api/finance/holdings',
    tags: ['finance'],
    summary: 'The user’s holdings with accrued income, newest first',
    request: financeHoldingsQuery,
    response: financeHoldingPage,
  }),
  income: endpoint({
    method: 'GET',
    path: '/api/finance/income',
    tags: ['finance'],
    summary: 'The user’s interest, one record per holding and day, newest first',
    request: financeIncomeQuery,
    response: financeIncomePage,
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/api/finance/redeem',
    tags: ['finance'],
    summary: 'Redeems a current or saving holding: no interest from today, principal back at T+N (a setting, 5); 10506 when it cannot',
    request: financeHoldingBody,
    response: financeRedeemResult,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/finance/revoke',
    tags: ['finance'],
    summary: 'Revokes a periodical holding before its interest starts: principal back at once; 10506 when it cannot',
    request: financeHoldingBody,
    response: financeRedeemResult,
  }),
};

/** The back office's finance products: each write audited in its own transaction. */
export const adminFinanceEndpoints = {
  products: endpoint({
    method: 'GET',
    path: '/api/admin/finance/products',
    tags: ['admin'],
    summary: 'Every product with its budget and holdings',
    request: financeProductsQuery,
    response: adminFinanceProductPage,
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/admin/finance/product',
    tags: ['admin'],
    summary: 'One product with its budget',
    request: financeProductQuery,
    response: adminFinanceProductSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/finance/product',
    tags: ['admin'],
    summary: 'Creates a product (off the shelf)',
    request: financeProductBody,
    response: adminFinanceProductSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/admin/finance/product/update',
    tags: ['admin'],
    summary: 'Edits a product',
    request: financeProductUpdateBody,
    response: adminFinanceProductSchema,
  }),
  shelf: endpoint({
    method: 'POST',
    path: '/api/admin/finance/shelf',
    tags: ['admin'],
    summary: 'Puts a product on or takes it off the shelf',
    request: financeShelfBody,
    response: adminFinanceProductSchema,
  }),
  fund: endpoint({
    method: 'POST',
    path: '/api/admin/finance/fund',
    tags: ['admin'],
    summary: 'Funds a product’s interest budget from an operator’s available balance (idempotent on request_id)',
    request: financeFundBody,
    response: adminFinanceProductSchema,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/admin/finance/revoke',
    tags: ['admin'],
    summary: 'Revokes a periodical product before its interest starts',
    request: financeIdBody,
    response: adminFinanceProductSchema,
  }),
  subscriptions: endpoint({
    method: 'GET',
    path: '/api/admin/finance/subscriptions',
    tags: ['admin'],
    summary: 'A product’s subscriptions (holdings) with income',
    request: adminFinanceSubscriptionsQuery,
    response: financeHoldingPage,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/admin/finance/settings',
    tags: ['admin'],
    summary: 'The accrual hour, the redemption days and the saving shares',
    response: financeSettingsSchema,
  }),
  updateSettings: endpoint({
    method: 'POST',
    path: '/api/admin/finance/settings',
    tags: ['admin'],
    summary: 'Sets the accrual hour (0 or 12 UTC), the redemption days (T+N) and the saving shares',
    request: financeSettingsSchema,
    response: financeSettingsSchema,
  }),
};

export const financeDevEndpoints = {
  age: endpoint({
    method: 'POST',
    path: '/api/dev/finance/age',
    tags: ['dev'],
    summary: 'Development only: moves an open holding’s subscription and redemption dates back by `days` days',
    request: financeDevAgeBody,
    response: z.null(),
  }),
};
