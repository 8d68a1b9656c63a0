import { sql, type Kysely } from 'kysely';

/**
 * When an accepted payment that is not in a block yet stops being valid on its chain (a Signum
 * payment's timestamp + deadline, README 'Withdrawal states after approval'): once the node's chain
 * has passed it without the payment, it can never be mined and the withdrawal is FAILED for the
 * operator. NULL for chains whose payments do not expire (Chia, the BHD family, the devnet).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals ADD COLUMN payment_expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals DROP COLUMN payment_expires_at`.execute(db);
}
