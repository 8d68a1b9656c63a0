import { sql, type Kysely } from 'kysely';

/**
 * Issue 25 (invite and rebate): who invited whom (one row per invitee, written at registration
 * and never changed: a trigger refuses UPDATE and DELETE), each pool's rebate share of the pool
 * fee, and the rebates — one row per (invitee, pool, day), its primary key making each paid
 * once — with one row per settled (pool, day) the rebate job has decided.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE invitations (
      invitee_id bigint PRIMARY KEY REFERENCES users(id),
      inviter_id bigint NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (invitee_id <> inviter_id)
    )`.execute(db);
  await sql`CREATE INDEX invitations_inviter ON invitations (inviter_id, created_at DESC)`.execute(db);
  // The first version of db/functions/invitations_refuse_change.sql (the file is re-applied after the migrations).
  await sql`
    CREATE OR REPLACE FUNCTION invitations_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'an invitation is fixed once recorded (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`CREATE TRIGGER invitations_fixed BEFORE UPDATE OR DELETE ON invitations FOR EACH ROW EXECUTE FUNCTION invitations_refuse_change()`.execute(db);

  await sql`
    CREATE TABLE invite_rebate_pools (
      pool text PRIMARY KEY REFERENCES pools(type),
      share_bp integer NOT NULL CHECK (share_bp BETWEEN 0 AND 10000),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE invite_rebate_days (
      pool text NOT NULL REFERENCES pools(type),
      day date NOT NULL,
      share_bp integer,
      fee_units numeric(40, 0),
      rebate_units numeric(40, 0),
      invitees integer,
      transaction_id bigint,
      done_at timestamptz,
      PRIMARY KEY (pool, day)
    )`.execute(db);

  await sql`
    CREATE TABLE invite_rebates (
      invitee_id bigint NOT NULL REFERENCES users(id),
      pool text NOT NULL REFERENCES pools(type),
      day date NOT NULL,
      inviter_id bigint NOT NULL REFERENCES users(id),
      coin text NOT NULL REFERENCES coins(type),
      income_units numeric(40, 0) NOT NULL CHECK (income_units >= 0),
      fee_units numeric(40, 0) NOT NULL CHECK (fee_units >= 0),
      share_bp integer NOT NULL CHECK (share_bp BETWEEN 0 AND 10000),
      rebate_units numeric(40, 0) NOT NULL CHECK (rebate_units > 0 AND rebate_units <= fee_units),
      transaction_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (invitee_id, pool, day)
    )`.execute(db);
  await sql`CREATE INDEX invite_rebates_inviter ON invite_rebates (inviter_id, day DESC)`.execute(db);
  await sql`CREATE INDEX invite_rebates_day ON invite_rebates (day DESC, pool)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS invite_rebates`.execute(db);
  await sql`DROP TABLE IF EXISTS invite_rebate_days`.execute(db);
  await sql`DROP TABLE IF EXISTS invite_rebate_pools`.execute(db);
  await sql`DROP TABLE IF EXISTS invitations`.execute(db);
  await sql`DROP FUNCTION IF EXISTS invitations_refuse_change()`.execute(db);
}
