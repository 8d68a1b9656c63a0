import { sql, type Kysely } from 'kysely';

/**
 * share_totals: each (pool, day, user, miner)'s points (in up to 8 slots, one per writing
 * connection's pid modulo 8: summed by readers), kept by a statement trigger on shares
 * (db/functions/share_totals_add.sql) in the inserting transaction, so the daily settlement and
 * the plausibility check read one row per miner instead of summing a day's million shares
 * (issue 19). Existing shares are summed in; the shares table is locked against inserts while the
 * trigger is made and the sums written, so no share is counted twice or missed. A share inserted
 * straight into a day's partition (not through `shares`) would not be counted: every writer
 * inserts through `shares`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`LOCK TABLE shares IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`
    CREATE TABLE share_totals (
      pool text NOT NULL,
      day date NOT NULL,
      user_id bigint NOT NULL,
      miner_id bigint NOT NULL,
      slot smallint NOT NULL,
      points bigint NOT NULL CHECK (points > 0),
      PRIMARY KEY (day, pool, user_id, miner_id, slot)
    )`.execute(db);
  // The function's first text (db/functions/share_totals_add.sql keeps its current one).
  await sql`
    CREATE FUNCTION share_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO share_totals AS t (pool, day, user_id, miner_id, slot, points)
      SELECT pool, day, user_id, miner_id, pg_backend_pid() % 8, sum(difficulty)::bigint FROM new_shares
      GROUP BY pool, day, user_id, miner_id
      ORDER BY day, pool, user_id, miner_id
      ON CONFLICT (day, pool, user_id, miner_id, slot) DO UPDATE SET points = t.points + excluded.points;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER shares_totals AFTER INSERT ON shares
    REFERENCING NEW TABLE AS new_shares FOR EACH STATEMENT EXECUTE FUNCTION share_totals_add()`.execute(db);
  await sql`
    INSERT INTO share_totals (pool, day, user_id, miner_id, slot, points)
    SELECT pool, day, user_id, miner_id, 0, sum(difficulty)::bigint FROM shares GROUP BY pool, day, user_id, miner_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER shares_totals ON shares`.execute(db);
  await sql`DROP FUNCTION share_totals_add()`.execute(db);
  await sql`DROP TABLE share_totals`.execute(db);
}
