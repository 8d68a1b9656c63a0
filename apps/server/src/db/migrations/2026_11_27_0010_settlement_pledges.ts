import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, the settlement pays pledged capacity (README 'Settlement'). What a day's settlement
 * needs to know, and to record:
 *
 * - `coins.pledge_per_tb_units`: the pledge the coin's chain asks per TB (10^12 bytes) of
 *   capacity, base units — the BHD family's 3 coins (BHDIP001), a setting per coin; null: the
 *   coin has no pledge rule (nothing is secured).
 * - `point_records.valid_at` / `ended_at`: when a pointing started to count (it became
 *   POINT_VALID: mined, its margin frozen) and when it stopped (withdrawn on chain: POINT_BROKE or
 *   POINT_UNLOCK_DEPOSIT). A record counts once, between the two, whatever locks it meanwhile.
 * - `deal_logs`: every state a deal entered and when, so the settlement knows which deals stood
 *   in a securing state for the whole of a past day, however they moved since.
 * - `settlement_credits` / `settlement_batches`: the part of a member's credit that is a coin
 *   owner's deal income and a cooperator's share of a CO pool, each paid as its own ledger kind.
 *
 * Existing rows: a pointing standing now counts from its creation, one ended from its last
 * change; each deal gets its present state from its last change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE coins ADD COLUMN pledge_per_tb_units numeric(40,0) CHECK (pledge_per_tb_units >= 0)`.execute(db);
  await sql`UPDATE coins SET pledge_per_tb_units = 3 * 10::numeric ^ scale WHERE unsecured_share_bp IS NOT NULL`.execute(db);

  await sql`ALTER TABLE point_records ADD COLUMN valid_at timestamptz, ADD COLUMN ended_at timestamptz`.execute(db);
  await sql`UPDATE point_records SET valid_at = created_at WHERE status <> 'POINT_RECEIVED'`.execute(db);
  await sql`UPDATE point_records SET ended_at = updated_at WHERE status IN ('POINT_BROKE', 'POINT_UNLOCK_DEPOSIT')`.execute(db);
  await sql`CREATE INDEX point_records_counting ON point_records (coin, user_id) WHERE valid_at IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE deal_logs (
      id bigserial PRIMARY KEY,
      deal_id bigint NOT NULL REFERENCES deals(id),
      status text NOT NULL,
      at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX deal_logs_deal ON deal_logs (deal_id, at)`.execute(db);
  await sql`INSERT INTO deal_logs (deal_id, status, at) SELECT id, status, updated_at FROM deals ORDER BY id`.execute(db);
  // A cooperation's amount at an instant: its last log's balance (the CO pool's cooperation share).
  await sql`CREATE INDEX cooperation_logs_held ON cooperation_logs (cooperation_id, created_at)`.execute(db);

  await sql`
    ALTER TABLE settlement_credits
      ADD COLUMN deal_income_units numeric(40,0) NOT NULL DEFAULT 0 CHECK (deal_income_units >= 0),
      ADD COLUMN cooperation_income_units numeric(40,0) NOT NULL DEFAULT 0 CHECK (cooperation_income_units >= 0),
      ADD CONSTRAINT settlement_credits_parts CHECK (deal_income_units + cooperation_income_units <= amount_units)`.execute(db);
  // A batch decided before this migration has neither: its arrays are null and read as zeros.
  await sql`ALTER TABLE settlement_batches ADD COLUMN deal_income_units numeric(40,0)[], ADD COLUMN cooperation_income_units numeric(40,0)[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE settlement_batches DROP COLUMN IF EXISTS deal_income_units, DROP COLUMN IF EXISTS cooperation_income_units`.execute(db);
  await sql`ALTER TABLE settlement_credits DROP CONSTRAINT IF EXISTS settlement_credits_parts, DROP COLUMN IF EXISTS deal_income_units, DROP COLUMN IF EXISTS cooperation_income_units`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS cooperation_logs_held`.execute(db);
  await sql`DROP TABLE IF EXISTS deal_logs`.execute(db);
  await sql`DROP INDEX IF EXISTS point_records_counting`.execute(db);
  await sql`ALTER TABLE point_records DROP COLUMN IF EXISTS valid_at, DROP COLUMN IF EXISTS ended_at`.execute(db);
  await sql`ALTER TABLE coins DROP COLUMN IF EXISTS pledge_per_tb_units`.execute(db);
}
