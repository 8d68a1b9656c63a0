import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, mortgage. Each coin's mortgage settings (whether it takes mortgages, T+1, 7 days,
 * the locked-mining threshold, the earning rank); every move between the available balance and
 * the mortgage bucket: a move in is a lot (its remaining amount, the day it takes effect, the
 * moment it may come back), a move back names no lot (it takes from the oldest lots).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mortgage_settings (
      coin text PRIMARY KEY,
      enabled boolean NOT NULL,
      effect_days integer NOT NULL CHECK (effect_days >= 0),
      return_days integer NOT NULL CHECK (return_days >= 0),
      min_units numeric(40,0) NOT NULL DEFAULT 0 CHECK (min_units >= 0),
      lock_threshold_units numeric(40,0) NOT NULL DEFAULT 0 CHECK (lock_threshold_units >= 0),
      max_earning_rank integer NOT NULL DEFAULT 0 CHECK (max_earning_rank >= 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE mortgage_logs (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      coin text NOT NULL,
      type text NOT NULL CHECK (type IN ('to_mortgage', 'to_balance')),
      amount_units numeric(40,0) NOT NULL CHECK (amount_units > 0),
      remaining_units numeric(40,0) NOT NULL DEFAULT 0 CHECK (remaining_units >= 0 AND remaining_units <= amount_units),
      effective_day date,
      unlock_at timestamptz,
      transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (type = 'to_mortgage' OR remaining_units = 0),
      CHECK (type = 'to_balance' OR (effective_day IS NOT NULL AND unlock_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX mortgage_logs_user ON mortgage_logs (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX mortgage_logs_lots ON mortgage_logs (user_id, coin, unlock_at) WHERE type = 'to_mortgage' AND remaining_units > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mortgage_logs`.execute(db);
  await sql`DROP TABLE IF EXISTS mortgage_settings`.execute(db);
}
