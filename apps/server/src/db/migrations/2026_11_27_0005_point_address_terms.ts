import { sql, type Kysely } from 'kysely';

/**
 * Issue 22: a source-address verification keeps the terms it started under. The window (in
 * blocks) and the least point amount are written on the binding when it starts, so a change of
 * the coin's settings meanwhile moves only the verifications started after it. The bindings
 * already there take their coin's settings of now (or the spec's 20 blocks and no minimum).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE point_addresses ADD COLUMN verify_window_blocks integer, ADD COLUMN verify_min_units numeric(40, 0)`.execute(db);
  await sql`
    UPDATE point_addresses a SET verify_window_blocks = coalesce(s.verify_window_blocks, 20), verify_min_units = coalesce(s.min_point_units, 0)
    FROM point_addresses b LEFT JOIN point_settings s ON s.coin = b.coin
    WHERE b.id = a.id`.execute(db);
  await sql`ALTER TABLE point_addresses ALTER COLUMN verify_window_blocks SET NOT NULL, ALTER COLUMN verify_min_units SET NOT NULL`.execute(db);
  await sql`ALTER TABLE point_addresses ADD CONSTRAINT point_addresses_terms CHECK (verify_window_blocks BETWEEN 2 AND 10000 AND verify_min_units >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE point_addresses DROP COLUMN IF EXISTS verify_window_blocks, DROP COLUMN IF EXISTS verify_min_units`.execute(db);
}
