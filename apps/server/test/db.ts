import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createDb, withDatabase, type Db } from '../src/db/database.ts';

const TEMPLATE = 'platter_template';

/**
 * A fresh database for this test file, cloned from the migrated template; dropped after the
 * file's tests. Never shared between files.
 */
export async function testDatabase(): Promise<{ db: Db; url: string }> {
  const serverUrl = inject('pgServerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const { db } = createDb(url, 10);
  afterAll(async () => {
    await db.destroy();
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  return { db, url };
}
