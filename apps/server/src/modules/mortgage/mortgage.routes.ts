import { adminMortgageEndpoints, mortgageDevEndpoints, mortgageEndpoints } from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { creditMortgageIncome } from './mortgage-income.service.ts';
import { listPointMortgageRequests, requestPointMortgage, reviewPointMortgage } from './point-mortgage.service.ts';
import { adminMortgageLogs, ageLot, moveToBalance, moveToMortgage, mortgageCoins, saveMortgageSettings, userMortgageLogs } from './mortgage.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
}

/** Mortgage (issue 22): the user's moves into and out of mortgage and their logs. */
export function mortgageRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const e = mortgageEndpoints;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, e.toMortgage, {}, async (request) => ok(request, await moveToMortgage(db, await signedIn(request), request.body)));
  route(app, e.toBalance, {}, async (request) => ok(request, await moveToBalance(db, await signedIn(request), request.body)));
  route(app, e.coins, {}, async (request) => ok(request, await mortgageCoins(db, await signedIn(request))));
  route(app, e.logs, {}, async (request) => ok(request, await userMortgageLogs(db, await signedIn(request), request.query)));
  route(app, e.pointMortgage, {}, async (request) => ok(request, await requestPointMortgage(db, await signedIn(request), request.body.id)));
}

/** The back office: every user's mortgage moves, and the coins' mortgage settings. */
export function adminMortgageRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const e = adminMortgageEndpoints;
  const admin = { config: { role: 'admin' as const } };

  route(app, e.logs, admin, async (request) => ok(request, await adminMortgageLogs(db, request.query)));
  route(app, e.settings, admin, async (request) => ok(request, await saveMortgageSettings(db, await requireRole(sessions, request, 'admin'), request.body)));
  route(app, e.income, admin, async (request) => ok(request, await creditMortgageIncome(db, await requireRole(sessions, request, 'admin'), request.body)));
  route(app, e.pointRequests, admin, async (request) => ok(request, await listPointMortgageRequests(db, request.query.status, request.query)));
  route(app, e.pointReview, admin, async (request) => ok(request, await reviewPointMortgage(db, await requireRole(sessions, request, 'admin'), request.body)));
}

/** Development only (under /api/dev/): a lot made days earlier. */
export function mortgageDevRoutes(app: ZodApp, deps: { db: Db }): void {
  route(app, mortgageDevEndpoints.age, {}, async (request) => {
    await ageLot(deps.db, request.body.id, request.body.days);
    return ok(request, null);
  });
}
