import { sql, type Kysely } from 'kysely';

/**
 * Four eyes on balance adjustments, enforced by the database as well as the service: the admin
 * whose balance is adjusted never decides it, and an admin's adjustment of their own balance is
 * never posted without a decider. NOT VALID: rows from before are not re-checked. The index
 * serves the service's window sum of adjustments posted without a second admin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE balance_adjustments ADD CONSTRAINT balance_adjustments_not_beneficiary CHECK (decided_by IS NULL OR decided_by <> user_id) NOT VALID`.execute(db);
  await sql`ALTER TABLE balance_adjustments ADD CONSTRAINT balance_adjustments_own_reviewed CHECK (user_id <> requested_by OR status <> 'posted' OR decided_by IS NOT NULL) NOT VALID`.execute(
    db,
  );
  await sql`CREATE INDEX balance_adjustments_unreviewed_idx ON balance_adjustments (coin, created_at) WHERE status = 'posted' AND decided_by IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS balance_adjustments_unreviewed_idx`.execute(db);
  await sql`ALTER TABLE balance_adjustments DROP CONSTRAINT IF EXISTS balance_adjustments_own_reviewed`.execute(db);
  await sql`ALTER TABLE balance_adjustments DROP CONSTRAINT IF EXISTS balance_adjustments_not_beneficiary`.execute(db);
}
