import { sql, type Kysely } from 'kysely';

/**
 * Revenue that pays no one is carried, never fee'd (issue 14): a day whose pot no member can
 * share (no shares, or every Chia farm below 2 T) takes no fee and keeps its pot in pool
 * revenue as its `remainder_units`; the next day of the pool decided with shares takes it in
 * (`carried_in_units`) and marks the earlier day `carried_into`. A decided day's parts add up
 * to its own revenue and what it carried in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE settlements ADD COLUMN carried_in_units numeric(40,0) NOT NULL DEFAULT 0, ADD COLUMN carried_into date`.execute(db);
  await sql`ALTER TABLE settlements DROP CONSTRAINT settlements_whole`.execute(db);
  await sql`ALTER TABLE settlements ADD CONSTRAINT settlements_whole
    CHECK (status <> 'SETTLEMENT' OR credited_units + fee_units + withheld_units + remainder_units = revenue_units + carried_in_units)`.execute(db);
  // The pots days without shares will carry, found per pool.
  await sql`CREATE INDEX settlements_carry ON settlements (pool, day) WHERE carried_into IS NULL AND remainder_units > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX settlements_carry`.execute(db);
  await sql`ALTER TABLE settlements DROP CONSTRAINT settlements_whole`.execute(db);
  await sql`ALTER TABLE settlements ADD CONSTRAINT settlements_whole
    CHECK (status <> 'SETTLEMENT' OR credited_units + fee_units + withheld_units + remainder_units = revenue_units)`.execute(db);
  await sql`ALTER TABLE settlements DROP COLUMN carried_in_units, DROP COLUMN carried_into`.execute(db);
}
