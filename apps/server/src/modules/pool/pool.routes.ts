import {
  AppError,
  adminPlotPage,
  adminPlotQuery,
  bindBody,
  bindLogPage,
  registerNodeBody,
  registerDataQuery,
  registerDataSchema,
  identityRewardQuery,
  identityRewardPage,
  miningDetailPage,
  miningDetailQuery,
  poolDetailSchema,
  bindDataQuery,
  bindDataSchema,
  devnetSignBody,
  plotPage,
  plotQuery,
  plotSchema,
  unbindBody,
  addressQueryQuery,
  adminIncomePage,
  adminIncomeQuery,
  adminMinerPage,
  adminMinerQuery,
  adminOpenedPage,
  adminOpenedQuery,
  assetsReportPage,
  assetsReportQuery,
  dailyReportPage,
  dailyReportQuery,
  poolConfigSchema,
  updatePoolConfigBody,
  addressResultSchema,
  blockPage,
  blockQuery,
  DEFAULT_POOL_TYPE,
  dashboardSummarySchema,
  deleteMinerQuery,
  envelopeSchema,
  homeListSchema,
  incomePage,
  blockIncomePage,
  blockIncomeQuery,
  incomeQuery,
  minerKeySchema,
  minerPage,
  minerQuery,
  poolOnlyQuery,
  poolStatSchema,
  removeOfflineQuery,
  reportBody,
  reportResultSchema,
  shareSeriesQuery,
  shareSeriesSchema,
  summaryQuery,
  trendQuery,
  trendSchema,
} from '@platter/domain';
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

const nothing = envelopeSchema(z.null());

