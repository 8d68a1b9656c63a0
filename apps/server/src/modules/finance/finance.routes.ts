import {
  adminFinanceProductPage,
  adminFinanceProductSchema,
  adminFinanceSubscriptionsQuery,
  envelopeSchema,
  financeBuyBody,
  financeBuyResult,
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
  idField,
} from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import type { Verify } from '../wallet/wallet.service.ts';
import { z } from 'zod';
import {
  adminProduct,
  ageHolding,
  buy,
  createProduct,
  financeSettings,
  fundBudget,
  listAdminProducts,
  listHoldings,
  listIncome,
  listProducts,
  productDetails,
  redeem,
  revokeHolding,
  revokeProduct,
  setShelf,
  updateFinanceSettings,
  updateProduct,
} from './finance.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  chains: ChainRegistry;
  verify: Verify;
}

/**
 * Finance products (issue 23): the public list and details (the cooperation area's product
 * list and product details, /financial), a user's buying, holdings, income and redemption
 * (/center/investment). The spec's call list names no finance calls; these follow its style.
 */
export function financeRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, chains, verify } = deps;
  const tags = ['finance'];
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  app.get(
    '/api/finance/products',
    { schema: { tags, summary: 'Products on the shelf or earning, by weight (public)', querystring: financeProductsQuery, response: { 200: envelopeSchema(financeProductPage) } } },
    async (request) => ok(request, await listProducts(db, request.query, chains)),
  );
  app.get(
    '/api/finance/product',
    {
      schema: {
        tags,
        summary: 'A product’s details (public); 10501 when there is none',
        querystring: financeProductQuery,
        response: { 200: envelopeSchema(financeProductSchema) },
      },
    },
    async (request) => ok(request, await productDetails(db, request.query.id, chains)),
  );
  app.post(
    '/api/finance/buy',
    {
      schema: {
        tags,
        summary:
          'Buys a product from the available balance (idempotent on request_id); the withdrawal’s security verification where the product asks for it; 10502 off the shelf, 10503 closed, 10504 below the minimum, 10505 over the quota, 10101 balance',
        body: financeBuyBody,
        response: { 200: envelopeSchema(financeBuyResult) },
      },
    },
    async (request) => ok(request, await buy(db, verify, await signedIn(request), request.body)),
  );
  app.get(
    '/api/finance/holdings',
    {
      schema: { tags, summary: 'The user’s holdings with accrued income, newest first', querystring: financeHoldingsQuery, response: { 200: envelopeSchema(financeHoldingPage) } },
    },
    async (request) => ok(request, await listHoldings(db, { userId: await signedIn(request), status: request.query.status }, request.query, chains)),
  );
  app.get(
    '/api/finance/income',
    {
      schema: {
        tags,
        summary: 'The user’s interest, one record per holding and day, newest first',
        querystring: financeIncomeQuery,
        response: { 200: envelopeSchema(financeIncomePage) },
      },
    },
    async (request) => ok(request, await listIncome(db, await signedIn(request), request.query)),
  );
  app.post(
    '/api/finance/redeem',
    {
      schema: {
        tags,
        summary: 'Redeems a current or saving holding: no interest from today, principal back at T+N (a setting, 5); 10506 when it cannot',
        body: financeHoldingBody,
        response: { 200: envelopeSchema(financeRedeemResult) },
      },
    },
    async (request) => ok(request, await redeem(db, await signedIn(request), request.body)),
  );
  app.post(
    '/api/finance/revoke',
    {
      schema: {
        tags,
        summary: 'Revokes a periodical holding before its interest starts: principal back at once; 10506 when it cannot',
        body: financeHoldingBody,
        response: { 200: envelopeSchema(financeRedeemResult) },
      },
    },
    async (request) => ok(request, await revokeHolding(db, await signedIn(request), request.body)),
  );
}

