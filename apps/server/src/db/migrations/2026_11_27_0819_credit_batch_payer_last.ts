import { sql, type Kysely } from 'kysely';

/**
 * ledger_credit_batch takes a ninth argument, p_caller_debits_payer (issue 19: a settlement's
 * batches credited concurrently, settlement_clearing locked last): the eight-argument signature
 * is dropped here, and db/functions/ledger_credit_batch.sql creates the new one after the
 * migrations. Down drops the new one; the function files of the code that runs then create theirs.
 *
 * settlements.credits_applied_until was the last member whose credit had moved, every earlier
 * member's too (batches were credited in user order); concurrent batches leave no such prefix,
 * so it is now written when the day's crediting ends. Down gives the days still being credited
 * their prefix back (2026_11_24_0018's down and up read it), and refuses a day credited out of
 * user order: run its crediting to the end first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS ledger_credit_batch(text, text, text, text, text, bigint[], text[], numeric[])`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const crediting = sql`
    SELECT s.pool, s.day,
           (SELECT max(c.user_id) FROM settlement_credits c WHERE c.pool = s.pool AND c.day = s.day) AS last_credited,
           (SELECT b.user_ids[1] FROM settlement_batches b WHERE b.pool = s.pool AND b.day = s.day ORDER BY b.seq LIMIT 1) AS next_owed
    FROM settlements s WHERE s.status IN ('SETTLEMENT', 'UNSETTLEMENT') AND s.credits_applied_at IS NULL`;
  const { rows } = await sql<{ pool: string; day: string }>`SELECT pool, day::text FROM (${crediting}) d WHERE last_credited > next_owed`.execute(db);
  if (rows.length > 0) {
    throw new Error(`settlement days credited out of user order (${rows.map((r) => `${r.pool} ${r.day}`).join(', ')}): credit them to the end before migrating down`);
  }
  await sql`UPDATE settlements s SET credits_applied_until = d.last_credited FROM (${crediting}) d WHERE d.pool = s.pool AND d.day = s.day`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ledger_credit_batch(text, text, text, text, text, bigint[], text[], numeric[], boolean)`.execute(db);
}
