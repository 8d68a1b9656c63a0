import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, coin owners. The devnet's point (pledge) transactions; each coin's pointing settings
 * (counted share, margin, Noterm lock); source-address bindings with their verification; the
 * pointing records read from the chain; cancellation requests and their review.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE devnet_poc_points (
      id bigserial PRIMARY KEY,
      coin text NOT NULL,
      txid text NOT NULL UNIQUE,
      from_address text NOT NULL,
      to_address text NOT NULL,
      amount_units numeric(40,0) NOT NULL CHECK (amount_units > 0),
      term text NOT NULL,
      height integer,
      withdraw_txid text UNIQUE,
      withdraw_height integer,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX devnet_poc_points_from ON devnet_poc_points (coin, from_address)`.execute(db);
  await sql`CREATE INDEX devnet_poc_points_to ON devnet_poc_points (coin, to_address)`.execute(db);

  await sql`
    CREATE TABLE point_settings (
      coin text PRIMARY KEY,
      count_bp integer NOT NULL CHECK (count_bp BETWEEN 0 AND 10000),
      margin_bp integer NOT NULL CHECK (margin_bp BETWEEN 0 AND 10000),
      noterm_lock_days integer NOT NULL CHECK (noterm_lock_days > 0),
      min_point_units numeric(40,0) NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (count_bp + margin_bp <= 10000)
    )`.execute(db);

  await sql`
    CREATE TABLE point_addresses (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      coin text NOT NULL,
      source_address text NOT NULL,
      confirm_address text NOT NULL,
      status text NOT NULL CHECK (status IN ('VERIFY', 'WAIT_CONFIRM', 'VALID', 'CONFIRMED', 'VERIFY_EXPIRED')),
      start_height integer NOT NULL,
      verify_txid text,
      verify_height integer,
      remark text NOT NULL DEFAULT '' CHECK (length(remark) < 32),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One live binding of a source address per coin (an expired one may be started again).
  await sql`CREATE UNIQUE INDEX point_addresses_live ON point_addresses (coin, source_address) WHERE status <> 'VERIFY_EXPIRED'`.execute(db);
  await sql`CREATE INDEX point_addresses_user ON point_addresses (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX point_addresses_open ON point_addresses (coin) WHERE status IN ('VERIFY', 'WAIT_CONFIRM', 'VALID')`.execute(db);

  await sql`
    CREATE TABLE point_records (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      coin text NOT NULL,
      address_id bigint NOT NULL REFERENCES point_addresses(id),
      txid text NOT NULL,
      source_address text NOT NULL,
      pool_address text NOT NULL,
      type text NOT NULL DEFAULT 'personal',
      term text NOT NULL CHECK (term IN ('Noterm', 'Term1', 'Term2', 'Term3')),
      amount_units numeric(40,0) NOT NULL,
      counted_units numeric(40,0) NOT NULL,
      deposit_units numeric(40,0) NOT NULL,
      margin_held boolean NOT NULL DEFAULT false,
      penalty_units numeric(40,0) NOT NULL DEFAULT 0,
      status text NOT NULL CHECK (status IN ('POINT_RECEIVED', 'POINT_VALID', 'POINT_LOCKED', 'POINT_LOCKED_MARKET', 'POINT_BROKE', 'POINT_UNLOCK_DEPOSIT')),
      height integer,
      withdrawn_height integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (coin, txid)
    )`.execute(db);
  await sql`CREATE INDEX point_records_user ON point_records (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX point_records_open ON point_records (coin) WHERE status NOT IN ('POINT_BROKE', 'POINT_UNLOCK_DEPOSIT')`.execute(db);

  await sql`
    CREATE TABLE point_cancellations (
      id bigserial PRIMARY KEY,
      record_id bigint NOT NULL REFERENCES point_records(id),
      user_id bigint NOT NULL REFERENCES users(id),
      status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
      reason text NOT NULL DEFAULT '',
      reviewed_by bigint REFERENCES users(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // At most one open (pending or approved) request per record: two racing requests cannot both land.
  await sql`CREATE UNIQUE INDEX point_cancellations_open ON point_cancellations (record_id) WHERE status IN ('PENDING', 'APPROVED')`.execute(db);
  await sql`CREATE INDEX point_cancellations_pending ON point_cancellations (id) WHERE status = 'PENDING'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['point_cancellations', 'point_records', 'point_addresses', 'point_settings', 'devnet_poc_points'])
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
