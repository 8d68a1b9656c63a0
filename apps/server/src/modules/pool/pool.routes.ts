import {
  adminPoolEndpoints,
  AppError,
  blockPage,
  DEFAULT_POOL_TYPE,
  devnetSignEndpoints,
  envelopeSchema,
  homeListSchema,
  minerApiEndpoints,
  poolEndpoints,
  poolStatSchema,
  publicPoolEndpoints,
  trendSchema,
} from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { blockIncome } from './revenue.service.ts';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { bindLog, miningDetail, poolDetail } from './detail.ts';
import { adminIncome, adminMiners, adminOpened, assetsReports, dailyReports, poolConfigs, updatePoolConfig } from './admin.ts';
import { authenticateKey, currentKey, enabledPool, revokeKey, rotateKey } from './keys.ts';
import { listMiners, removeMiner, removeOfflineMiners } from './miners.ts';
import { adminPlots, bindData, bindPlot, listPlots, unbindPlot } from './plots.ts';
import { poolRow } from './pool.repository.ts';
import type { ChainRegistry } from '../../chain/chain.ts';
import { devnetSignature } from '../../chain/devnet.ts';
import { registerData, registerNode } from './register.ts';
import { identityRewards } from './onchain.ts';
import { ingestReport } from './report.ts';
import { recordSharesIngested } from '../../metrics/metrics.ts';
import type { PublicFigures } from './public-figures.ts';
import { addressQuery, blockList, dashboardSummary, incomeRecords, poolOf, poolStatistics, poolTrend, ranking, shareSeries, userPools } from './views.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  limits: RateLimits;
  chains: ChainRegistry;
  /** Bindings wait for the back office's review (BIND_REVIEW). */
  bindReview?: boolean;
}

/** The miner API (machines, by API key): the proxy tool's report. */
export function minerApiRoutes(app: ZodApp, deps: Pick<Deps, 'db'>): void {
  const { db } = deps;
  route(
    app,
    minerApiEndpoints.report,
    {
      bodyLimit: 2 * 1024 * 1024,
      // A machine call authenticated by its API key, never by a cookie: no CSRF to stop.
      config: { csrf: false },
      headers: z.object({ 'x-api-key': z.string().optional() }).passthrough(),
    },
    async (request) => {
      const header = request.headers['x-api-key'];
      const owner = await authenticateKey(db, typeof header === 'string' ? header : undefined);
      const ingested = await ingestReport(db, owner, request.body);
      recordSharesIngested(owner.pool, 'report', ingested.shares);
      return ok(request, ingested);
    },
  );
}

/** The user's pool calls (spec doc 2 §7 'Pool', 'Dashboard'). */
export function poolRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, poolEndpoints.apikey, {}, async (request) => ok(request, await currentKey(db, await signedIn(request), request.query.pool)));
  route(app, poolEndpoints.poolApikey, { config: deps.limits.auth }, async (request) => ok(request, await rotateKey(db, await signedIn(request), request.body.pool)));
  route(app, poolEndpoints.deletePoolApikey, {}, async (request) => {
    await revokeKey(db, await signedIn(request), request.query.pool);
    return ok(request, null);
  });

  for (const endpoint of [poolEndpoints.minerList, poolEndpoints.dashboardMiner]) {
    route(app, endpoint, {}, async (request) => ok(request, await listMiners(db, await signedIn(request), request.query)));
  }
  route(app, poolEndpoints.miner, {}, async (request) => {
    await removeMiner(db, await signedIn(request), request.query.id);
    return ok(request, null);
  });
  route(app, poolEndpoints.removeallofflineminers, {}, async (request) => ok(request, { removed: await removeOfflineMiners(db, await signedIn(request), request.query.pool) }));

  for (const endpoint of [poolEndpoints.getPlots, poolEndpoints.dashboardGetPlots]) {
    route(app, endpoint, {}, async (request) => ok(request, await listPlots(db, await signedIn(request), request.query)));
  }
  route(app, poolEndpoints.binddata, {}, async (request) => ok(request, await bindData(db, await signedIn(request), request.query)));
  route(app, poolEndpoints.bind, { config: deps.limits.auth }, async (request) =>
    ok(request, await bindPlot(db, deps.chains, await signedIn(request), request.body, new Date(), { review: deps.bindReview ?? true })),
  );
  route(app, poolEndpoints.registerdata, {}, async (request) => ok(request, await registerData(db, await signedIn(request), request.query)));
  route(app, poolEndpoints.identityrewards, {}, async (request) => ok(request, await identityRewards(db, await signedIn(request), request.query)));
  route(app, poolEndpoints.register, { config: deps.limits.auth }, async (request) => ok(request, await registerNode(db, await signedIn(request), request.body)));
  route(app, poolEndpoints.unbind, {}, async (request) => {
    await unbindPlot(db, await signedIn(request), request.body.id);
    return ok(request, null);
  });

  for (const endpoint of [poolEndpoints.income, poolEndpoints.miningincomerecord, poolEndpoints.dashboardMiningIncomeRecord]) {
    route(app, endpoint, {}, async (request) => ok(request, await incomeRecords(db, await signedIn(request), request.query)));
  }
  route(app, poolEndpoints.blockincome, {}, async (request) => ok(request, await blockIncome(db, await signedIn(request), request.query)));
  for (const endpoint of [poolEndpoints.share, poolEndpoints.dashboardShare]) {
    route(app, endpoint, {}, async (request) => ok(request, await shareSeries(db, { userId: await signedIn(request), pool: request.query.pool }, request.query.hours)));
  }

  for (const endpoint of [poolEndpoints.miningdetail, poolEndpoints.dashboardMiningDetail]) {
    route(app, endpoint, {}, async (request) => ok(request, await miningDetail(db, await signedIn(request), request.query)));
  }
  route(app, poolEndpoints.detail, {}, async (request) => {
    await signedIn(request);
    return ok(request, await poolDetail(db, request.query.pool));
  });
  // The binding log: the dashboard's call and the spec's GET /api/log/bind (issue 20).
  for (const endpoint of [poolEndpoints.bindLog, poolEndpoints.logBind]) {
    route(app, endpoint, {}, async (request) => ok(request, await bindLog(db, await signedIn(request), request.query)));
  }

  route(app, poolEndpoints.poollist, {}, async (request) => ok(request, await userPools(db, await signedIn(request))));
  route(app, poolEndpoints.summary, {}, async (request) => {
    const userId = await signedIn(request);
    await poolOf(db, request.query.pool);
    return ok(request, await dashboardSummary(db, userId, request.query.pool));
  });
}

