import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The enabled pools merged with `pool` (issue 21): those of the same pool type whose coin is
 * the merge pool (the coin `pool`'s coin merges into, or its own) or merges into it; the merge
 * pool's own first, then in display order; `coins` counts their coins (one: nothing merges).
 */
export async function mergedPools(db: Db, pool: string): Promise<{ mergePool: string; poolType: string; pools: string[]; coins: number } | undefined> {
  const rows = await sql<{ type: string; coin: string; pool_type: string; head: string; own: boolean }>`
    WITH me AS (
      SELECT p.pool_type, coalesce(c.merge_pool, c.type) AS head
      FROM pools p JOIN coins c ON c.type = p.coin WHERE p.type = ${pool}
    )
    SELECT p.type, p.coin, p.pool_type, me.head, (c.type = me.head) AS own
    FROM me JOIN pools p ON p.pool_type = me.pool_type AND p.enabled
    JOIN coins c ON c.type = p.coin AND coalesce(c.merge_pool, c.type) = me.head
    ORDER BY (c.type = me.head) DESC, p.sort, p.type`.execute(db);
  const first = rows.rows[0];
  if (!first) return undefined;
  return { mergePool: first.head, poolType: first.pool_type, pools: rows.rows.map((r) => r.type), coins: new Set(rows.rows.map((r) => r.coin)).size };
}

/** The user's miner rows in `pools`: a rig (by name) has one per pool it mines, with the capacity estimated from its deadlines there. */
export async function farmMiners(db: Db, userId: string, pools: string[], onlineSince: Date) {
  return db
    .selectFrom('miners')
    .select(['name', 'pool', 'capacity_bytes', 'estimated_bytes', sql<boolean>`last_seen_at >= ${onlineSince}`.as('online')])
    .where('user_id', '=', userId)
    .where('pool', 'in', pools)
    .execute();
}