/** The miner API (machines, by API key): the proxy tool's report. */
export function minerApiRoutes(app: ZodApp, deps: Pick<Deps, 'db'>): void {
  const { db } = deps;
  app.post(
    '/api/miner/report',
    {
      bodyLimit: 2 * 1024 * 1024,
      // A machine call authenticated by its API key, never by a cookie: no CSRF to stop.
      config: { csrf: false },
      schema: {
        tags: ['miner'],
        summary: 'The proxy tool’s report for the pool of its API key (header x-api-key): miner heartbeats and shares',
        headers: z.object({ 'x-api-key': z.string().optional() }).passthrough(),
        body: reportBody,
        response: { 200: envelopeSchema(reportResultSchema) },
      },
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
  const tags = ['pool'];
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  app.get(
    '/api/pool/apikey',
    {
      schema: {
        tags,
        summary: 'The active miner API key of a pool (its hint only), or null',
        querystring: poolOnlyQuery,
        response: { 200: envelopeSchema(minerKeySchema.nullable()) },
      },
    },
    async (request) => ok(request, await currentKey(db, await signedIn(request), request.query.pool)),
  );
  app.post(
    '/api/pool/apikey',
    {
      config: deps.limits.auth,
      schema: {
        tags,
        summary: 'Makes a new miner API key for a pool, revoking the old one; the key is shown this once',
        body: poolOnlyQuery,
        response: { 200: envelopeSchema(minerKeySchema) },
      },
    },
    async (request) => ok(request, await rotateKey(db, await signedIn(request), request.body.pool)),
  );
  app.delete('/api/pool/apikey', { schema: { tags, summary: 'Revokes the miner API key of a pool', querystring: poolOnlyQuery, response: { 200: nothing } } }, async (request) => {
    await revokeKey(db, await signedIn(request), request.query.pool);
    return ok(request, null);
  });

  for (const url of ['/api/pool/miner', '/api/dashboard/miner']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'The user’s miners: online or offline, capacity or hashrate, line, version',
          querystring: minerQuery,
          response: { 200: envelopeSchema(minerPage) },
        },
      },
      async (request) => ok(request, await listMiners(db, await signedIn(request), request.query)),
    );
  }
  app.delete(
    '/api/pool/miner',
    { schema: { tags, summary: 'Removes an offline miner (11202 while it is online)', querystring: deleteMinerQuery, response: { 200: nothing } } },
    async (request) => {
      await removeMiner(db, await signedIn(request), request.query.id);
      return ok(request, null);
    },
  );
  app.delete(
    '/api/pool/removeallofflineminers',
    {
      schema: {
        tags,
        summary: 'Removes every offline miner of a pool',
        querystring: removeOfflineQuery,
        response: { 200: envelopeSchema(z.object({ removed: z.number().int() })) },
      },
    },
    async (request) => ok(request, { removed: await removeOfflineMiners(db, await signedIn(request), request.query.pool) }),
  );

  for (const url of ['/api/pool/GetPlots', '/api/dashboard/GetPlots']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'The user’s plots with binding state, signing and the counters (bound, TIMEOUT, UNBOUND, NOTJOIN, NOTBURN, DOUBLE, unsigned)',
          querystring: plotQuery,
          response: { 200: envelopeSchema(plotPage) },
        },
      },
      async (request) => ok(request, await listPlots(db, await signedIn(request), request.query)),
    );
  }
  app.get(
    '/api/pool/binddata',
    {
      schema: {
        tags,
        summary: 'The message the binding address’s wallet must sign to bind a plot; valid 24 hours',
        querystring: bindDataQuery,
        response: { 200: envelopeSchema(bindDataSchema) },
      },
    },
    async (request) => ok(request, await bindData(db, await signedIn(request), request.query)),
  );
  app.post(
    '/api/pool/bind',
    {
      config: deps.limits.auth,
      schema: {
        tags,
        summary: 'Binds a plot with the signed binding message (11101-11106); BIND_SENT until the back office approves it and the chain confirms it',
        body: bindBody,
        response: { 200: envelopeSchema(plotSchema) },
      },
    },
    async (request) => ok(request, await bindPlot(db, deps.chains, await signedIn(request), request.body, new Date(), { review: deps.bindReview ?? true })),
  );
  app.get(
    '/api/pool/registerdata',
    {
      schema: {
        tags,
        summary: 'The message an identity’s key must sign to register with the pool, and the signature scheme (Spacemesh: ed25519; Autonomys: sr25519)',
        querystring: registerDataQuery,
        response: { 200: envelopeSchema(registerDataSchema) },
      },
    },
    async (request) => ok(request, await registerData(db, await signedIn(request), request.query)),
  );
  app.get(
    '/api/pool/identityrewards',
    {
      schema: {
        tags,
        summary: 'What the chain paid the user’s registered identities in the pool, less the pool fee, as credited',
        querystring: identityRewardQuery,
        response: { 200: envelopeSchema(identityRewardPage) },
      },
    },
    async (request) => ok(request, await identityRewards(db, await signedIn(request), request.query)),
  );
  app.post(
    '/api/pool/register',
    {
      config: deps.limits.auth,
      schema: {
        tags,
        summary:
          'Registers an identity (Spacemesh node id, Autonomys reward key) with its pool, signed by the identity’s key (REGISTER); again after a timeout, failure or refusal (11101, 11103, 11105)',
        body: registerNodeBody,
        response: { 200: envelopeSchema(plotSchema) },
      },
    },
    async (request) => ok(request, await registerNode(db, await signedIn(request), request.body)),
  );
  app.post(
    '/api/pool/unbind',
    { schema: { tags, summary: 'Asks to unbind a confirmed plot: UNBIND_AUDITING until the back office reviews it (11107, 11108)', body: unbindBody, response: { 200: nothing } } },
    async (request) => {
      await unbindPlot(db, await signedIn(request), request.body.id);
      return ok(request, null);
    },
  );

  for (const url of ['/api/pool/Income', '/api/pool/miningincomerecord', '/api/dashboard/MiningIncomeRecord']) {
    app.get(
      url,
      { schema: { tags, summary: 'Daily income records: settled days and today’s (NOT_PENDING)', querystring: incomeQuery, response: { 200: envelopeSchema(incomePage) } } },
      async (request) => ok(request, await incomeRecords(db, await signedIn(request), request.query)),
    );
  }
  app.get(
    '/api/pool/blockincome',
    {
      schema: {
        tags,
        summary: 'The Revenue screen: the blocks that paid the user (height, time, coin, reward, the user’s share), newest first',
        querystring: blockIncomeQuery,
        response: { 200: envelopeSchema(blockIncomePage) },
      },
    },
    async (request) => ok(request, await blockIncome(db, await signedIn(request), request.query)),
  );
  for (const url of ['/api/pool/share', '/api/dashboard/Share']) {
    app.get(
      url,
      { schema: { tags, summary: 'The user’s points and shares per hour', querystring: shareSeriesQuery, response: { 200: envelopeSchema(shareSeriesSchema) } } },
      async (request) => ok(request, await shareSeries(db, { userId: await signedIn(request), pool: request.query.pool }, request.query.hours)),
    );
  }

  for (const url of ['/api/pool/miningdetail', '/api/dashboard/MiningDetail']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'The user’s days in a pool: shares, points, average capacity, miners, income and settlement status',
          querystring: miningDetailQuery,
          response: { 200: envelopeSchema(miningDetailPage) },
        },
      },
      async (request) => ok(request, await miningDetail(db, await signedIn(request), request.query)),
    );
  }
  app.get(
    '/api/pool/detail',
    {
      schema: {
        tags,
        summary: 'One pool: live figures and its terms (fee, payment time, payout threshold, withdrawal fee)',
        querystring: poolOnlyQuery,
        response: { 200: envelopeSchema(poolDetailSchema) },
      },
    },
    async (request) => {
      await signedIn(request);
      return ok(request, await poolDetail(db, request.query.pool));
    },
  );
  // The binding log: the dashboard's call and the spec's GET /api/log/bind (issue 20).
  for (const url of ['/api/dashboard/BindLog', '/api/log/bind']) {
    app.get(
      url,
      {
        schema: {
          tags: [url.startsWith('/api/log') ? 'log' : 'dashboard'],
          summary: 'The user’s binding records of every state, finished unbindings included',
          querystring: incomeQuery,
          response: { 200: envelopeSchema(bindLogPage) },
        },
      },
      async (request) => ok(request, await bindLog(db, await signedIn(request), request.query)),
    );
  }

  app.get(
    '/api/dashboard/poollist',
    { schema: { tags: ['dashboard'], summary: 'The pools the user mines in', response: { 200: envelopeSchema(z.array(z.string())) } } },
    async (request) => ok(request, await userPools(db, await signedIn(request))),
  );
  app.get(
    '/api/dashboard/summary',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The user’s figures of one pool: miners, capacity, points, income, balances',
        querystring: summaryQuery,
        response: { 200: envelopeSchema(dashboardSummarySchema) },
      },
    },
    async (request) => {
      const userId = await signedIn(request);
      await poolOf(db, request.query.pool);
      return ok(request, await dashboardSummary(db, userId, request.query.pool));
    },
  );
}

