import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, ensureDatabase, withDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedRegistries } from '../src/db/seed.ts';
import { freePort } from './ports.ts';

export const TEMPLATE_DATABASE = 'platter_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

/**
 * Starts one throw-away PostgreSQL for the whole run and builds the template database that
 * every test file clones (migrated and seeded once).
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-test-pg-'));
  await fs.chmod(dataDir, 0o755);
  const log: string[] = [];
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'data'),
    port: await freePort(),
    ephemeral: true,
    log: (line) => {
      log.push(line);
      if (log.length > 200) log.shift();
    },
  }).catch((error: unknown) => {
    throw new Error(`could not start the test PostgreSQL: ${String(error)}\n${log.join('\n')}`);
  });
  await ensureDatabase(pg.url, TEMPLATE_DATABASE);
  const { db } = createDb(withDatabase(pg.url, TEMPLATE_DATABASE), 2);
  await migrateToLatest(db);
  await seedRegistries(db);
  await db.destroy();
  project.provide('pgServerUrl', pg.url);
  return async () => {
    await pg.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
