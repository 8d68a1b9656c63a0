import { adminCooperationSettingsEndpoints, cooperationEndpoints, cooperationIncomeEndpoints } from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { incomeShares } from '../settlement/settlement.service.ts';
import { listCooperationSettings, updateCooperationSettings } from './settings.ts';
import { convertToCooperation, cooperationLogs, dealAction, listCooperationPools, listDeals, offerDeal, returnCooperation } from './cooperation.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
}

/** Cooperation pools and deals (issue 22): /center/open's calls. */
export function cooperationRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const e = cooperationEndpoints;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, e.pools, {}, async (request) => ok(request, await listCooperationPools(db, await signedIn(request))));
  route(app, e.open, {}, async (request) => ok(request, await convertToCooperation(db, await signedIn(request), request.body, 'open')));
  route(app, e.deposit, {}, async (request) => ok(request, await convertToCooperation(db, await signedIn(request), request.body, 'deposit')));
  route(app, e.return, {}, async (request) => ok(request, await returnCooperation(db, await signedIn(request), request.body)));
  route(app, e.logs, {}, async (request) => ok(request, await cooperationLogs(db, await signedIn(request), request.query.pool, request.query)));
  route(app, e.deals, {}, async (request) => ok(request, await listDeals(db, await signedIn(request), request.query.scope, request.query)));
  route(app, e.offer, {}, async (request) => ok(request, await offerDeal(db, await signedIn(request), request.body)));
  route(app, e.action, {}, async (request) => ok(request, await dealAction(db, await signedIn(request), request.body)));
  route(app, cooperationIncomeEndpoints.income, {}, async (request) => ok(request, await incomeShares(db, await signedIn(request), request.query)));
}

/** The back office's per-coin cooperation settings (/admin/cooperation_settings): admins only, each save audited. */
export function adminCooperationRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const admin = { config: { role: 'admin' as const } };
  route(app, adminCooperationSettingsEndpoints.list, admin, async (request) => ok(request, await listCooperationSettings(db)));
  route(app, adminCooperationSettingsEndpoints.update, admin, async (request) =>
    ok(request, await updateCooperationSettings(db, await requireRole(sessions, request, 'admin'), request.body)),
  );
}
