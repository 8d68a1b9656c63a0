import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, coin owners (second part). Each coin's pointing settings get the verification
 * window (the spec's 20 blocks by default) and a row per pointing coin with the spec's values
 * (80 % counted / 20 % margin, XHD 100 % / 0 %; Noterm a week), so the back office edits rows
 * that exist. A pointing committed to a finance holding (POINT_LOCKED_MARKET) is one row of
 * `point_finance_locks` until the holding closes (released_at), at most one open per record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE point_settings ADD COLUMN verify_window_blocks integer NOT NULL DEFAULT 20 CHECK (verify_window_blocks BETWEEN 2 AND 10000)`.execute(db);
  await sql`
    INSERT INTO point_settings (coin, count_bp, margin_bp, noterm_lock_days, min_point_units, verify_window_blocks)
    VALUES ('BHD', 8000, 2000, 7, 0, 20), ('LHD', 8000, 2000, 7, 0, 20), ('HDD', 8000, 2000, 7, 0, 20), ('XHD', 10000, 0, 7, 0, 20), ('DEPINC', 8000, 2000, 7, 0, 20)
    ON CONFLICT (coin) DO NOTHING`.execute(db);

  await sql`
    CREATE TABLE point_finance_locks (
      id bigserial PRIMARY KEY,
      record_id bigint NOT NULL REFERENCES point_records(id),
      holding_id bigint NOT NULL REFERENCES finance_holdings(id),
      user_id bigint NOT NULL REFERENCES users(id),
      locked_at timestamptz NOT NULL DEFAULT now(),
      released_at timestamptz
    )`.execute(db);
  // One open lock per record: two racing commitments cannot both land.
  await sql`CREATE UNIQUE INDEX point_finance_locks_open ON point_finance_locks (record_id) WHERE released_at IS NULL`.execute(db);
  await sql`CREATE INDEX point_finance_locks_holding ON point_finance_locks (holding_id) WHERE released_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS point_finance_locks`.execute(db);
  await sql`ALTER TABLE point_settings DROP COLUMN IF EXISTS verify_window_blocks`.execute(db);
}
