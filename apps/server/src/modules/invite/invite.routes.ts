import { adminInviteEndpoints, inviteDevEndpoints, inviteEndpoints } from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { adminInvitations, adminRebates, checkInvite, devMinedDay, inviteInfo, listInvitees, listRebates, poolShares, setPoolShare } from './invite.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  publicUrl: string;
}

/** Invite and rebate (issue 25): the user centre's page and the registration page's check. */
export function inviteRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const e = inviteEndpoints;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;
  route(app, e.info, {}, async (request) => ok(request, await inviteInfo(db, await signedIn(request), deps.publicUrl)));
  route(app, e.check, {}, async (request) => ok(request, await checkInvite(db, request.query.invite)));
  route(app, e.invitees, {}, async (request) => ok(request, await listInvitees(db, await signedIn(request), request.query)));
  route(app, e.rebates, {}, async (request) => ok(request, await listRebates(db, await signedIn(request), request.query)));
}

/** The back office's invitations and rebates, and each pool's rebate share (its change audited). */
export function adminInviteRoutes(app: ZodApp, deps: Omit<Deps, 'publicUrl'>): void {
  const { db, sessions } = deps;
  const e = adminInviteEndpoints;
  const admin = { config: { role: 'admin' as const } };
  route(app, e.invitations, admin, async (request) => ok(request, await adminInvitations(db, request.query)));
  route(app, e.rebates, admin, async (request) => ok(request, await adminRebates(db, request.query)));
  route(app, e.pools, admin, async (request) => ok(request, await poolShares(db)));
  route(app, e.setPool, admin, async (request) => ok(request, await setPoolShare(db, await requireRole(sessions, request, 'admin'), request.body)));
}

/** Development only: a day of the signed-in user's mining, settled at once (the browser test's stand-in for a day). */
export function inviteDevRoutes(app: ZodApp, deps: Omit<Deps, 'publicUrl'>): void {
  route(app, inviteDevEndpoints.minedDay, {}, async (request) => ok(request, await devMinedDay(deps.db, (await requireUser(deps.sessions, request)).user_id, request.body)));
}
