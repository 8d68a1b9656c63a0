import { sql, type Kysely } from 'kysely';

/**
 * Review of issue 22's MASS staking income:
 *
 * - `mortgage_lot_takes`: which lots each return (`to_balance` log) took from, and when — so a
 *   day's locked lots are read as they stood at the day's end (remaining now + what was taken
 *   since), not as they stand when the day is booked. Returns made before this migration are
 *   replayed in the order a return takes lots (unlock time, then id).
 * - `staking_scans`: the hash of the last block read (a block whose previous hash differs is a
 *   reorganisation: the scan stops), the chain's id (a wallet on another network is refused) and
 *   the day the job has dealt with up to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mortgage_lot_takes (
      return_id bigint NOT NULL REFERENCES mortgage_logs(id),
      lot_id bigint NOT NULL REFERENCES mortgage_logs(id),
      amount_units numeric(40,0) NOT NULL CHECK (amount_units > 0),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (return_id, lot_id)
    )`.execute(db);
  await sql`CREATE INDEX mortgage_lot_takes_lot ON mortgage_lot_takes (lot_id, created_at)`.execute(db);
  await sql`
    INSERT INTO mortgage_lot_takes (return_id, lot_id, amount_units, created_at)
    WITH l AS (
      SELECT id, user_id, coin, amount_units,
             sum(amount_units) OVER (PARTITION BY user_id, coin ORDER BY unlock_at, id) - amount_units AS lo
      FROM mortgage_logs WHERE type = 'to_mortgage'
    ), r AS (
      SELECT id, user_id, coin, amount_units, created_at,
             sum(amount_units) OVER (PARTITION BY user_id, coin ORDER BY id) - amount_units AS lo
      FROM mortgage_logs WHERE type = 'to_balance'
    )
    SELECT r.id, l.id, least(l.lo + l.amount_units, r.lo + r.amount_units) - greatest(l.lo, r.lo), r.created_at
    FROM l JOIN r ON r.user_id = l.user_id AND r.coin = l.coin
    WHERE least(l.lo + l.amount_units, r.lo + r.amount_units) > greatest(l.lo, r.lo)`.execute(db);
  await sql`
    ALTER TABLE staking_scans
      ADD COLUMN last_hash text,
      ADD COLUMN chain_id text,
      ADD COLUMN booked_until date`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE staking_scans DROP COLUMN IF EXISTS last_hash, DROP COLUMN IF EXISTS chain_id, DROP COLUMN IF EXISTS booked_until`.execute(db);
  await sql`DROP TABLE IF EXISTS mortgage_lot_takes`.execute(db);
}