/** Development only (devnet): the devnet wallet's signature of a message, as a farmer's wallet would sign it. */
export function devnetSignRoutes(app: ZodApp, deps: Pick<Deps, 'db'> & { secret: string }): void {
  app.post(
    '/api/dev/devnet/sign',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: the devnet wallet of `address` signs `message` (plot binding)',
        body: devnetSignBody,
        response: { 200: envelopeSchema(z.object({ signature: z.string() })) },
      },
    },
    async (request) => {
      const pool = await poolRow(deps.db, request.body.pool);
      if (!pool) throw new AppError('POOL_NOT_FOUND');
      return ok(request, { signature: devnetSignature(deps.secret, pool.coin, request.body.address, request.body.message) });
    },
  );
}

/** The public statistics (spec doc 2 §7 'Home and content'; the data tables), computed once per refresh period (public-figures.ts). */
export function publicPoolRoutes(app: ZodApp, deps: Pick<Deps, 'db'> & { figures: PublicFigures }): void {
  const { db, figures } = deps;
  const tags = ['statistics'];
  const homeList = envelopeSchema(homeListSchema);
  const capacity = envelopeSchema(z.array(poolStatSchema));
  const blocks = envelopeSchema(blockPage);
  const trend = envelopeSchema(trendSchema);

  app.get(
    '/api/home/list',
    { schema: { tags, summary: 'The home page: every pool’s figures, recent blocks, and the default pool’s ranking', response: { 200: homeList } } },
    async (request, reply) =>
      figures.send(request, reply, 'home/list', homeList, async () => {
        const [pools, recent, top] = await Promise.all([poolStatistics(db), blockList(db, { page: 1, count: 10 }), ranking(db, DEFAULT_POOL_TYPE, 10)]);
        return { pools, blocks: recent.list, ranking: top, default_pool: DEFAULT_POOL_TYPE };
      }),
  );
  app.get(
    '/api/home/capacity',
    { schema: { tags, summary: 'Every pool’s capacity, miners and mining of 24 hours and 7 days', response: { 200: capacity } } },
    async (request, reply) => figures.send(request, reply, 'home/capacity', capacity, () => poolStatistics(db)),
  );
  app.get(
    '/api/datastatistics/block',
    { schema: { tags, summary: 'Found blocks, newest first (block explorer)', querystring: blockQuery, response: { 200: blocks } } },
    async (request, reply) => {
      const { pool, page, count } = request.query;
      return figures.send(request, reply, `block/${pool ?? ''}/${page}/${count}`, blocks, () => blockList(db, request.query));
    },
  );
  app.get(
    '/api/pool/address',
    {
      schema: {
        tags,
        summary: 'Account-free address query: the farmer paid to this address in the pool’s coin, their miners and last settled days (null when unknown)',
        querystring: addressQueryQuery,
        response: { 200: envelopeSchema(addressResultSchema.nullable()) },
      },
    },
    async (request) => ok(request, await addressQuery(db, request.query.pool, request.query.address)),
  );
  app.get(
    '/api/datastatistics/pool',
    { schema: { tags, summary: 'A pool’s trend: hourly capacity and miners, blocks per day', querystring: trendQuery, response: { 200: trend } } },
    async (request, reply) => {
      const { pool, days } = request.query;
      return figures.send(request, reply, `trend/${pool}/${days}`, trend, async () => {
        await enabledPool(db, pool);
        return poolTrend(db, pool, days);
      });
    },
  );
}

