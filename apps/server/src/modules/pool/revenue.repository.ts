import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface BlockIncomeRow {
  id: string;
  pool: string;
  coin: string;
  unit: string;
  scale: number;
  height: string;
  found_at: Date;
  paid_day: string;
  reward_units: string;
  share_units: string;
  found: boolean;
}

/**
 * The blocks that paid a user, newest first, with the user's share of each (the Revenue screen,
 * issue 20). A block's revenue is shared out by the settlement of its day, or — when nobody could
 * share that day's pot (UNSETTLEMENT) — by the first later day of its pool that was settled
 * (`paid_day`). The user's credit of that day, less the finder's rewards it holds, is split over
 * the blocks paid that day by their shared reward (reward less the finder's part), rounded down;
 * a block the user found adds its finder's reward (paid on its own day either way).
 */
export async function blockIncomePage(db: Db, userId: string, filter: { pool?: string; page: number; count: number }): Promise<{ rows: BlockIncomeRow[]; total: number }> {
  const pool = filter.pool ?? null;
  const result = await sql<BlockIncomeRow & { total: string }>`
    WITH credits AS (
      SELECT pool, day, amount_units FROM settlement_credits
      WHERE user_id = ${userId} AND amount_units > 0 AND (${pool}::text IS NULL OR pool = ${pool})
    ),
    found AS (
      SELECT pool, day, sum(finder_reward_units) AS finder_units FROM blocks
      WHERE finder_user_id = ${userId} AND (${pool}::text IS NULL OR pool = ${pool})
      GROUP BY pool, day
    ),
    shared AS (
      SELECT c.pool, c.day, c.amount_units - coalesce(f.finder_units, 0) AS shared_units
      FROM credits c LEFT JOIN found f ON f.pool = c.pool AND f.day = c.day
    ),
    paid AS (
      SELECT b.id, b.pool, b.coin, b.height, b.found_at, b.day, b.reward_units, b.finder_reward_units, b.finder_user_id,
        (SELECT min(s.day) FROM settlements s WHERE s.pool = b.pool AND s.day >= b.day AND s.status = 'SETTLEMENT') AS paid_day
      FROM blocks b
      WHERE b.pool IN (SELECT pool FROM credits)
    ),
    weighted AS (
      SELECT paid.*, sum(reward_units - finder_reward_units) OVER (PARTITION BY pool, paid_day) AS day_shared_units
      FROM paid
    ),
    mine AS (
      SELECT w.*,
        CASE WHEN sh.shared_units > 0 AND w.day_shared_units > 0
          THEN div(sh.shared_units * (w.reward_units - w.finder_reward_units), w.day_shared_units) ELSE 0 END
        + CASE WHEN w.finder_user_id = ${userId} THEN w.finder_reward_units ELSE 0 END AS share_units
      FROM weighted w LEFT JOIN shared sh ON sh.pool = w.pool AND sh.day = w.paid_day
    )
    SELECT m.id::text, m.pool, m.coin, c.unit, c.scale, m.height::text, m.found_at, coalesce(m.paid_day, m.day)::text AS paid_day,
      m.reward_units::text, m.share_units::text, (m.finder_user_id IS NOT NULL AND m.finder_user_id = ${userId}) AS found,
      count(*) OVER () AS total
    FROM mine m JOIN coins c ON c.type = m.coin
    WHERE m.share_units > 0
    ORDER BY m.found_at DESC, m.id DESC
    LIMIT ${filter.count} OFFSET ${(filter.page - 1) * filter.count}
  `.execute(db);
  const total = result.rows[0] ? Number(result.rows[0].total) : filter.page > 1 ? await countBlockIncome(db, userId, pool) : 0;
  return { rows: result.rows, total };
}

/** The total alone, for a page past the end (its rows carry no count). */
async function countBlockIncome(db: Db, userId: string, pool: string | null): Promise<number> {
  const page = await blockIncomePage(db, userId, { pool: pool ?? undefined, page: 1, count: 1 });
  return page.total;
}
