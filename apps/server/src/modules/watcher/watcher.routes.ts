import { observerEndpoints, securityKeyEndpoints, type ObserverSummary } from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import { route } from '../../http/route.ts';
import type { ZodApp } from '../../http/types.ts';
import { miningDetail } from '../pool/detail.ts';
import { listMiners, removeOfflineMiners } from '../pool/miners.ts';
import { listPlots } from '../pool/plots.ts';
import { dashboardSummary, incomeRecords, poolOf, shareSeries } from '../pool/views.ts';
import type { sessionService } from '../session/session.service.ts';
import { AppError } from '@platter/domain';
import type { WatcherService } from './watcher.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  limits: RateLimits;
  watcher: WatcherService;
}

/**
 * The watcher calls under /api/observer/ (spec doc 2 §7) and the security key. Every read of a
 * watched user's data first finds the caller's live authorisation by that user (218 otherwise),
 * then reuses the pool's own reads for the owner, without balances or addresses.
 */
export function watcherRoutes(app: ZodApp, deps: Deps): void {
  const { db, watcher } = deps;
  const signedIn = async (request: FastifyRequest) => (await requireUser(deps.sessions, request)).user_id;
  const ownerFor = async (request: FastifyRequest, uid: string) => (await watcher.watched(await signedIn(request), uid)).ownerId;

  route(app, securityKeyEndpoints.get, {}, async (request) => ok(request, await watcher.securityKey(await signedIn(request))));
  route(app, securityKeyEndpoints.rotate, { config: deps.limits.auth }, async (request) => ok(request, await watcher.rotateKey(await signedIn(request), request.body, request.ip)));

  route(app, observerEndpoints.requestVerify, {}, async (request) => {
    const mine = await watcher.list(await signedIn(request));
    return ok(request, { max: mine.max, count: mine.total, needs: ['security_key', 'google_code'] as ('security_key' | 'google_code')[] });
  });
  route(app, observerEndpoints.authList, {}, async (request) => ok(request, await watcher.authList(await signedIn(request), request.query)));
  route(app, observerEndpoints.list, {}, async (request) => ok(request, await watcher.list(await signedIn(request))));
  route(app, observerEndpoints.add, { config: deps.limits.auth }, async (request) => ok(request, await watcher.add(await signedIn(request), request.body)));
  route(app, observerEndpoints.remove, {}, async (request) => {
    await watcher.remove(await signedIn(request), request.body.uid);
    return ok(request, null);
  });
  route(app, observerEndpoints.removeAuth, {}, async (request) => {
    await watcher.removeAuth(await signedIn(request), request.body.id);
    return ok(request, null);
  });
  route(app, observerEndpoints.removeAllOfflineMiners, {}, async (request) => {
    const { uid, pool } = request.body;
    const watched = await watcher.watched(await signedIn(request), uid);
    // Only where the watched user granted it when authorising (README: choices).
    if (!watched.allowRemoveOffline) throw new AppError('ACCESS_FORBIDDEN');
    await poolOf(db, pool);
    return ok(request, { removed: await removeOfflineMiners(db, watched.ownerId, pool) });
  });

  route(app, observerEndpoints.summary, {}, async (request) => {
    const { uid, pool } = request.query;
    const ownerId = await ownerFor(request, uid);
    const { pending: _pending, available: _available, ...summary } = await dashboardSummary(db, ownerId, pool);
    return ok(request, summary satisfies ObserverSummary);
  });
  route(app, observerEndpoints.miner, {}, async (request) => {
    const { uid, ...query } = request.query;
    return ok(request, await listMiners(db, await ownerFor(request, uid), query));
  });
  route(app, observerEndpoints.miningincomerecord, {}, async (request) => {
    const { uid, ...query } = request.query;
    return ok(request, await incomeRecords(db, await ownerFor(request, uid), query));
  });
  route(app, observerEndpoints.miningdetail, {}, async (request) => {
    const { uid, ...query } = request.query;
    return ok(request, await miningDetail(db, await ownerFor(request, uid), query));
  });
  route(app, observerEndpoints.share, {}, async (request) => {
    const { uid, pool, hours } = request.query;
    return ok(request, await shareSeries(db, { userId: await ownerFor(request, uid), pool }, hours));
  });
  route(app, observerEndpoints.getPlots, {}, async (request) => {
    const { uid, ...query } = request.query;
    const page = await listPlots(db, await ownerFor(request, uid), query);
    return ok(request, { ...page, list: page.list.map(({ bind_address: _address, ...plot }) => plot) });
  });
}