/** The pool's back office (admins; support staff read). */
export function adminPoolRoutes(app: ZodApp, deps: Pick<Deps, 'db' | 'sessions'>): void {
  const { db, sessions } = deps;
  const tags = ['admin'];
  // Reads are support's too; the pool's configuration is the operator's (admin).
  const support = { role: 'support' as const };

  app.get(
    '/api/admin/getpoollist',
    { config: support, schema: { tags, summary: 'Every pool with its configuration', response: { 200: envelopeSchema(z.array(poolConfigSchema)) } } },
    async (request) => ok(request, await poolConfigs(db)),
  );
  app.post(
    '/api/admin/updatepoolconfig',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Edits a pool’s configuration (fee, mode, ratios, payment time, threshold, withdrawal fee and audit, open or closed); audited',
        body: updatePoolConfigBody,
        response: { 200: envelopeSchema(poolConfigSchema) },
      },
    },
    async (request) => ok(request, await updatePoolConfig(db, await requireRole(sessions, request, 'admin'), request.body)),
  );
  app.get(
    '/api/admin/getdailyreports',
    {
      config: support,
      schema: { tags, summary: 'Mining daily reports: each pool-day’s settlement', querystring: dailyReportQuery, response: { 200: envelopeSchema(dailyReportPage) } },
    },
    async (request) => ok(request, await dailyReports(db, request.query)),
  );
  app.get(
    '/api/admin/getassertdailyreports',
    {
      config: support,
      schema: {
        tags,
        summary: 'Assets daily reports: deposits, withdrawals, mining income, fees, adjustments and users’ total per coin and day',
        querystring: assetsReportQuery,
        response: { 200: envelopeSchema(assetsReportPage) },
      },
    },
    async (request) => ok(request, await assetsReports(db, request.query)),
  );
  app.get(
    '/api/admin/miner',
    { config: support, schema: { tags, summary: 'Every user’s miners', querystring: adminMinerQuery, response: { 200: envelopeSchema(adminMinerPage) } } },
    async (request) => ok(request, await adminMiners(db, request.query)),
  );
  app.get(
    '/api/admin/getopenedpools',
    {
      config: support,
      schema: {
        tags,
        summary: 'The pools users have opened (openned): since when, live key, miners online and offline',
        querystring: adminOpenedQuery,
        response: { 200: envelopeSchema(adminOpenedPage) },
      },
    },
    async (request) => ok(request, await adminOpened(db, request.query)),
  );
  app.get(
    '/api/admin/GetPlots',
    {
      config: support,
      schema: { tags, summary: 'Every user’s plots (filters pool, uid, plot id, state)', querystring: adminPlotQuery, response: { 200: envelopeSchema(adminPlotPage) } },
    },
    async (request) => ok(request, await adminPlots(db, request.query)),
  );
  app.get(
    '/api/admin/getbindplotterlogs',
    {
      config: support,
      schema: {
        tags,
        summary: 'Binding records of every state, finished unbindings included (bind_info)',
        querystring: adminPlotQuery,
        response: { 200: envelopeSchema(adminPlotPage) },
      },
    },
    async (request) => ok(request, await adminPlots(db, request.query, 'bindings')),
  );
  app.get(
    '/api/admin/miningdetail',
    {
      config: support,
      schema: {
        tags,
        summary: 'Every user’s daily income records (points, capacity, amount, status)',
        querystring: adminIncomeQuery,
        response: { 200: envelopeSchema(adminIncomePage) },
      },
    },
    async (request) => ok(request, await adminIncome(db, request.query)),
  );
}
