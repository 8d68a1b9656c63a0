import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Database functions, each declared once in `db/functions/<name>.sql` (one `CREATE OR REPLACE
 * FUNCTION <name>(...)` per file) and applied after the migrations under the migrations' lock
 * (migrate.ts). Migrations made the first versions and are never edited; the file is the
 * function that runs. A migration is needed only when a table or a function's signature
 * changes (drop the old signature there; the file then creates the new one).
 */
export interface DbFunction {
  name: string;
  sql: string;
}

const FOLDER = path.join(import.meta.dirname, 'functions');

/** Every function file, in name order. */
export function dbFunctions(): DbFunction[] {
  return readdirSync(FOLDER)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.sql'.length), sql: readFileSync(path.join(FOLDER, file), 'utf8') }));
}

const checksum = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Applies the functions whose text changed since they were last applied (all of them when
 * `all`: after a migration ran, which may have replaced one); answers the names applied. One
 * transaction: a file that fails leaves every function as it was. The caller holds the lock.
 */
export async function applyDbFunctions(db: Db, options: { all?: boolean; functions?: readonly DbFunction[] } = {}): Promise<string[]> {
  const functions = options.functions ?? dbFunctions();
  return db.transaction().execute(async (trx) => {
    const stored = await sql<{ name: string; checksum: string }>`SELECT name, checksum FROM platter_db_function`.execute(trx);
    const known = new Map(stored.rows.map((r) => [r.name, r.checksum]));
    const applied: string[] = [];
    for (const fn of functions) {
      const sum = checksum(fn.sql);
      if (!options.all && known.get(fn.name) === sum) continue;
      // A file is one statement without parameters: sent as it is.
      await sql.raw(fn.sql).execute(trx);
      await sql`
        INSERT INTO platter_db_function (name, checksum) VALUES (${fn.name}, ${sum})
        ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`.execute(trx);
      applied.push(fn.name);
    }
    return applied;
  });
}

/** Forgets every checksum (after migrating down, which may restore older bodies): the next start applies them all. */
export async function forgetDbFunctions(db: Db): Promise<void> {
  await sql`DO $$ BEGIN IF to_regclass('platter_db_function') IS NOT NULL THEN DELETE FROM platter_db_function; END IF; END $$`.execute(db);
}
