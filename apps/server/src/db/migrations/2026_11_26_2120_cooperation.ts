import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, cooperation pools and deals. Each coin's cooperation settings (the least cooperation
 * amount in whole coins, a deal's owner and miner shares, its margin and term); the users'
 * cooperations on CO pools (the balance converted to cooperation, held in the `cooperation`
 * bucket) with their log; the deals (a coin owner's pledge lent to a miner) with their states.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cooperation_settings (
      coin text PRIMARY KEY,
      min_whole numeric(40,0) NOT NULL CHECK (min_whole >= 1),
      owner_bp integer NOT NULL CHECK (owner_bp BETWEEN 0 AND 10000),
      miner_bp integer NOT NULL CHECK (miner_bp BETWEEN 0 AND 10000),
      deal_margin_bp integer NOT NULL CHECK (deal_margin_bp BETWEEN 0 AND 10000),
      deal_term_days integer NOT NULL CHECK (deal_term_days > 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (owner_bp + miner_bp <= 10000)
    )`.execute(db);

  await sql`
    CREATE TABLE cooperations (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      pool text NOT NULL REFERENCES pools(type),
      coin text NOT NULL,
      amount_units numeric(40,0) NOT NULL DEFAULT 0 CHECK (amount_units >= 0),
      status text NOT NULL CHECK (status IN ('OPEN', 'CLOSED')),
      opened_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, pool),
      CHECK ((status = 'OPEN') = (amount_units > 0))
    )`.execute(db);
  await sql`CREATE INDEX cooperations_pool ON cooperations (pool) WHERE status = 'OPEN'`.execute(db);

  await sql`
    CREATE TABLE cooperation_logs (
      id bigserial PRIMARY KEY,
      cooperation_id bigint NOT NULL REFERENCES cooperations(id),
      user_id bigint NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('open', 'deposit', 'return')),
      amount_units numeric(40,0) NOT NULL CHECK (amount_units > 0),
      balance_units numeric(40,0) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX cooperation_logs_user ON cooperation_logs (user_id, id DESC)`.execute(db);

  await sql`
    CREATE TABLE deals (
      id bigserial PRIMARY KEY,
      owner_id bigint NOT NULL REFERENCES users(id),
      miner_id bigint REFERENCES users(id),
      pool text NOT NULL REFERENCES pools(type),
      coin text NOT NULL,
      amount_units numeric(40,0) NOT NULL CHECK (amount_units > 0),
      margin_units numeric(40,0) NOT NULL CHECK (margin_units >= 0),
      margin_held boolean NOT NULL DEFAULT false,
      owner_bp integer NOT NULL,
      miner_bp integer NOT NULL,
      term_days integer NOT NULL,
      status text NOT NULL CHECK (status IN ('DEAL_VALID', 'DEAL_PENDING', 'DEAL_LOCKED', 'DEAL_SUCCESS', 'DEAL_INTEREST_START',
        'DEAL_INTEREST_END', 'DEAL_UNLOCK_PENDING', 'DEAL_UNLOCKED', 'DEAL_BROKEN', 'DEAL_REDEEMED')),
      penalty_units numeric(40,0) NOT NULL DEFAULT 0,
      success_at timestamptz,
      interest_start_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (miner_id IS NULL OR miner_id <> owner_id)
    )`.execute(db);
  await sql`CREATE INDEX deals_owner ON deals (owner_id, id DESC)`.execute(db);
  await sql`CREATE INDEX deals_miner ON deals (miner_id, id DESC)`.execute(db);
  await sql`CREATE INDEX deals_open ON deals (id) WHERE status <> 'DEAL_REDEEMED'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['deals', 'cooperation_logs', 'cooperations', 'cooperation_settings']) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
