import { sql, type Kysely } from 'kysely';

/**
 * A ledger posting's references (its account, its transaction) are checked once per statement
 * over the inserted rows instead of by a foreign-key trigger per row: writing a settlement
 * batch's 5,000 postings spent two thirds of its time in those triggers. The account must
 * also hold the posting's coin. The referenced side is guarded as the keys guarded it:
 * an account with postings is never deleted, renumbered or truncated away; transactions are
 * append-only already, and now refuse TRUNCATE too.
 *
 * The functions' bodies live in db/functions (ledger_postings_references,
 * ledger_accounts_referenced); these are their first versions, which the triggers need.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_postings_references() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_postings n WHERE (SELECT a.coin FROM ledger_accounts a WHERE a.id = n.account_id) IS DISTINCT FROM n.coin) THEN
        RAISE EXCEPTION 'a ledger posting names an unknown account or another coin''s' USING ERRCODE = 'foreign_key_violation';
      END IF;
      IF EXISTS (
        SELECT 1 FROM (SELECT DISTINCT transaction_id FROM new_postings) n
        WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = n.transaction_id)
      ) THEN
        RAISE EXCEPTION 'a ledger posting names an unknown transaction' USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ledger_accounts_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        IF NEW.id IS DISTINCT FROM OLD.id AND EXISTS (SELECT 1 FROM ledger_postings p WHERE p.account_id = OLD.id) THEN
          RAISE EXCEPTION 'ledger account % has postings', OLD.id USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN NEW;
      END IF;
      IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM gone g JOIN ledger_postings p ON p.account_id = g.id) THEN
        RAISE EXCEPTION 'ledger accounts with postings cannot be removed' USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_account_id_fkey, DROP CONSTRAINT ledger_postings_transaction_id_fkey`.execute(db);
  await sql`
    CREATE TRIGGER ledger_postings_insert_references AFTER INSERT ON ledger_postings
    REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_references()`.execute(db);
  await sql`
    CREATE TRIGGER ledger_accounts_delete_referenced AFTER DELETE ON ledger_accounts
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_referenced()`.execute(db);
  await sql`CREATE TRIGGER ledger_accounts_renumber_referenced BEFORE UPDATE OF id ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_accounts_referenced()`.execute(db);
  await sql`CREATE TRIGGER ledger_accounts_truncate_referenced BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_referenced()`.execute(db);
  await sql`CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER ledger_transactions_no_truncate ON ledger_transactions`.execute(db);
  await sql`DROP TRIGGER ledger_accounts_truncate_referenced ON ledger_accounts`.execute(db);
  await sql`DROP TRIGGER ledger_accounts_renumber_referenced ON ledger_accounts`.execute(db);
  await sql`DROP TRIGGER ledger_accounts_delete_referenced ON ledger_accounts`.execute(db);
  await sql`DROP TRIGGER ledger_postings_insert_references ON ledger_postings`.execute(db);
  await sql`
    ALTER TABLE ledger_postings
      ADD CONSTRAINT ledger_postings_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts (id),
      ADD CONSTRAINT ledger_postings_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES ledger_transactions (id)`.execute(db);
  await sql`DROP FUNCTION ledger_accounts_referenced()`.execute(db);
  await sql`DROP FUNCTION ledger_postings_references()`.execute(db);
}
