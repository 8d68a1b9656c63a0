import { utcDay } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

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

/** One share whose evidence the pool verified (issue 18): the only kind written into `shares`. */
export interface VerifiedShare {
  pool: string;
  userId: string;
  minerId: string;
  /** Points: the difficulty the pool verified the work at (never a number a miner states). */
  difficulty: bigint | number;
  at: Date;
}

/**
 * Writes verified shares, the points the daily settlement splits revenue by. Every path that
 * verified its evidence (a partial, an OG proof, a deadline, a PoW solution, an operator's
 * trusted proxy) ends here; `shares` holds nothing else. Makes the days' partitions first
 * (outside the transaction when `db` is the pool; a transaction's caller makes them itself).
 */
export async function recordVerifiedShares(db: Db, shares: readonly VerifiedShare[], options: { partitionsMade?: boolean } = {}): Promise<number> {
  if (shares.length === 0) return 0;
  if (!options.partitionsMade) for (const day of new Set(shares.map((s) => utcDay(s.at)))) await ensureSharePartition(db, day);
  await sql`
    INSERT INTO shares (day, pool, user_id, miner_id, difficulty, created_at)
    SELECT (t AT TIME ZONE 'UTC')::date, p, u, m, d, t
    FROM unnest(${shares.map((s) => s.pool)}::text[], ${shares.map((s) => s.userId)}::bigint[], ${shares.map((s) => s.minerId)}::bigint[],
                ${shares.map((s) => s.difficulty.toString())}::bigint[], ${shares.map((s) => s.at)}::timestamptz[]) AS s(p, u, m, d, t)`.execute(db);
  return shares.length;
}

/** One (pool, day, user, miner) whose kept total is not what its shares add up to. */
export interface ShareTotalMismatch {
  pool: string;
  day: string;
  user_id: string;
  miner_id: string;
  shares: string | null;
  totals: string | null;
}

/**
 * The (pool, day, user, miner)s whose share_totals (summed over their slots) differ from the sum of
 * their shares — of one day, or of every day — the first `limit` in key order, with how many there
 * are. Reads every share of the days it checks.
 */
export async function shareTotalMismatches(db: Db, day: string | null, limit: number): Promise<{ rows: ShareTotalMismatch[]; count: number }> {
  const { rows } = await sql<ShareTotalMismatch & { n: string }>`
    WITH s AS (
      SELECT pool, day, user_id, miner_id, sum(difficulty) AS points FROM shares
      WHERE ${day}::date IS NULL OR day = ${day}::date GROUP BY pool, day, user_id, miner_id),
    t AS (
      SELECT pool, day, user_id, miner_id, sum(points) AS points FROM share_totals
      WHERE ${day}::date IS NULL OR day = ${day}::date GROUP BY pool, day, user_id, miner_id)
    SELECT pool, to_char(day, 'YYYY-MM-DD') AS day, user_id::text, miner_id::text, s.points::text AS shares, t.points::text AS totals, count(*) OVER () AS n
    FROM s FULL JOIN t USING (pool, day, user_id, miner_id)
    WHERE s.points IS DISTINCT FROM t.points
    ORDER BY day, pool, user_id, miner_id
    LIMIT ${limit}`.execute(db);
  return { rows: rows.map(({ n: _n, ...row }) => row), count: Number(rows[0]?.n ?? 0) };
}
