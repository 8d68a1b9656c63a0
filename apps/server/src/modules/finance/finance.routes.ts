import { adminFinanceEndpoints, financeDevEndpoints, financeEndpoints } from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import type { Verify } from '../wallet/wallet.service.ts';
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
  const e = financeEndpoints;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, e.products, {}, async (request) => ok(request, await listProducts(db, request.query, chains)));
  route(app, e.product, {}, async (request) => ok(request, await productDetails(db, request.query.id, chains)));
  route(app, e.buy, {}, async (request) => ok(request, await buy(db, verify, await signedIn(request), request.body)));
  route(app, e.holdings, {}, async (request) => ok(request, await listHoldings(db, { userId: await signedIn(request), status: request.query.status }, request.query, chains)));
  route(app, e.income, {}, async (request) => ok(request, await listIncome(db, await signedIn(request), request.query)));
  route(app, e.redeem, {}, async (request) => ok(request, await redeem(db, await signedIn(request), request.body)));
  route(app, e.revoke, {}, async (request) => ok(request, await revokeHolding(db, await signedIn(request), request.body)));
}

/** The back office's finance products: each write audited in its own transaction. */
export function adminFinanceRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, chains } = deps;
  const e = adminFinanceEndpoints;
  const admin = { config: { role: 'admin' as const } };
  const staff = (request: FastifyRequest) => requireRole(sessions, request, 'admin');

  route(app, e.products, admin, async (request) => ok(request, await listAdminProducts(db, request.query, chains)));
  route(app, e.product, admin, async (request) => ok(request, await adminProduct(db, request.query.id, chains)));
  route(app, e.create, admin, async (request) => ok(request, await createProduct(db, await staff(request), request.body)));
  route(app, e.update, admin, async (request) => {
    const { id, ...body } = request.body;
    return ok(request, await updateProduct(db, await staff(request), id, body));
  });
  route(app, e.shelf, admin, async (request) => ok(request, await setShelf(db, await staff(request), request.body.id, request.body.on_shelf)));
  route(app, e.fund, admin, async (request) => ok(request, await fundBudget(db, await staff(request), request.body)));
  route(app, e.revoke, admin, async (request) => ok(request, await revokeProduct(db, await staff(request), request.body.id)));
  route(app, e.subscriptions, admin, async (request) =>
    ok(request, await listHoldings(db, { productId: request.query.product_id, status: request.query.status }, request.query, chains)),
  );
  route(app, e.settings, admin, async (request) => ok(request, await financeSettings(db)));
  route(app, e.updateSettings, admin, async (request) => ok(request, await updateFinanceSettings(db, await staff(request), request.body)));
}

/** Development only: a holding made older (the devnet's stand-in for waiting days), for the browser tests. */
export function financeDevRoutes(app: ZodApp, deps: { db: Db }): void {
  route(app, financeDevEndpoints.age, {}, async (request) => {
    await ageHolding(deps.db, request.body.id, request.body.days);
    return ok(request, null);
  });
}
