import { sql, type Kysely } from 'kysely';

/**
 * Issue 21, the fresh farm's estimate (README 'A BHD-family pool's capacity figure'): the
 * number of rounds a BHD-family miner's estimated capacity rests on (its best deadlines in the
 * pool's last 360 rounds), shown beside the estimate so a farmer knows why a new farm reads
 * low. Null: not a BHD-family miner, or none of its rounds closed yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE miners ADD COLUMN estimate_rounds integer CHECK (estimate_rounds >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE miners DROP COLUMN estimate_rounds`.execute(db);
}
