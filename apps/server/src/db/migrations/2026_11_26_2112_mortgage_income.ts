import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, mortgage income: one row per coin and settlement day whose locked (staking) revenue
 * the operator recorded — the amount, the position's rank, what was shared — so a day is shared
 * once. The shares themselves are the ledger's `mortgage_income` postings (never stored twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mortgage_income_days (
      coin text NOT NULL,
      day date NOT NULL,
      revenue_units numeric(40,0) NOT NULL CHECK (revenue_units >= 0),
      rank integer NOT NULL CHECK (rank >= 1),
      locked_units numeric(40,0) NOT NULL CHECK (locked_units >= 0),
      credited_units numeric(40,0) NOT NULL CHECK (credited_units >= 0),
      holders integer NOT NULL CHECK (holders >= 0),
      status text NOT NULL CHECK (status IN ('PAID', 'NO_LOCK', 'NO_RANK')),
      transaction_id bigint REFERENCES ledger_transactions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (coin, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mortgage_income_days`.execute(db);
}
