import { buildApp } from './app.ts';
import { devHelpers, loadConfig } from './config.ts';
import { loadSecret, openDatabase, prepareDatabase } from './db/open.ts';
import { createLogger } from './logger.ts';
import { ensureFirstAdmin } from './modules/account/account.service.ts';
import { fromRoot } from './paths.ts';
import { onJobFinished } from './jobs/engine.ts';
import { createSimulation } from './sim/simulation.ts';

/** `npm start`: the API and the web app (PLATTER_ROLE api or all) and the jobs (worker or all). */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(config, logger);
  let ready = false;

  let closing: Promise<void> | undefined;
  const running: { app?: Awaited<ReturnType<typeof buildApp>>; simulation?: { stop: () => Promise<void> } } = {};
  const shutdown = (signal: string) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down');
    closing = (async () => {
      ready = false;
      await running.simulation?.stop();
      await running.app?.close(); // stops accepting, waits for requests in flight
      await database.close(); // then the pool and the embedded PostgreSQL
      logger.info('stopped');
    })()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await prepareDatabase(database.db, logger);
  // The first admin's password is printed by an API process (a worker's output is seldom read).
  const admin = config.role === 'worker' ? null : await ensureFirstAdmin(database.db, config.adminEmail);
  const secret = await loadSecret(config, logger);
  // The devnet's simulated farmers speak to this process's HTTP API, so they run where both run
  // (role all). Only their accounts are made before listening (the demo's password is printed
  // once); their history and the Chia farmers' start are jobs (simulator-history,
  // simulator-chia-farmers), so a fresh server answers at once.
  const simulation = config.simulator && config.chain === 'devnet' && config.role === 'all' ? createSimulation({ config, db: database.db, secret, logger }) : undefined;
  running.simulation = simulation;
  const demo = simulation ? await simulation.prepareUsers() : null;
  if (simulation) {
    const unlisten = onJobFinished((run) => {
      if (run.name !== 'simulator-history' || !run.ok) return;
      unlisten();
      process.stdout.write(`Simulator history ready (${config.simulatorBackfillDays} days of the simulated pools)\n`);
    });
  }
  const helpers = devHelpers(config);
  if (helpers.anyClient) logger.warn('DEV_HELPERS=true: the dev mailbox, graphic-code answers and devnet helpers answer every client');
  else if (helpers.enabled) logger.info('development helpers on, for clients on this machine only (/api/dev/)');
  const app = await buildApp({
    config: { ...config, webDist: fromRoot(config.webDist) },
    db: database.db,
    secret,
    logger,
    isReady: () => ready,
    worker: config.role !== 'api',
    stratum: config.role !== 'worker',
    ...(simulation ? { simulation } : {}),
  });
  running.app = app;
  if (config.role === 'worker') {
    // A worker process (any number side by side on one database): the jobs only, no HTTP.
    await app.ready();
    ready = true;
    process.stdout.write(`\nPlatter worker is running (jobs: npm run platter -- jobs)\n\n`);
    return;
  }
  const address = await app.listen({ host: config.host, port: config.port });
  ready = true;
  const local = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  if (simulation) {
    // The farms (API keys in this process's memory, addresses, plots) and the live reports.
    await simulation.start(address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'));
  }
  const lines: string[] = [];
  if (admin) {
    // Printed once, on the first start of an install: the password is stored only as a hash.
    lines.push(
      'Admin account created (shown only this once):',
      `  e-mail:   ${admin.email}`,
      `  password: ${admin.password}`,
      'Change it after signing in, or reset it with: npm run platter -- create-admin <email>',
      'The back office opens once an authenticator app is bound: the first sign-in asks for it.',
    );
  }
  if (demo) {
    lines.push('Demo farmer of the simulator (shown only this once):', `  e-mail:   ${demo.email}`, `  password: ${demo.password}`);
  }
  if (lines.length > 0) {
    const width = Math.max(...lines.map((l) => l.length)) + 2;
    process.stdout.write(`\n+${'-'.repeat(width)}+\n${lines.map((l) => `| ${l.padEnd(width - 1)}|`).join('\n')}\n+${'-'.repeat(width)}+\n`);
  }
  process.stdout.write(`\nPlatter is running at ${local}  (API docs: ${local}/api/docs)\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Platter failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
