import { sql, type Kysely } from 'kysely';

/**
 * The coin registry says which coins pay a member's settlement credit only in part without a
 * mortgage (the BHD family's unsecured share, spec doc 1 §9 'Revenue shares'): the settlement
 * reads this property instead of looking the coin's name up (issue 19). The shares of the coins
 * seeded so far (UNSECURED_SHARE_BP at the time of writing); null pays the credit whole.
 */
const SHARES: Record<string, number> = { BHD: 5_500, LHD: 1_500, HDD: 750, XHD: 200 };

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE coins ADD COLUMN unsecured_share_bp integer CHECK (unsecured_share_bp BETWEEN 0 AND 10000)`.execute(db);
  for (const [type, bp] of Object.entries(SHARES)) await sql`UPDATE coins SET unsecured_share_bp = ${bp} WHERE type = ${type}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE coins DROP COLUMN unsecured_share_bp`.execute(db);
}
