import { sql, type Kysely } from 'kysely';

/**
 * One source for each payout figure (issue 14; spec doc 1 §9 "Minimum payout is configurable
 * per coin"): the coin's minimum payout (`coins.min_payout_units`, which Auto Pay honours) and
 * its withdrawal fee (`coins.withdraw_fee_units`, charged on every withdrawal). The pool
 * configuration's copies, shown on the pool page but used by nothing, drifted from them once
 * either was edited: they are gone; the pool page and its configuration read and edit the coin's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE coins ADD COLUMN min_payout_units numeric(40,0) NOT NULL DEFAULT 0 CHECK (min_payout_units >= 0)`.execute(db);
  // What the pool page showed (the coin's pools' threshold), else the coin's minimum withdrawal.
  await sql`
    UPDATE coins k SET min_payout_units = coalesce(
      (SELECT max(c.payout_threshold_units) FROM pool_configs c JOIN pools p ON p.type = c.pool WHERE p.coin = k.type),
      k.min_withdraw_units)`.execute(db);
  await sql`ALTER TABLE pool_configs DROP COLUMN payout_threshold_units, DROP COLUMN withdraw_fee_units`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pool_configs ADD COLUMN payout_threshold_units numeric(40,0) NOT NULL DEFAULT 0, ADD COLUMN withdraw_fee_units numeric(40,0) NOT NULL DEFAULT 0`.execute(
    db,
  );
  await sql`
    UPDATE pool_configs c SET payout_threshold_units = k.min_payout_units, withdraw_fee_units = k.withdraw_fee_units
    FROM pools p JOIN coins k ON k.type = p.coin WHERE p.type = c.pool`.execute(db);
  await sql`ALTER TABLE coins DROP COLUMN min_payout_units`.execute(db);
}
