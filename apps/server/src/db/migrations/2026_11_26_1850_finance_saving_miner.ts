import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, the saving (SXC): the miner a saving product's coins back (spec doc 1 §6: the coin
 * owner takes 94 % and the miner 3 %; finance_settings holds the shares). Each day of a holding's
 * yield is split between its holder, this miner and the pool (`yieldSplit` in the domain).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE finance_products ADD COLUMN miner_user_id bigint REFERENCES users(id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE finance_products DROP COLUMN miner_user_id`.execute(db);
}
