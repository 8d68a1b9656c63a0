import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { devClientAllowed, devHelpers, type Config } from './config.ts';
import type { Db } from './db/database.ts';
import { registerCsrf } from './http/csrf.ts';
import { registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { registerCompression } from './http/compress.ts';
import { registerLang } from './http/lang.ts';
import { clientRequestId, newRequestId } from './http/request-id.ts';
import { rateLimits, registerRateLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { trustProxySetting } from './http/trust-proxy.ts';
import type { ZodApp } from './http/types.ts';
import { requireUser } from './http/auth.ts';
import { registerWeb } from './http/web.ts';
import { metricsRoutes, registerHttpMetrics } from './metrics/metrics.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { registerAdminGuard } from './modules/admin/guard.ts';
import { accountService } from './modules/account/account.service.ts';
import { captchaService } from './modules/captcha/captcha.service.ts';
import { adminInmailRoutes, inmailRoutes } from './modules/inmail/inmail.routes.ts';
import { runNoticeJobs } from './modules/inmail/inmail.service.ts';
import { adminContentRoutes, publicContentRoutes } from './modules/content/content.routes.ts';
import { loginLogRoutes } from './modules/log/login-log.routes.ts';
import { loginLogService } from './modules/log/login-log.service.ts';
import { devRoutes } from './modules/messaging/dev.routes.ts';
import { createMessaging, type MessagingOverrides } from './modules/messaging/messaging.service.ts';
import { securityRoutes } from './modules/security/security.routes.ts';
import { securityService } from './modules/security/security.service.ts';
import { sessionService } from './modules/session/session.service.ts';
import { telegramProvider } from './modules/social/telegram.ts';
import { wechatProvider } from './modules/social/wechat.ts';
import { settingRoutes } from './modules/setting/setting.routes.ts';
import { settingService } from './modules/setting/setting.service.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { withSignumWallet } from './chain/signum-wallet.ts';
import { withBhdNodes } from './chain/bhd-wallet.ts';
import { eitherNodes, withSignumNode } from './chain/signum-api.ts';
import { withChiaWallet } from './chain/chia-wallet.ts';
import { devnetRegistry } from './chain/devnet.ts';
import { stakingSources } from './chain/staking-sources.ts';
import { runPendingExports } from './modules/exports/exports.service.ts';
import { adminExportRoutes, userExportRoutes } from './modules/exports/exports.routes.ts';
import { reviewRoutes } from './modules/pool/reviews.routes.ts';
import { verificationAdminRoutes } from './modules/pool/verification.routes.ts';
import { adminFlowRoutes } from './modules/wallet/flow.ts';
import { walletService, type Verify } from './modules/wallet/wallet.service.ts';
import { mergePoolRoutes } from './modules/pool/mergePool.routes.ts';
import { adminPoolRoutes, devnetSignRoutes, minerApiRoutes, poolRoutes, publicPoolRoutes } from './modules/pool/pool.routes.ts';
import { publicFigures } from './modules/pool/public-figures.ts';
import { adminWalletRoutes, devnetRoutes, walletRoutes } from './modules/wallet/wallet.routes.ts';
import { adminWithdrawRoutes, withdrawRoutes } from './modules/withdraw/withdraw.routes.ts';
import { parseSchedule } from './modules/withdraw/withdraw.service.ts';
import { startWorker } from './worker.ts';
import { watcherRoutes } from './modules/watcher/watcher.routes.ts';
import { watcherService } from './modules/watcher/watcher.service.ts';
import { adminJobRoutes } from './jobs/jobs.routes.ts';
import { adminFinanceRoutes, financeDevRoutes, financeRoutes } from './modules/finance/finance.routes.ts';
import { adminInviteRoutes, inviteDevRoutes, inviteRoutes } from './modules/invite/invite.routes.ts';
import { adminPointingRoutes, pointingDevRoutes, pointingRoutes } from './modules/pointing/pointing.routes.ts';
import { adminMortgageRoutes, mortgageDevRoutes, mortgageRoutes } from './modules/mortgage/mortgage.routes.ts';
import { pointingChainsOf } from './modules/pointing/pointing.service.ts';
import { adminCooperationRoutes, cooperationRoutes } from './modules/cooperation/cooperation.routes.ts';
import { chiaPrimitives } from './protocols/chia/primitives.impl.ts';
import { chiaPoolRoutes } from './protocols/chia/chia.routes.ts';
import { chiaNotFoundRoutes } from './protocols/chia/not-found.ts';
import { chiaOgRoutes } from './protocols/chia/og.routes.ts';
import { chiaOgPools, chiaPools } from './protocols/chia/setup.ts';
import { chiappRoutes } from './modules/chiapp/chiapp.routes.ts';
import { chiappService } from './modules/chiapp/chiapp.service.ts';
import { startStratum } from './protocols/pow/stratum.ts';
import { pocDevRoutes } from './protocols/poc/dev.routes.ts';
import { pocHosts, pocRoutes, refusedPocPools } from './protocols/poc/poc.routes.ts';
import { pocPools } from './protocols/poc/setup.ts';
import { PocVerifierPool } from '@platter/poc';
import type { Simulation } from './sim/simulation.ts';
import { adminMessageRoutes, messageRoutes } from './modules/message/message.routes.ts';
import { messageChannels } from './modules/message/setup.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Secret for CSRF tokens and signatures. */
  secret: string;
  logger?: FastifyBaseLogger;
  isReady?: () => boolean;
  /** Replaces the e-mail, SMS or Telegram sender (tests of the adapters). */
  messaging?: MessagingOverrides;
  /** Runs the background jobs in this process (`npm start`; tests call the jobs directly). */
  worker?: boolean;
  /** Listens for proof-of-work miners on STRATUM_PORT (`npm start`; tests start their own). */
  stratum?: boolean;
  /** The devnet simulation (npm start): its history and Chia farmers are jobs of this process's worker. */
  simulation?: Simulation;
}

/** Builds the HTTP application: the API, the docs, health checks and the web app. */
export async function buildApp(deps: AppDeps): Promise<ZodApp> {
  const { config, db } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: trustProxySetting(config.trustProxy),
    // The server's own id (the audit log relies on it); the client's X-Request-Id is logged apart.
    genReqId: newRequestId,
    childLoggerFactory: (logger, bindings, options, raw) => {
      const client = clientRequestId(raw);
      return logger.child(client ? { ...bindings, client_request_id: client } : bindings, options);
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerHttpMetrics(app);
  registerCompression(app);
  const development = devHelpers(config);
  // First of all (before CSRF and the rest): the dev routes, all under /api/dev/, answer only the
  // clients config.ts's one rule allows; others get 404, as if the routes were absent.
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route, not the raw URL: a percent-encoded path (/api/%64ev/…) routes there too.
    if ((request.routeOptions.url ?? request.url).startsWith('/api/dev/') && !devClientAllowed(development, request.raw)) return void reply.callNotFound();
    done();
  });

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, { https: config.cookieSecure });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Platter API',
        description: 'Every answer is the envelope {code, msg, data}; code 200 is success, other codes are the error catalogue.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerLang(app);
  registerCsrf(app, { secret: deps.secret, secureCookies: config.cookieSecure });
  registerErrorHandling(app);
  await registerRateLimit(app);

  const settings = settingService(db, { cacheSeconds: config.settingsCacheSeconds });
  const sessions = sessionService(db, { idleMs: config.sessionIdleMinutes * 60_000 });
  const messaging = await createMessaging({ config, db, logger: app.log, ...(deps.messaging ? { overrides: deps.messaging } : {}) });
  app.addHook('onClose', () => messaging.close());
  const limits = rateLimits(config);
  const captcha = captchaService(db, { secret: deps.secret, devMailbox: development.enabled });
  const telegram = telegramProvider({
    botToken: config.telegramBotToken,
    maxAgeSeconds: config.telegramAuthMaxAgeSeconds,
  });
  const wechat = wechatProvider({ appId: config.wechatAppId, appSecret: config.wechatAppSecret });
  const loginLog = loginLogService(db);
  const security = securityService({
    db,
    secret: deps.secret,
    limits: { maxFailures: config.securityMaxFailures, lockMinutes: config.securityLockMinutes },
    messaging,
    sessions,
    telegram,
    siteTitle: config.siteTitle,
    publicUrl: config.publicUrl,
    logger: app.log,
  });
  const messageChannelsOfApp = messageChannels({ config, db, secret: deps.secret, messaging });
  const accounts = accountService({ db, sessions, captcha, messaging, security, loginLog, telegram, wechat, publicUrl: config.publicUrl, logger: app.log });

  const devnet = devnetRegistry(db, deps.secret);
  const real = withChiaWallet(config, devnet);
  const bhd = withBhdNodes(config, real.chains);
  const burst = withSignumWallet(config, bhd.chains, deps.secret);
  const chains = burst.chains;
  app.addHook('onClose', () => {
    real.close();
    bhd.close();
    burst.close();
  });
  const schedule = parseSchedule(config.withdrawReviewTime, config.withdrawReviewUtcOffset, config.withdrawSendDelayHours);
  const verify: Verify = async (userId, action, codes, work) => (await security.verifySecurity(userId, action, codes, work)) as Awaited<ReturnType<typeof work>>;
  const wallet = walletService({ db, chains, schedule, verify });
  const chiaCrypto = await chiaPrimitives();
  const chia = chiaPools({ config, db, secret: deps.secret, crypto: chiaCrypto });
  app.addHook('onClose', async () => {
    for (const entry of chia.values()) entry.close?.();
    await chiaCrypto.close();
  });
  // Burst pool protocol (issue 21): nonces rebuilt in worker threads.
  const pocVerifier = new PocVerifierPool({ size: config.pocVerifierThreads });
  const signum = withSignumNode(config, (s) => pocVerifier.deadline(s));
  const poc = pocPools({ config, db, secret: deps.secret, verifier: pocVerifier, nodes: eitherNodes(bhd, signum) });
  app.addHook('onClose', async () => {
    signum.close();
    await pocVerifier.close();
  });
  const worker = deps.worker
    ? await startWorker({
        chia: [...chia.values()],
        poc: [...poc.values()],
        devnetChiaSignagePointMs: config.devnetChiaSignagePointSeconds * 1000,
        db,
        chains,
        devnet,
        schedule,
        autoPayHourUtc: config.autoPayHourUtc,
        intervalMs: config.workerIntervalMs,
        exportFileHours: config.exportFileHours,
        devnetBlockMs: config.devnetBlockSeconds * 1000,
        ...(deps.simulation ? { simulation: deps.simulation } : {}),
        messages: { deliver: messageChannelsOfApp.deliver },
        staking: {
          sources: stakingSources(config, db),
          confirmations: config.massStakingConfirmations,
          ...(config.massStakingStartHeight ? { startHeight: config.massStakingStartHeight } : {}),
        },
        logger: app.log,
      })
    : undefined;
  if (worker) app.addHook('onClose', () => worker.stop());
  if (deps.stratum && config.stratumPort > 0) {
    const stratum = await startStratum({ db, chains, shareDifficulty: config.powShareDifficulty, host: config.host, port: config.stratumPort, logger: app.log });
    app.addHook('onClose', () => stratum.close());
  }
  const kickExports = () => {
    if (worker) worker.kick('exports');
    else
      void runPendingExports({ db, chains, pointing: pointingChainsOf(poc.values()) }, config.exportFileHours).catch((error: unknown) =>
        app.log.error({ err: error }, 'export failed'),
      );
  };

  const kickNotices = () => {
    if (worker) worker.kick('notices');
    else void runNoticeJobs(db).catch((error: unknown) => app.log.error({ err: error }, 'notification delivery failed'));
  };

  // Before any route: every /api/admin/ route gets its role check and the audit safety net.
  registerAdminGuard(app, { db, sessions });
  healthRoutes(app, { db, isReady: deps.isReady ?? (() => true) });
  if (config.metricsToken) metricsRoutes(app, { db, token: config.metricsToken });
  settingRoutes(app, settings);
  userRoutes(app, {
    db,
    sessions,
    registrationOpen: () => config.registrationOpen,
    secureCookies: config.cookieSecure,
  });
  accountRoutes(app, {
    db,
    sessions,
    accounts,
    captcha,
    limits,
    registrationOpen: () => config.registrationOpen,
    secureCookies: config.cookieSecure,
    socialProviders: () => ({
      telegram: { enabled: telegram.enabled, bot_name: config.telegramBotName ?? '' },
      wechat: { enabled: wechat.enabled, app_id: config.wechatAppId ?? '' },
    }),
  });
  securityRoutes(app, { sessions, security, captcha, limits });
  loginLogRoutes(app, { sessions, loginLog });
  walletRoutes(app, { db, sessions, wallet, chains, schedule, limits, kickExports });
  adminWalletRoutes(app, { db, sessions, wallet, chains, schedule, limits });
  withdrawRoutes(app, { db, sessions, schedule });
  adminWithdrawRoutes(app, { db, sessions, schedule });
  poolRoutes(app, { db, sessions, limits, chains, bindReview: config.bindReview });
  mergePoolRoutes(app, { db, sessions });
  publicPoolRoutes(app, { db, figures: publicFigures({ refreshSeconds: config.publicFiguresSeconds }) });
  minerApiRoutes(app, { db });
  adminPoolRoutes(app, { db, sessions });
  verificationAdminRoutes(app, { db, sessions });
  for (const entry of chia.values()) chiaPoolRoutes(app, { service: entry.service, prefix: entry.prefix });
  for (const og of chiaOgPools({ config, db, secret: deps.secret, crypto: chiaCrypto, pp: chia })) chiaOgRoutes(app, { db, service: og.service, prefix: og.prefix });
  chiaNotFoundRoutes(app, config.chiaPoolPath);
  pocRoutes(app, {
    pools: new Map([...poc].map(([pool, e]) => [pool, e.service])),
    path: config.pocPoolPath,
    hosts: pocHosts(config.pocPoolHosts),
    rateLimit: config.pocSubmitRateLimit,
    refused: refusedPocPools(config.nodeEnv === 'production'),
  });
  chiappRoutes(app, { sessions, chiapp: chiappService({ db, crypto: chiaCrypto, pools: chia }) });
  inmailRoutes(app, { db, sessions });
  const kickDelivery = () => {
    if (worker) worker.kick('message-delivery');
    else void messageChannelsOfApp.deliver().catch((error: unknown) => app.log.error({ err: error }, 'message delivery failed'));
  };
  messageRoutes(app, { sessions, messages: messageChannelsOfApp.service, kickDelivery });
  adminMessageRoutes(app, { sessions, messages: messageChannelsOfApp.service, kickDelivery });
  adminInmailRoutes(app, { db, sessions, kickNotices });
  adminRoutes(app, {
    db,
    sessions,
    adjustApproval: { threshold: config.adjustApprovalThreshold, windowHours: config.adjustApprovalWindowHours },
    clearCaches: () => settings.invalidate(),
  });
  publicContentRoutes(app, { db });
  adminContentRoutes(app, { db, sessions });
  reviewRoutes(app, { db, sessions, chains });
  adminFlowRoutes(app, { db });
  userExportRoutes(app, { db, sessions, kickExports });
  adminExportRoutes(app, { db, sessions, kickExports });
  adminJobRoutes(app, { db, sessions });
  financeRoutes(app, { db, sessions, chains, verify });
  watcherRoutes(app, { db, sessions, limits, watcher: watcherService({ db, secret: deps.secret, security }) });
  adminFinanceRoutes(app, { db, sessions, chains, verify });
  inviteRoutes(app, { db, sessions, publicUrl: config.publicUrl });
  adminInviteRoutes(app, { db, sessions });
  const pointingChains = pointingChainsOf(poc.values());
  pointingRoutes(app, { db, sessions, chains: pointingChains });
  adminPointingRoutes(app, { db, sessions, chains: pointingChains });
  cooperationRoutes(app, { db, sessions });
  adminCooperationRoutes(app, { db, sessions });
  mortgageRoutes(app, { db, sessions });
  adminMortgageRoutes(app, { db, sessions });
  if (development.enabled) {
    devRoutes(app, { db });
    devnetRoutes(app, { db, devnet, ...(worker ? { kickWorker: () => worker.kick('deposits') } : {}) });
    devnetSignRoutes(app, { db, secret: deps.secret });
    pocDevRoutes(app, { pools: poc });
    financeDevRoutes(app, { db });
    inviteDevRoutes(app, { db, sessions });
    pointingDevRoutes(app, { db, chains: pointingChains });
    mortgageDevRoutes(app, { db });
  }
  await registerWeb(app, config.webDist, {
    signedIn: (request) =>
      requireUser(sessions, request).then(
        () => true,
        () => false,
      ),
  });
  return app;
}
