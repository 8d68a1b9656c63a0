import { adminPointingEndpoints, adminPointSettingsEndpoints, pointingDevEndpoints, pointingEndpoints, pointingFinanceEndpoints } from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import {
  bindSourceAddress,
  devSendPoint,
  devWithdrawPoint,
  listCancellations,
  listPointingSettings,
  listRecords,
  lockInFinance,
  listSourceAddresses,
  pointingSettingsView,
  requestCancellation,
  reviewCancellation,
  updatePointingSettings,
  updateRemark,
  type PointingChains,
} from './pointing.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  chains: PointingChains;
}

const strip = <T extends { user_id: string; user_email: string }>({ user_id: _id, user_email: _email, ...rest }: T) => rest;

/** Coin owners (issue 22): /center/pointing's calls. */
export function pointingRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, chains } = deps;
  const e = pointingEndpoints;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, e.bind, {}, async (request) => ok(request, await bindSourceAddress(db, chains, await signedIn(request), request.body)));
  route(app, e.addresses, {}, async (request) => ok(request, await listSourceAddresses(db, await signedIn(request), request.query.coin, request.query)));
  route(app, e.remark, {}, async (request) => ok(request, await updateRemark(db, await signedIn(request), request.body)));
  route(app, e.records, {}, async (request) => {
    const page = await listRecords(db, chains, { userId: await signedIn(request), coin: request.query.coin, status: request.query.status }, request.query);
    return ok(request, { list: page.list.map(strip), total: page.total });
  });
  route(app, e.cancel, {}, async (request) => ok(request, await requestCancellation(db, await signedIn(request), request.body.id)));
  route(app, e.settings, {}, async (request) => ok(request, await pointingSettingsView(db, request.query.coin)));
  route(app, pointingFinanceEndpoints.lock, {}, async (request) => ok(request, await lockInFinance(db, await signedIn(request), request.body)));
}

/** The back office's /admin/point_info, /admin/point_review and /admin/point_settings. */
export function adminPointingRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, chains } = deps;
  const e = adminPointingEndpoints;
  const admin = { config: { role: 'admin' as const } };
  const staff = (request: FastifyRequest) => requireRole(sessions, request, 'admin');

  route(app, e.records, admin, async (request) =>
    ok(
      request,
      await listRecords(
        db,
        chains,
        { coin: request.query.coin, status: request.query.status, user: request.query.user, sourceAddress: request.query.source_address },
        request.query,
      ),
    ),
  );
  route(app, e.reviews, admin, async (request) => ok(request, await listCancellations(db, request.query.status, request.query)));
  route(app, e.review, admin, async (request) => ok(request, await reviewCancellation(db, await staff(request), request.body)));
  route(app, adminPointSettingsEndpoints.list, admin, async (request) => ok(request, await listPointingSettings(db)));
  route(app, adminPointSettingsEndpoints.update, admin, async (request) => ok(request, await updatePointingSettings(db, await staff(request), request.body)));
}

/** Development only (under /api/dev/): what a BHD-family wallet's sendpledgetoaddress and withdrawpledge do, on the devnet chain. */
export function pointingDevRoutes(app: ZodApp, deps: Pick<Deps, 'db' | 'chains'>): void {
  route(app, pointingDevEndpoints.send, {}, async (request) => ok(request, await devSendPoint(deps.db, deps.chains, request.body)));
  route(app, pointingDevEndpoints.withdraw, {}, async (request) => ok(request, await devWithdrawPoint(deps.chains, request.body)));
}
