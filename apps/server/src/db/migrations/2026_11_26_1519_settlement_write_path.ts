import { sql, type Kysely } from 'kysely';

/**
 * Fewer index entries per credited member (issue 19's settlement bench: writing a day's
 * 100,000 income records and postings spent most of its time maintaining indexes).
 *
 * - settlement_credits had two B-trees over the same three columns: its key (pool, day,
 *   user_id) and (user_id, day) for the member's own pages. The key now leads with the member —
 *   (user_id, pool, day), which serves every member's read (by user, by user and pool, by user,
 *   pool and a range of days) — and the day's records, written together at the end of the
 *   table, are found by a BRIN index on day (a few bytes per range of pages, not an entry per
 *   row): the operator's list by day and the check that refuses deleting a day with credits.
 * - ledger_postings had its key (id) and (account_id, id) for the account's history: the key
 *   is now (account_id, id) — id still from its sequence, so still unique alone —, one B-tree
 *   fewer on every posting. The transaction's postings keep ledger_postings_transaction_idx.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE settlement_credits DROP CONSTRAINT settlement_credits_pkey, ADD CONSTRAINT settlement_credits_pkey PRIMARY KEY (user_id, pool, day)`.execute(db);
  await sql`DROP INDEX settlement_credits_user_idx`.execute(db);
  await sql`CREATE INDEX settlement_credits_day_brin ON settlement_credits USING brin (day) WITH (autosummarize = on)`.execute(db);
  await sql`ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_pkey, ADD CONSTRAINT ledger_postings_pkey PRIMARY KEY (account_id, id)`.execute(db);
  await sql`DROP INDEX ledger_postings_account_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, id)`.execute(db);
  await sql`ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_pkey, ADD CONSTRAINT ledger_postings_pkey PRIMARY KEY (id)`.execute(db);
  await sql`DROP INDEX settlement_credits_day_brin`.execute(db);
  await sql`CREATE INDEX settlement_credits_user_idx ON settlement_credits (user_id, day)`.execute(db);
  await sql`ALTER TABLE settlement_credits DROP CONSTRAINT settlement_credits_pkey, ADD CONSTRAINT settlement_credits_pkey PRIMARY KEY (pool, day, user_id)`.execute(db);
}
