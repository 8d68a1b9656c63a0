import { sql, type Kysely } from 'kysely';

/**
 * Room in ledger_accounts' pages for the next version of each row, so a balance update is a
 * heap-only (HOT) update: no new entry in the table's three indexes (balance and updated_at are in
 * none of them). The daily settlement updates every member's balance (100,000 a day in the
 * bench), and every transfer two. Half of each page is left free: a page of about 40 accounts
 * takes a day's update of each of them, and the old versions are pruned when the page is next
 * read. Pages written from now on keep the room; the existing ones get it when rewritten
 * (VACUUM FULL or CLUSTER, an operator's choice — not done here, it locks the table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_accounts SET (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_accounts RESET (fillfactor)`.execute(db);
}
