import { utcDay, type ReportBody } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { recordPlotInventory } from './plots.ts';
import { recordNodeStatuses } from './register.ts';

/** A share older than this (or more than a minute ahead) is refused: the proxy tool buffers briefly. */
export const SHARE_MAX_AGE_SECONDS = 600;

/** Day partitions known to exist, per database (made once each, race-safe in the database). */
const knownPartitions = new WeakMap<Db, Set<string>>();

/** Makes the shares partition of a UTC day unless it exists. Call outside a transaction. */
export async function ensureSharePartition(db: Db, day: string): Promise<void> {
  const known = knownPartitions.get(db) ?? new Set<string>();
  knownPartitions.set(db, known);
  if (known.has(day)) return;
  await sql`SELECT ensure_share_partition(${day}::date)`.execute(db);
  known.add(day);
}

/**
 * The proxy tool's report (issue 5): miner heartbeats (name, version, capacity or hashrate,
 * line), shares and the plot inventory, for the user and pool of its API key. Miners are upserted by name; a
 * share naming an unknown miner makes it. Everything in one transaction, in a few statements.
 */
export async function ingestReport(
  db: Db,
  owner: { userId: string; pool: string },
  body: ReportBody,
  now = new Date(),
): Promise<{ miners: number; shares: number; rejected: number; plots: number; nodes: number }> {
  const nowS = Math.floor(now.getTime() / 1000);
  const fresh = body.shares.filter((s) => s.at === undefined || (s.at >= nowS - SHARE_MAX_AGE_SECONDS && s.at <= nowS + 60));
  const rejected = body.shares.length - fresh.length;

  // Reported miners carry their figures; names seen only on shares are touched (or made).
  const reported = new Map(body.miners.map((m) => [m.name, m]));
  const names = [...new Set([...reported.keys(), ...fresh.map((s) => s.miner)])];
  const plots = body.plots ?? [];
  const nodes = body.nodes ?? [];
  if (names.length === 0 && plots.length === 0 && nodes.length === 0) return { miners: 0, shares: 0, rejected, plots: 0, nodes: 0 };
  const rows = names.map((name) => reported.get(name));
  const times = fresh.map((s) => new Date((s.at ?? nowS) * 1000));
  for (const day of new Set(times.map(utcDay))) await ensureSharePartition(db, day);

  return db.transaction().execute(async (trx) => {
    const seenPlots = await recordPlotInventory(trx, owner, plots, now);
    const movedNodes = await recordNodeStatuses(trx, owner, nodes, now);
    if (names.length === 0) return { miners: 0, shares: 0, rejected, plots: seenPlots, nodes: movedNodes };
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
    const idOf = new Map(miners.rows.map((m) => [m.name, m.id]));
    if (fresh.length > 0) {
      await sql`
        INSERT INTO shares (day, pool, user_id, miner_id, difficulty, created_at)
        SELECT (t AT TIME ZONE 'UTC')::date, ${owner.pool}, ${owner.userId}::bigint, m, d, t
        FROM unnest(${fresh.map((s) => idOf.get(s.miner))}::bigint[], ${fresh.map((s) => s.difficulty)}::bigint[], ${times}::timestamptz[]) AS s(m, d, t)`.execute(trx);
    }
    return { miners: miners.rows.length, shares: fresh.length, rejected, plots: seenPlots, nodes: movedNodes };
  });
}
