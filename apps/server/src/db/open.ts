import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { fromRoot } from '../paths.ts';
import { createDb, ensureDatabase, withDatabase, type Db } from './database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import { upgradeDatabase } from './migrate.ts';
import { seedRegistries } from './seed.ts';

export const EMBEDDED_DATABASE = 'platter';

export interface OpenedDatabase {
  db: Db;
  url: string;
  embedded?: EmbeddedPostgres;
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL when it is not set. */
export async function openDatabase(config: Config, logger: Logger): Promise<OpenedDatabase> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const pgLog = logger.child({ component: 'embedded-postgres' });
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(fromRoot(config.dataDir), 'pg'),
      port: config.embeddedPgPort,
      log: (line) => pgLog.debug(line),
      notice: (line) => pgLog.info(line),
    });
    logger.info({ dataDir: embedded.dataDir, port: config.embeddedPgPort, shared: !embedded.owned }, 'embedded PostgreSQL ready');
    await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
    url = withDatabase(embedded.url, EMBEDDED_DATABASE);
  }
  let closing = false;
  const { db } = createDb(url, config.dbPoolSize, (error) => {
    // While closing, connections still saying goodbye see the database stop: expected.
    if (!closing) logger.warn({ err: error }, 'database connection dropped');
  });
  return {
    db,
    url,
    ...(embedded ? { embedded } : {}),
    async close() {
      closing = true;
      await db.destroy();
      await embedded?.stop();
    },
  };
}

/** Brings the schema and the registries up to date (every start; safe concurrently). */
export async function prepareDatabase(db: Db, logger: Logger): Promise<void> {
  const applied = await upgradeDatabase(db);
  if (applied.migrations.length > 0) logger.info({ applied: applied.migrations }, 'migrations applied');
  if (applied.functions.length > 0) logger.info({ applied: applied.functions }, 'database functions applied');
  const seeded = await seedRegistries(db);
  if (seeded.coins + seeded.pools + seeded.lines > 0) logger.info(seeded, 'registries seeded');
}

/** SESSION_SECRET, or one generated once into the data dir (embedded/dev installs). */
export async function loadSecret(config: Config, logger: Logger): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(fromRoot(config.dataDir), 'secret');
  try {
    const secret = (await fs.readFile(file, 'utf8')).trim();
    if (secret.length >= 32) return secret;
  } catch {
    // first start
  }
  if (config.nodeEnv === 'production') logger.warn('SESSION_SECRET is not set: generating one into the data dir');
  const secret = randomBytes(32).toString('base64url');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
