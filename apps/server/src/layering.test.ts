import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkListed, readSources } from '../test/sources.ts';

/**
 * Data flows one way (ARCHITECTURE.md): route → service → repository, SQL only in a
 * `*.repository.ts`. This check reads the source of the layers that must keep to it and fails
 * when a file outside a repository builds a query (Kysely's selectFrom/insertInto/updateTable/
 * deleteFrom, or a `sql` template). `db/` (migrations, functions, seed, the connection) is the
 * database layer itself and is not read.
 */

const SRC = fileURLToPath(new URL('.', import.meta.url));
const LAYERS = ['modules', 'jobs', 'ledger', 'protocols', 'http', 'cli', 'chain', 'sim'];
const QUERY = /\b(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql\s*(?:`|<)/;

/** Files that still build queries, each with why; the list only shrinks. */
const NOT_YET: Record<string, string> = {};

describe('SQL only in repositories', () => {
  const check = checkListed(
    readSources(SRC, LAYERS, (name) => name.endsWith('.repository.ts')),
    QUERY,
    NOT_YET,
  );

  it('no route, service, job or protocol file builds a query outside the listed exceptions', () => {
    expect(check.offending).toEqual([]);
  });

  it('every listed exception still builds a query (a file that no longer does leaves the list)', () => {
    expect(check.stale).toEqual([]);
  });

  it('the check sees a query where there is one', () => {
    expect(QUERY.test("await db.selectFrom('users')")).toBe(true);
    expect(QUERY.test('await sql<{ n: string }>`SELECT 1`')).toBe(true);
    expect(QUERY.test('return paginate(base, query, rows)')).toBe(false);
  });
});
