import { sql, type Kysely } from 'kysely';

/**
 * The ledger's references are checked once per statement over the written rows instead of by
 * foreign-key triggers per row: writing a settlement batch's 5,000 postings spent two thirds of
 * its time in those triggers, and opening its 5,000 accounts most of it.
 * - A posting names an existing account that holds the posting's coin, and an existing
 *   transaction (ledger_postings_references).
 * - An account names an existing user (or none: a system account) and an existing coin
 *   (ledger_accounts_references).
 * The referenced side is guarded as the keys guarded it: an account's identity never changes
 * and an account with postings is never deleted or truncated (ledger_accounts_referenced);
 * users and coins that accounts name are never deleted, renumbered or truncated
 * (ledger_owners_referenced); transactions are append-only already, and refuse TRUNCATE too.
 *
 * The functions' bodies live in db/functions; these are their first versions, which the
 * triggers need.
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
    CREATE OR REPLACE FUNCTION ledger_accounts_references() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_accounts n WHERE n.user_id IS NOT NULL AND (SELECT true FROM users u WHERE u.id = n.user_id) IS NULL) THEN
        RAISE EXCEPTION 'a ledger account names an unknown user' USING ERRCODE = 'foreign_key_violation';
      END IF;
      IF EXISTS (SELECT 1 FROM (SELECT DISTINCT coin FROM new_accounts) n WHERE NOT EXISTS (SELECT 1 FROM coins c WHERE c.type = n.coin)) THEN
        RAISE EXCEPTION 'a ledger account names an unknown coin' USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ledger_accounts_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        IF (NEW.id, NEW.user_id, NEW.system_code, NEW.coin, NEW.bucket) IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.system_code, OLD.coin, OLD.bucket) THEN
          RAISE EXCEPTION 'ledger account %: its owner, coin and bucket never change', OLD.id USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN NEW;
      END IF;
      IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM gone g JOIN ledger_postings p ON p.account_id = g.id) THEN
        RAISE EXCEPTION 'ledger accounts with postings cannot be removed' USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ledger_owners_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        RAISE EXCEPTION '% may be named by ledger accounts', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation';
      ELSIF TG_OP = 'UPDATE' THEN
        IF TG_TABLE_NAME = 'users' THEN
          IF NEW.id IS DISTINCT FROM OLD.id AND EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = OLD.id) THEN
            RAISE EXCEPTION 'user % has ledger accounts', OLD.id USING ERRCODE = 'foreign_key_violation';
          END IF;
        ELSIF NEW.type IS DISTINCT FROM OLD.type AND EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.coin = OLD.type) THEN
          RAISE EXCEPTION 'coin % has ledger accounts', OLD.type USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN NEW;
      ELSIF TG_TABLE_NAME = 'users' THEN
        IF EXISTS (SELECT 1 FROM gone g JOIN ledger_accounts a ON a.user_id = g.id) THEN
          RAISE EXCEPTION 'the user has ledger accounts' USING ERRCODE = 'foreign_key_violation';
        END IF;
      ELSIF EXISTS (SELECT 1 FROM gone g JOIN ledger_accounts a ON a.coin = g.type) THEN
        RAISE EXCEPTION 'the coin has ledger accounts' USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_account_id_fkey, DROP CONSTRAINT ledger_postings_transaction_id_fkey`.execute(db);
  await sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_user_id_fkey, DROP CONSTRAINT ledger_accounts_coin_fkey`.execute(db);
  for (const statement of TRIGGERS) await sql.raw(statement.create).execute(db);
}

const TRIGGERS = [
  {
    name: 'ledger_postings_insert_references ON ledger_postings',
    create: `CREATE TRIGGER ledger_postings_insert_references AFTER INSERT ON ledger_postings
      REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_references()`,
  },
  {
    name: 'ledger_accounts_insert_references ON ledger_accounts',
    create: `CREATE TRIGGER ledger_accounts_insert_references AFTER INSERT ON ledger_accounts
      REFERENCING NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_references()`,
  },
  {
    name: 'ledger_accounts_delete_referenced ON ledger_accounts',
    create: `CREATE TRIGGER ledger_accounts_delete_referenced AFTER DELETE ON ledger_accounts
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_referenced()`,
  },
  {
    name: 'ledger_accounts_identity ON ledger_accounts',
    create: `CREATE TRIGGER ledger_accounts_identity BEFORE UPDATE OF id, user_id, system_code, coin, bucket ON ledger_accounts
      FOR EACH ROW EXECUTE FUNCTION ledger_accounts_referenced()`,
  },
  {
    name: 'ledger_accounts_truncate_referenced ON ledger_accounts',
    create: `CREATE TRIGGER ledger_accounts_truncate_referenced BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_referenced()`,
  },
  {
    name: 'ledger_transactions_no_truncate ON ledger_transactions',
    create: `CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()`,
  },
  ...['users', 'coins'].flatMap((table) => [
    {
      name: `${table}_ledger_delete_referenced ON ${table}`,
      create: `CREATE TRIGGER ${table}_ledger_delete_referenced AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ledger_owners_referenced()`,
    },
    {
      name: `${table}_ledger_renumber_referenced ON ${table}`,
      create: `CREATE TRIGGER ${table}_ledger_renumber_referenced BEFORE UPDATE OF ${table === 'users' ? 'id' : 'type'} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ledger_owners_referenced()`,
    },
    {
      name: `${table}_ledger_truncate_referenced ON ${table}`,
      create: `CREATE TRIGGER ${table}_ledger_truncate_referenced BEFORE TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ledger_owners_referenced()`,
    },
  ]),
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { name } of [...TRIGGERS].reverse()) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  await sql`
    ALTER TABLE ledger_accounts
      ADD CONSTRAINT ledger_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id),
      ADD CONSTRAINT ledger_accounts_coin_fkey FOREIGN KEY (coin) REFERENCES coins (type)`.execute(db);
  await sql`
    ALTER TABLE ledger_postings
      ADD CONSTRAINT ledger_postings_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts (id),
      ADD CONSTRAINT ledger_postings_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES ledger_transactions (id)`.execute(db);
  for (const name of ['ledger_owners_referenced', 'ledger_accounts_referenced', 'ledger_accounts_references', 'ledger_postings_references']) {
    await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
  }
}
