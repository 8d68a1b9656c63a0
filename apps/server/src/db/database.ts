import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// int8 (bigint ids, counts) as string: never squeezed through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);
// NUMERIC (money in base units) as string: parsed with BigInt where it is used.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);
// DATE (a UTC settlement day) as 'YYYY-MM-DD': never shifted by the process's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

/** The connection pool behind each Db made here (its use is a metric, README 'Metrics'). */
const pools = new WeakMap<Db, pg.Pool>();

/** Throws unless the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

export function createDb(connectionString: string, poolSize = 10, onIdleError: (error: Error) => void = () => undefined): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle connection that the server drops (a restart, a failover, the embedded database
  // stopping) is an 'error' event on the pool; unhandled, it would end the process. The pool
  // replaces the connection by itself, so it is only logged.
  pool.on('error', onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, pool };
}

/** A connection string to another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates `database` when missing (CREATE DATABASE cannot run inside a transaction). */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created by a concurrent start
      });
    }
  } finally {
    await client.end();
  }
}
