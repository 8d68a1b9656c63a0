import { sql, type Kysely } from 'kysely';

/**
 * The double-entry ledger: accounts (one per owner, coin and bucket) with a projected balance,
 * append-only transactions and postings, holds, and idempotency keys of money-moving calls.
 * The database itself guarantees what must never break: a transaction's postings sum to zero
 * per coin (checked at commit), nothing is edited or deleted, and no user balance goes below
 * zero.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.type'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('system_code', 'text')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('balance', sql`numeric(40,0)`, (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_accounts_owner', sql`(user_id IS NULL) <> (system_code IS NULL)`)
    .addCheckConstraint('ledger_accounts_non_negative', sql`allow_negative OR balance >= 0`)
    .execute();
  await sql`CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (user_id, coin, bucket) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (system_code, coin, bucket) WHERE system_code IS NOT NULL`.execute(db);

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_transactions_reference_idx').on('ledger_transactions').column('reference').execute();

  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(40,0)`, (c) => c.notNull().check(sql`amount <> 0`))
    .execute();
  await db.schema.createIndex('ledger_postings_transaction_idx').on('ledger_postings').column('transaction_id').execute();
  await db.schema.createIndex('ledger_postings_account_idx').on('ledger_postings').columns(['account_id', 'id']).execute();

  // Balanced per coin, checked once per transaction at commit (deferred), so a transaction
  // with many postings costs one check, not one per posting.
  await sql`
    CREATE FUNCTION ledger_assert_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM ledger_postings WHERE transaction_id = NEW.id) THEN
        RAISE EXCEPTION 'ledger transaction % has no postings', NEW.id USING ERRCODE = 'check_violation';
      END IF;
      IF EXISTS (
        SELECT 1 FROM ledger_postings WHERE transaction_id = NEW.id GROUP BY coin HAVING sum(amount) <> 0
      ) THEN
        RAISE EXCEPTION 'ledger transaction % is not balanced', NEW.id USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_assert_balanced()`.execute(db);

  // Append-only: corrections are new transactions.
  await sql`
    CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the ledger is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  for (const table of ['ledger_transactions', 'ledger_postings']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`.execute(db);
  }

  await db.schema
    .createTable('ledger_holds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(40,0)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'posted', 'voided')`),
    )
    .addColumn('reference', 'text')
    .addColumn('hold_transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('resolve_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('ledger_holds_user_idx').on('ledger_holds').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['scope', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('ledger_holds').execute();
  await db.schema.dropTable('ledger_postings').execute();
  await db.schema.dropTable('ledger_transactions').execute();
  await db.schema.dropTable('ledger_accounts').execute();
  await sql`DROP FUNCTION ledger_assert_balanced()`.execute(db);
  await sql`DROP FUNCTION ledger_refuse_change()`.execute(db);
}
