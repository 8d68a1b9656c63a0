import { sql, type Kysely } from 'kysely';

/**
 * Deposits (and coins to no user's address) are unique on the coin they received (issue 15
 * item 10), not on the wallet's record name: a resynced Chia wallet names a coin it first sees
 * already spent at random, and a rescan would have recorded — and credited — it again.
 * Existing rows get the coin id from what they stored: the record name for output 0 (Chia names
 * an incoming record by its coin's id; the devnet's coin id is its txid), `txid:output` else.
 * The old key (coin, txid, output) stays, so every old row stays valid and unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['deposits', 'unowned_transfers']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN coin_id text`.execute(db);
    await sql`UPDATE ${sql.table(table)} SET coin_id = CASE WHEN output_index = 0 THEN txid ELSE txid || ':' || output_index END`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN coin_id SET NOT NULL`.execute(db);
    await sql`CREATE UNIQUE INDEX ${sql.raw(`${table}_coin_id_key`)} ON ${sql.table(table)} (coin, coin_id)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['deposits', 'unowned_transfers']) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN coin_id`.execute(db);
}
