import { sql, type Kysely } from 'kysely';

/**
 * AR's address activation (issue 14): the withdrawal that carries an address's 0.02 AR
 * activation fee says so (`activation_units`), instead of the fee's size telling it. When it is
 * cancelled or rejected the fee passes to the next open withdrawal to the address, or is kept
 * when another withdrawal already used the address, or the address is unused again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals ADD COLUMN activation_units numeric(40,0) NOT NULL DEFAULT 0`.execute(db);
  // Withdrawals written before: the fee above the coin's withdrawal fee was the activation.
  await sql`
    UPDATE withdrawals w SET activation_units = 20000000000
    FROM coins c WHERE c.type = w.coin AND w.coin = 'AR' AND w.fee >= c.withdraw_fee_units + 20000000000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals DROP COLUMN activation_units`.execute(db);
}
