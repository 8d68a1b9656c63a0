import { sql, type Kysely } from 'kysely';

/**
 * Issue 21, BURST's wallet on a Signum node (README 'A real Signum (BURST) wallet'): Signum
 * deposits go to the pool's one account with a message naming the user (the NXT family's and
 * Signum's exchange convention), so a deposit address is an address and a memo, and one
 * address may be every user's. `memo` is '' for the coins whose addresses are per user.
 * A transfer kept for the operator keeps the message it carried.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE deposit_addresses ADD COLUMN memo text NOT NULL DEFAULT '' CHECK (length(memo) <= 1000)`.execute(db);
  await sql`ALTER TABLE deposit_addresses DROP CONSTRAINT deposit_addresses_address_key`.execute(db);
  await sql`ALTER TABLE deposit_addresses ADD CONSTRAINT deposit_addresses_address_key UNIQUE (coin, address, memo)`.execute(db);
  await sql`ALTER TABLE unowned_transfers ADD COLUMN memo text NOT NULL DEFAULT '' CHECK (length(memo) <= 1000)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE unowned_transfers DROP COLUMN memo`.execute(db);
  await sql`ALTER TABLE deposit_addresses DROP CONSTRAINT deposit_addresses_address_key`.execute(db);
  await sql`ALTER TABLE deposit_addresses DROP COLUMN memo`.execute(db);
  await sql`ALTER TABLE deposit_addresses ADD CONSTRAINT deposit_addresses_address_key UNIQUE (coin, address)`.execute(db);
}
