import type { MiningDetail } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of the user's per-day mining detail (detail.ts holds the rules). */

/** The user's days of a pool from `first` to `last`, newest first: shares, points and miners from the day's shares, the day's credit and its settlement's status. */
export async function userDays(db: Db, userId: string, pool: string, first: string, last: string) {
  const rows = await sql<{
    day: string;
    shares: string;
    points: string;
    miners: string;
    amount_units: string | null;
    status: MiningDetail['status'] | null;
    settled: string | null;
  }>`
    WITH days AS (
      SELECT day, count(*) AS shares, sum(difficulty) AS points, count(DISTINCT miner_id) AS miners
      FROM shares WHERE pool = ${pool} AND user_id = ${userId} AND day BETWEEN ${first}::date AND ${last}::date
      GROUP BY day
    )
    SELECT to_char(coalesce(d.day, c.day), 'YYYY-MM-DD') AS day, coalesce(d.shares, 0) AS shares,
           coalesce(d.points, c.points, 0) AS points, coalesce(d.miners, 0) AS miners,
           c.amount_units, c.status, s.status AS settled
    FROM days d
    FULL JOIN (SELECT * FROM settlement_credits WHERE pool = ${pool} AND user_id = ${userId} AND day BETWEEN ${first}::date AND ${last}::date) c ON c.day = d.day
    LEFT JOIN settlements s ON s.pool = ${pool} AND s.day = coalesce(d.day, c.day)
    ORDER BY 1 DESC`.execute(db);
  return rows.rows;
}
