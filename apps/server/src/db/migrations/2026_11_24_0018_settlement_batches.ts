import { sql, type Kysely } from 'kysely';

/**
 * The daily settlement decides a day into batches (issue 5): the run that settles the day
 * records every member's credit in `settlement_batches` — a few rows per day, each the next
 * CREDIT_CHUNK members in user order as parallel arrays — instead of a row per member with two
 * indexes to maintain while the day is locked. Each crediting chunk then takes one batch,
 * writes its members' `settlement_credits` records and moves their money from clearing into
 * their balances in one transaction, and deletes the batch: a member's income record appears
 * together with the money. A batch still here is money owed from clearing.
 *
 * Days decided but not wholly credited when this runs keep their place: the credits not yet
 * in a balance move into batches (and out of settlement_credits), to be credited as before.
 *
 * Also mended: the reference trigger on deleting a user or a settlement named the other
 * table's columns in the same expression, so PL/pgSQL failed every such delete (42703), not
 * only those of referenced rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE settlement_batches (
      pool text NOT NULL,
      day date NOT NULL,
      seq integer NOT NULL,
      user_ids bigint[] NOT NULL,
      points numeric(40,0)[] NOT NULL,
      capacity_bytes numeric(40,0)[] NOT NULL,
      amount_units numeric(40,0)[] NOT NULL,
      statuses text[] NOT NULL,
      total_units numeric(40,0) NOT NULL CHECK (total_units >= 0),
      PRIMARY KEY (pool, day, seq),
      FOREIGN KEY (pool, day) REFERENCES settlements (pool, day),
      CHECK (cardinality(user_ids) = cardinality(points) AND cardinality(user_ids) = cardinality(capacity_bytes)
             AND cardinality(user_ids) = cardinality(amount_units) AND cardinality(user_ids) = cardinality(statuses))
    )`.execute(db);
  // A batch's arrays are written once and read once: stored out of line uncompressed, which
  // writes a 100,000-member day several times faster than compressing it.
  await sql`
    ALTER TABLE settlement_batches ALTER COLUMN user_ids SET STORAGE EXTERNAL, ALTER COLUMN points SET STORAGE EXTERNAL,
      ALTER COLUMN capacity_bytes SET STORAGE EXTERNAL, ALTER COLUMN amount_units SET STORAGE EXTERNAL, ALTER COLUMN statuses SET STORAGE EXTERNAL`.execute(db);

  await sql`
    WITH owed AS (
      SELECT c.*, (row_number() OVER (PARTITION BY c.pool, c.day ORDER BY c.user_id) - 1) / 5000 AS seq
      FROM settlement_credits c
      JOIN settlements s ON s.pool = c.pool AND s.day = c.day
      WHERE s.status IN ('SETTLEMENT', 'UNSETTLEMENT') AND s.credits_applied_at IS NULL
        AND (s.credits_applied_until IS NULL OR c.user_id > s.credits_applied_until)
    ), moved AS (
      INSERT INTO settlement_batches (pool, day, seq, user_ids, points, capacity_bytes, amount_units, statuses, total_units)
      SELECT pool, day, seq, array_agg(user_id ORDER BY user_id), array_agg(points ORDER BY user_id), array_agg(capacity_bytes ORDER BY user_id),
             array_agg(amount_units ORDER BY user_id), array_agg(status ORDER BY user_id), sum(amount_units)
      FROM owed GROUP BY pool, day, seq
      RETURNING pool, day)
    DELETE FROM settlement_credits c USING owed o WHERE o.pool = c.pool AND o.day = c.day AND o.user_id = c.user_id`.execute(db);

  await referencedCheck(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO settlement_credits (pool, day, user_id, points, capacity_bytes, amount_units, status)
    SELECT b.pool, b.day, u.user_id, u.points, u.capacity_bytes, u.amount_units, u.status
    FROM settlement_batches b, unnest(b.user_ids, b.points, b.capacity_bytes, b.amount_units, b.statuses) AS u(user_id, points, capacity_bytes, amount_units, status)`.execute(db);
  await referencedCheck(db, false);
  await sql`DROP TABLE settlement_batches`.execute(db);
}

/** Deleting a user or a day that credits (or, with batches, a batch) name is refused. */
async function referencedCheck(db: Kysely<unknown>, batches: boolean): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION settlement_credits_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        IF EXISTS (SELECT 1 FROM gone g JOIN settlement_credits c ON c.user_id = g.id)
           ${sql.raw(batches ? 'OR EXISTS (SELECT 1 FROM gone g JOIN settlement_batches b ON g.id = ANY (b.user_ids))' : '')} THEN
          RAISE EXCEPTION 'the user has settlement credits' USING ERRCODE = 'foreign_key_violation';
        END IF;
      ELSIF EXISTS (SELECT 1 FROM gone g JOIN settlement_credits c ON c.pool = g.pool AND c.day = g.day) THEN
        RAISE EXCEPTION 'the settlement has credits' USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}