/** The back office's finance products: each write audited in its own transaction. */
export function adminFinanceRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, chains } = deps;
  const tags = ['admin'];
  const admin = { role: 'admin' as const };
  const staff = (request: FastifyRequest) => requireRole(sessions, request, 'admin');
  const one = envelopeSchema(adminFinanceProductSchema);

  app.get(
    '/api/admin/finance/products',
    {
      config: admin,
      schema: { tags, summary: 'Every product with its budget and holdings', querystring: financeProductsQuery, response: { 200: envelopeSchema(adminFinanceProductPage) } },
    },
    async (request) => ok(request, await listAdminProducts(db, request.query, chains)),
  );
  app.get(
    '/api/admin/finance/product',
    { config: admin, schema: { tags, summary: 'One product with its budget', querystring: financeProductQuery, response: { 200: one } } },
    async (request) => ok(request, await adminProduct(db, request.query.id, chains)),
  );
  app.post(
    '/api/admin/finance/product',
    { config: admin, schema: { tags, summary: 'Creates a product (off the shelf)', body: financeProductBody, response: { 200: one } } },
    async (request) => ok(request, await createProduct(db, await staff(request), request.body)),
  );
  app.post(
    '/api/admin/finance/product/update',
    { config: admin, schema: { tags, summary: 'Edits a product', body: financeProductUpdateBody, response: { 200: one } } },
    async (request) => {
      const { id, ...body } = request.body;
      return ok(request, await updateProduct(db, await staff(request), id, body));
    },
  );
  app.post(
    '/api/admin/finance/shelf',
    { config: admin, schema: { tags, summary: 'Puts a product on or takes it off the shelf', body: financeShelfBody, response: { 200: one } } },
    async (request) => ok(request, await setShelf(db, await staff(request), request.body.id, request.body.on_shelf)),
  );
  app.post(
    '/api/admin/finance/fund',
    {
      config: admin,
      schema: { tags, summary: 'Funds a product’s interest budget from an operator’s available balance (idempotent on request_id)', body: financeFundBody, response: { 200: one } },
    },
    async (request) => ok(request, await fundBudget(db, await staff(request), request.body)),
  );
  app.post(
    '/api/admin/finance/revoke',
    { config: admin, schema: { tags, summary: 'Revokes a periodical product before its interest starts', body: financeIdBody, response: { 200: one } } },
    async (request) => ok(request, await revokeProduct(db, await staff(request), request.body.id)),
  );
  app.get(
    '/api/admin/finance/subscriptions',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A product’s subscriptions (holdings) with income',
        querystring: adminFinanceSubscriptionsQuery,
        response: { 200: envelopeSchema(financeHoldingPage) },
      },
    },
    async (request) => ok(request, await listHoldings(db, { productId: request.query.product_id, status: request.query.status }, request.query, chains)),
  );
  app.get(
    '/api/admin/finance/settings',
    { config: admin, schema: { tags, summary: 'The accrual hour, the redemption days and the saving shares', response: { 200: envelopeSchema(financeSettingsSchema) } } },
    async (request) => ok(request, await financeSettings(db)),
  );
  app.post(
    '/api/admin/finance/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Sets the accrual hour (0 or 12 UTC), the redemption days (T+N) and the saving shares',
        body: financeSettingsSchema,
        response: { 200: envelopeSchema(financeSettingsSchema) },
      },
    },
    async (request) => ok(request, await updateFinanceSettings(db, await staff(request), request.body)),
  );
}

/** Development only: a holding made older (the devnet's stand-in for waiting days), for the browser tests. */
export function financeDevRoutes(app: ZodApp, deps: { db: Db }): void {
  app.post(
    '/api/dev/finance/age',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: moves an open holding’s subscription and redemption dates back by `days` days',
        body: z.object({ id: idField, days: z.number().int().min(1).max(3650) }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await ageHolding(deps.db, request.body.id, request.body.days);
      return ok(request, null);
    },
  );
}
