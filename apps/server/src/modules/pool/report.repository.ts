import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of the proxy tool's report (report.ts holds the rules). */

/**
 * The reported miners of a user in a pool, one statement: new ones inserted, known ones updated
 * (figures only when the report has them); `rows[i]` is what the report said of `names[i]`
 * (undefined: the miner only has shares). Their ids by name.
 */
export async function upsertReportedMiners(
  trx: Db,
  owner: { userId: string; pool: string },
  names: string[],
  rows: ({ version?: string | null | undefined; capacity?: string | null | undefined; hashrate?: string | null | undefined; line?: string | null | undefined } | undefined)[],
  now: Date,
): Promise<{ id: string; name: string }[]> {
  const miners = await sql<{ id: string; name: string }>`
    INSERT INTO miners AS m (user_id, pool, name, version, capacity_bytes, hashrate, line, last_seen_at)
    SELECT ${owner.userId}::bigint, ${owner.pool}, r.name, coalesce(r.version, ''), coalesce(r.capacity, 0), coalesce(r.hashrate, 0),
      -- an unknown line is dropped here, in the same statement (no extra round trip per report)
      (SELECT l.code FROM server_lines l WHERE l.code = r.line), ${now}::timestamptz
    FROM unnest(${names}::text[], ${rows.map((r) => r?.version ?? null)}::text[], ${rows.map((r) => r?.capacity ?? null)}::numeric[],
                ${rows.map((r) => r?.hashrate ?? null)}::numeric[], ${rows.map((r) => r?.line ?? null)}::text[],
                ${rows.map((r) => r !== undefined)}::boolean[]) AS r(name, version, capacity, hashrate, line, reported)
    ON CONFLICT (user_id, pool, name) DO UPDATE SET
      version = CASE WHEN excluded.version <> '' THEN excluded.version ELSE m.version END,
      capacity_bytes = CASE WHEN excluded.capacity_bytes > 0 OR excluded.hashrate > 0 THEN excluded.capacity_bytes ELSE m.capacity_bytes END,
      hashrate = CASE WHEN excluded.capacity_bytes > 0 OR excluded.hashrate > 0 THEN excluded.hashrate ELSE m.hashrate END,
      line = coalesce(excluded.line, m.line),
      last_seen_at = excluded.last_seen_at
    RETURNING id, name`.execute(trx);
  return miners.rows;
}