/** Development only (devnet): the devnet wallet's signature of a message, as a farmer's wallet would sign it. */
export function devnetSignRoutes(app: ZodApp, deps: Pick<Deps, 'db'> & { secret: string }): void {
  route(app, devnetSignEndpoints.sign, {}, async (request) => {
    const pool = await poolRow(deps.db, request.body.pool);
    if (!pool) throw new AppError('POOL_NOT_FOUND');
    return ok(request, { signature: devnetSignature(deps.secret, pool.coin, request.body.address, request.body.message) });
  });
}

/** The public statistics (spec doc 2 §7 'Home and content'; the data tables), computed once per refresh period (public-figures.ts). */
export function publicPoolRoutes(app: ZodApp, deps: Pick<Deps, 'db'> & { figures: PublicFigures }): void {
  const { db, figures } = deps;
  const homeList = envelopeSchema(homeListSchema);
  const capacity = envelopeSchema(z.array(poolStatSchema));
  const blocks = envelopeSchema(blockPage);
  const trend = envelopeSchema(trendSchema);

  route(app, publicPoolEndpoints.list, {}, async (request, reply) =>
    figures.send(request, reply, 'home/list', homeList, async () => {
      const [pools, recent, top] = await Promise.all([poolStatistics(db), blockList(db, { page: 1, count: 10 }), ranking(db, DEFAULT_POOL_TYPE, 10)]);
      return { pools, blocks: recent.list, ranking: top, default_pool: DEFAULT_POOL_TYPE };
    }),
  );
  route(app, publicPoolEndpoints.capacity, {}, async (request, reply) => figures.send(request, reply, 'home/capacity', capacity, () => poolStatistics(db)));
  route(app, publicPoolEndpoints.block, {}, async (request, reply) => {
    const { pool, page, count } = request.query;
    return figures.send(request, reply, `block/${pool ?? ''}/${page}/${count}`, blocks, () => blockList(db, request.query));
  });
  route(app, publicPoolEndpoints.address, {}, async (request) => ok(request, await addressQuery(db, request.query.pool, request.query.address)));
  route(app, publicPoolEndpoints.pool, {}, async (request, reply) => {
    const { pool, days } = request.query;
    return figures.send(request, reply, `trend/${pool}/${days}`, trend, async () => {
      await enabledPool(db, pool);
      return poolTrend(db, pool, days);
    });
  });
}

/** The pool's back office (admins; support staff read). */
export function adminPoolRoutes(app: ZodApp, deps: Pick<Deps, 'db' | 'sessions'>): void {
  const { db, sessions } = deps;
  // Reads are support's too; the pool's configuration is the operator's (admin).
  const support = { role: 'support' as const };

  route(app, adminPoolEndpoints.getpoollist, { config: support }, async (request) => ok(request, await poolConfigs(db)));
  route(app, adminPoolEndpoints.updatepoolconfig, { config: { role: 'admin' } }, async (request) =>
    ok(request, await updatePoolConfig(db, await requireRole(sessions, request, 'admin'), request.body)),
  );
  route(app, adminPoolEndpoints.getdailyreports, { config: support }, async (request) => ok(request, await dailyReports(db, request.query)));
  route(app, adminPoolEndpoints.getassertdailyreports, { config: support }, async (request) => ok(request, await assetsReports(db, request.query)));
  route(app, adminPoolEndpoints.miner, { config: support }, async (request) => ok(request, await adminMiners(db, request.query)));
  route(app, adminPoolEndpoints.getopenedpools, { config: support }, async (request) => ok(request, await adminOpened(db, request.query)));
  route(app, adminPoolEndpoints.getPlots, { config: support }, async (request) => ok(request, await adminPlots(db, request.query)));
  route(app, adminPoolEndpoints.getbindplotterlogs, { config: support }, async (request) => ok(request, await adminPlots(db, request.query, 'bindings')));
  route(app, adminPoolEndpoints.miningdetail, { config: support }, async (request) => ok(request, await adminIncome(db, request.query)));
}
