import { sql, type Kysely } from 'kysely';

/**
 * Issue 23: finance products (periodical DQB, current HQB, staking LOCK, saving SXC), their
 * holdings, the daily accrual (one row per holding and day: its primary key makes each
 * (holding, day) accrue once), the accrual's progress per product and day, and the settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE finance_products (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('DQB', 'HQB', 'LOCK', 'SXC')),
      coin text NOT NULL REFERENCES coins(type),
      coefficient numeric(8, 4) NOT NULL DEFAULT 1,
      term_days integer NOT NULL DEFAULT 0,
      start_at timestamptz,
      end_at timestamptz,
      rate_ppm bigint NOT NULL CHECK (rate_ppm >= 0),
      tier_from_days integer[] NOT NULL DEFAULT '{}',
      tier_rate_ppm bigint[] NOT NULL DEFAULT '{}',
      min_units numeric(40, 0) NOT NULL CHECK (min_units >= 0),
      quota_units numeric(40, 0) NOT NULL DEFAULT 0 CHECK (quota_units >= 0),
      ordered_units numeric(40, 0) NOT NULL DEFAULT 0 CHECK (ordered_units >= 0),
      participants integer NOT NULL DEFAULT 0,
      lock_days integer NOT NULL DEFAULT 0,
      weight integer NOT NULL DEFAULT 0,
      staking_blocks integer NOT NULL DEFAULT 0,
      rating text NOT NULL DEFAULT '',
      indefinite boolean NOT NULL DEFAULT false,
      verify_purchase boolean NOT NULL DEFAULT false,
      on_shelf boolean NOT NULL DEFAULT false,
      state text NOT NULL,
      lock_height bigint,
      unlock_height bigint,
      locked_day date,
      unlocked_day date,
      budget_units numeric(40, 0) NOT NULL DEFAULT 0 CHECK (budget_units >= 0),
      budget_funded_units numeric(40, 0) NOT NULL DEFAULT 0,
      interest_paid_units numeric(40, 0) NOT NULL DEFAULT 0,
      budget_exhausted_at timestamptz,
      last_day date,
      last_day_interest_units numeric(40, 0) NOT NULL DEFAULT 0,
      last_day_principal_units numeric(40, 0) NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE finance_holdings (
      id bigserial PRIMARY KEY,
      product_id bigint NOT NULL REFERENCES finance_products(id),
      user_id bigint NOT NULL REFERENCES users(id),
      coin text NOT NULL,
      principal_units numeric(40, 0) NOT NULL CHECK (principal_units > 0),
      status text NOT NULL,
      subscribed_at timestamptz NOT NULL DEFAULT now(),
      subscribed_day date NOT NULL,
      until_day date,
      redeem_requested_at timestamptz,
      redemption_due_at timestamptz,
      closed_at timestamptz,
      transaction_id bigint
    )`.execute(db);
  // The accrual walks a product's holdings in id order.
  await sql`CREATE INDEX finance_holdings_product ON finance_holdings (product_id, id) INCLUDE (user_id, principal_units, subscribed_day, until_day)`.execute(db);
  await sql`CREATE INDEX finance_holdings_user ON finance_holdings (user_id, id)`.execute(db);
  await sql`CREATE INDEX finance_holdings_due ON finance_holdings (redemption_due_at) WHERE status = 'redeeming'`.execute(db);
  await sql`
    CREATE TABLE finance_accruals (
      holding_id bigint NOT NULL REFERENCES finance_holdings(id),
      day date NOT NULL,
      product_id bigint NOT NULL,
      user_id bigint NOT NULL,
      amount_units numeric(40, 0) NOT NULL CHECK (amount_units >= 0),
      PRIMARY KEY (holding_id, day)
    )`.execute(db);
  await sql`CREATE INDEX finance_accruals_user ON finance_accruals (user_id, day)`.execute(db);
  await sql`
    CREATE TABLE finance_accrual_runs (
      product_id bigint NOT NULL REFERENCES finance_products(id),
      day date NOT NULL,
      status text NOT NULL CHECK (status IN ('running', 'done', 'budget_short')),
      cursor_holding_id bigint NOT NULL DEFAULT 0,
      reserved_units numeric(40, 0) NOT NULL DEFAULT 0,
      paid_units numeric(40, 0) NOT NULL DEFAULT 0,
      principal_units numeric(40, 0) NOT NULL DEFAULT 0,
      holdings integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz,
      PRIMARY KEY (product_id, day)
    )`.execute(db);
  await sql`
    CREATE TABLE finance_settings (
      id smallint PRIMARY KEY CHECK (id = 1),
      settlement_hour_utc integer NOT NULL DEFAULT 0 CHECK (settlement_hour_utc IN (0, 12)),
      redemption_days integer NOT NULL DEFAULT 5 CHECK (redemption_days BETWEEN 0 AND 30),
      saving_owner_bp integer NOT NULL DEFAULT 9400,
      saving_miner_bp integer NOT NULL DEFAULT 300,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (saving_owner_bp >= 0 AND saving_miner_bp >= 0 AND saving_owner_bp + saving_miner_bp <= 10000)
    )`.execute(db);
  await sql`INSERT INTO finance_settings (id) VALUES (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE finance_settings, finance_accrual_runs, finance_accruals, finance_holdings, finance_products`.execute(db);
}
