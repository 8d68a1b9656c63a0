import { sql, type Kysely } from 'kysely';

/**
 * Custody (issue 15, issue 14 item 7).
 * - Withdrawals carry a globally unique, opaque payment id (a random UUID) that is the memo of
 *   their payment and how it is found again; rows already being sent keep their old id
 *   (`withdrawal:<id>`) so that a payment made under it is still found.
 * - New statuses: SEND_UNKNOWN (a send whose outcome is unknown, never resent automatically)
 *   and FAILED (refused by the wallet or rejected on chain; the operator returns or resends).
 * - The chain fee each payment paid, and the height it confirmed at.
 * - Deposits dropped by a reorganisation before they were credited; transfers into no user's
 *   deposit address, kept for the operator.
 * - The devnet's payments: their chain fee, a failure, and transfers dropped by a reorg.
 * - The hot wallet's balance checked against the ledger, one row per check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals ADD COLUMN payment_id text`.execute(db);
  await sql`UPDATE withdrawals SET payment_id = CASE WHEN status = 'SENT_PENDING' AND sending_at IS NOT NULL
    THEN 'withdrawal:' || id ELSE gen_random_uuid()::text END`.execute(db);
  await sql`ALTER TABLE withdrawals ALTER COLUMN payment_id SET NOT NULL, ALTER COLUMN payment_id SET DEFAULT gen_random_uuid()::text`.execute(db);
  await sql`CREATE UNIQUE INDEX withdrawals_payment_id_key ON withdrawals (payment_id)`.execute(db);
  await sql`ALTER TABLE withdrawals ADD COLUMN chain_fee numeric(40,0) NOT NULL DEFAULT 0 CHECK (chain_fee >= 0),
    ADD COLUMN confirmed_height bigint, ADD COLUMN posted boolean NOT NULL DEFAULT false`.execute(db);
  // Rows already SENT had their hold posted.
  await sql`UPDATE withdrawals SET posted = true WHERE status = 'SENT'`.execute(db);
  await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`.execute(db);
  await sql`ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
    CHECK (status IN ('AUDITING', 'SENT_PENDING', 'SEND_UNKNOWN', 'SENT', 'FAILED', 'CANCELED', 'REJECTED'))`.execute(db);
  await sql`CREATE INDEX withdrawals_custody_idx ON withdrawals (status, id) WHERE status IN ('SENT_PENDING', 'SEND_UNKNOWN', 'FAILED')`.execute(db);

  await sql`ALTER TABLE deposits DROP CONSTRAINT deposits_status_check`.execute(db);
  await sql`ALTER TABLE deposits ADD CONSTRAINT deposits_status_check CHECK (status IN ('pending', 'credited', 'dropped'))`.execute(db);

  await sql`CREATE TABLE unowned_transfers (
    id bigserial PRIMARY KEY,
    coin text NOT NULL REFERENCES coins(type),
    address text NOT NULL,
    txid text NOT NULL,
    output_index integer NOT NULL DEFAULT 0,
    amount numeric(40,0) NOT NULL CHECK (amount > 0),
    height bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (coin, txid, output_index)
  )`.execute(db);

  await sql`ALTER TABLE devnet_transactions ADD COLUMN fee numeric(40,0) NOT NULL DEFAULT 0,
    ADD COLUMN failure text, ADD COLUMN dropped boolean NOT NULL DEFAULT false`.execute(db);

  await sql`CREATE TABLE wallet_reconciliations (
    id bigserial PRIMARY KEY,
    coin text NOT NULL REFERENCES coins(type),
    wallet_balance numeric(40,0) NOT NULL,
    ledger_balance numeric(40,0) NOT NULL,
    pending_deposits numeric(40,0) NOT NULL,
    unowned numeric(40,0) NOT NULL,
    difference numeric(40,0) NOT NULL,
    checked_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX wallet_reconciliations_coin_idx ON wallet_reconciliations (coin, checked_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE wallet_reconciliations`.execute(db);
  await sql`DROP TABLE unowned_transfers`.execute(db);
  await sql`ALTER TABLE devnet_transactions DROP COLUMN fee, DROP COLUMN failure, DROP COLUMN dropped`.execute(db);
  await sql`ALTER TABLE deposits DROP CONSTRAINT deposits_status_check`.execute(db);
  await sql`UPDATE deposits SET status = 'pending' WHERE status = 'dropped'`.execute(db);
  await sql`ALTER TABLE deposits ADD CONSTRAINT deposits_status_check CHECK (status IN ('pending', 'credited'))`.execute(db);
  await sql`DROP INDEX withdrawals_custody_idx`.execute(db);
  await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`.execute(db);
  await sql`UPDATE withdrawals SET status = 'SENT_PENDING' WHERE status IN ('SEND_UNKNOWN', 'FAILED')`.execute(db);
  await sql`ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
    CHECK (status IN ('AUDITING', 'SENT_PENDING', 'SENT', 'CANCELED', 'REJECTED'))`.execute(db);
  await sql`ALTER TABLE withdrawals DROP COLUMN payment_id, DROP COLUMN chain_fee, DROP COLUMN confirmed_height, DROP COLUMN posted`.execute(db);
}
